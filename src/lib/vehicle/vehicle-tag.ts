/**
 * Vehicle tag (spec §4 "Vehicle tag priority", §9 "New badge 8 days").
 * One tag per car, the first rule that applies wins.
 */
import type { Car } from '../../schemas/car.ts';
import { isCarAvailable, SOLD_TAG } from './availability.ts';
import { presentText } from '../../schemas/feed-text.ts';

/** Which rule produced the tag; pages style tags by kind. */
export type VehicleTagKind = 'sold' | 'electric' | 'hybrid' | 'reserved' | 'certified' | 'custom' | 'coming-soon' | 'new-arrival';

/** A tag to show on the car's image or title. */
export interface VehicleTag {
  kind: VehicleTagKind;
  text: string;
}

/** Days a car counts as a 'New Arrival' after it was created (spec §9). */
export const NEW_ARRIVAL_DAYS = 8;
const DAY_MS = 86_400_000;

/** The car's fuel as one lower-case word list, from simple_fuel then fuel. */
function fuelText(car: Pick<Car, 'simple_fuel' | 'fuel'>): string {
  return `${car.simple_fuel ?? ''} ${car.fuel ?? ''}`.toLowerCase();
}

/** Hybrid cars (petrol or diesel with an electric motor, plug-in or not). */
export function isHybrid(car: Pick<Car, 'simple_fuel' | 'fuel'>): boolean {
  return /hybrid|phev/.test(fuelText(car));
}

/** Fully electric cars; a hybrid is not electric (it still burns fuel). */
export function isElectric(car: Pick<Car, 'simple_fuel' | 'fuel'>): boolean {
  if (isHybrid(car)) return false;
  return /\belectric\b|\bev\b|\bbev\b/.test(fuelText(car));
}

/** True when the car was created at most 8 days before `now` (a car created exactly 8 days ago still counts). */
export function isNewArrival(createdAt: string | null | undefined, now: number): boolean {
  if (!createdAt) return false;
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return false;
  const age = now - created;
  return age >= 0 && age <= NEW_ARRIVAL_DAYS * DAY_MS;
}

/** The instants at which isNewArrival of a car created at `created` (epoch ms) changes: it becomes true, then false again. */
export function newArrivalChanges(created: number): [number, number] {
  return [created, created + NEW_ARRIVAL_DAYS * DAY_MS + 1];
}

/** Options from the site that change the tag rules. */
export interface VehicleTagOptions {
  /** features.electric_tag: electric / hybrid takes top priority. */
  electricTag: boolean;
}

/**
 * The tag for a car: a sold car always says 'JUST SOLD'; otherwise electric/hybrid (when the
 * site enables it), reserved, certified-used badge, custom tag, coming soon, 'New Arrival'
 * (created within 8 days), else none.
 */
export function vehicleTag(car: Car, now: number, options: VehicleTagOptions): VehicleTag | null {
  if (!isCarAvailable(car)) return { kind: 'sold', text: SOLD_TAG };
  if (options.electricTag) {
    if (isElectric(car)) return { kind: 'electric', text: 'Electric' };
    if (isHybrid(car)) return { kind: 'hybrid', text: 'Hybrid' };
  }
  if (car.reserved) return { kind: 'reserved', text: 'Reserved' };
  if (car.certified && car.car_type === 'used') return { kind: 'certified', text: 'Certified Pre-Owned' };
  const custom = presentText(car.tag);
  if (custom) return { kind: 'custom', text: custom };
  if (car.status === 'coming_soon') return { kind: 'coming-soon', text: 'Coming Soon' };
  if (isNewArrival(car.created_at, now)) return { kind: 'new-arrival', text: 'New Arrival' };
  return null;
}
