/**
 * site.json schema (spec §3 "Site config" plus what the spec varies per site).
 * One file per concern lives in ./site/; this file composes them. Field names keep the
 * spec's snake_case. Every optional field has its default beside it; docs/site-json.md
 * is the reference for dealers and developers.
 */
import * as v from 'valibot';
import { searchFilterProblem } from './site/search-filter.ts';
import { dollarsAndCents, httpUrl, link, phone, slug, timeZone } from './site/common.ts';
import { FeaturesSchema } from './site/features.ts';
import { FinanceSettingsSchema } from './site/finance.ts';
import { SpinSettingsSchema } from './site/spin.ts';
import { SpinToWinSchema } from './site/spin-to-win.ts';
import { TradeInSettingsSchema } from './site/trade-in.ts';
import { DealershipsSchema, LocationsSchema, locationSlugsApartFromDealerships, slugsApartFromCarTypeRoutes } from './site/locations.ts';
import { MenusSchema } from './site/menus.ts';
import { PromoSettingsSchema } from './site/promo.ts';
import { ServiceSettingsSchema } from './site/service.ts';
import { excludedStockDealershipsKnown, StockRulesSchema } from './site/stock-rules.ts';
import { TextsSchema } from './site/texts.ts';
import { ThemeSchema } from './site/theme.ts';
import { ServicePageSchema } from './site/service-page.ts';
import { MarketingSettingsSchema } from './site/marketing.ts';
import { PaymentSettingsSchema } from './site/payments.ts';
import { ImageSettingsSchema } from './site/images.ts';
import { VEHICLE_KINDS } from './vehicle-kinds.ts';
import { MapSettingsSchema } from './site/maps.ts';
import { GARAGE_ROUTE, GatedRouteSchema } from './site/gated-routes.ts';
import { SearchWordSchema } from './site/search-words.ts';
import { SmsSettingsSchema, senderIdGiven } from './site/sms.ts';

/** Templates change layout and wording, not logic (DESIGN §3). */
export const TEMPLATES = ['used-group', 'franchise', 'caravan', 'motorcycle'] as const;

/** Kinds of vehicle a dealer sells (site.json `vehicle_kinds`): the site's wording follows them (docs/site-json.md). */
export { VEHICLE_KINDS };

/** Search engine settings: absent means the embedded engine. */
export const SearchSettingsSchema = v.strictObject({
  /** Meilisearch host URL as the browser reaches it, e.g. 'https://search.example.com'. */
  host: httpUrl('expected the search host URL, e.g. https://search.example.com'),
  /**
   * Browser key: a Meilisearch tenant token only (checked by the build: this index only, the
   * tenant filter, an expiry); an API key is refused. Best left out: the build then mints an
   * expiring tenant token from MEILI_SEARCH_KEY / MEILI_SEARCH_KEY_UID (server side),
   * restricted to `site = "<slug>"` AND search_filters.
   */
  key: v.optional(v.string()),
  /** Index uid. Default 'Car_production'. */
  index: v.optional(v.string(), 'Car_production'),
});

/** The fields of site.json, each with its doc and default. */
const SiteFieldsSchema = v.strictObject({
  /** Tenant slug; must equal the tenant folder name. */
  slug,
  /** Template: used-group | franchise | caravan | motorcycle. */
  template: v.picklist(TEMPLATES, `template must be one of ${TEMPLATES.join(', ')}`),
  /**
   * What the dealer sells, e.g. ['motorcycle', 'truck']: menus, footer, banners and the hero
   * speak of these ('Sell My Bike or Truck', 'Bikes & Trucks'). Default by template: caravan
   * ['caravan'], motorcycle ['motorcycle'], others ['car']. A truck dealer sets ['truck'].
   */
  vehicle_kinds: v.optional(
    v.pipe(
      v.array(v.picklist(VEHICLE_KINDS, `vehicle_kinds: each must be one of ${VEHICLE_KINDS.join(', ')}`)),
      v.minLength(1, 'vehicle_kinds is empty: leave it out for the template default'),
      v.check((kinds) => new Set(kinds).size === kinds.length, 'vehicle_kinds lists a kind twice'),
    ),
  ),
  /** Dealer (trading) name shown in the header, titles and consent texts. */
  name: v.pipe(v.string(), v.minLength(1, 'name is empty')),
  /** Public site URL for canonical links and the sitemap, e.g. 'https://www.example.com.au'. */
  url: httpUrl('expected the public site URL, e.g. https://www.example.com.au'),
  /** Short description for the home page meta description. Default: generated from the name. */
  description: v.optional(v.string()),
  /** Logo path (relative to the tenant's public folder) or URL. Default: the name as a word mark. */
  logo: v.optional(v.string()),
  /** Head-office address line. */
  address: v.optional(v.string(), ''),
  /** Main phone number, e.g. '+61 7 3000 1234' (shown as 07 3000 1234): an Australian number, 10 digits starting 0, the +61 form, or a 13, 1300 or 1800 number. */
  phone,
  /** Public e-mail address. */
  email: v.optional(v.pipe(v.string(), v.email())),
  /** Dealerships of the group. Default none. */
  dealerships: v.optional(DealershipsSchema, []),
  /** Franchise websites by make ({ make, url }). Default none. */
  dealership_websites: v.optional(
    v.array(
      v.strictObject({
        /** The make, e.g. 'Toyota'. */
        make: v.string(),
        /** The make's franchise website. */
        url: v.optional(link),
      }),
    ),
    [],
  ),
  /** Locations (sales, service, parts yards). Default none. */
  locations: v.optional(LocationsSchema, []),
  /** Franchise manufacturer brand, e.g. 'Toyota'; absent for multi-brand sites. */
  manufacturer: v.optional(v.string()),
  /** Finance provider name: Taurus, 360 Finance, AusLoans, Manual, Angle, Powertorque, Nissan Finance. */
  finance_provider: v.optional(v.string()),
  /** Subscription pricing offered. Default false. */
  offers_subscription: v.optional(v.boolean(), false),
  /** Garage (watchlist) enabled; the same as `features.garage` (either turns it on, src/lib/forms/garage.ts). Default false. */
  garage_enabled: v.optional(v.boolean(), false),
  /** Impel spin provider in use (uses spin_code). Default false. */
  impel: v.optional(v.boolean(), false),
  /** Service booking URL (embedded iframe). */
  xtime_url: v.optional(httpUrl()),
  /** Dealer's YouTube channel. */
  youtube_url: v.optional(httpUrl()),
  /** Meilisearch settings; absent = embedded search. */
  search: v.optional(SearchSettingsSchema),
  /** Extra Meilisearch filter narrowing what browsers see; always ANDed with `site = "<slug>"` (never replaces it). Its parentheses, brackets and quotes must close within it (one that closed the parenthesis it is put in could OR past the site filter). Default none. */
  search_filters: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (filter) => searchFilterProblem(filter) === null,
        (issue) => searchFilterProblem(String(issue.input)) ?? 'invalid',
      ),
    ),
  ),
  /** The dealer's own words for the sentence search (src/schemas/site/search-words.ts, docs/search.md "Sentences"). Default none. */
  search_words: v.optional(v.array(SearchWordSchema), []),
  /** Offers page settings: how many offers to show. Default { count: 12 }. */
  offers: v.optional(v.strictObject({ count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 12) }), { count: 12 }),
  /** Sold cars stay visible this many days after sale. Default 3. */
  include_sold_cars_days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 3),
  /** Results per search page. Default 21. */
  search_page_size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 21),
  /** Reserve deposit in dollars, at most 2 decimals (the server charges it in cents). Default 200. */
  reserve_deposit: v.optional(v.pipe(v.number(), v.minValue(0), dollarsAndCents('the deposit is charged in cents')), 200),
  /** Online payments (deposit, /online-payment): provider, deposit terms. Default: no provider, no card taken (docs/payments.md). */
  payments: v.optional(PaymentSettingsSchema, {}),
  /** Default state for state selects (instant offer). Default 'qld'. */
  default_state: v.optional(v.picklist(['qld', 'nsw', 'vic', 'sa', 'wa', 'tas', 'act', 'nt']), 'qld'),
  /** Search URLs use /used-car/... instead of /search/.... Default false. */
  used_car_routes: v.optional(v.boolean(), false),
  /** Time zone of the dealer (opening status, promos, test-drive times), an IANA name such as 'Australia/Sydney'. Default 'Australia/Brisbane'. */
  timezone: v.optional(timeZone, 'Australia/Brisbane'),
  /**
   * Paths that need a signed-in shopper (spec §2 gated routes). A route of a gateable family:
   * checkout (/checkout, /buy-online, /checkout-journey), finance (/finance, /finance-enquiry,
   * /apply-for-finance, /finance-pre-approval, /personalised/finance), trade-in (/trade-in,
   * /cars/trade-in), /sell-my-car, /spin-to-win, /online-payment. Naming one route gates its whole
   * family. Also accepted: /cars/{slug}/checkout and /cars/{slug}/buy-online (checkout), /my-garage and
   * the site's `garage_routes` (always gated; another path of their shape, such as /myoffers, is taken
   * as a content page), and a tenant content page (/<name> or /pages/<name>, gated with its
   * guard; the build refuses one that the product's own page takes and warns when no content page has it).
   * A path of any other shape gates no page and is refused. Default none.
   */
  gated_routes: v.optional(v.array(GatedRouteSchema), []),
  /**
   * Group garage routes (spec §2 routes /mymotorama, /mybigboxcars, ...): extra
   * paths that show the shopper's garage exactly like /my-garage, always gated. Default none.
   */
  garage_routes: v.optional(
    v.array(
      v.pipe(
        v.string(),
        v.regex(GARAGE_ROUTE, 'expected a one-segment path starting with /my, e.g. /mymotorama'),
        v.check((path) => path !== '/my-garage', '/my-garage exists on every site'),
      ),
    ),
    [],
  ),
  /** Lead API base URL for production; default '/api' on the site's own origin. */
  api_base: v.optional(v.string(), '/api'),
  features: v.optional(FeaturesSchema, {}),
  /** The site's texts (sign-in codes, the trade-in thank-you): the sender ID they show (src/schemas/site/sms.ts). */
  sms: v.optional(SmsSettingsSchema, {}),
  texts: v.optional(TextsSchema, {}),
  /** Brand colours and font. A colour is #rgb or #rrggbb (#rgba, #rrggbbaa with alpha), rgb() with channels 0-255 or 0-100%, hsl() with a hue of 0-360 and percentages, or a CSS colour name such as navy; anything else is refused. */
  theme: v.optional(ThemeSchema, {}),
  finance: v.optional(FinanceSettingsSchema, {}),
  /** Vehicle media: open on spin or gallery, auto-rotate, the external 360 provider's URL. */
  spin: v.optional(SpinSettingsSchema, {}),
  /** The /spin-to-win prize wheel: prizes, terms, permit numbers, period (src/schemas/site/spin-to-win.ts, docs/spin-to-win.md). Absent: no wheel. */
  spin_to_win: v.optional(SpinToWinSchema),
  /** Online trade-in estimate limits: maximum age and kilometres. */
  trade_in: v.optional(TradeInSettingsSchema, {}),
  stock_rules: v.optional(StockRulesSchema, {}),
  promo: v.optional(PromoSettingsSchema, {}),
  menus: v.optional(MenusSchema, {}),
  /** Service booking form settings. */
  service: v.optional(ServiceSettingsSchema, {}),
  /** Service page content (src/schemas/site/service-page.ts). */
  service_page: v.optional(ServicePageSchema, {}),
  /** Marketing blocks: 'We accept' strip, interest tiles, Email Us (src/schemas/site/marketing.ts). */
  marketing: v.optional(MarketingSettingsSchema, {}),
  /** Feed photos: an image CDN template instead of local variants, and the quality (src/schemas/site/images.ts, docs/images.md). */
  images: v.optional(ImageSettingsSchema, {}),
  /** Location maps: the drawn map, or an interactive street map from a tile source that loads when the shopper opens it (src/schemas/site/maps.ts). */
  maps: v.optional(MapSettingsSchema, {}),
});

/** site.json: its fields, and the rules that read several of its fields together. */
export const SiteSchema = v.pipe(
  SiteFieldsSchema,
  locationSlugsApartFromDealerships<v.InferOutput<typeof SiteFieldsSchema>>(),
  slugsApartFromCarTypeRoutes<v.InferOutput<typeof SiteFieldsSchema>>(),
  senderIdGiven<v.InferOutput<typeof SiteFieldsSchema>>(),
  excludedStockDealershipsKnown<v.InferOutput<typeof SiteFieldsSchema>>(),
);

/** A validated site.json with every default filled in. */
export type Site = v.InferOutput<typeof SiteSchema>;
/** site.json as written by a dealer. */
export type SiteInput = v.InferInput<typeof SiteSchema>;
export type Template = (typeof TEMPLATES)[number];
export type { Location, Dealership, OpeningHour } from './site/locations.ts';
