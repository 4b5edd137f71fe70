/**
 * Car record schema (spec §3 "Car"): one vehicle of a tenant's stock feed.
 *
 * Real feeds are sparse, so every field except `id`, `slug`, `status` and `car_type`
 * is optional and may be `null`. Unknown fields are kept (v.looseObject) but ignored.
 * Text fields are plain strings: they are untrusted and are escaped where rendered.
 */
import * as v from 'valibot';

/** An optional value: absent or null are both "not given" in a real feed. */
const opt = <T extends v.GenericSchema>(schema: T) => v.nullish(schema);

/** A number that a feed may send as a numeric string ("12990"). */
const num = v.union([
  v.number(),
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^-?\d+(\.\d+)?$/, 'expected a number'),
    v.transform(Number),
  ),
]);

/** A non-negative number (km, price, seats, ...). */
const nonNegative = v.pipe(num, v.minValue(0, 'must not be negative'));

/** A boolean that a feed may send as 0/1 or "true"/"false". */
const bool = v.union([
  v.boolean(),
  v.pipe(v.picklist([0, 1]), v.transform((value) => value === 1)),
  v.pipe(v.picklist(['true', 'false', '1', '0']), v.transform((value) => value === 'true' || value === '1')),
]);

/** A date-time: ISO 8601 string. */
const dateText = v.pipe(
  v.string(),
  v.check((value) => !Number.isNaN(Date.parse(value)), 'expected an ISO 8601 date'),
);

/** Car status (spec §3): only these three exist. */
export const CAR_STATUSES = ['in_stock', 'coming_soon', 'sold'] as const;
/** Car type (spec §3). */
export const CAR_TYPES = ['new', 'used', 'demo'] as const;

/** Spec §3 "variant": manufacturer's technical data. */
export const VariantSchema = v.looseObject({
  cylinders: opt(num),
  enginesize: opt(num),
  enginesize_litres: opt(num),
  induction: opt(v.string()),
  fuelconsumptioncombined: opt(num),
  fuelcapacity: opt(num),
  geartype: opt(v.string()),
  grossvehiclemass: opt(num),
  vehiclelength: opt(num),
  vehicleheight: opt(num),
  vehiclewidth: opt(num),
  towingcapacitybraked: opt(num),
  torque: opt(v.union([num, v.string()])),
  bodyconfiguration: opt(v.string()),
  ancaprating: opt(num),
});

/** One image: full-size url and thumbnail url. */
export const CarImageSchema = v.looseObject({
  image: v.pipe(v.string(), v.minLength(1, 'image url is empty')),
  thumb: opt(v.string()),
});

/** A hotspot on the spin view (exterior or interior) with its position and text. */
export const HotspotSchema = v.looseObject({
  x: opt(num),
  y: opt(num),
  frame: opt(num),
  title: opt(v.string()),
  description: opt(v.string()),
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
  financeProvider: opt(v.string()),
  disclaimer: opt(v.string()),
});

/** The car's location (spec §3 Car "location"). */
export const CarLocationSchema = v.looseObject({
  id: opt(v.union([v.number(), v.string()])),
  name: opt(v.string()),
  slug: opt(v.string()),
  phone: opt(v.string()),
  address: opt(v.string()),
  distribution_locations: opt(v.array(v.looseObject({ name: opt(v.string()), slug: opt(v.string()) }))),
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
  axle_type: opt(v.string()),
  sleeps: opt(num),
  aggregate_trailer_mass: opt(num),
});

/** A finance quote from the quote provider (spec §3 youxQuote). */
export const YouxQuoteSchema = v.looseObject({
  weeklyRepaymentAmount: opt(num),
  comparisonRate: opt(num),
  advertisedRate: opt(num),
});

/** Spec §3 Car. Field names keep the feed's spelling. */
export const CarSchema = v.looseObject({
  /** Feed id: number or string, unique within a tenant. Required. */
  id: v.union([v.pipe(v.number(), v.integer('id must be a whole number')), v.pipe(v.string(), v.minLength(1, 'id is empty'))], 'id is required (number or string)'),
  /** URL slug of /cars/{slug}: lower-case letters, digits and hyphens. Required. */
  slug: v.pipe(
    v.string('slug is required'),
    v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lower-case letters, digits and single hyphens'),
  ),
  /** Display name, e.g. "2021 Toyota Corolla Ascent Sport". Built from year/make/model/badge when absent. */
  name: opt(v.string()),
  carsales_title: opt(v.string()),
  year: opt(v.pipe(num, v.integer('year must be a whole number'), v.minValue(1886), v.maxValue(2100))),
  make: opt(v.string()),
  model: opt(v.string()),
  badge: opt(v.string()),
  series: opt(v.string()),
  variant: opt(VariantSchema),
  colour: opt(v.string()),
  interior_colour: opt(v.string()),
  km: opt(nonNegative),
  price: opt(num),
  before_price: opt(num),
  offer_price: opt(num),
  subscription_price: opt(num),
  preorder: opt(bool),
  /** e.g. 'Drive Away', 'Excl. Govt. Charges'. */
  price_type: opt(v.string()),
  /** Required: in_stock | coming_soon | sold. */
  status: v.picklist(CAR_STATUSES, 'status must be one of in_stock, coming_soon, sold'),
  /** Required: new | used | demo. */
  car_type: v.picklist(CAR_TYPES, 'car_type must be one of new, used, demo'),
  /** Custom tag, e.g. 'Test Drive Only', 'Runout Sale'. */
  tag: opt(v.string()),
  reserved: opt(bool),
  certified: opt(bool),
  created_at: opt(dateText),
  updated_at: opt(dateText),
  build_date: opt(v.string()),
  compliance_date: opt(v.string()),
  rego_expiry: opt(v.string()),
  regplate: opt(v.string()),
  stocknum: opt(v.union([v.string(), v.pipe(v.number(), v.transform(String))])),
  vin: opt(v.string()),
  nvic: opt(v.string()),
  has_nvic: opt(bool),
  images: opt(v.array(CarImageSchema)),
  thumbnails: opt(v.array(v.string())),
  primary_image_url: opt(v.string()),
  video_url: opt(v.string()),
  external_video_url: opt(v.string()),
  /** Ordered exterior frames of a 360 spin. */
  spin_images: opt(v.array(v.string())),
  spin_code: opt(v.string()),
  spin_interior_image: opt(v.string()),
  hotspots: opt(v.looseObject({ exterior: opt(v.array(HotspotSchema)), interior: opt(v.array(HotspotSchema)) })),
  simple_body: opt(v.string()),
  simple_transmission: opt(v.string()),
  trans: opt(v.string()),
  simple_fuel: opt(v.string()),
  fuel: opt(v.string()),
  drive: opt(v.string()),
  seats: opt(v.pipe(num, v.integer(), v.minValue(0))),
  doors: opt(v.pipe(num, v.integer(), v.minValue(0))),
  engine_size: opt(num),
  engine_size_litres: opt(num),
  gearnum: opt(num),
  bodyconfiguration: opt(v.string()),
  views: opt(nonNegative),
  photos_count: opt(nonNegative),
  dealercomments: opt(v.string()),
  /** History report file url. */
  file: opt(v.string()),
  show_on_dealer_website: opt(bool),
  standardEquipment: opt(v.array(v.string())),
  path: opt(v.string()),
  dealership_slug: opt(v.string()),
  dealership_id: opt(v.union([v.number(), v.string()])),
  city: opt(v.string()),
  state: opt(v.string()),
  private_suburb: opt(v.string()),
  private_postcode: opt(v.string()),
  /** 'caravan' etc. for non-car stock. */
  item_type: opt(v.string()),
  specifications: opt(SpecificationsSchema),
  payment_processors: opt(v.array(v.string())),
  /** Unix seconds when the car was sold. */
  sold_date_timestamp: opt(num),
  make_model: opt(v.string()),
  price_range: opt(v.string()),
  weekly_price_range: opt(v.string()),
  /** Keyed by provider name, e.g. "Taurus", "360 Finance", "Nissan Finance". */
  finance_lenders: opt(v.record(v.string(), FinanceLenderSchema)),
  youxQuote: opt(YouxQuoteSchema),
  autograb_data: opt(AutograbSchema),
  location: opt(CarLocationSchema),
});

/** A validated Car record. */
export type Car = v.InferOutput<typeof CarSchema>;
/** Car as it appears in a feed before validation. */
export type CarInput = v.InferInput<typeof CarSchema>;
export type CarStatus = (typeof CAR_STATUSES)[number];
export type CarType = (typeof CAR_TYPES)[number];
export type FinanceLender = v.InferOutput<typeof FinanceLenderSchema>;
export type CarImage = v.InferOutput<typeof CarImageSchema>;
