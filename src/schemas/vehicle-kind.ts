/**
 * A vehicle's kind (car, motorcycle, truck, caravan), decided once per record where the feed is
 * parsed (src/schemas/car.ts `carSchemaFor`) and kept on the Car as `vehicle_kind`. Pictures
 * (the placeholder of a car without photos), nouns ('Reserve This Bike'), the vehicle page's
 * tabs and spec rows, the 'Vehicle type' search facet, the range menu and similar vehicles all
 * read that field; nothing else decides a kind.
 */
import { VEHICLE_KINDS, type VehicleKind } from './vehicle-kinds.ts';
import { makeKinds } from './manufacturers.ts';

export type { VehicleKind };

/** Every kind, cars first: the kinds allowed when the dealer's are not known. */
export const ALL_VEHICLE_KINDS: readonly VehicleKind[] = VEHICLE_KINDS;

/** A gross vehicle mass above this (kg) needs a truck licence in Australia: the vehicle is a truck. */
export const TRUCK_GVM_KG = 4500;

/** The facts of a feed record the kind is decided from. */
export interface KindFields {
  item_type?: string | null;
  make?: string | null;
  simple_body?: string | null;
  bodyconfiguration?: string | null;
  variant?: { bodyconfiguration?: string | null; grossvehiclemass?: number | null } | null;
}

/** Feed item_type words and the kind each names. */
const ITEM_TYPE_WORDS: [RegExp, VehicleKind][] = [
  [/motorcycle|motorbike|motor bike|scooter|moped|\bbike\b|atv|quad/i, 'motorcycle'],
  [/truck|prime.?mover|\bbus\b/i, 'truck'],
  [/caravan|camper|trailer|pop.?top|motorhome|\brv\b/i, 'caravan'],
  [/\bcar\b|passenger|\bsuv\b|\bute\b|\bvan\b|4x4|light commercial/i, 'car'],
];

/** Body words and the kinds each allows (a cab chassis is a ute or a truck). */
const BODY_WORDS: [RegExp, VehicleKind[]][] = [
  [
    /scooter|moped|naked|cruiser|bobber|enduro|motocross|dirt ?bike|trail ?bike|adventure|sport ?bike|supermoto|motorcycle|motorbike|learner approved|lams/i,
    ['motorcycle'],
  ],
  [/prime.?mover|tipper|pantech|tautliner|curtain.?sider|tray truck|light truck|medium truck|heavy truck|rigid|crane truck|\btruck\b/i, ['truck']],
  [/caravan|pop.?top|camper|off.?road van|motorhome|fifth wheeler|toy hauler/i, ['caravan']],
  [/cab.?chassis|refrigerated|tray/i, ['car', 'truck']],
  [/sedan|hatch|wagon|\bsuv\b|\bute\b|utility|coupe|convertible|cabriolet|roadster|people.?mover|liftback/i, ['car']],
];

/** The kind a feed's item_type names, or null when it names none. */
export function kindOfItemType(itemType: string | null | undefined): VehicleKind | null {
  const text = itemType?.trim();
  if (!text) return null;
  return ITEM_TYPE_WORDS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/** The kinds a body text allows (empty when it says nothing). */
function kindsOfBody(record: KindFields): readonly VehicleKind[] {
  const text = [record.simple_body, record.bodyconfiguration, record.variant?.bodyconfiguration].filter(Boolean).join(' ');
  return text ? (BODY_WORDS.find(([pattern]) => pattern.test(text))?.[1] ?? []) : [];
}

/** `kinds` narrowed to those `allowed` names, unless that leaves none. */
function narrow(kinds: readonly VehicleKind[], allowed: readonly VehicleKind[]): readonly VehicleKind[] {
  if (allowed.length === 0) return kinds;
  const left = kinds.filter((kind) => allowed.includes(kind));
  return left.length > 0 ? left : kinds;
}

/**
 * The kind of one feed record on a dealer's site that sells `dealerKinds`; the first rule that
 * settles it wins:
 *  1. the feed's `item_type` when it names a kind ('Motorcycle', 'Scooter', 'Truck', 'Camper trailer', 'Car');
 *  2. a dealer of one kind sells only that;
 *  3. among the dealer's kinds, those the record's body text ('Scooter', 'Tipper', 'Pop Top'), its
 *     gross vehicle mass (over 4,500 kg: a truck licence) and its make (Yamaha builds bikes, Hino
 *     trucks, Jayco caravans: manufacturers.ts) allow, each fact narrowing only when it leaves one;
 *  4. the first that remains, in the dealer's order (a dealer's first kind is its main stock).
 * Without the dealer's kinds (a feed checked on its own) every kind is possible, cars first.
 */
export function decideVehicleKind(record: KindFields, dealerKinds: readonly VehicleKind[] = ALL_VEHICLE_KINDS): VehicleKind {
  const named = kindOfItemType(record.item_type);
  if (named) return named;
  let kinds = dealerKinds.length > 0 ? dealerKinds : ALL_VEHICLE_KINDS;
  if (kinds.length === 1) return kinds[0]!;
  kinds = narrow(kinds, kindsOfBody(record));
  const gvm = record.variant?.grossvehiclemass;
  if (typeof gvm === 'number' && gvm > TRUCK_GVM_KG) kinds = narrow(kinds, ['truck']);
  kinds = narrow(kinds, makeKinds(record.make));
  return kinds[0]!;
}
