/**
 * Price display (spec §4 "Price display priority", was-price, trade-in offer; the Australian
 * Consumer Law single total price, s48).
 */
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { formatMoney } from '../text/format.ts';
import { presentText } from '../../schemas/feed-text.ts';
import { MIN_DISPLAY_PRICE } from '../../schemas/price-floor.ts';

/** Which rule chose the price shown. */
export type PriceKind = 'subscription' | 'price' | 'preorder' | 'none';

/** What the price panel shows. */
export interface PriceDisplay {
  kind: PriceKind;
  /** Dollar amount for 'subscription' and 'price'; null otherwise. */
  amount: number | null;
  /** Text as shown: '$34,990', '$189/week', 'PREORDER' or the site's no-price text. */
  text: string;
  /** price_type shown beside the price (e.g. 'Drive Away'); null when none or not a price. */
  priceType: string | null;
}

/** Site settings the price rules read. */
export interface PriceOptions {
  /** site.offers_subscription */
  offersSubscription: boolean;
  /** site.texts.no_price (default 'Enquire for price.') */
  noPriceText: string;
}

/** The price rules' settings of a site. */
export function priceOptions(site: Pick<Site, 'offers_subscription' | 'texts'>): PriceOptions {
  return { offersSubscription: site.offers_subscription, noPriceText: site.texts.no_price };
}

function positive(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

function cleanText(value: string | null | undefined): string | null {
  return presentText(value);
}

/** Price after a trade-in offer: price minus offer when the offer is above 0, else the price. */
export function reducedPrice(car: Pick<Car, 'price' | 'offer_price'>): number {
  const price = positive(car.price);
  const offer = positive(car.offer_price);
  return offer > 0 ? price - offer : price;
}

/**
 * The price to show: subscription price (offered by the site and above 0), else the reduced or
 * normal price when above $10, else PREORDER when flagged, else the site's no-price text.
 */
export function priceDisplay(car: Car, options: PriceOptions): PriceDisplay {
  const subscription = positive(car.subscription_price);
  if (options.offersSubscription && subscription > 0) {
    return { kind: 'subscription', amount: subscription, text: `${formatMoney(subscription)}/week`, priceType: 'Subscription' };
  }
  const amount = reducedPrice(car);
  if (amount > MIN_DISPLAY_PRICE) {
    return { kind: 'price', amount, text: formatMoney(amount), priceType: cleanText(car.price_type) };
  }
  if (car.preorder) return { kind: 'preorder', amount: null, text: 'PREORDER', priceType: null };
  return { kind: 'none', amount: null, text: options.noPriceText, priceType: null };
}

/** One price figure with its label. */
export interface PricePart {
  amount: number;
  label: string;
}

/** The single total price and the component prices shown beside it, less prominently. */
export interface PriceBreakdown {
  total: PricePart;
  components: PricePart[];
}

const EXCLUDES_GOVERNMENT_CHARGES = /excl|egc|govt|government|\+ ?orc|plus orc|on[- ]?road/i;

/** The feed's drive-away figure (`drive_away_price`, a field the car schema keeps without naming it), before any offer; 0 when none. */
export function feedDriveAwayPrice(car: Car): number {
  return positive((car as { drive_away_price?: unknown }).drive_away_price as number | undefined);
}

/**
 * Australian Consumer Law s48: where a car has both an excluding-government-charges price and
 * a drive-away price, the single total (drive-away) price must be at least as prominent as any
 * component. Returns the total to show large and the components to show small; null when the car
 * has only one price. Feeds carry the total as `drive_away_price` beside an excl. price. A
 * trade-in offer (spec §4 reducedPrice) comes off the total and its component alike, as it
 * comes off a plain price, so every amount the car sells for is after the offer.
 */
export function priceBreakdown(car: Car): PriceBreakdown | null {
  const price = positive(car.price);
  const driveAway = feedDriveAwayPrice(car);
  const type = cleanText(car.price_type) ?? '';
  if (price <= MIN_DISPLAY_PRICE || driveAway <= MIN_DISPLAY_PRICE) return null;
  if (!EXCLUDES_GOVERNMENT_CHARGES.test(type)) return null;
  // A drive-away figure below the excl. price is a feed error; never promote the smaller figure.
  if (driveAway < price) return null;
  const component = reducedPrice(car);
  if (component <= MIN_DISPLAY_PRICE) return null;
  return {
    total: { amount: driveAway - (price - component), label: 'Drive Away' },
    components: [{ amount: component, label: type }],
  };
}

/** The price a page shows first and largest, with its label. */
export interface HeadlinePrice {
  kind: PriceKind;
  /** Dollars (per week for 'subscription'); null when no price is shown. */
  amount: number | null;
  /** '$44,500', '$189/week', 'PREORDER' or the site's no-price text. */
  text: string;
  /** Shown beside it: 'Drive Away', the feed's price_type, 'Subscription'; null when none. */
  label: string | null;
}

/**
 * The price every page shows first and largest for a car (vehicle page, print sheet, PDF,
 * reserve page, car tiles), in the spec's order: the subscription price where the site offers
 * one, else the drive-away total when the feed breaks the price down (ACL s48, priceBreakdown),
 * else what priceDisplay chose.
 */
export function headlinePrice(car: Car, options: PriceOptions): HeadlinePrice {
  const price = priceDisplay(car, options);
  const breakdown = price.kind === 'subscription' ? null : priceBreakdown(car);
  if (breakdown) return { kind: 'price', amount: breakdown.total.amount, text: formatMoney(breakdown.total.amount), label: breakdown.total.label };
  return { kind: price.kind, amount: price.amount, text: price.text, label: price.priceType };
}

/** The price lines of a vehicle page's price panel and print sheet, in order. */
export interface PriceBlock {
  /** First and largest (headlinePrice). */
  headline: HeadlinePrice;
  /** The drive-away total below a subscription headline, at least as prominent as the components; null otherwise. */
  total: PricePart | null;
  /** The excl. government charges components, last and smallest. */
  components: PricePart[];
}

/**
 * The price panel's and print sheet's lines: the headline, then, where the feed breaks the
 * price down, the drive-away total (below a subscription headline; it is the headline
 * otherwise) and its components, so a component never comes before or above the total (s48).
 */
export function priceBlock(car: Car, options: PriceOptions): PriceBlock {
  const headline = headlinePrice(car, options);
  const breakdown = priceBreakdown(car);
  return { headline, total: breakdown && headline.kind === 'subscription' ? breakdown.total : null, components: breakdown?.components ?? [] };
}

/** A headline as one line of text with its label: '$44,500 Drive Away'. */
export function headlineLine(headline: HeadlinePrice): string {
  return [headline.text, headline.label].filter(Boolean).join(' ');
}

/**
 * The was-price every page strikes through after a car's headline (the vehicle page's price
 * panel, the print sheet, every car tile), one rule for all (spec §4 "Was-price line when
 * before_price exceeds price"): before_price when it exceeds the price and the headline, which
 * must be a dollar one (not a weekly subscription, PREORDER or the no-price text). A drive-away
 * headline is above its excl. government charges price, so a before_price between the two is
 * not shown (it would read as a rise); else null.
 */
export function wasPrice(car: Pick<Car, 'price' | 'before_price'>, headline: HeadlinePrice): number | null {
  const before = positive(car.before_price);
  const price = positive(car.price);
  if (!(before > 0 && price > 0 && before > price)) return null;
  return headline.kind === 'price' && headline.amount !== null && before > headline.amount ? before : null;
}

/** A car tile's price line: the headline price and the was figure printed after it. */
export interface TilePrice {
  headline: HeadlinePrice;
  /** The was-price to strike through after the headline; null when none is shown. */
  was: number | null;
}

/** The price line of every car tile (search result card, home-page tile, similar-vehicles tile): headlinePrice, and the wasPrice after it. */
export function tilePrice(car: Car, options: PriceOptions): TilePrice {
  const headline = headlinePrice(car, options);
  return { headline, was: wasPrice(car, headline) };
}

/**
 * The amount the car sells for, as headlinePrice shows it without a weekly subscription price:
 * the drive-away total where the feed breaks the price down, else the price, either after a
 * trade-in offer; null when there is none to show. The finance budget, My Garage, the trade-in
 * offer and the finance calculator's purchase price (financePrice) all use it.
 */
export function saleHeadline(car: Car): HeadlinePrice | null {
  const headline = headlinePrice(car, { offersSubscription: false, noPriceText: '' });
  return headline.kind === 'price' ? headline : null;
}
