/**
 * Car record schema (spec §3 "Car"): one vehicle of a tenant's stock feed.
 *
 * Real feeds are sparse, so every field except `id`, `slug`, `status` and `car_type`
 * is optional and may be `null`. Unknown fields are kept (v.looseObject) but ignored.
 * Text fields are plain strings: they are untrusted and are escaped where rendered; they lose
 * their bidirectional controls here, once (withoutBidiControls, the forms' one-line rule:
 * src/schemas/forms/fields.ts), and the prose fields (dealer comments, hotspot descriptions,
 * disclaimers) also have their markup reduced to text (src/schemas/feed-prose.ts).
 */
import * as v from 'valibot';
import { isNullText, isoTimeAsUtc } from './feed-text.ts';
import { proseText } from './feed-prose.ts';
import { withoutBidiControls } from './forms/fields.ts';
import { CAR_LEAD_MAX, isLeadId } from './car-lead-bounds.ts';
import { carFromRecord } from './car-record.ts';
import { dropUnfitValues } from './dropped-values.ts';
import type { VehicleKind } from './vehicle-kind.ts';
import { CAR_TYPES, type CarType } from './car-types.ts';

export { CAR_TYPES, type CarType };

/** The feed's text 'null' (isNullText) as null; any other value as it is. */
const nullTextAsNull = <T extends v.GenericSchema>() => v.transform((value: unknown) => (typeof value === 'string' && isNullText(value) ? null : value) as v.InferInput<T> | null);

/**
 * An optional value: absent, null and the feed's text 'null' are all "not given" in a real
 * feed (a number, yes/no or date field holding 'null' is null, not a bad record).
 */
const opt = <T extends v.GenericSchema>(schema: T) =>
  // Typed as the nullish schema it validates with: the pipe's generic type does not carry T's output through.
  v.nullish(v.pipe(v.unknown(), nullTextAsNull<T>(), v.nullable(schema))) as unknown as v.NullishSchema<T, undefined>;

/** Feed text without its bidirectional controls (withoutBidiControls): none reorders what a shopper or a dealer reads. */
const feedText = v.pipe(v.string(), v.transform(withoutBidiControls));

/**
 * Optional feed text (feedText). Dealer systems send the literal text 'null' for a missing
 * value; it is turned into null here, once, at the boundary, so no template has to check for it.
 */
const optText = v.nullish(v.pipe(feedText, v.transform((value): string | null => (isNullText(value) ? null : value))));

/** optText a lead carries: longer than `max` (CAR_LEAD_MAX, what the lead API takes) refuses the record, which is reported. */
const leadText = (max: number) => v.nullish(v.pipe(feedText, v.maxLength(max, `must be at most ${max} characters (the longest a lead about the car takes)`), v.transform((value): string | null => (isNullText(value) ? null : value))));

/** The message of an id the lead API would not take as it is (isLeadId). */
const LEAD_ID_MESSAGE = 'must be a whole number of 0 or more, or one line of 1 to 80 characters without spaces at its ends (a lead names the car by it)';

/**
 * Optional dealer prose (dealer comments, a hotspot's description, a lender's disclaimer): as
 * optText, with its markup reduced to its text (`proseText`, src/schemas/feed-prose.ts), then
 * its bidirectional controls dropped (an entity may have written one). Labels
 * (name, make, colour, ...) keep their text as sent (but for those controls) and are escaped
 * where shown.
 */
const optProse = v.nullish(v.pipe(v.string(), v.transform((value): string | null => (isNullText(value) ? null : withoutBidiControls(proseText(value))))));

/**
 * A number that a feed may send as a numeric string ("12990"). The union words its own
 * message: valibot's default names the types (`Expected (number | string) but received
 * "abc"`), which reads wrong for a text that is a string.
 */
const num = v.union(
  [v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d+(\.\d+)?$/), v.transform(Number))],
  (issue) => `expected a number or a numeric text, received ${issue.received}`,
);

/** A non-negative number (km, price, seats, ...). */
const nonNegative = v.pipe(num, v.minValue(0, 'must not be negative'));

/** The feed values that mean yes; a yes/no field takes these or their no (false, 0, 'false', '0'). */
const FEED_YES: readonly unknown[] = [true, 1, 'true', '1'];

/** Whether a raw feed value means yes under the car schema's yes/no rule (for code that reads records before parsing). */
export function isFeedYes(value: unknown): boolean {
  return FEED_YES.includes(value);
}

/** A boolean that a feed may send as 0/1 or "true"/"false". */
const bool = v.union([
  v.boolean(),
  v.pipe(v.picklist([0, 1]), v.transform((value) => isFeedYes(value))),
  v.pipe(v.picklist(['true', 'false', '1', '0']), v.transform((value) => isFeedYes(value))),
]);

/** A date-time: ISO 8601 string. */
const dateText = v.pipe(
  v.string(),
  // A date-time without a zone is UTC, as in feed mappings (isoTimeAsUtc): not the server's zone.
  v.transform(isoTimeAsUtc),
  v.check((value) => !Number.isNaN(Date.parse(value)), 'expected an ISO 8601 date'),
);

/** Car status (spec §3): only these three exist. */
export const CAR_STATUSES = ['in_stock', 'coming_soon', 'sold'] as const;

/** Spec §3 "variant": manufacturer's technical data. */
export const VariantSchema = v.looseObject({
  cylinders: opt(num),
  enginesize: opt(num),
  enginesize_litres: opt(num),
  induction: optText,
  fuelconsumptioncombined: opt(num),
  fuelcapacity: opt(num),
  geartype: optText,
  grossvehiclemass: opt(num),
  vehiclelength: opt(num),
  vehicleheight: opt(num),
  vehiclewidth: opt(num),
  towingcapacitybraked: opt(num),
  torque: opt(v.union([num, feedText])),
  bodyconfiguration: optText,
  ancaprating: opt(num),
});

/** One image: full-size url and thumbnail url (a photo URL, else dropped: src/schemas/dropped-values.ts). */
export const CarImageSchema = v.looseObject({
  image: v.pipe(v.string(), v.minLength(1, 'image url is empty')),
  thumb: optText,
});

/** A hotspot on the spin view (exterior or interior) with its position and text. */
export const HotspotSchema = v.looseObject({
  x: opt(num),
  y: opt(num),
  frame: opt(num),
  title: optText,
  description: optProse,
});

/** Spec §3 "Finance lender": one provider's pre-computed finance figures for a car. */
export const FinanceLenderSchema = v.looseObject({
  paymentWeek: opt(num),
  paymentMonth: opt(num),
  deposit: opt(num),
  balloon: opt(num),
  termMonths: opt(num),
  termWeeks: opt(num),
  termYears: opt(num),
  interestRate: opt(num),
  comparisonRate: opt(num),
  totalPayable: opt(num),
  establishmentFees: opt(num),
  financeProvider: optText,
  disclaimer: optProse,
});

/** The car's location (spec §3 Car "location"). */
export const CarLocationSchema = v.looseObject({
  id: opt(v.union([v.number(), v.string()])),
  name: optText,
  slug: optText,
  phone: optText,
  address: optText,
  distribution_locations: opt(v.array(v.looseObject({ name: optText, slug: optText }))),
});

/** Market prices from the valuation provider (spec §3 autograb_data). */
export const AutograbSchema = v.looseObject({
  state_average_market_price: opt(num),
  average_market_price: opt(num),
});

/** Caravan / trailer specifications (spec §3 Car "specifications"). */
export const SpecificationsSchema = v.looseObject({
  body_width: opt(num),
  body_length: opt(num),
  tare_weight: opt(num),
  axle_type: optText,
  sleeps: opt(num),
  aggregate_trailer_mass: opt(num),
});

/** A finance quote from the quote provider (spec §3 youxQuote). */
export const YouxQuoteSchema = v.looseObject({
  weeklyRepaymentAmount: opt(num),
  comparisonRate: opt(num),
  advertisedRate: opt(num),
});

/** Spec §3 Car as the feed sends it (after the field checks). Field names keep the feed's spelling. */
export const CarRecordSchema = v.looseObject({
  /** Feed id: number or string, unique within a tenant. Required. */
  id: v.union(
    [
      // A lead names the car by its id as it is (isLeadId: a cut id would name another car or none).
      v.pipe(v.number(), v.integer('id must be a whole number'), v.check((id) => isLeadId(id), `id ${LEAD_ID_MESSAGE}`)),
      // A key, not shown text: dropping a control could make it another car's id, so the record is refused (and reported).
      v.pipe(
        v.string(),
        v.minLength(1, 'id is empty'),
        v.check((id) => withoutBidiControls(id) === id, 'id must not hold bidirectional control characters'),
        // An id with a control is reported once, by the check above.
        v.check((id) => id === '' || withoutBidiControls(id) !== id || isLeadId(id), `id ${LEAD_ID_MESSAGE}`),
      ),
    ],
    'id is required (number or string)',
  ),
  /** URL slug of /cars/{slug}: lower-case letters, digits and hyphens. Required. */
  slug: v.pipe(
    v.string('slug is required'),
    v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lower-case letters, digits and single hyphens'),
  ),
  /** Display name, e.g. "2021 Toyota Corolla Ascent Sport". Built from year/make/model/badge when absent (see CarSchema). */
  name: optText,
  carsales_title: optText,
  /** Model year, 1886-2100; a reader with a clock also refuses one more than a year after the clock's (`carReadingFor`). */
  year: opt(v.pipe(num, v.integer('year must be a whole number'), v.minValue(1886), v.maxValue(2100))),
  make: leadText(CAR_LEAD_MAX.make),
  model: leadText(CAR_LEAD_MAX.model),
  badge: optText,
  series: optText,
  variant: opt(VariantSchema),
  colour: optText,
  interior_colour: optText,
  km: opt(nonNegative),
  /** Negative: dropped (the car is kept, without a price), src/schemas/dropped-values.ts; so are the other prices below. */
  price: opt(num),
  before_price: opt(num),
  offer_price: opt(num),
  subscription_price: opt(num),
  preorder: opt(bool),
  /** e.g. 'Drive Away', 'Excl. Govt. Charges'. */
  price_type: optText,
  /** Required: in_stock | coming_soon | sold. */
  status: v.picklist(CAR_STATUSES, 'status must be one of in_stock, coming_soon, sold'),
  /** Required: new | used | demo. */
  car_type: v.picklist(CAR_TYPES, 'car_type must be one of new, used, demo'),
  /** Custom tag, e.g. 'Test Drive Only', 'Runout Sale'. */
  tag: optText,
  reserved: opt(bool),
  certified: opt(bool),
  created_at: opt(dateText),
  updated_at: opt(dateText),
  build_date: optText,
  compliance_date: optText,
  rego_expiry: optText,
  regplate: optText,
  stocknum: opt(v.pipe(v.union([feedText, v.pipe(v.number(), v.transform(String))]), v.maxLength(CAR_LEAD_MAX.stocknum, `must be at most ${CAR_LEAD_MAX.stocknum} characters (the longest a lead about the car takes)`))),
  vin: optText,
  nvic: optText,
  has_nvic: opt(bool),
  images: opt(v.array(CarImageSchema)),
  thumbnails: opt(v.array(v.string())),
  /** The feed's primary image; CarSchema replaces it with the primary photo (the first of `images`, else this). */
  primary_image_url: optText,
  video_url: optText,
  external_video_url: optText,
  /** Ordered exterior frames of a 360 spin. */
  spin_images: opt(v.array(v.string())),
  spin_code: optText,
  spin_interior_image: optText,
  hotspots: opt(v.looseObject({ exterior: opt(v.array(HotspotSchema)), interior: opt(v.array(HotspotSchema)) })),
  simple_body: optText,
  simple_transmission: optText,
  trans: optText,
  simple_fuel: optText,
  fuel: optText,
  /** Drive type: FWD, RWD, AWD, 4WD, 4x2. A motorcycle's final drive sent here (Chain, Belt, Shaft) moves to `final_drive` (see CarSchema). */
  drive: optText,
  /** A motorcycle's final drive: Chain, Belt or Shaft. */
  final_drive: optText,
  seats: opt(v.pipe(num, v.integer(), v.minValue(0))),
  doors: opt(v.pipe(num, v.integer(), v.minValue(0))),
  engine_size: opt(num),
  engine_size_litres: opt(num),
  gearnum: opt(num),
  bodyconfiguration: optText,
  views: opt(nonNegative),
  photos_count: opt(nonNegative),
  /** Free text from the dealer; markup reduced to its text (optProse). */
  dealercomments: optProse,
  /** History report file url. */
  file: optText,
  show_on_dealer_website: opt(bool),
  standardEquipment: opt(v.array(feedText)),
  path: optText,
  dealership_slug: leadText(CAR_LEAD_MAX.dealership_slug),
  /** Sent with the car's leads as car_dealership_id, as it is (isLeadId); a blank one names none and is not sent. */
  dealership_id: opt(v.pipe(v.union([v.number(), v.string()]), v.check((id) => (typeof id === 'string' && id.trim() === '') || isLeadId(id), `dealership_id ${LEAD_ID_MESSAGE}`))),
  city: optText,
  state: optText,
  private_suburb: optText,
  private_postcode: optText,
  /** 'caravan', 'motorcycle', 'truck' for non-car stock; with the dealer's kinds it decides the Car's `vehicle_kind`. */
  item_type: optText,
  specifications: opt(SpecificationsSchema),
  payment_processors: opt(v.array(v.string())),
  /** Unix seconds when the car was sold. */
  sold_date_timestamp: opt(num),
  make_model: optText,
  /** The feed's price band; CarSchema replaces it with the band of `price` (src/schemas/car-record.ts). */
  price_range: optText,
  /** The feed's weekly repayment band; a tenant's load replaces it with the band of the repayment the car's page prints, where it prints one (src/lib/finance/repayment-band.ts). */
  weekly_price_range: optText,
  /** Keyed by provider name, e.g. "Taurus", "360 Finance", "Nissan Finance". */
  finance_lenders: opt(v.record(v.string(), FinanceLenderSchema)),
  youxQuote: opt(YouxQuoteSchema),
  autograb_data: opt(AutograbSchema),
  location: opt(CarLocationSchema),
});

/**
 * The model-year check of a reader given `latestModelYear` (the year after its clock's year:
 * src/lib/vehicle/stock.ts `latestModelYear`): a later year refuses the record, as the fixed
 * range does. Without it (a record read without a clock) it passes every record.
 */
function modelYearCheck(latestModelYear?: number) {
  return v.forward(
    v.check(
      (record: CarRecord) => latestModelYear === undefined || typeof record.year !== 'number' || record.year <= latestModelYear,
      (issue: v.CheckIssue<CarRecord>) => `must not be later than next year (${latestModelYear}), received ${issue.input.year}`,
    ),
    ['year'],
  );
}

/**
 * A feed record read for a site that sells `dealerKinds` (site.json `vehicle_kinds`,
 * src/lib/text/template-wording.ts `vehicleKindsOf`): the field checks of CarRecordSchema
 * (which also turn the text 'null' into null; a failed check refuses the record), the model
 * year against `latestModelYear` when given (`modelYearCheck`), then the unfit values dropped
 * (`dropUnfitValues`, src/schemas/dropped-values.ts: the car is kept, the reader reports each),
 * then `carFromRecord` (src/schemas/car-record.ts). Output: the Car and what was dropped from it.
 */
export function carReadingFor(dealerKinds?: readonly VehicleKind[], latestModelYear?: number) {
  return v.pipe(
    CarRecordSchema,
    modelYearCheck(latestModelYear),
    v.transform((record) => {
      const { record: kept, dropped } = dropUnfitValues(record);
      return { car: carFromRecord(kept, dealerKinds), dropped };
    }),
  );
}

/**
 * Spec §3 Car, normalised once at the boundary (`carReadingFor`, without the list of drops),
 * so every Car has its display name (`name`), its primary photo (`primary_image_url`, null only
 * when the feed has no photo fit to show), its kind (`vehicle_kind`), a `drive` that is a drive
 * type (a bike's Chain/Belt/Shaft is in `final_drive`) and the band of its price
 * (`price_range`). Hand-built Cars in tests come from tests/fixtures/make-car.ts.
 */
export function carSchemaFor(dealerKinds?: readonly VehicleKind[]) {
  return v.pipe(
    carReadingFor(dealerKinds),
    v.transform((reading) => reading.car),
  );
}

/** The Car schema when the dealer's kinds are not known (a feed checked on its own): every kind is possible. */
export const CarSchema = carSchemaFor();

/** A Car record as the feed gives it, validated but not yet normalised. */
export type CarRecord = v.InferOutput<typeof CarRecordSchema>;
/** A validated, normalised Car: `name` is the display name, `primary_image_url` the primary photo or null. */
export type Car = v.InferOutput<typeof CarSchema>;
/** Car as it appears in a feed before validation. */
export type CarInput = v.InferInput<typeof CarSchema>;
export type CarStatus = (typeof CAR_STATUSES)[number];
export type FinanceLender = v.InferOutput<typeof FinanceLenderSchema>;
export type CarImage = v.InferOutput<typeof CarImageSchema>;
