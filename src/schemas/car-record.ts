/**
 * A validated feed record made a Car, once, where the feed is parsed (STYLE 14: clean feed data
 * at the boundary). The Car schema (src/schemas/car.ts `carSchemaFor`) applies `carFromRecord`,
 * so every Car carries:
 *  - its display name and primary photo (`normaliseCar`, identity.ts);
 *  - its kind, `vehicle_kind` (`decideVehicleKind`, vehicle-kind.ts), from the dealer's kinds;
 *  - a `drive` that is a drive type (FWD, RWD, AWD, 4WD, 4x2 ...): a motorcycle's final drive
 *    (Chain, Belt, Shaft), which feeds send in `drive`, moves to `final_drive`;
 *  - a `price_range` that is the band of its own price (`priceBand`, price-band.ts), whatever
 *    the feed's text: dealers' systems band prices differently, and two schemes in one facet overlap.
 */
import { normaliseCar, type IdentityFields } from './identity.ts';
import { decideVehicleKind, type KindFields, type VehicleKind } from './vehicle-kind.ts';
import { priceBand } from './price-band.ts';

/** The feed fields the boundary reads beyond identity and kind. */
export interface BoundaryFields extends IdentityFields, KindFields {
  drive?: string | null;
  final_drive?: string | null;
  price?: number | null;
  price_range?: string | null;
}

/** A motorcycle's final drive words; a drive type is anything else. */
const FINAL_DRIVE = /^\s*(chain|belt|shaft)(?:[\s-]+driven?)?\s*$/i;

/** The final drive a drive text names ('Chain', 'Belt', 'Shaft'), or null for a drive type. */
export function finalDriveOf(drive: string | null | undefined): string | null {
  const match = drive ? FINAL_DRIVE.exec(drive) : null;
  return match ? match[1]!.charAt(0).toUpperCase() + match[1]!.slice(1).toLowerCase() : null;
}

/** The Car of a validated record on a site selling `dealerKinds` (every kind when not known). */
export function carFromRecord<T extends BoundaryFields>(
  record: T,
  dealerKinds?: readonly VehicleKind[],
): T & { name: string; primary_image_url: string | null; vehicle_kind: VehicleKind; price_range: string | null } {
  const car = { ...normaliseCar(record), vehicle_kind: decideVehicleKind(record, dealerKinds), price_range: priceBand(record.price) ?? null };
  const finalDrive = finalDriveOf(record.drive);
  if (finalDrive) Object.assign(car, { drive: null, final_drive: record.final_drive ?? finalDrive });
  return car;
}
