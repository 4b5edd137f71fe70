/**
 * The vehicle view model: everything the vehicle page, its print sheet, the
 * PDF and the home-page tile show about one car on one site at one moment, composed once from
 * the pure rules of src/lib (price, tag, finance box, actions, spec rows, gallery, JSON-LD,
 * location, PDF). The result is plain data (no functions, no class instances): it survives
 * JSON.stringify / JSON.parse unchanged, so templates and the server only render it.
 */
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { isCarAvailable, soldMessage } from './availability.ts';
import { kindsWording } from '../text/template-wording.ts';
import { vehicleTag, type VehicleTag } from './vehicle-tag.ts';
import { priceBlock, priceBreakdown, priceDisplay, priceOptions, tilePrice, wasPrice, type PriceBlock, type PriceBreakdown, type PriceDisplay, type TilePrice } from './price.ts';
import { autograbEligible, marketPriceBadge, type MarketPriceBadge } from './market-price.ts';
import { priceGauge, type PriceComparison, type PriceGauge } from './price-gauge.ts';
import { financeHref, saveVisibility, vehicleActions, type SaveVisibility, type VehicleActions } from './vehicle-actions.ts';
import { bodyText, featureList, keyInformation, transmissionText, usedCarChecks, vehicleDetails, type SpecRow } from './spec-rows.ts';
import { fuelCalculatorVisible, fuelDefaults, type FuelCostInput } from './fuel-cost.ts';
import { vehicleLocation, type VehicleLocation } from './vehicle-location.ts';
import { carVideoSlide, externalSpinUrl, showThumbnails, spinHotspots, type SpinHotspot, type VideoSlide } from './gallery.ts';
import { vehicleJsonLd } from './vehicle-jsonld.ts';
import { vehiclePdfContent, type VehiclePdfContent } from './vehicle-pdf.ts';
import type { FinanceBox } from '../finance/finance-eligibility.ts';
import { calculatorSettings, type CalculatorSiteSettings } from '../finance/site-calculator.ts';
import { financeQuoteHref, providerDisclaimer } from '../finance/disclosures.ts';
import {
  financePrice,
  financeTexts,
  pageFinance,
  quoteTerms,
  type FinanceFigures,
  type FinanceScenario,
  type FinanceTexts,
  type QuoteTerms,
} from '../finance/car-finance.ts';
import { quoteRequest } from '../finance/quote-request.ts';
import type { FinanceQuoteRequest } from '../../schemas/api/cars.ts';
import { carImageSources, parsePhotoUrl, primaryImage, siteImageOptions, type ImageSources } from '../images.ts';
import { formatKm } from '../text/format.ts';
import { canonicalUrl } from '../text/seo.ts';
import { allStockPath, searchPrefix } from '../site/search-urls.ts';
import { offersTradeIn } from '../forms/trade-in-offer.ts';
import { slugify } from '../text/slug.ts';
import { presentText } from '../../schemas/feed-text.ts';

/** One gallery slide (the shape of MediaViewer's `GallerySlide`). */
export interface ViewSlide extends ImageSources {
  thumb: string;
  /** Responsive sources of the thumbnail; null = `thumb` as it is. */
  thumbSources: ImageSources | null;
  alt: string;
}

/** The finance calculator's settings for this car (spec §9); null = hidden. */
export interface CalculatorView extends CalculatorSiteSettings {
  /** The car's finance scenario (src/lib/finance/car-finance.ts): the calculator's first state. */
  start: FinanceScenario;
  disclaimer: string;
  /** The site shows comparison rates beside every rate, as prominent as the repayment (finance.comparison_rate_disclosure). */
  prominentComparison: boolean;
  /** The quote line (a car the quote provider prices, with a price): the car's figures, else null. */
  quote: FinanceFigures | null;
}

/** The live quote call of a vehicle page (src/stores/finance-quote.ts QuoteCall); null = no call. */
export interface FinanceQuoteCallView {
  endpoint: string;
  request: FinanceQuoteRequest;
  terms: QuoteTerms;
}

/** The home-page tile (src/components/CarTile.astro). */
export interface VehicleTileView {
  /** The display name (set when the feed is parsed, src/schemas/identity.ts). */
  name: string;
  href: string;
  /** The vehicle page's headline price (headlinePrice: a subscription where offered, else the drive-away total when the feed breaks the price down) and the was figure after it (tilePrice). */
  price: TilePrice;
  image: ImageSources;
  /** Odometer, transmission, body: the present ones. */
  facts: string[];
}

export interface VehicleView {
  id: string;
  slug: string;
  carType: Car['car_type'];
  status: Car['status'];
  /** The display name (set when the feed is parsed, src/schemas/identity.ts). */
  name: string;
  available: boolean;
  certified: boolean;
  tag: VehicleTag | null;

  price: PriceDisplay;
  breakdown: PriceBreakdown | null;
  /** The price panel's and print sheet's lines: the headline, the drive-away total below a subscription, the components. */
  priceBlock: PriceBlock;
  /** The was-price after the headline (wasPrice, the tiles' rule), or null. */
  was: number | null;
  /** The headline price (headlinePrice: a subscription where offered, else the drive-away total when the feed breaks the price down). */
  priceText: string;
  priceType: string | null;
  market: MarketPriceBadge | null;
  gauge: PriceGauge | null;
  /** Ask the market-data service for a gauge (spec §5 Autograb condition). */
  askForGauge: boolean;

  financeBox: FinanceBox | null;
  /** The car's finance figures (one truth for the box, the quote line and the calculator). */
  finance: FinanceFigures;
  /** Their texts, by the `data-finance-text` key the page's quote script updates. */
  financeTexts: FinanceTexts;
  /** The provider lender named in the finance box (its own figures), null when the figures are the quote provider's or worked out. */
  financeLender: string | null;
  /** The loan term of those figures, in years. */
  financeYears: number;
  /** The site shows comparison rates beside every rate, as prominent as the repayment. */
  financeProminentComparison: boolean;
  /** The quote provider is asked for this car's figures when the page loads (spec §7), else null. */
  financeQuoteCall: FinanceQuoteCallView | null;
  /** The box's headline repayment as money text (the car's figures), null without a box. */
  financeBoxAmountText: string | null;
  /** 'Finance $x per week*' for the sticky header, null without a repayment. */
  financeEstimate: string | null;
  financeHref: string;
  /** The gated personalised quote link (available cars with a YouX quote). */
  financeQuoteHref: string | null;
  calculator: CalculatorView | null;
  fuel: FuelCostInput | null;

  actions: VehicleActions;
  save: SaveVisibility;
  similarHref: string;
  /** The sold message in the vehicle's noun ('this bike recently sold'). */
  soldMessage: string;

  keyInformation: SpecRow[];
  usedCarChecks: SpecRow[];
  details: SpecRow[];
  features: string[];
  /** Dealer comments ('null' and blanks removed). */
  comments: string | null;
  transmission: string | null;
  body: string | null;
  /** Odometer text, null without a reading. */
  km: string | null;
  /** Transmission and body joined for the sticky header. */
  meta: string;
  location: VehicleLocation;

  /** The car's images in gallery order (feed images, else the primary image, else the placeholder). */
  images: { image: string; thumb: string | null }[];
  slides: ViewSlide[];
  video: VideoSlide | null;
  spin: { frames: string[]; interior: string | null; external: string | null; hotspots: { exterior: SpinHotspot[]; interior: SpinHotspot[] } };
  thumbnails: boolean;

  pagePath: string;
  pageUrl: string;
  /** Meta description of the page. */
  description: string;
  jsonLd: Record<string, unknown>;
  endpoints: { delivery: string; quote: string; phoneReveal: string; pdf: string; gauge: string; views: string };

  /** The PDF summary (spec §4 "PDF"), rendered by `vehiclePdf`. */
  pdf: VehiclePdfContent;
  tile: VehicleTileView;
}

export interface VehicleViewOptions {
  /** The car's finance disclaimer when the caller looked it up already (financeDisclaimers); else worked out here. */
  financeDisclaimer?: string;
}

/** The car's images in order: the feed's, else its primary image, else the placeholder for its body. */
export function carImages(car: Pick<Car, 'images' | 'primary_image_url' | 'simple_body' | 'vehicle_kind'>): { image: string; thumb: string | null }[] {
  if (car.images?.length) return car.images.map((image) => ({ image: image.image, thumb: image.thumb ?? null }));
  return [{ image: primaryImage(car), thumb: null }];
}

/** The URLs resolved against the site's address; a feed URL that does not parse is left out (it must not stop the page or the PDF). */
function absoluteUrls(urls: readonly string[], base: string): string[] {
  return urls.flatMap((url) => {
    try {
      return [new URL(url, base).href];
    } catch {
      return [];
    }
  });
}

/** The home-page tile of a car (no clock needed). */
export function vehicleTileView(car: Car, site: Site): VehicleTileView {
  return {
    name: car.name,
    href: `/cars/${car.slug}`,
    price: tilePrice(car, priceOptions(site)),
    image: carImageSources(primaryImage(car), 'card', siteImageOptions(site)),
    facts: [formatKm(car.km), car.simple_transmission, car.simple_body].filter((fact): fact is string => Boolean(fact)),
  };
}

/** Everything the vehicle page, print sheet, PDF and tile show about `car` on `site` at `now` (epoch ms). */
export function vehicleView(car: Car, site: Site, now: number, options: VehicleViewOptions = {}): VehicleView {
  const features = site.features;
  const api = site.api_base.replace(/\/+$/, '');
  const slugPart = encodeURIComponent(car.slug);
  const name = car.name;
  const available = isCarAvailable(car);

  const price = priceDisplay(car, priceOptions(site));
  const breakdown = priceBreakdown(car);
  const block = priceBlock(car, priceOptions(site));
  const headline = block.headline;

  // One finance truth per car: the box, the quote line and the calculator's first state.
  const { box, scenario, figures, calculator: calculatorShown } = pageFinance(car, site, now);
  const prominentComparison = site.finance.comparison_rate_disclosure === 'national-credit-code';
  const texts = financeTexts(scenario, prominentComparison);
  const providerLender = site.finance_provider ? (car.finance_lenders?.[site.finance_provider.trim()] ?? null) : null;
  const boxAmountText = box && figures.showFigures ? figures.paymentText : null;
  const request = quoteRequest(car, site);
  const terms = quoteTerms(car, site);
  const calculator: CalculatorView | null = calculatorShown
    ? {
        start: scenario,
        ...calculatorSettings(site.finance),
        disclaimer: options.financeDisclaimer ?? providerDisclaimer(providerLender, site.finance_provider, site.finance) ?? site.finance.disclaimer,
        prominentComparison,
        quote: car.youxQuote && financePrice(car) !== null && figures.showFigures ? figures : null,
      }
    : null;

  const specOptions = { now, showUnregistered: features.unregistered_label, timeZone: site.timezone };
  const transmission = transmissionText(car);
  const body = bodyText(car);
  const location = vehicleLocation(car, site);

  const images = carImages(car);
  const imageOptions = siteImageOptions(site);
  const slides = images.map((image, index): ViewSlide => {
    const sources = carImageSources(image.image, undefined, imageOptions);
    // A feed photo (local variants or CDN) has its own small widths; a demo image its drawn thumbnail.
    const feedPhoto = parsePhotoUrl(image.image) !== null || (Boolean(imageOptions.cdn) && /^https?:\/\//i.test(image.image));
    const thumbSources = feedPhoto ? carImageSources(image.image, 'thumb', imageOptions) : null;
    return { ...sources, thumb: image.thumb ?? image.image, thumbSources, alt: `${name}, photo ${index + 1} of ${images.length}` };
  });
  const video = carVideoSlide(car);
  const spinFrames = car.spin_images ?? [];

  const pagePath = `/cars/${car.slug}`;
  const pageUrl = canonicalUrl(site.url, pagePath);
  const priceText = headline.text;
  const km = car.km !== null && car.km !== undefined ? formatKm(car.km) : null;
  const stock = searchPrefix(site);

  return {
    id: String(car.id),
    slug: car.slug,
    carType: car.car_type,
    status: car.status,
    name,
    available,
    certified: Boolean(car.certified),
    tag: vehicleTag(car, now, { electricTag: features.electric_tag }),

    price,
    breakdown,
    priceBlock: block,
    was: wasPrice(car, headline),
    priceText,
    priceType: headline.label,
    market: available ? marketPriceBadge(car) : null,
    gauge: available ? priceGauge((car as { price_comparison?: PriceComparison }).price_comparison) : null,
    askForGauge: autograbEligible(car),

    financeBox: box,
    finance: figures,
    financeTexts: texts,
    financeLender: box && scenario.source === 'lender' ? box.provider : null,
    financeYears: scenario.years,
    financeProminentComparison: prominentComparison,
    // Asked where the page prints the car's figures (the box or the quote line) and a quote can replace them.
    financeQuoteCall: request && terms && figures.showFigures && (box || calculator?.quote) ? { endpoint: `${api}/youx/quote`, request, terms } : null,
    financeBoxAmountText: boxAmountText,
    financeEstimate: boxAmountText ? texts.estimate : null,
    financeHref: financeHref(car),
    financeQuoteHref: available ? financeQuoteHref(car) : null,
    calculator,
    fuel: fuelCalculatorVisible(car) ? fuelDefaults(car) : null,

    actions: vehicleActions(car, {
      testDrive: features.test_drive,
      reserve: features.reserve,
      reserveBuyOnlineRoute: features.reserve_buy_online_route,
      reserveDeposit: site.reserve_deposit,
      tradeIn: offersTradeIn(site),
      onlinePurchase: features.online_purchase,
    }),
    save: saveVisibility(car, { favourites: features.favourites, compare: features.compare, hideWithoutImages: features.hide_save_without_images, usedOnly: features.save_used_only }),
    soldMessage: soldMessage(kindsWording([car.vehicle_kind]).noun),
    similarHref: car.make ? `${stock}/${slugify(car.make)}${car.model ? `/${slugify(car.model)}` : ''}` : allStockPath(site),

    keyInformation: keyInformation(car),
    usedCarChecks: usedCarChecks(car, specOptions),
    details: vehicleDetails(car, specOptions),
    features: featureList(car),
    comments: presentText(car.dealercomments),
    transmission,
    body,
    km,
    meta: [transmission, body].filter(Boolean).join(' · '),
    location,

    images,
    slides,
    video,
    spin: {
      frames: spinFrames,
      interior: car.spin_interior_image?.trim() || null,
      // Spin: the external provider, hotspots.
      external: externalSpinUrl(site.impel, site.spin.impel_url, car.spin_code),
      hotspots: { exterior: spinHotspots(car.hotspots?.exterior, spinFrames.length), interior: spinHotspots(car.hotspots?.interior, 0) },
    },
    // Spec §9 counts images; the video slide is reached with the arrows like any slide.
    thumbnails: showThumbnails(images.length, car.status),

    pagePath,
    pageUrl,
    description: `${name}${km !== null ? `, ${km}` : ''}${available && price.kind === 'price' ? `, ${priceText}` : ''}. ${available ? 'For sale' : 'Recently sold'} at ${site.name}${location.city ? ` in ${location.city}` : ''}.`,
    jsonLd: vehicleJsonLd(car, { url: pageUrl, images: absoluteUrls(images.map((image) => image.image), site.url), price, breakdown, sellerName: site.name }),
    endpoints: {
      delivery: `${api}/delivery-estimate`,
      quote: `${api}/youx/quote`,
      phoneReveal: `${api}/phone-reveal`,
      pdf: `${api}/cars/${slugPart}/pdf`,
      gauge: `${api}/cars/${slugPart}/autogauge`,
      views: `${api}/cars/${slugPart}/view.json`,
    },

    pdf: vehiclePdfContent(car, site),
    tile: vehicleTileView(car, site),
  };
}
