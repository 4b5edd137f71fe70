/**
 * Demo stock generator: writes tenants/<slug>/stock.json for the demo tenants
 * (scripts/demo/profiles.ts) from their hand-written site.json, seeded and deterministic.
 *
 *   npm run generate:demo                      # clock = now (rounded to the minute)
 *   npm run generate:demo -- --now 2026-11-21T21:45:00Z [--tenants <dir>]
 *
 * Dates are absolute, made relative to the generation clock (the spec's time rules are judged at
 * build time); the clock is recorded in tenants/README.md so a build or a test can pin it. Same
 * seed and clock, byte-identical output (docs/demo-data.md).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CarInput } from '../src/schemas/car.ts';
import type { Location, Site } from '../src/schemas/site.ts';
import { parseSite } from '../src/lib/site/tenant.ts';
import { excludedStockNumber } from '../src/schemas/site/stock-rules.ts';
import { DEMO_CLOCK_FILE, demoClockJson } from '../src/lib/site/demo-clock.ts';
import { amortisedPayment } from '../src/lib/finance/repayment.ts';
import { quoteFinance } from '../src/server/features/cars/finance-quote.ts';
import { slugify } from '../src/lib/text/slug.ts';
import { formatMoney } from '../src/lib/text/format.ts';
import { dealerYear } from '../src/lib/text/dealer-time.ts';
import { warrantyHeadline } from '../src/lib/site/warranty.ts';
import { drawnShape, isMotorcycleShape, panoramaUrl, parseLocalImageUrl, spinFrameUrl, SPIN_FRAMES, vehicleGallery, type BodyShape, type ColourFamily, type VehicleView } from '../src/lib/images.ts';
import { CARAVAN_EQUIPMENT, CARAVAN_FINISHES, CARAVANS, type CaravanModel } from './demo/caravans.ts';
import { dealerComment } from './demo/comments.ts';
import { modelsFile, offersFile, reviewsFile } from './demo/extras.ts';
import { DEMO_PROFILES, type DemoProfile, type EdgeCase } from './demo/profiles.ts';
import { Random } from './demo/random.ts';
import { BIKES, ELECTRIC_TRUCK, TRUCKS } from './demo/moto-trucks.ts';
import { ENGINES, EQUIPMENT, FAMILY_WEIGHTS, INTERIOR_COLOURS, MODELS, MOTORCYCLES, PAINTS, type Engine, type ModelSpec } from './demo/vehicles.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A generated record: the feed shape (CarInput) with the fields this generator always sets. */
export type DemoCar = CarInput & { id: number; slug: string; stocknum: string; status: 'in_stock' | 'coming_soon' | 'sold'; car_type: 'new' | 'used' | 'demo' };

interface Context {
  random: Random;
  profile: DemoProfile;
  site: Site;
  now: number;
  nowYear: number;
  salesLocations: Location[];
}

/** The last model year of a catalogue entry: '2025' in the tables means "still on sale". */
function lastYear(spec: { years: [number, number] }, nowYear: number): number {
  return spec.years[1] >= 2025 ? nowYear : spec.years[1];
}

/** The demo's car slugs drop quotes ("O'Brien" -> 'obrien') before the one slug rule. */
const carSlug = (text: string): string => slugify(text.replace(/['"]/g, ''));

/** Prices end in 990 (or 888 for a few), like a dealer's. */
function dealerPrice(random: Random, value: number): number {
  const thousands = Math.max(1, Math.round(value / 1000));
  return thousands * 1000 - (random.chance(0.1) ? 112 : 10);
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString();
}

const VIN_WMI: Record<string, string> = {
  Toyota: 'JTN', Mazda: 'JM0', Hyundai: 'KMH', Kia: 'KNA', Ford: 'MNA', Holden: '6G1', Mitsubishi: 'MMA', Nissan: 'JN1', Subaru: 'JF1', Volkswagen: 'WVW',
  Isuzu: 'MPA', Honda: 'MRH', Suzuki: 'JS3', MG: 'LSJ', GWM: 'LGW', Tesla: 'LRW', BYD: 'LGX', BMW: 'WBA', 'Mercedes-Benz': 'WDD', Audi: 'WAU', Porsche: 'WP0',
  Jeep: '1C4', Hino: 'JHH', Fuso: 'JLF', Yamaha: 'JYA', Kawasaki: 'JKA', 'Harley-Davidson': '1HD',
  KTM: 'VBK', Triumph: 'SMT', 'Royal Enfield': 'ME3', Iveco: 'ZCF', UD: 'JNC',
};
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

function vin(random: Random, make: string): string {
  return (VIN_WMI[make] ?? '6U9') + random.chars(VIN_CHARS, 14);
}

function regplate(random: Random, state: string): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  // QLD: 123ABC; NSW: AB12CD.
  return state === 'NSW' ? `${random.chars(letters, 2)}${random.int(10, 99)}${random.chars(letters, 2)}` : `${random.int(100, 999)}${random.chars(letters, 3)}`;
}

function paint(random: Random, make: string): [string, ColourFamily] {
  const palette = PAINTS[make] ?? PAINTS.default!;
  const family = random.weighted(
    [...new Set(palette.map(([, fam]) => fam))].map((fam) => [fam, FAMILY_WEIGHTS[fam] ?? 1] as const),
  );
  const [name] = random.pick(palette.filter(([, fam]) => fam === family));
  return [name, family as ColourFamily];
}

/** Amortised repayment per month (the one formula, src/lib/finance/repayment.ts) with an optional balloon. */
const monthlyRepayment = (principal: number, ratePercent: number, months: number, balloon: number): number =>
  amortisedPayment(principal, ratePercent / 100 / 12, months, balloon);

const FINANCE_DISCLAIMERS: Record<string, string> = {
  Taurus: 'Estimated repayment based on a secured consumer loan over 60 months with no deposit, at the interest rate shown, for a borrower with an excellent credit history. Comparison rate calculated on a $30,000 secured loan over 5 years. WARNING: this comparison rate is true only for the example given and may not include all fees and charges. Approval subject to Taurus Finance lending criteria.',
  Angle: 'Weekly repayment is an estimate for an Angle Auto Finance consumer loan with the deposit and final payment shown, over the term shown, and includes the establishment fee. Comparison rate based on a secured loan of $30,000 over 5 years. Fees, charges and lending criteria apply.',
  '360 Finance': 'Indicative repayment for a secured caravan loan through 360 Finance over 84 months with no deposit. Comparison rate based on a $30,000 loan over 5 years. This comparison rate is true only for the example given. Credit criteria, fees and charges apply.',
};

function financeLenders(ctx: Context, price: number, year: number, carType: string): CarInput['finance_lenders'] {
  const provider = ctx.site.finance_provider;
  if (!provider || price <= 0) return null;
  const { random } = ctx;
  const age = ctx.nowYear - year;
  const caravan = ctx.profile.kind === 'caravan';
  const baseRate = provider === 'Angle' ? (carType === 'used' ? 8.49 : 6.49) : caravan ? 7.99 : 8.49;
  const interestRate = Math.round((baseRate + Math.min(age, 12) * 0.25 + random.float(0, 1.5)) * 100) / 100;
  const comparisonRate = Math.round((interestRate + random.float(0.45, 1.2)) * 100) / 100;
  const termMonths = caravan ? 84 : 60;
  const deposit = provider === 'Angle' && carType !== 'used' ? Math.round(price * 0.1) : 0;
  const balloon = provider === 'Angle' && carType !== 'used' ? Math.round(price * 0.3) : 0;
  const establishmentFees = provider === 'Angle' ? 395 : provider === 'Taurus' ? 495 : 450;
  const principal = price - deposit + establishmentFees;
  const month = monthlyRepayment(principal, interestRate, termMonths, balloon);
  const terms: Record<string, number> = {};
  for (const months of [36, 48, 60, 72, 84]) terms[`term${months}`] = Math.ceil((monthlyRepayment(principal, interestRate, months, balloon) * 12) / 52);
  return {
    [provider]: {
      paymentWeek: Math.ceil((month * 12) / 52),
      paymentMonth: Math.ceil(month),
      deposit,
      balloon,
      termMonths,
      termWeeks: Math.round((termMonths / 12) * 52),
      termYears: termMonths / 12,
      ...terms,
      interestRate,
      comparisonRate,
      totalPayable: Math.round(month * termMonths + balloon + deposit),
      establishmentFees,
      financeProvider: provider,
      disclaimer: FINANCE_DISCLAIMERS[provider] ?? 'Finance estimate only. Fees, charges and lending criteria apply.',
    },
  };
}

function priceRange(price: number): string | null {
  if (price <= 0) return null;
  const step = price < 100_000 ? 10_000 : 50_000;
  const from = Math.floor(price / step) * step;
  return `${formatMoney(from)} - ${formatMoney(from + step)}`;
}

function weeklyRange(weekly: number | undefined): string | null {
  if (!weekly) return null;
  const from = Math.floor(weekly / 50) * 50;
  return `${formatMoney(from)} - ${formatMoney(from + 50)}`;
}

/** Used-car price from the new price, age and kilometres. */
function usedPrice(random: Random, newPrice: number, age: number, km: number, kind: 'car' | 'tough' | 'caravan'): number {
  // Utes, 4WDs and caravans hold their value better in Australia than passenger cars.
  const yearly = kind === 'car' ? 0.9 : 0.93;
  const first = kind === 'car' ? 0.85 : 0.88;
  const depreciation = Math.max(kind === 'caravan' ? 0.3 : 0.12, first * yearly ** Math.max(0, age - 1));
  const caravan = kind === 'caravan';
  const expectedKm = Math.max(1, age) * 15_000;
  const kmFactor = caravan ? 1 : Math.min(1.08, Math.max(0.82, 1 - ((km - expectedKm) / expectedKm) * 0.08));
  return Math.max(3990, dealerPrice(random, newPrice * depreciation * kmFactor * random.float(0.94, 1.06)));
}

function ageForUsed(random: Random): number {
  return random.weighted([[1, 10], [2, 14], [3, 14], [4, 12], [5, 10], [6, 8], [7, 7], [8, 6], [9, 5], [10, 4], [11, 3], [12, 3], [13, 2], [14, 1]]);
}

function engineOf(spec: ModelSpec, badge: ModelSpec['badges'][number]): Engine {
  return ENGINES[badge[2] ?? spec.engine]!;
}

function geartype(engine: Engine): string {
  if (engine.fuel === 'Electric') return 'Reduction Gear';
  if (engine.transmission === 'Manual') return 'Manual';
  return engine.gears === 1 ? 'Constantly Variable Transmission' : 'Sports Automatic';
}

function transText(engine: Engine): string {
  if (engine.fuel === 'Electric') return '1 Speed Reduction Gear';
  if (engine.gears === 1) return 'CVT Automatic';
  return `${engine.gears} Speed ${engine.transmission === 'Manual' ? 'Manual' : 'Automatic'}`;
}

function fuelText(engine: Engine): string {
  switch (engine.fuel) {
    case 'Diesel':
      return 'Diesel';
    case 'Electric':
      return 'Electric';
    case 'Hybrid':
      return 'Hybrid Petrol/Electric';
    case 'Plug-in Hybrid':
      return 'Plug-in Hybrid Petrol/Electric';
    default:
      return engine.induction.includes('Turbo') ? 'Premium Unleaded Petrol 95' : 'Unleaded Petrol 91';
  }
}

/** Dimensions of each catalogue shape (scripts/demo/vehicles.ts); the class drawings (a cruiser, a pop-top) take their family's. */
const DIMENSIONS: Partial<Record<BodyShape, [number, number, number, number]>> = {
  // length, width, height (mm), gross vehicle mass (kg)
  sedan: [4880, 1840, 1445, 2100],
  hatch: [4370, 1790, 1450, 1750],
  suv: [4650, 1880, 1700, 2450],
  ute: [5330, 1870, 1815, 3100],
  wagon: [4870, 1875, 1675, 2250],
  van: [5265, 1950, 1990, 3300],
  coupe: [4380, 1840, 1310, 1750],
  convertible: [4100, 1735, 1235, 1400],
  caravan: [7000, 2400, 3000, 3000],
  motorcycle: [2085, 780, 1105, 370],
  'light-truck': [6200, 1995, 2250, 4500],
};

function pickModel(ctx: Context, pool: ModelSpec[]): ModelSpec {
  return ctx.random.weighted(pool.map((spec) => [spec, spec.weight] as const));
}

function equipmentFor(random: Random, spec: ModelSpec, engine: Engine): string[] {
  // Bikes and trucks have their own lists (no car cabin equipment).
  const own = spec.tier === 'bike' || spec.tier === 'truck';
  const pools = own ? [EQUIPMENT[spec.tier]] : [EQUIPMENT.common, EQUIPMENT[spec.tier]];
  if (spec.tier === 'premium' || spec.tier === 'performance') pools.push(EQUIPMENT.mid);
  if (engine.fuel === 'Electric' || engine.fuel === 'Plug-in Hybrid') pools.push(EQUIPMENT.ev);
  if (spec.drive === '4WD' && (spec.shape === 'ute' || spec.shape === 'suv')) pools.push(EQUIPMENT.offroad);
  const all = [...new Set(pools.flat())];
  return random.sample(all, random.int(10, Math.min(26, all.length))).sort();
}

function carLocation(ctx: Context, location: Location): NonNullable<CarInput['location']> {
  const others = ctx.salesLocations.filter((other) => other.slug !== location.slug);
  const withDelivery = others.length > 0 && ctx.random.chance(0.2);
  return {
    id: location.id,
    name: location.name,
    slug: location.slug,
    phone: location.contact_detail.phone ?? ctx.site.phone,
    address: `${location.address.street}, ${location.address.city} ${location.address.state} ${location.address.postcode ?? ''}`.trim(),
    ...(withDelivery ? { distribution_locations: others.map((other) => ({ name: other.name, slug: other.slug })) } : {}),
  };
}

interface BaseFields {
  index: number;
  carType: 'new' | 'used' | 'demo';
  year: number;
  make: string;
  model: string;
  badge: string;
  series: string | null;
  /** The drawing of its pictures: the body made exact by its class ('Pop Top', 'Cruiser'). */
  shape: BodyShape;
  colour: string;
  family: ColourFamily;
  newPrice: number;
  km: number | null;
}

const yearMonth = (year: number, month: number): string => `${year}-${String(month).padStart(2, '0')}`;

/** Built in the model year or the one before, complied in the model year: never complied before it was built. */
function buildAndCompliance(random: Random, year: number): { build_date: string; compliance_date: string } {
  const buildYear = year - (random.chance(0.3) ? 1 : 0);
  const months = [random.int(1, 12), random.int(1, 12)] as const;
  // Both in the model year: the earlier month is the build, the later the compliance.
  const [built, complied] = buildYear === year ? [Math.min(...months), Math.max(...months)] : months;
  return { build_date: yearMonth(buildYear, built), compliance_date: yearMonth(year, complied) };
}

/** Fields every record shares (identity, place, dates, images, finance). */
function commonFields(ctx: Context, base: BaseFields, location: Location, price: number, extra: { title: string; equipment: string[]; isCaravan: boolean }): DemoCar {
  const { random, profile, site, now } = ctx;
  const stocknum = `${profile.stockPrefix}${10001 + base.index}`;
  const createdAt = random.chance(0.2) ? now - random.float(0.1, 7.5) * DAY : now - random.float(8.5, 90) * DAY;
  const updatedAt = Math.min(now - HOUR, createdAt + random.float(0, now - createdAt));
  const gallery = vehicleGallery(base.shape, base.family, random.chance(0.15) ? (['angle', 'side', 'rear'] as VehicleView[]) : undefined);
  const lenders = financeLenders(ctx, price, base.year, base.carType);
  const provider = site.finance_provider;
  const weekly = provider && lenders ? (lenders[provider]?.paymentWeek as number | undefined) : undefined;
  const dealership = site.dealerships.find((candidate) => candidate.slug === location.dealership_slug);
  const long = random.chance(0.3);
  const comment = dealerComment(random, {
    title: extra.title,
    carType: base.carType,
    dealer: site.name,
    phone: (location.contact_detail.phone ?? site.phone).replace(/^\+61 /, '0'),
    city: location.address.city,
    equipment: extra.equipment,
    km: base.km,
    isCaravan: extra.isCaravan,
    noun: extra.isCaravan ? 'caravan' : isMotorcycleShape(base.shape) ? 'bike' : base.shape === 'light-truck' || base.shape === 'prime-mover' ? 'truck' : 'car',
    warranty: warrantyHeadline(site),
  }, long);
  const name = extra.title;
  const slug = carSlug(`${name}-${stocknum}`);
  const registered = base.carType !== 'new';
  const state = location.address.state;
  return {
    id: profile.idBase + base.index,
    slug,
    name,
    carsales_title: `${name}${base.series ? ` ${base.series}` : ''}`,
    year: base.year,
    make: base.make,
    model: base.model,
    badge: base.badge,
    series: base.series,
    colour: base.colour,
    km: base.km,
    price,
    before_price: null,
    offer_price: null,
    subscription_price: null,
    preorder: false,
    price_type: base.carType === 'used' ? random.pick(['Drive Away', 'Drive Away', 'Excl. Govt. Charges']) : 'Drive Away',
    status: 'in_stock',
    car_type: base.carType,
    tag: null,
    reserved: false,
    certified: false,
    created_at: isoSeconds(createdAt),
    updated_at: isoSeconds(updatedAt),
    ...buildAndCompliance(random, base.year),
    rego_expiry: registered ? isoDate(now + random.int(20, 360) * DAY) : null,
    regplate: registered ? regplate(random, state) : null,
    stocknum,
    vin: vin(random, base.make),
    nvic: extra.isCaravan ? null : random.chars('ABCDEFGHJKLMNPRSTUVWXYZ0123456789', 6),
    has_nvic: !extra.isCaravan,
    images: gallery,
    thumbnails: gallery.map((image) => image.thumb),
    primary_image_url: gallery[0]!.image,
    spin_images: null,
    spin_interior_image: null,
    hotspots: null,
    views: random.int(0, 900),
    photos_count: gallery.length,
    dealercomments: comment,
    file: null,
    show_on_dealer_website: true,
    standardEquipment: extra.equipment,
    path: `/cars/${slug}`,
    dealership_slug: location.dealership_slug ?? dealership?.slug ?? null,
    dealership_id: location.dealership_id ?? dealership?.id ?? null,
    city: location.address.city,
    state,
    payment_processors: ['stripe'],
    sold_date_timestamp: null,
    make_model: `${base.make} ${base.model}`,
    price_range: priceRange(price),
    weekly_price_range: weeklyRange(weekly),
    finance_lenders: lenders,
    youxQuote: null,
    autograb_data: null,
    location: carLocation(ctx, location),
  };
}

function seriesFor(spec: ModelSpec, year: number): string | null {
  let found: string | null = null;
  for (const [from, code] of spec.series ?? []) if (from <= year) found = code;
  return found;
}

function chooseLocation(ctx: Context, carType: string): Location {
  const primary = ctx.salesLocations.find((location) => location.primary) ?? ctx.salesLocations[0]!;
  if (ctx.profile.kind === 'franchise' && carType !== 'used') return ctx.random.chance(0.8) ? primary : ctx.random.pick(ctx.salesLocations);
  return ctx.random.pick(ctx.salesLocations);
}

/** A car (or motorcycle) record from the catalogue. */
function vehicleRecord(ctx: Context, index: number, carType: 'new' | 'used' | 'demo', spec: ModelSpec): DemoCar {
  const { random, nowYear } = ctx;
  const badge = random.pick(spec.badges);
  const engine = engineOf(spec, badge);
  const last = lastYear(spec, nowYear);
  let year: number;
  if (carType === 'new') year = last;
  else if (carType === 'demo') year = Math.max(spec.years[0], last - (random.chance(0.3) ? 1 : 0));
  else {
    year = last - ageForUsed(random);
    for (let attempt = 0; attempt < 4 && (year < spec.years[0] || year > last); attempt++) year = last - ageForUsed(random);
    year = Math.min(last, Math.max(spec.years[0], year));
  }
  const age = Math.max(0, nowYear - year);
  const km = carType === 'new' ? random.int(5, 45) : carType === 'demo' ? random.int(600, 9800) : Math.round(Math.max(1, age) * random.float(8000, 21000) * (spec.shape === 'motorcycle' ? 0.3 : 1) + random.int(0, 4000));
  const [colour, family] = paint(random, spec.make);
  const newPrice = badge[1] * random.float(0.98, 1.03);
  const drive = badge[3] ?? spec.drive;
  const price = carType === 'new' ? dealerPrice(random, newPrice) : carType === 'demo' ? dealerPrice(random, newPrice * random.float(0.86, 0.93)) : usedPrice(random, badge[1], age, km, spec.shape === 'ute' || spec.shape === 'light-truck' || drive === '4WD' ? 'tough' : 'car');
  const title = `${year} ${spec.make} ${spec.model} ${badge[0]}`;
  const equipment = equipmentFor(random, spec, engine);
  const location = chooseLocation(ctx, carType);
  const base: BaseFields = { index, carType, year, make: spec.make, model: spec.model, badge: badge[0], series: seriesFor(spec, year), shape: drawnShape(spec.art ?? spec.shape, spec.body), colour, family, newPrice, km };
  const car = commonFields(ctx, base, location, price, { title, equipment, isCaravan: false });
  const [length, width, height, gvm] = DIMENSIONS[spec.shape]!;
  const motorcycle = spec.shape === 'motorcycle';
  const simpleFuel = engine.fuel === 'Plug-in Hybrid' ? 'Hybrid' : engine.fuel;
  Object.assign(car, {
    interior_colour: motorcycle ? null : random.pick(spec.tier === 'premium' ? INTERIOR_COLOURS.slice(1) : INTERIOR_COLOURS),
    variant: {
      cylinders: engine.cylinders,
      enginesize: engine.litres === null ? null : Math.round(engine.litres * 1000 - random.int(0, 40)),
      enginesize_litres: engine.litres,
      induction: engine.induction,
      fuelconsumptioncombined: engine.l100 || null,
      fuelcapacity: engine.tank,
      geartype: geartype(engine),
      grossvehiclemass: motorcycle ? null : (spec.gvm ?? gvm) + random.int(-150, 150),
      vehiclelength: length + random.int(-200, 200),
      vehicleheight: height + random.int(-60, 60),
      vehiclewidth: width + random.int(-40, 40),
      towingcapacitybraked: spec.towing ?? (motorcycle ? null : random.pick([750, 1000, 1200, 1500])),
      torque: engine.nm,
      bodyconfiguration: spec.bodyconfiguration ?? null,
      ancaprating: spec.ancap ?? null,
    },
    simple_body: spec.body,
    simple_transmission: engine.transmission,
    trans: transText(engine),
    simple_fuel: simpleFuel,
    fuel: fuelText(engine),
    drive,
    seats: motorcycle ? 2 : spec.seats,
    doors: motorcycle ? null : spec.doors,
    engine_size: engine.litres === null ? null : Math.round(engine.litres * 1000),
    engine_size_litres: engine.litres,
    gearnum: engine.fuel === 'Electric' ? 1 : engine.gears === 1 ? null : engine.gears,
    bodyconfiguration: spec.bodyconfiguration ?? null,
    // The motorcycle-and-truck dealer's feed types its trucks; the used group's few trucks stay 'car'.
    item_type: motorcycle ? 'motorcycle' : ctx.profile.kind === 'motorcycle' && spec.shape === 'light-truck' ? 'truck' : 'car',
    specifications: null,
  });
  if (carType !== 'new' && random.chance(carType === 'used' ? 0.75 : 0.4)) {
    const market = Math.round((price * random.float(0.93, 1.15)) / 10) * 10;
    car.autograb_data = { average_market_price: market, state_average_market_price: Math.round((market * random.float(0.97, 1.03)) / 10) * 10 };
  }
  if (carType === 'used' && random.chance(0.25)) car.file = `https://reports.example.com.au/history/${String(car.vin)}.pdf`;
  if (carType === 'used' && ctx.profile.kind === 'used-group' && random.chance(0.3) && price > 0) {
    // What the quote provider answered when the feed was made: the local quote endpoint's answer
    // for the request the vehicle page sends (GREAT credit, 5 years), so the page's live call
    // prints the figures it was built with.
    car.youxQuote = { ...quoteFinance({ purchasePrice: price, loanTerm: 5, selfAssessedCreditScore: 'GREAT', year, currentYear: nowYear }) };
  }
  if (carType === 'used' && random.chance(ctx.profile.certifiedShare) && age <= 8) car.certified = true;
  return car;
}

/** A caravan record (item_type 'caravan', specifications, no odometer). */
function caravanRecord(ctx: Context, index: number, carType: 'new' | 'used' | 'demo', spec: CaravanModel): DemoCar {
  const { random, nowYear } = ctx;
  const [layout, layoutPrice] = random.pick(spec.layouts);
  const last = lastYear(spec, nowYear);
  let year = carType === 'new' ? last : carType === 'demo' ? last - (random.chance(0.3) ? 1 : 0) : last - ageForUsed(random);
  year = Math.min(last, Math.max(spec.years[0], year));
  const age = Math.max(0, nowYear - year);
  const [colour, family] = random.pick(CARAVAN_FINISHES);
  const price = carType === 'new' ? dealerPrice(random, layoutPrice) : carType === 'demo' ? dealerPrice(random, layoutPrice * 0.9) : usedPrice(random, layoutPrice, age, 0, 'caravan');
  const title = `${year} ${spec.make} ${spec.model} ${layout}`;
  const equipment = random.sample(CARAVAN_EQUIPMENT, random.int(10, 20)).sort();
  const location = chooseLocation(ctx, carType);
  const base: BaseFields = { index, carType, year, make: spec.make, model: spec.model, badge: layout, series: null, shape: drawnShape('caravan', spec.body), colour, family: family as ColourFamily, newPrice: layoutPrice, km: null };
  const car = commonFields(ctx, base, location, price, { title, equipment, isCaravan: true });
  const length = Math.round(random.float(spec.length[0], spec.length[1]) * 10) / 10;
  const tare = Math.round(random.int(spec.tare[0], spec.tare[1]) / 10) * 10;
  const sleeps = random.int(spec.sleeps[0], spec.sleeps[1]);
  Object.assign(car, {
    interior_colour: random.pick(['Oak Laminate', 'Walnut / Cream', 'White Gloss / Grey', 'Light Ash']),
    variant: null,
    simple_body: spec.body,
    simple_transmission: null,
    trans: null,
    simple_fuel: null,
    fuel: null,
    drive: null,
    seats: null,
    doors: 1,
    bodyconfiguration: spec.offroad ? 'Off Road' : 'Touring',
    item_type: 'caravan',
    nvic: null,
    specifications: {
      body_length: length,
      body_width: spec.width,
      tare_weight: tare,
      aggregate_trailer_mass: tare + Math.round(random.int(spec.payload[0], spec.payload[1]) / 10) * 10,
      axle_type: spec.body === 'Camper Trailer' || length < 18 ? 'Single' : 'Tandem',
      sleeps,
    },
  });
  if (carType === 'used' && random.chance(0.2)) car.file = `https://reports.example.com.au/history/${String(car.vin)}.pdf`;
  if (carType !== 'new' && random.chance(0.4)) {
    const market = Math.round((price * random.float(0.95, 1.12)) / 10) * 10;
    car.autograb_data = { average_market_price: market, state_average_market_price: null };
  }
  return car;
}

/** Models a tenant draws from for a car type. */
function modelPool(ctx: Context, carType: 'new' | 'used' | 'demo'): ModelSpec[] {
  const current = (spec: ModelSpec) => spec.years[1] >= 2025;
  if (ctx.profile.kind === 'franchise') {
    const brand = ctx.site.manufacturer ?? 'Toyota';
    if (carType !== 'used') return MODELS.filter((spec) => spec.make === brand && current(spec));
    // Trade-ins: half the brand, half anything else.
    return MODELS.map((spec) => (spec.make === brand ? { ...spec, weight: spec.weight * 4 } : spec));
  }
  if (ctx.profile.kind === 'motorcycle') return [...BIKES, ...TRUCKS].filter((spec) => carType === 'used' || current(spec));
  return carType === 'used' ? MODELS : MODELS.filter(current);
}

/** Forced slots so every tenant shows electric, hybrid and (for the group) motorcycles. */
function forcedSpec(ctx: Context, index: number): ModelSpec | undefined {
  if (ctx.profile.kind === 'caravan') return undefined;
  // The motorcycle-and-truck dealer's electric example is a truck; it sells no hybrids.
  if (ctx.profile.kind === 'motorcycle') return index < 3 ? ELECTRIC_TRUCK : undefined;
  const brand = ctx.profile.kind === 'franchise' ? ctx.site.manufacturer : undefined;
  const withFuel = (fuel: string) =>
    MODELS.filter((spec) => (!brand || spec.make === brand) && spec.badges.some((badge) => ENGINES[badge[2] ?? spec.engine]!.fuel === fuel)).map((spec) => ({
      ...spec,
      badges: spec.badges.filter((badge) => ENGINES[badge[2] ?? spec.engine]!.fuel === fuel),
    }));
  if (index < 4) return ctx.random.pick(withFuel('Electric'));
  if (index < 8) return ctx.random.pick(withFuel('Hybrid'));
  if (ctx.profile.kind === 'used-group' && index < 12) return ctx.random.pick(MOTORCYCLES);
  return undefined;
}

/** Apply the edge cases on chosen records (deterministic picks from the seeded stream). */
function applyEdgeCases(ctx: Context, cars: DemoCar[]): void {
  const { random, now, profile } = ctx;
  const taken = new Set<number>();
  // Never overwrite the record a site.json rule refers to (excluded stock number).
  const excluded = new Set(ctx.site.stock_rules.excluded_stock_numbers.map((entry) => excludedStockNumber(entry).stockNumber));
  const pick = (count: number, filter: (car: DemoCar) => boolean = () => true): DemoCar[] => {
    const pool = cars.filter((car, index) => !taken.has(index) && !excluded.has(car.stocknum) && filter(car));
    const chosen = random.sample(pool, count);
    for (const car of chosen) taken.add(cars.indexOf(car));
    return chosen;
  };
  const isCaravan = profile.kind === 'caravan';
  const used = (car: DemoCar) => car.car_type === 'used';
  const priced = (car: DemoCar) => typeof car.price === 'number' && car.price > 0;

  for (const [n, car] of pick(4, priced).entries()) {
    car.status = 'sold';
    car.show_on_dealer_website = true;
    car.sold_date_timestamp = Math.floor((now - (6 + n * 14) * HOUR) / 1000);
    car.updated_at = isoSeconds(now - (6 + n * 14) * HOUR);
  }
  for (const [n, car] of pick(6).entries()) {
    car.status = 'sold';
    car.show_on_dealer_website = n % 2 === 0;
    car.sold_date_timestamp = Math.floor((now - random.int(12, 200) * DAY) / 1000);
  }
  for (const car of pick(2)) car.show_on_dealer_website = false;
  for (const car of pick(6, (car) => car.car_type !== 'used' || profile.kind !== 'franchise')) {
    car.status = 'coming_soon';
    car.created_at = isoSeconds(now - random.float(0.2, 6) * DAY);
    if (random.chance(0.5)) {
      car.images = [];
      car.thumbnails = [];
      car.primary_image_url = null;
      car.photos_count = 0;
    }
  }
  // Used coming-soon cars exist on the franchise too, where a stock rule hides them.
  if (profile.kind === 'franchise') for (const car of pick(2, used)) car.status = 'coming_soon';
  if (!cars.some((car) => car.car_type === 'demo')) for (const car of pick(3)) car.car_type = 'demo';
  for (const car of pick(4, priced)) car.reserved = true;
  if (!cars.some((car) => car.certified)) for (const car of pick(3, used)) car.certified = true;
  for (const car of pick(3)) {
    car.price = 0;
    car.finance_lenders = null;
    car.price_range = null;
    car.weekly_price_range = null;
    car.autograb_data = null;
  }
  for (const car of pick(Math.round(cars.length * 0.08), priced)) {
    car.before_price = Number(car.price) + random.int(1, 5) * 1000;
    if (car.car_type === 'new' && random.chance(0.5)) car.tag = 'Runout Sale';
    else if (random.chance(0.3)) car.tag = 'Price Drop';
  }
  if (ctx.site.offers_subscription) {
    for (const car of pick(14, (car) => priced(car) && car.car_type === 'used' && Number(car.year) >= ctx.nowYear - 5)) {
      car.subscription_price = Math.round((Number(car.price) / 150 + random.int(40, 90)) / 10) * 10 - 1;
    }
  }
  if (profile.edgeCases.includes('preorder')) {
    // A used group takes the odd factory order too (the record becomes a new car).
    for (const car of pick(3, (car) => profile.kind === 'used-group' || car.car_type === 'new' || isCaravan)) {
      car.status = 'coming_soon';
      car.car_type = 'new';
      car.preorder = true;
      car.price = 0;
      car.km = isCaravan ? null : 0;
      car.finance_lenders = null;
      car.price_range = null;
      car.weekly_price_range = null;
      car.rego_expiry = null;
      car.regplate = null;
    }
  }
  if (profile.edgeCases.includes('test_drive_only')) {
    for (const car of pick(3, (car) => car.car_type !== 'used')) car.tag = 'Test Drive Only';
  }
  // Sparse records: what a thin feed sends (many nulls, no images, no comments).
  for (const [n, car] of pick(8).entries()) {
    const keep = new Set(['id', 'slug', 'status', 'car_type', 'make', 'model', 'year', 'price', 'stocknum', 'show_on_dealer_website', 'name']);
    for (const key of Object.keys(car)) if (!keep.has(key)) (car as Record<string, unknown>)[key] = null;
    if (n % 2 === 0) delete (car as Record<string, unknown>).name;
    if (n % 3 === 0) car.images = [];
    car.created_at = n % 4 === 0 ? null : isoSeconds(now - random.int(10, 80) * DAY);
    car.dealercomments = n % 2 === 0 ? '' : null;
  }
  if (profile.edgeCases.includes('history_report') && !cars.some((car) => car.file)) for (const car of pick(3, used)) car.file = `https://reports.example.com.au/history/${String(car.vin)}.pdf`;
  // 360 spin on a few cars, with interior panorama and hotspots on some.
  for (const [n, car] of pick(4, (car) => car.status === 'in_stock' && (car.images?.length ?? 0) >= 3).entries()) {
    const first = parseLocalImageUrl(car.images![0]!.image);
    if (first?.kind !== 'vehicle') continue;
    const { body, colour: family } = first;
    car.spin_images = Array.from({ length: SPIN_FRAMES }, (_, frame) => spinFrameUrl(body, family, frame));
    if (n < 2) {
      car.spin_interior_image = panoramaUrl(body, family);
      car.hotspots = {
        exterior: [
          { x: 30, y: 52, frame: 0, title: isCaravan ? 'Roll Out Awning' : 'LED Headlights', description: isCaravan ? 'Full-length awning with LED strip lighting.' : 'Auto-levelling LED headlights with daytime running lamps.' },
          { x: 62, y: 70, frame: 6, title: isCaravan ? 'Independent Suspension' : 'Alloy Wheels', description: isCaravan ? 'Coil-spring independent suspension for rough roads.' : 'Machined alloy wheels with a full-size spare.' },
        ],
        interior: [{ x: 48, y: 40, frame: 0, title: isCaravan ? 'Island Bed' : 'Touchscreen', description: isCaravan ? 'Queen island bed with innerspring mattress.' : 'Touchscreen with wireless Apple CarPlay and Android Auto.' }],
      };
    }
  }
  // Guarantee a few New Arrivals (created within 8 days) and a few long comments.
  for (const car of pick(4, (car) => car.status === 'in_stock')) car.created_at = isoSeconds(now - random.float(0.5, 6.5) * DAY);
  for (const car of pick(2, (car) => car.car_type === 'used' && car.status === 'in_stock')) car.rego_expiry = isoDate(now - random.int(5, 120) * DAY);
}

/** Generate one tenant's stock: pure given the profile, the site and the clock. */
export function generateStock(profile: DemoProfile, site: Site, now: number): DemoCar[] {
  const random = new Random(profile.seed);
  const salesLocations = site.locations.filter((location) => location.location_type === 'sales' || location.location_type === '');
  if (salesLocations.length === 0) throw new Error(`${profile.slug}: site.json needs at least one sales location`);
  const ctx: Context = { random, profile, site, now, nowYear: dealerYear(now, site.timezone), salesLocations };
  const cars: DemoCar[] = [];
  for (let index = 0; index < profile.count; index++) {
    const carType = random.weighted([['new', profile.mix.new], ['demo', profile.mix.demo], ['used', profile.mix.used]] as const);
    if (profile.kind === 'caravan') {
      cars.push(caravanRecord(ctx, index, carType, random.weighted(CARAVANS.map((spec) => [spec, spec.weight] as const))));
      continue;
    }
    const forced = forcedSpec(ctx, index);
    const type = forced?.shape === 'motorcycle' ? 'used' : carType;
    cars.push(vehicleRecord(ctx, index, type, forced ?? pickModel(ctx, modelPool(ctx, type))));
  }
  applyEdgeCases(ctx, cars);
  return cars;
}

/** Which edge cases a generated stock contains (for the README note and the test). */
export function edgeCasesIn(cars: readonly DemoCar[], now: number): Set<EdgeCase> {
  const found = new Set<EdgeCase>();
  const add = (edge: EdgeCase, ok: boolean) => ok && found.add(edge);
  for (const car of cars) {
    const sold = typeof car.sold_date_timestamp === 'number' ? car.sold_date_timestamp * 1000 : null;
    add('sold_recent', car.status === 'sold' && car.show_on_dealer_website === true && sold !== null && now - sold <= 3 * DAY);
    add('sold_long_ago', car.status === 'sold' && sold !== null && now - sold > 3 * DAY);
    add('hidden', car.status !== 'sold' && car.show_on_dealer_website === false);
    add('coming_soon', car.status === 'coming_soon');
    add('demo', car.car_type === 'demo');
    add('reserved', car.reserved === true);
    add('certified', car.certified === true);
    add('price_zero', car.price === 0);
    add('before_price', typeof car.before_price === 'number' && typeof car.price === 'number' && car.before_price > car.price && car.price > 0);
    add('subscription_price', typeof car.subscription_price === 'number' && car.subscription_price > 0);
    add('preorder', car.preorder === true);
    add('electric', car.simple_fuel === 'Electric');
    add('hybrid', car.simple_fuel === 'Hybrid');
    add('test_drive_only', car.tag === 'Test Drive Only');
    add('sparse', car.variant === null && car.images !== undefined && (car.images === null || car.images.length === 0) && car.location === null);
    add('history_report', typeof car.file === 'string' && car.file !== '');
    add('spin', Array.isArray(car.spin_images) && car.spin_images.length > 0);
    add('new_arrival', typeof car.created_at === 'string' && now - Date.parse(car.created_at) <= 8 * DAY && now >= Date.parse(car.created_at));
    add('long_comments', typeof car.dealercomments === 'string' && car.dealercomments.length > 400);
    add('rego_expired', typeof car.rego_expiry === 'string' && Date.parse(car.rego_expiry) < now);
  }
  return found;
}

/** The generation note written to tenants/README.md (the clock is read back by tests). */
export function generationNote(now: number, stats: { slug: string; count: number }[]): string {
  return [
    '# Demo tenants',
    '',
    'Fictional dealers that show the product\'s range. `site.json` and `content/` are',
    'written by hand; `stock.json` is made by `npm run generate:demo` (scripts/generate-demo.ts,',
    'seeded and deterministic) from the site.json of each tenant. See docs/demo-data.md.',
    '',
    `Generated: ${new Date(now).toISOString()}`,
    '',
    'Stock dates (created_at, sold_date_timestamp, rego_expiry) and the dates of offers, slides,',
    'reviews and blog cards are written for that clock, which each tenant also records in its',
    '`demo-clock.json`. Because of that file, a demo tenant\'s dates are moved to the build',
    'clock when it is read, so recently sold cars and New Arrivals show whatever the date',
    '(docs/demo-data.md). Real dealers have no demo-clock.json; their feeds are read as they are.',
    '',
    '| Tenant | Records |',
    '| --- | --- |',
    ...stats.map((stat) => `| ${stat.slug} | ${stat.count} |`),
    '',
  ].join('\n');
}

/** Read the generation clock recorded in a tenants/README.md. */
export function readGenerationClock(readme: string): number | null {
  const match = /^Generated: (\S+)$/m.exec(readme);
  return match ? Date.parse(match[1]!) : null;
}

/** One generated tenant: its stock and every file the generator writes for it. */
export interface GeneratedTenant {
  slug: string;
  cars: DemoCar[];
  /** File name in the tenant folder -> exact text (stock.json, demo-clock.json, models.json, reviews.json, offers.json). */
  files: Record<string, string>;
}

/** Stock file text: one record per block, stable key order, trailing newline. */
export function stockJson(cars: readonly DemoCar[]): string {
  return `${JSON.stringify(cars, null, 1)}\n`;
}

/** Generate every demo tenant of a directory (site.json must exist in each). */
export function generateAll(tenantsDir: string, now: number): GeneratedTenant[] {
  return DEMO_PROFILES.map((profile) => {
    const file = join(tenantsDir, profile.slug, 'site.json');
    const site = parseSite(file, JSON.parse(readFileSync(file, 'utf8')), profile.slug);
    const cars = generateStock(profile, site, now);
    // A separate stream, so the extras never shift the stock.
    const random = new Random(`${profile.seed}/extras`);
    // demo-clock.json marks a demo tenant: its dates are moved to the build clock when read (src/lib/site/demo-clock.ts).
    const files: Record<string, string> = { 'stock.json': stockJson(cars), [DEMO_CLOCK_FILE]: demoClockJson(now) };
    const extras: [string, unknown][] = [
      ['models.json', modelsFile(site, dealerYear(now, site.timezone))],
      ['reviews.json', reviewsFile(random, profile, site, now)],
      ['offers.json', offersFile(profile, now)],
    ];
    for (const [name, data] of extras) if (data !== undefined) files[name] = `${JSON.stringify(data, null, 2)}\n`;
    return { slug: profile.slug, cars, files };
  });
}

function main(argv: string[]): void {
  const option = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const tenantsDir = resolve(option('--tenants') ?? join(fileURLToPath(new URL('..', import.meta.url)), 'tenants'));
  const nowText = option('--now');
  const now = nowText ? Date.parse(nowText) : Math.floor(Date.now() / 60_000) * 60_000;
  if (Number.isNaN(now)) throw new Error(`--now: not a date: ${nowText}`);
  const results = generateAll(tenantsDir, now);
  for (const { slug, cars, files } of results) {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(tenantsDir, slug, name), text);
    const profile = DEMO_PROFILES.find((candidate) => candidate.slug === slug)!;
    const found = edgeCasesIn(cars, now);
    const missing = profile.edgeCases.filter((edge) => !found.has(edge));
    console.log(`${slug}: ${cars.length} records${missing.length ? `; MISSING edge cases: ${missing.join(', ')}` : ', every edge case present'}`);
  }
  writeFileSync(join(tenantsDir, 'README.md'), generationNote(now, results.map(({ slug, cars }) => ({ slug, count: cars.length }))));
  console.log(`clock ${new Date(now).toISOString()} recorded in ${join(tenantsDir, 'README.md')}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
