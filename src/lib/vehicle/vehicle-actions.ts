/**
 * Which action buttons a car gets (spec §4 "Buttons by type", §5 "Trade-in button only when
 * available; Reserve only when reserve rule passes; History report only with a file", §5
 * "Save favourite/compare hidden when ...").
 */
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { isCarAvailable } from './availability.ts';
import { MIN_DISPLAY_PRICE } from '../../schemas/price-floor.ts';
import { presentText } from '../../schemas/feed-text.ts';
import { isSitePathOrHttpUrl } from '../../schemas/site/common.ts';
import { saleHeadline } from './price.ts';

/** The site flags the action rules read (site.features, reserve_deposit). */
export interface ActionSiteOptions {
  testDrive: boolean;
  reserve: boolean;
  reserveBuyOnlineRoute: boolean;
  reserveDeposit: number;
  tradeIn: boolean;
  onlinePurchase: boolean;
}

/** The sidebar's buttons for a car. Null / false means the button is not shown. */
export interface VehicleActions {
  /** Book a test drive (test-drivable cars) or get finance (the rest). Null for unavailable cars. */
  primary: 'test-drive' | 'finance' | null;
  /** Reserve online with a deposit. */
  reserve: { deposit: number; href: string } | null;
  /** The Reserve Online tab: the site reserves cars online and the car is for sale; it offers `reserve`, else an enquiry. */
  reserveTab: boolean;
  /** Online purchase journey. */
  buyOnline: { href: string } | null;
  /** Trade-in valuation for this car. */
  tradeIn: { href: string } | null;
  /** History report file url. */
  historyReport: string | null;
  /** Enquire Now: every available car. */
  enquire: boolean;
  /** Find Me Something Similar: unavailable cars. */
  findSimilar: boolean;
}

const TEST_DRIVE_ONLY = /test drive only/i;

/** What the test-drive rule reads of a car (a stock record, or a form's car choice). */
export interface TestDriveCar {
  status?: string | null;
  tag?: string | null;
}

/**
 * The test-drive rule's car conditions, the same for the vehicle page and /book-test-drive/:
 * for sale and on the lot (in stock), or tagged Test Drive Only; a coming-soon car is not there to drive.
 */
export function takesTestDrives(car: TestDriveCar): boolean {
  if (!isCarAvailable({ status: car.status ?? undefined })) return false;
  return car.status === 'in_stock' || TEST_DRIVE_ONLY.test(car.tag ?? '');
}

/** A car can be test-driven when the site takes bookings and the car passes the rule's car conditions (takesTestDrives). */
export function isTestDrivable(car: TestDriveCar, options: Pick<ActionSiteOptions, 'testDrive'>): boolean {
  return options.testDrive && takesTestDrives(car);
}

/** What the reserve rule reads of a car (a stock record, or a form's car choice). */
export interface DepositCar {
  status?: string | null;
  reserved?: boolean | null;
  tag?: string | null;
  price?: number | null;
}

/**
 * The reserve rule's car conditions, the same for the reserve page and the online purchase
 * journey: in stock (not coming soon), not already reserved, a real price, and not a
 * test-drive-only demonstrator.
 */
export function takesDeposit(car: DepositCar): boolean {
  if (car.status !== 'in_stock' || car.reserved) return false;
  if (TEST_DRIVE_ONLY.test(car.tag ?? '')) return false;
  return typeof car.price === 'number' && car.price > MIN_DISPLAY_PRICE;
}

/** A car can be reserved online when the site offers it and the car passes the rule's car conditions (takesDeposit). */
export function isReservable(car: DepositCar, options: Pick<ActionSiteOptions, 'reserve'>): boolean {
  return options.reserve && takesDeposit(car);
}

/** The lead subcategory of the online purchase journey (/checkout-journey); a reserve page's is 'Reserve Online'. */
export const ONLINE_PURCHASE_SUBCATEGORY = 'Online Purchase';

/**
 * Whether the server may take a deposit for the car on a lead from the reserve page or, with
 * `journey`, the online purchase journey: the page's site switch, then the car conditions.
 */
export function depositAllowed(car: DepositCar, features: Pick<Site['features'], 'reserve' | 'online_purchase'>, journey: boolean): boolean {
  return (journey ? features.online_purchase : features.reserve) && takesDeposit(car);
}

/** The reserve page's two paths: /cars/{slug}/buy-online on sites with that route, /cars/{slug}/checkout on the others. */
/** The two URLs of the reserve page under /cars/{slug}/; a site uses one (`features.reserve_buy_online_route`). */
export const RESERVE_ROUTES = ['checkout', 'buy-online'] as const;
export type ReserveRoute = (typeof RESERVE_ROUTES)[number];

/** The cars with a reserve page at `route`: the reservable ones when the site uses that route, none when it uses the other. */
export function reservePageCars(cars: readonly Car[], features: Pick<Site['features'], 'reserve' | 'reserve_buy_online_route'>, route: ReserveRoute): Car[] {
  if (features.reserve_buy_online_route !== (route === 'buy-online')) return [];
  return cars.filter((car) => isReservable(car, { reserve: features.reserve }));
}

/**
 * A non-empty history report link, a site path or an http(s) URL (as site links are), else null
 * ('null' text in feeds counts as none). Feeds write file names with spaces ('PPSR Report 123.pdf'):
 * white space is percent-encoded first, as a browser would, and an http(s) URL must parse.
 */
export function historyReportUrl(car: Pick<Car, 'file'>): string | null {
  const file = presentText(car.file);
  if (!file) return null;
  const encoded = file.replace(/\s/gu, (space) => encodeURIComponent(space));
  if (!isSitePathOrHttpUrl(encoded)) return null;
  if (encoded.startsWith('/')) return encoded;
  try {
    return new URL(encoded).href;
  } catch {
    return null;
  }
}

/** The buttons for a car: available cars get actions, unavailable ones only Find Me Something Similar. */
export function vehicleActions(car: Car, options: ActionSiteOptions): VehicleActions {
  if (!isCarAvailable(car)) {
    return { primary: null, reserve: null, reserveTab: false, buyOnline: null, tradeIn: null, historyReport: null, enquire: false, findSimilar: true };
  }
  const slug = encodeURIComponent(car.slug);
  const reservePath = options.reserveBuyOnlineRoute ? `/cars/${slug}/buy-online` : `/cars/${slug}/checkout`;
  return {
    primary: isTestDrivable(car, options) ? 'test-drive' : 'finance',
    reserve: isReservable(car, options) ? { deposit: options.reserveDeposit, href: reservePath } : null,
    reserveTab: options.reserve,
    buyOnline: options.onlinePurchase && takesDeposit(car) ? { href: `/checkout-journey?car_id=${slug}` } : null,
    tradeIn: options.tradeIn ? { href: `/cars/trade-in?car_id=${encodeURIComponent(String(car.id))}` } : null,
    historyReport: historyReportUrl(car),
    enquire: true,
    findSimilar: false,
  };
}

/** The site flags for save / compare visibility (site.features). */
export interface SaveSiteOptions {
  favourites: boolean;
  compare: boolean;
  hideWithoutImages: boolean;
  usedOnly: boolean;
}

/** Whether the save (favourite) and compare toggles show for a car on this site. */
export interface SaveVisibility {
  save: boolean;
  compare: boolean;
}

/**
 * Save / compare are hidden when disabled, the car is unavailable, priced 0 or less, has no
 * images (on sites that say so) or is not used (on the site that saves used cars only). A sold
 * car already saved keeps its save toggle so the visitor can remove it (spec §4): pass `saved`.
 */
export function saveVisibility(car: Car, options: SaveSiteOptions, saved = false): SaveVisibility {
  const hasImages = (car.images?.length ?? 0) > 0 || Boolean(car.primary_image_url);
  const eligible =
    isCarAvailable(car) &&
    typeof car.price === 'number' &&
    car.price > 0 &&
    !(options.hideWithoutImages && !hasImages) &&
    !(options.usedOnly && car.car_type !== 'used');
  return {
    save: options.favourites && (eligible || saved),
    compare: options.compare && eligible,
  };
}

/**
 * The Get Finance link for a car (spec §2: finance links carry preferredDealership,
 * vehiclePriceBudget, car_id, car_type, vin and the #finance-form anchor); empty values are left out.
 * The budget is the price the car sells for as its pages show it (saleHeadline: the drive-away
 * total when the feed breaks the price down; never a weekly subscription).
 */
export function financeHref(car: Car, path = '/finance'): string {
  const params = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    const text = presentText(value);
    if (text !== null) params.set(key, text);
  };
  add('preferredDealership', car.dealership_slug);
  const sale = saleHeadline(car);
  add('vehiclePriceBudget', sale?.amount ? Math.round(sale.amount) : null);
  add('car_id', car.id);
  add('car_type', car.car_type);
  add('vin', car.vin);
  return `${path}?${params.toString()}#finance-form`;
}
