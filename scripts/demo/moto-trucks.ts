/**
 * Catalogue of the motorcycle-and-truck dealer (issue 14 item 8): road, adventure, trail and
 * scooter bikes (item_type 'motorcycle', engine size in cc) and light to medium trucks
 * (item_type 'truck', GVM and braked towing per model). Approximate Australian new prices.
 * The models are rows of moto-trucks.json; what every bike or every truck shares is stated
 * once here.
 */
import catalogue from './moto-trucks.json' with { type: 'json' };
import type { ModelSpec } from './vehicles.ts';

/** A bike's row: `drive` is the final drive (Chain, Belt, Shaft); `seats` only where not 2. */
type BikeRow = Pick<ModelSpec, 'make' | 'model' | 'body' | 'years' | 'drive' | 'engine' | 'weight' | 'badges'> & Partial<Pick<ModelSpec, 'seats'>>;

/** A truck's row: simple_body Light Truck (GVM up to 8 t) or Medium Truck; bodyconfiguration is the build. */
type TruckRow = Pick<ModelSpec, 'make' | 'model' | 'body' | 'bodyconfiguration' | 'years' | 'engine' | 'weight' | 'gvm' | 'towing' | 'badges' | 'series'>;

/** A bike: the motorcycle drawing, seats 2, no doors, the bike equipment. */
const bike = (row: BikeRow): ModelSpec => ({ shape: 'motorcycle', seats: 2, doors: 0, tier: 'bike', ...row });

/** A truck: the light-truck drawing, 3 seats, 2 doors, rear-wheel drive, the truck equipment. */
const truck = (row: TruckRow): ModelSpec => ({ shape: 'light-truck', seats: 3, doors: 2, drive: 'RWD', tier: 'truck', ...row });

/** Bikes. */
export const BIKES: ModelSpec[] = (catalogue.bikes as BikeRow[]).map(bike);

/** Trucks. */
export const TRUCKS: ModelSpec[] = (catalogue.trucks as TruckRow[]).map(truck);

/** The electric truck: forced into the stock so the electric example exists. */
export const ELECTRIC_TRUCK: ModelSpec = truck(catalogue.electric_truck as TruckRow);
