/**
 * The vehicle view model (issue 12 item 4). The rules it composes keep their own tables
 * (price.test.ts, vehicle-tag.test.ts, vehicle-actions.test.ts, spec-rows.test.ts, gallery.test.ts,
 * vehicle-jsonld.test.ts, vehicle-pdf.test.ts, finance-eligibility.test.ts, ...); these tables
 * check which rule feeds which field, the few rules the view itself owns (display name, headline
 * price, finance estimate, calculator amount, description, images), and that the view is plain
 * data that survives JSON.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema, type Car } from '../../schemas/car.ts';
import { SiteSchema, type Site } from '../../schemas/site.ts';
import { carImages, vehicleTileView, vehicleView, type VehicleView } from './view.ts';
import { headlinePrice, priceBreakdown, priceDisplay, wasPrice } from './price.ts';
import { vehicleTag } from './vehicle-tag.ts';
import { financeHref, saveVisibility, vehicleActions } from './vehicle-actions.ts';
import { featureList, keyInformation, usedCarChecks, vehicleDetails } from './spec-rows.ts';
import { vehicleLocation } from './vehicle-location.ts';
import { vehiclePdfContent } from './vehicle-pdf.ts';
import { vehicleJsonLd } from './vehicle-jsonld.ts';
import { financeBox, financeSiteOptions } from '../finance/finance-eligibility.ts';
import { DEFAULT_MONEY_PRESETS } from '../forms/money-input.ts';
import { carImageSources, photoUrl, placeholderImage } from '../images.ts';

const NOW = Date.parse('2026-11-21T00:00:00Z');

function site(patch: Record<string, unknown> = {}): Site {
  return v.parse(SiteSchema, { slug: 'acme', template: 'used-group', name: 'Acme Cars', url: 'https://acme.com.au', phone: '+61 7 3000 0000', ...patch });
}

function car(patch: Record<string, unknown> = {}): Car {
  return v.parse(CarSchema, {
    id: 42,
    slug: 'used-2021-toyota-corolla-42',
    name: '2021 Toyota Corolla Ascent',
    year: 2021,
    make: 'Toyota',
    model: 'Corolla',
    badge: 'Ascent',
    price: 26990,
    status: 'in_stock',
    car_type: 'used',
    km: 35120,
    simple_transmission: 'Automatic',
    simple_body: 'Hatch',
    dealercomments: 'One owner.',
    images: [{ image: '/images/demo/hatch-red-angle.webp', thumb: '/images/demo/hatch-red-angle-thumb.webp' }, { image: '/images/demo/hatch-red-side.webp' }],
    ...patch,
  });
}

const nissan = { finance_provider: 'Nissan Finance', finance: { amount_from_car_price: true } };
const lender = { 'Nissan Finance': { interestRate: 6.99, paymentMonth: 512.345, comparisonRate: 7.5 } };

/** Every value is a string, finite number, boolean, null, plain array or plain object. */
function plainData(value: unknown, path = 'view'): string[] {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return [];
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [`${path}: ${value}`];
  if (Array.isArray(value)) return value.flatMap((item, index) => plainData(item, `${path}[${index}]`));
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return [`${path}: ${proto?.constructor?.name ?? 'instance'}`];
    return Object.entries(value).flatMap(([key, item]) => (item === undefined ? [] : plainData(item, `${path}.${key}`)));
  }
  return [`${path}: ${typeof value}`];
}

describe('vehicleView is plain, serialisable data', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['in-stock used car', {}, {}],
    ['sold car', { status: 'sold' }, {}],
    ['no price, no images, no name', { price: null, images: [], name: null }, {}],
    ['drive-away breakdown', { price: 30000, price_type: 'Excl. Govt. Charges', drive_away_price: 33500 }, {}],
    ['feed photos on a CDN site', { images: [{ image: photoUrl('0123456789abcdef01234567', 'ff0000') }, { image: 'https://cdn.example.com/a.jpg' }] }, { images: { cdn_template: 'https://img.example.com/{width}/{url}' } }],
    ['finance box, YouX quote, video and spin', { finance_lenders: lender, youxQuote: { weeklyRepaymentAmount: 120, comparisonRate: 8.1, advertisedRate: 7.9 }, video_url: 'https://www.youtube.com/watch?v=abcdefghijk', spin_images: ['/s1.webp', '/s2.webp'], spin_code: 'X1' }, { ...nissan, impel: true, spin: { impel_url: 'https://spin.example.com/{spin_code}' } }],
  ])('%s: JSON round trip deep-equals the view, no functions or instances', (_name, carPatch, sitePatch) => {
    const view = vehicleView(car(carPatch), site(sitePatch), NOW);
    expect(plainData(view)).toEqual([]);
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
  });
});

describe('vehicleView composes the rules (which rule feeds which field)', () => {
  const s = site({ ...nissan, features: { electric_tag: true, unregistered_label: true } });
  const c = car({ finance_lenders: lender, tag: 'Hot Deal', rego_expiry: '2027-01-01', before_price: 29990 });
  const view = vehicleView(c, s, NOW);
  const priceOptions = { offersSubscription: s.offers_subscription, noPriceText: s.texts.no_price };
  const specOptions = { now: NOW, showUnregistered: s.features.unregistered_label, timeZone: s.timezone };
  it.each<[keyof VehicleView, unknown]>([
    ['price', priceDisplay(c, priceOptions)],
    ['breakdown', priceBreakdown(c)],
    ['was', wasPrice(c, headlinePrice(c, priceOptions))],
    ['tag', vehicleTag(c, NOW, { electricTag: s.features.electric_tag })],
    ['financeBox', financeBox(c, financeSiteOptions(s), NOW)],
    ['financeHref', financeHref(c)],
    ['save', saveVisibility(c, { favourites: s.features.favourites, compare: s.features.compare, hideWithoutImages: s.features.hide_save_without_images, usedOnly: s.features.save_used_only })],
    ['actions', vehicleActions(c, { testDrive: s.features.test_drive, reserve: s.features.reserve, reserveBuyOnlineRoute: s.features.reserve_buy_online_route, reserveDeposit: s.reserve_deposit, tradeIn: s.features.trade_in, onlinePurchase: s.features.online_purchase })],
    ['keyInformation', keyInformation(c)],
    ['details', vehicleDetails(c, specOptions)],
    ['usedCarChecks', usedCarChecks(c, specOptions)],
    ['features', featureList(c)],
    ['location', vehicleLocation(c, s)],
    ['pdf', vehiclePdfContent(c, s)],
    ['tile', vehicleTileView(c, s)],
    ['jsonLd', vehicleJsonLd(c, { url: 'https://acme.com.au/cars/used-2021-toyota-corolla-42', images: c.images!.map((image) => `https://acme.com.au${image.image}`), price: priceDisplay(c, priceOptions), breakdown: null, sellerName: 'Acme Cars' })],
  ])('%s', (field, expected) => {
    expect(view[field]).toEqual(expected);
  });
});

describe("rego expiry on the dealer's calendar (site.json timezone)", () => {
  // 00:30 on 7 Dec in Brisbane, still 6 Dec (22:30) in Perth; the rego ran to the end of 6 Dec.
  const at = Date.parse('2026-12-06T14:30:00Z');
  const rego = (timezone: string) => vehicleView(car({ rego_expiry: '2026-12-06' }), site({ timezone }), at).details.find((row) => row.label === 'Rego Expiry')?.value;
  it('has passed in Brisbane after its midnight and not yet in Perth', () => {
    expect(rego('Australia/Brisbane')).toBe('Expired 6 Dec 2026');
    expect(rego('Australia/Perth')).toBe('6 Dec 2026');
  });
});

describe('display name (spec §3: a feed name may be missing): set once when the feed is parsed, shown as it is everywhere', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['feed name, trimmed', { name: '  2021 Toyota Corolla  ' }, '2021 Toyota Corolla'],
    ['no name: year make model badge', { name: null }, '2021 Toyota Corolla Ascent'],
    ['blank name and no badge', { name: ' ', badge: null }, '2021 Toyota Corolla'],
    ["the text 'null' as the name", { name: 'null' }, '2021 Toyota Corolla Ascent'],
    ['nothing to name it by: the id', { name: null, year: null, make: null, model: null, badge: null }, 'Stock 42'],
    ['nothing to name it by: the stock number', { name: null, year: null, make: null, model: null, badge: null, stocknum: 'T123' }, 'Stock T123'],
  ])('%s -> %s', (_name, patch, expected) => {
    const parsed = car(patch);
    const view = vehicleView(parsed, site(), NOW);
    // The page, the tile, the PDF and the JSON-LD show the one name the schema set.
    expect([parsed.name, view.name, view.tile.name, view.pdf.title, view.jsonLd.name]).toEqual([expected, expected, expected, expected, expected]);
  });
});

describe('headline price (spec §5, ACL s48 drive-away total)', () => {
  it.each<[string, Record<string, unknown>, string, string | null]>([
    ['plain price', {}, '$26,990', null],
    ['excl. government charges with a drive-away total', { price: 30000, price_type: 'Excl. Govt. Charges', drive_away_price: 33500 }, '$33,500', 'Drive Away'],
    ['no price', { price: null }, 'Enquire', null],
  ])('%s -> %s %s', (_name, patch, text, type) => {
    const view = vehicleView(car(patch), site({ texts: { no_price: 'Enquire' } }), NOW);
    expect(view.priceText).toBe(text);
    expect(view.priceType ?? null).toBe(type);
  });

  it('market badge and gauge only for available cars', () => {
    const comparison = { price_comparison: { price: 26990, market_low: 25000, market_high: 30000 } };
    const sold = vehicleView(car({ status: 'sold', ...comparison }), site(), NOW);
    expect(sold.market).toBeNull();
    expect(sold.gauge).toBeNull();
  });
});

describe('finance box, estimate and calculator (spec §9)', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, { box: boolean; amountText: string | null; estimate: string | null; calculator: number | null }]>([
    // Issue 35: the box prints the car's figures at the lender's rate (not the feed's paymentMonth), monthly, rounded up to the cent.
    ['Nissan Finance lender: monthly figure rounded up to the cent', { finance_lenders: lender }, nissan, { box: true, amountText: '$534.31', estimate: 'Finance $534.31 per month*', calculator: 26990 }],
    ['no lender data: no box, calculator still shows', {}, nissan, { box: false, amountText: null, estimate: null, calculator: 26990 }],
    ['Suzuki: never a box', { finance_lenders: lender, make: 'Suzuki' }, nissan, { box: false, amountText: null, estimate: null, calculator: 26990 }],
    ['sold: no box, no calculator', { finance_lenders: lender, status: 'sold' }, nissan, { box: false, amountText: null, estimate: null, calculator: null }],
    ['amount from the site default', {}, { finance_provider: 'Nissan Finance', finance: { amount_from_car_price: false, default_amount: 30000 } }, { box: false, amountText: null, estimate: null, calculator: 30000 }],
    ['no provider: no box, no calculator', { finance_lenders: lender }, {}, { box: false, amountText: null, estimate: null, calculator: null }],
  ])('%s', (_name, carPatch, sitePatch, expected) => {
    const view = vehicleView(car(carPatch), site(sitePatch), NOW);
    expect(view.financeBox !== null).toBe(expected.box);
    expect(view.financeBoxAmountText).toBe(expected.amountText);
    expect(view.financeEstimate).toBe(expected.estimate);
    expect(view.calculator?.start.amount ?? null).toBe(expected.calculator);
  });

  it('the calculator carries the site settings, the presets default and the disclaimer passed in', () => {
    const view = vehicleView(car(), site(nissan), NOW, { financeDisclaimer: 'Looked up by id.' });
    expect(view.calculator).toMatchObject({ presets: [...DEFAULT_MONEY_PRESETS], disclaimer: 'Looked up by id.', start: { rounding: 'cent-up' }, quote: null });
    expect(vehicleView(car(), site(nissan), NOW).calculator?.disclaimer).toBe(site(nissan).finance.disclaimer);
    expect(vehicleView(car(), site({ ...nissan, finance: { ...nissan.finance, presets: [] } }), NOW).calculator?.presets).toEqual([...DEFAULT_MONEY_PRESETS]);
  });

  it.each<[string, Record<string, unknown>, boolean, boolean]>([
    ['YouX quote on an available priced car', {}, true, true],
    ['YouX quote on a sold car (calculator hidden, no quote link)', { status: 'sold' }, false, false],
    ['YouX quote without a price', { price: null }, false, true],
  ])('%s', (_name, patch, quoteWidget, quoteLink) => {
    const view = vehicleView(car({ youxQuote: { weeklyRepaymentAmount: 120 }, ...patch }), site(nissan), NOW);
    expect(Boolean(view.calculator?.quote)).toBe(quoteWidget);
    expect(view.financeQuoteHref !== null).toBe(quoteLink);
  });
});

describe("the car's finance figures on the page (7.12, 2.38)", () => {
  const taurus = { finance_provider: 'Taurus' };
  const taurusLender = { Taurus: { interestRate: 9.28, comparisonRate: 9.83, paymentWeek: 139, termYears: 5 } };
  const youx = { weeklyRepaymentAmount: 140, comparisonRate: 9.6, advertisedRate: 8.49 };

  it('a lender car: the box names the lender and prints its own figures; no quote call', () => {
    const view = vehicleView(car({ finance_lenders: taurusLender }), site(taurus), NOW);
    expect(view.financeLender).toBe('Taurus');
    expect(view.financeTexts).toMatchObject({ payment: '$139', rate: '9.28% p.a.', comparison: '9.83%', terms: 'No deposit, $0 final payment' });
    expect(view.financeEstimate).toBe('Finance $139 per week*');
    expect(view.financeQuoteCall).toBeNull();
  });

  it('a car the quote provider prices: its figures everywhere, no lender named, a quote call to the API', () => {
    const view = vehicleView(car({ finance_lenders: taurusLender, youxQuote: youx }), site(taurus), NOW);
    expect(view.financeLender).toBeNull();
    expect(view.financeTexts).toMatchObject({ payment: '$140', rate: '8.49% p.a.', comparison: '9.60%' });
    expect(view.calculator?.quote?.paymentText).toBe('$140');
    expect(view.calculator?.start).toMatchObject({ source: 'quote', ratePercent: 8.49, years: 5 });
    expect(view.financeQuoteCall).toMatchObject({
      endpoint: '/api/youx/quote',
      request: { purchasePrice: 26_990, loanTerm: 5, selfAssessedCreditScore: 'GREAT' },
      terms: { amount: 26_990, years: 5 },
    });
    expect(vehicleView(car({ youxQuote: youx, status: 'sold' }), site(taurus), NOW).financeQuoteCall).toBeNull();
  });

  it('a subscription-priced car: its figures on its price (the box, the sticky header, the calculator)', () => {
    const view = vehicleView(
      car({ price: 64_990, subscription_price: 499, finance_lenders: { Taurus: { ...taurusLender.Taurus, paymentWeek: 324 } } }),
      site({ ...taurus, offers_subscription: true }),
      NOW,
    );
    expect(view.price.kind).toBe('subscription');
    expect(view.financeEstimate).toBe('Finance $324 per week*');
    expect(view.calculator?.start.amount).toBe(64_990);
  });

  it('a car with a drive-away breakdown: the calculator starts on the amount the headline shows and the Get Finance link budgets', () => {
    const view = vehicleView(car({ price: 40_000, price_type: 'Excl. Govt. Charges', drive_away_price: 44_500 }), site(nissan), NOW);
    expect([view.priceText, view.priceType]).toEqual(['$44,500', 'Drive Away']);
    expect(new URL(view.financeHref, 'https://x.example').searchParams.get('vehiclePriceBudget')).toBe('44500');
    expect(view.calculator?.start.amount).toBe(44_500);
  });

  it('the National Credit Code setting: the sticky header carries the rates, the comparison rate is prominent', () => {
    const view = vehicleView(car({ finance_lenders: taurusLender }), site({ ...taurus, finance: { comparison_rate_disclosure: 'national-credit-code' } }), NOW);
    expect(view.financeEstimate).toBe('Finance $139 per week* at 9.28% p.a. (9.83% comparison rate*)');
    expect(view.financeProminentComparison).toBe(true);
    expect(view.calculator?.prominentComparison).toBe(true);
  });
});

describe('images, gallery and links', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['feed images', {}, ['/images/demo/hatch-red-angle.webp', '/images/demo/hatch-red-side.webp']],
    ['primary image only', { images: [], primary_image_url: '/p.webp' }, ['/p.webp']],
    ['nothing: the placeholder for the body', { images: [], primary_image_url: null }, [placeholderImage('Hatch')]],
    ['a blank primary image counts as none', { images: [], primary_image_url: ' ' }, [placeholderImage('Hatch')]],
  ])('%s', (_name, patch, expected) => {
    expect(carImages(car(patch)).map((image) => image.image)).toEqual(expected);
    const view = vehicleView(car(patch), site(), NOW);
    // The tile shows the first of them (the one primary image).
    expect(view.tile.image.src).toBe(carImageSources(expected[0]!, 'card').src);
    expect(view.slides.map((slide) => slide.alt)).toEqual(expected.map((_, index) => `${view.name}, photo ${index + 1} of ${expected.length}`));
  });

  it('a feed photo gets its own thumbnail sources; a demo image uses its drawn thumbnail', () => {
    const view = vehicleView(car({ images: [{ image: photoUrl('0123456789abcdef01234567', 'ff0000') }, { image: '/images/demo/hatch-red-angle.webp', thumb: '/t.webp' }] }), site(), NOW);
    expect(view.slides[0].thumbSources).toEqual(carImageSources(photoUrl('0123456789abcdef01234567', 'ff0000'), 'thumb'));
    expect(view.slides[1].thumbSources).toBeNull();
    expect(view.slides[1].thumb).toBe('/t.webp');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['make and model', {}, '/toyota/corolla'],
    ['make only', { model: null }, '/toyota'],
    ['no make', { make: null }, '/new-used-and-demo-cars'],
  ])('similar link: %s', (_name, patch, suffix) => {
    expect(vehicleView(car(patch), site(), NOW).similarHref.endsWith(suffix)).toBe(true);
  });

  it('a feed image URL that does not parse is left out of the JSON-LD instead of failing the page and the PDF', () => {
    const view = vehicleView(car({ images: [{ image: 'http://[broken' }, { image: '/images/demo/hatch-red-side.webp' }] }), site(), NOW);
    expect(view.jsonLd.image).toEqual(['https://acme.com.au/images/demo/hatch-red-side.webp']);
    expect(view.slides).toHaveLength(2);
  });

  it.each<[string, Record<string, unknown>]>([
    ['an empty video_url', { video_url: '' }],
    ["a video_url that cannot play (the dealer's own page)", { video_url: 'https://acme.com.au/cars/corolla-video' }],
  ])('video slide: %s falls through to external_video_url', (_name, patch) => {
    const view = vehicleView(car({ ...patch, external_video_url: 'https://www.youtube.com/watch?v=abcdefghijk' }), site(), NOW);
    expect(view.video).toEqual({ kind: 'embed', src: 'https://www.youtube-nocookie.com/embed/abcdefghijk' });
  });

  it('thumbnails count the photos (spec §9 "more than 3 images"), not the video slide', () => {
    const photos = (count: number) => Array.from({ length: count }, (_, i) => ({ image: `/images/demo/hatch-red-${i}.webp` }));
    const video_url = 'https://www.youtube.com/watch?v=abcdefghijk';
    expect(vehicleView(car({ images: photos(3), video_url }), site(), NOW).thumbnails).toBe(false);
    expect(vehicleView(car({ images: photos(4), video_url }), site(), NOW).thumbnails).toBe(true);
    expect(vehicleView(car({ images: photos(4) }), site(), NOW).thumbnails).toBe(true);
  });
  it('video slide: a playable video_url comes before external_video_url', () => {
    const view = vehicleView(car({ video_url: 'https://vimeo.com/123456', external_video_url: 'https://www.youtube.com/watch?v=abcdefghijk' }), site(), NOW);
    expect(view.video).toEqual({ kind: 'embed', src: 'https://player.vimeo.com/video/123456' });
  });

  it('endpoints hang off the API base without a doubled slash, the slug encoded', () => {
    const view = vehicleView(car(), site({ api_base: 'https://api.acme.com.au/api/' }), NOW);
    expect(view.endpoints.pdf).toBe('https://api.acme.com.au/api/cars/used-2021-toyota-corolla-42/pdf');
    expect(view.endpoints.delivery).toBe('https://api.acme.com.au/api/delivery-estimate');
  });
});

describe('page description (SEO text)', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['available with a price', {}, '2021 Toyota Corolla Ascent, 35,120 km, $26,990. For sale at Acme Cars.'],
    ['sold: no price', { status: 'sold' }, '2021 Toyota Corolla Ascent, 35,120 km. Recently sold at Acme Cars.'],
    ['no odometer', { km: null }, '2021 Toyota Corolla Ascent, $26,990. For sale at Acme Cars.'],
  ])('%s', (_name, patch, expected) => {
    expect(vehicleView(car(patch), site(), NOW).description).toBe(expected);
  });
});
