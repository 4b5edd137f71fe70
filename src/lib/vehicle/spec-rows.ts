/**
 * Vehicle page spec lists (spec §5 "Spec row hidden when empty, null or text 'null'", §5 rego
 * expiry, §2 key information grid with 4 shown, feature list with 8 shown).
 */
import type { Car } from '../../schemas/car.ts';
import { parseFeedDate, regoStatus, type RegoStatus } from './availability.ts';
import { formatDay, formatKm, formatMonth, formatNumber, nounForCount } from '../text/format.ts';
import { presentText } from '../../schemas/feed-text.ts';

/** One label / value row. */
export interface SpecRow {
  label: string;
  value: string;
}

/** Key information rows shown before 'Show More' (spec §2). */
export const KEY_INFO_VISIBLE = 4;
/** Features shown before 'Show All' (spec §2). */
export const FEATURES_VISIBLE = 8;

/** A value worth showing: not null, not empty, not the text 'null' (spec §5). */
export function hasSpecValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean') return true;
  const text = presentText(value);
  return text !== null && text.toLowerCase() !== 'undefined';
}

/** Rows with a showable value; `format` turns the raw value into text. */
function rows(entries: [string, unknown, ((value: never) => string)?][]): SpecRow[] {
  const out: SpecRow[] = [];
  for (const [label, raw, format] of entries) {
    if (!hasSpecValue(raw)) continue;
    const value = format ? format(raw as never) : String(raw).trim();
    if (hasSpecValue(value)) out.push({ label, value });
  }
  return out;
}

const litres = (value: number) => `${value.toFixed(1)}L`;
const mm = (value: number) => `${formatNumber(value)} mm`;
const kg = (value: number) => `${formatNumber(value)} kg`;
const yes = (value: boolean) => (value ? 'Yes' : 'No');

/** Metres per foot (spec §9). */
export const FEET_TO_METRES = 0.3048;

/** Caravan body dimensions are given in feet: shown with their metric equivalent, '18 ft (5.49 m)'. */
export function feetAndMetres(feet: number): string {
  return `${Number(feet.toFixed(1))} ft (${(feet * FEET_TO_METRES).toFixed(2)} m)`;
}

/**
 * Engine summary, e.g. '2.0L 4 cyl Turbo', from what the feed has. A motorcycle's size is its
 * Engine Size row, in cc (engineSizeCc), so its summary is cylinders and induction alone.
 */
export function engineSummary(car: Car): string | null {
  const size = car.vehicle_kind === 'motorcycle' ? null : (car.engine_size_litres ?? car.variant?.enginesize_litres ?? null);
  const parts = [
    hasSpecValue(size) ? litres(size as number) : null,
    hasSpecValue(car.variant?.cylinders) ? `${car.variant?.cylinders} cyl` : null,
    hasSpecValue(car.variant?.induction) ? String(car.variant?.induction).trim() : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** A motorcycle's engine size in cc ('689 cc'), from the variant's cc, the feed's engine_size or its litres. */
export function engineSizeCc(car: Car): string | null {
  const litres = car.engine_size_litres ?? car.variant?.enginesize_litres ?? null;
  for (const value of [car.variant?.enginesize, car.engine_size, typeof litres === 'number' ? Math.round(litres * 1000) : null]) {
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return `${formatNumber(value)} cc`;
  }
  return null;
}

/** Transmission text: simple_transmission, else trans, else the variant's gear type. */
export function transmissionText(car: Car): string | null {
  for (const value of [car.simple_transmission, car.trans, car.variant?.geartype]) {
    if (hasSpecValue(value)) return String(value).trim();
  }
  return null;
}

/** Body text: simple_body, else the body configuration. */
export function bodyText(car: Car): string | null {
  for (const value of [car.simple_body, car.bodyconfiguration, car.variant?.bodyconfiguration]) {
    if (hasSpecValue(value)) return String(value).trim();
  }
  return null;
}

/** Fuel text: simple_fuel, else fuel. */
export function fuelText(car: Car): string | null {
  for (const value of [car.simple_fuel, car.fuel]) {
    if (hasSpecValue(value)) return String(value).trim();
  }
  return null;
}

/** Key information grid: the headline facts, the first 4 shown before 'Show More'. */
export function keyInformation(car: Car): SpecRow[] {
  const kind = car.vehicle_kind;
  // A bike is chosen by engine size (and learner approval, in the badge); a truck by what it may carry and tow.
  if (kind === 'motorcycle') {
    return rows([
      ['Odometer', car.km, (km: number) => formatKm(km)],
      ['Engine Size', engineSizeCc(car)],
      ['Body Type', bodyText(car)],
      ['Transmission', transmissionText(car)],
      ['Final Drive', car.final_drive],
      ['Fuel Type', fuelText(car)],
      ['Colour', car.colour],
    ]);
  }
  if (kind === 'truck') {
    return rows([
      ['Odometer', car.km, (km: number) => formatKm(km)],
      ['Gross Vehicle Mass', car.variant?.grossvehiclemass, kg],
      ['Towing Capacity (Braked)', car.variant?.towingcapacitybraked, kg],
      ['Body Type', bodyText(car)],
      ['Transmission', transmissionText(car)],
      ['Engine', engineSummary(car)],
      ['Fuel Type', fuelText(car)],
      ['Colour', car.colour],
    ]);
  }
  if (kind === 'caravan') {
    // A van is chosen by its size, weights and beds (spec §3 specifications): no odometer or gearbox.
    const specs = car.specifications ?? {};
    return rows([
      ['Body Length', specs.body_length, feetAndMetres],
      ['Body Width', specs.body_width, feetAndMetres],
      ['Tare Weight', specs.tare_weight, kg],
      ['Aggregate Trailer Mass', specs.aggregate_trailer_mass, kg],
      ['Axle Type', specs.axle_type],
      ['Sleeps', specs.sleeps],
      ['Body Type', bodyText(car)],
      ['Colour', car.colour],
    ]);
  }
  return rows([
    ['Odometer', car.km, (km: number) => formatKm(km)],
    ['Transmission', transmissionText(car)],
    ['Fuel Type', fuelText(car)],
    ['Body Type', bodyText(car)],
    ['Drive Type', car.drive],
    ['Engine', engineSummary(car)],
    ['Seats', car.seats],
    ['Colour', car.colour],
  ]);
}

/** Options for the spec list. */
export interface SpecListOptions {
  /** Build clock (ms) for the rego expiry rule. */
  now: number;
  /** site.features.unregistered_label */
  showUnregistered: boolean;
  /** site.timezone: the dealer's calendar the rego expiry day is read on. */
  timeZone: string;
}

/** A feed month ('2023-07', or a whole date) as 'Jul 2023'; text that is no date is shown as written. */
function feedMonth(text: string): string {
  const ms = parseFeedDate(text);
  return ms === null ? text.trim() : formatMonth(ms);
}

/** The rego's expiry day as '28 Jul 2026', or as the feed wrote it when it is no date. */
const regoDay = (rego: RegoStatus) => (rego.expiry === null ? rego.text : formatDay(rego.expiry));

/** The Rego Expiry row: the expiry day, or that it has passed ('Unregistered' where the site says so, spec §5); never a past day alone. */
function regoExpiryText(rego: RegoStatus | null): string | null {
  if (rego === null) return null;
  if (rego.state === 'unregistered') return 'Unregistered';
  return rego.state === 'expired' ? `Expired ${regoDay(rego)}` : regoDay(rego);
}

/** The used-car Registration check: only a readable expiry is vouched for, and a past one is never 'Registered until'. */
function registrationCheck(rego: RegoStatus | null): string | null {
  if (rego === null || rego.state === 'unknown') return null;
  if (rego.state === 'unregistered') return 'Unregistered';
  return rego.state === 'expired' ? `Registration expired ${regoDay(rego)}` : `Registered until ${regoDay(rego)}`;
}

/** The 'Vehicle Details' spec list: every known fact, empty ones left out. */
export function vehicleDetails(car: Car, options: SpecListOptions): SpecRow[] {
  const variant = car.variant ?? {};
  const specs = car.specifications ?? {};
  const motorcycle = car.vehicle_kind === 'motorcycle';
  return rows([
    ['Make', car.make],
    ['Model', car.model],
    ['Badge', car.badge],
    ['Series', car.series],
    ['Year', car.year],
    ['Condition', car.car_type, (type: string) => type.charAt(0).toUpperCase() + type.slice(1)],
    ['Odometer', car.km, (km: number) => formatKm(km)],
    ['Body Type', bodyText(car)],
    ['Colour', car.colour],
    ['Interior Colour', car.interior_colour],
    ['Transmission', transmissionText(car)],
    ['Gears', car.gearnum],
    ['Drive Type', motorcycle ? null : car.drive],
    ['Final Drive', car.final_drive],
    ['Fuel Type', fuelText(car)],
    ['Engine', engineSummary(car)],
    ['Engine Size', motorcycle ? engineSizeCc(car) : null],
    ['Fuel Consumption (Combined)', variant.fuelconsumptioncombined, (value: number) => `${value} L/100km`],
    ['Fuel Capacity', variant.fuelcapacity, (value: number) => `${formatNumber(value)} L`],
    ['Torque', variant.torque, (value: number | string) => (typeof value === 'number' ? `${value} Nm` : value)],
    ['Towing Capacity (Braked)', variant.towingcapacitybraked, kg],
    ['Gross Vehicle Mass', variant.grossvehiclemass, kg],
    ['Length', variant.vehiclelength, mm],
    ['Width', variant.vehiclewidth, mm],
    ['Height', variant.vehicleheight, mm],
    ['ANCAP Rating', variant.ancaprating, (value: number) => `${value} ${nounForCount(value, { one: 'star', other: 'stars' })}`],
    ['Seats', motorcycle ? null : car.seats],
    ['Doors', motorcycle ? null : car.doors],
    ['Sleeps', specs.sleeps],
    ['Body Length', specs.body_length, feetAndMetres],
    ['Body Width', specs.body_width, feetAndMetres],
    ['Tare Weight', specs.tare_weight, kg],
    ['Aggregate Trailer Mass', specs.aggregate_trailer_mass, kg],
    ['Axle Type', specs.axle_type],
    ['Build Date', car.build_date, feedMonth],
    ['Compliance Date', car.compliance_date, feedMonth],
    ['Registration', car.regplate],
    ['Rego Expiry', regoExpiryText(regoStatus(car.rego_expiry, options.now, options.showUnregistered, options.timeZone))],
    ['VIN', car.vin],
    ['Stock Number', car.stocknum],
  ]);
}

/** Used-car checks: what the listing can vouch for from its own data (used cars only). */
export function usedCarChecks(car: Car, options: SpecListOptions): SpecRow[] {
  if (car.car_type !== 'used') return [];
  const rego = regoStatus(car.rego_expiry, options.now, options.showUnregistered, options.timeZone);
  return rows([
    ['Odometer reading', car.km, (km: number) => formatKm(km)],
    ['Registration', registrationCheck(rego)],
    ['VIN recorded', hasSpecValue(car.vin) ? true : null, yes],
    ['Vehicle history report', hasSpecValue(car.file) ? 'Available' : null],
    ['Certified pre-owned', car.certified ? true : null, yes],
  ]);
}

/** Standard equipment with empty entries and duplicates removed, in feed order. */
export function featureList(car: Pick<Car, 'standardEquipment'>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of car.standardEquipment ?? []) {
    if (!hasSpecValue(item)) continue;
    const text = item.trim();
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}
