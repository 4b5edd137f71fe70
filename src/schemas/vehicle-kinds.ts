/**
 * The kinds of vehicle the platform knows: what a dealer sells (site.json `vehicle_kinds`) and
 * what each stock record is (the Car's `vehicle_kind`). Its own file because both the site
 * schema and the Car schema name it.
 */
export const VEHICLE_KINDS = ['car', 'motorcycle', 'truck', 'caravan'] as const;

/** One kind of vehicle. */
export type VehicleKind = (typeof VEHICLE_KINDS)[number];
