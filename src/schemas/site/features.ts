/** site.json `features`: per-site feature flags (spec §1, §4, §5, §6 "tenant feature flags"). */
import * as v from 'valibot';

/** Every flag is optional; the default is given beside it. */
export const FeaturesSchema = v.strictObject({
  /** Show customer reviews blocks (still needs the average above the minimum). Default true. */
  reviews: v.optional(v.boolean(), true),
  /** Show locations blocks and pages. Default true. Off: no location pages, nothing links one (a vehicle page names its location without 'View Location'), menus drop the dealer locator, which says to call instead and is not indexed, and the lead API answers its nearest-location call 404. */
  locations: v.optional(v.boolean(), true),
  /** Watchlist / My Garage for signed-in shoppers (spec "Garage feature enabled per site"); on when this or `garage_enabled` is. Default false. Off (both): no save buttons, /my-garage tells a signed-in shopper the site keeps no watchlist, and the lead API answers the watchlist calls 404. */
  garage: v.optional(v.boolean(), false),
  /** Local favourites (save heart) on cards and vehicle pages, listed at /saved-cars (the cars saved on the shopper's device). Default true. Off: no save toggle and no /saved-cars page. */
  favourites: v.optional(v.boolean(), true),
  /** Compare toggle on cards and vehicle pages; /compare shows the chosen cars (up to 3) side by side. Default true. Off: no compare toggle and no /compare page. */
  compare: v.optional(v.boolean(), true),
  /** Hide save/compare on cars without images. Default false. */
  hide_save_without_images: v.optional(v.boolean(), false),
  /** Show save/compare only on used cars. Default false. */
  save_used_only: v.optional(v.boolean(), false),
  /** Electric / hybrid vehicle tag takes top priority. Default false. */
  electric_tag: v.optional(v.boolean(), false),
  /** Show the views counter on cards and vehicle pages. Default false. Off: no counter, and the lead API answers the views call (view.json, which counts a view) 404. */
  view_counter: v.optional(v.boolean(), false),
  /** Phone digits hidden until clicked (then revealed and logged). Default false. Off: numbers are shown in full, and the lead API answers the reveal call 404 and logs nothing. */
  phone_reveal: v.optional(v.boolean(), false),
  /** Hide the Twitter/X share button. Default false. */
  hide_twitter: v.optional(v.boolean(), false),
  /** Certified-only site: the certified filter hides the false value. Default false. */
  certified_only: v.optional(v.boolean(), false),
  /** Online purchase journey (/checkout-journey). Default false. */
  online_purchase: v.optional(v.boolean(), false),
  /** Reserve online with a deposit. Default true. */
  reserve: v.optional(v.boolean(), true),
  /** Reserve route is /cars/{slug}/buy-online instead of /checkout. Default false. */
  reserve_buy_online_route: v.optional(v.boolean(), false),
  /** Test-drive bookings. Default true. Off: /book-test-drive/ says test drives are not booked online and gives the contact page (no form; not indexed), menus and vehicle pages offer none, and the lead API answers test-drive availability and test-drive leads 404. */
  test_drive: v.optional(v.boolean(), true),
  /** Trade-in valuation / instant offer. Default true. Off: /trade-in, /sell-my-car and /cars/trade-in are still built but say the site does not value vehicles online and give the phone and contact page (no form; not indexed), nothing links them (menus, footer, header buttons, banners, the result grids' promo card, the vehicle page's Trade-In Valuation button), and the lead API answers the valuation calls (eval-expert enter-vin, manual-entry, image-upload, update-eval; trade-in adjustments) and the instant offer's leads (one naming an evaluation, an offer's acceptance) 404, while a Trade-in Enquiry from the contact page is taken; the photo links of leads already delivered still work. */
  trade_in: v.optional(v.boolean(), true),
  /** Downloadable vehicle PDF. Default false. Off: no 'Download PDF', and the lead API answers the PDF call 404. */
  pdf: v.optional(v.boolean(), false),
  /** Past rego expiry shows 'Unregistered'. Default false. */
  unregistered_label: v.optional(v.boolean(), false),
  /** Show the finance calculator even for unavailable cars. Default false. */
  finance_calculator_when_unavailable: v.optional(v.boolean(), false),
  /** Never show the finance box on this site. Default false. */
  finance_box_disabled: v.optional(v.boolean(), false),
  /** Enquiry comments required. Default true. */
  enquiry_comments_required: v.optional(v.boolean(), true),
  /**
   * The marketing opt-in box of the lead forms starts ticked (the spec's default). Set false
   * for an unticked box: the regulator's view is that a pre-ticked box is not express consent
   * (docs/security.md, "Privacy choices"). The Spin to Win entry's box always starts unticked
   * (entering subscribes no one: docs/spin-to-win.md). Default true.
   */
  marketing_opt_in_default: v.optional(v.boolean(), true),
  /**
   * The trade-in thank-you SMS (spec §5) also goes to a mobile that was only typed in the instant
   * offer, not proven by signing in. Anyone can type anyone's number, so by default (false) it
   * goes only to the phone the shopper signed in with (docs/security.md).
   */
  trade_in_sms_to_typed_mobile: v.optional(v.boolean(), false),
  /**
   * /pages/unsubscribe with a typed e-mail or mobile: 'record' opts it out at once (the spec's
   * page); 'confirm' sends that address or mobile a signed link and opts out only when it is
   * opened, so nobody can opt out someone else; a link is texted to a mobile only, so there a
   * typed landline or 13 / 1300 / 1800 number is refused with the field message 'Please enter a
   * valid Australian mobile number, e.g. 0412 345 678.' (as sign-in refuses it; the page asks
   * for an e-mail or mobile; 'record' still opts any Australian number out). Default 'record'.
   */
  unsubscribe_typed: v.optional(v.picklist(['record', 'confirm']), 'record'),
  /** Forms require a terms-of-use checkbox instead of the consent notice; the lead API refuses a form's completing post without it ticked (docs/lead-api.md). Default false. */
  terms_required: v.optional(v.boolean(), false),
  /** Copy the chosen location's dealership_slug into the lead. Default false. */
  copy_location_dealership: v.optional(v.boolean(), false),
  /** Instant offer has the image upload step. Default true. Off: the instant offer skips it, and the lead API answers the image upload 404 (the rest of the valuation is answered). */
  instant_offer_images: v.optional(v.boolean(), true),
  /**
   * Service booking form variant (spec §2 "custom form for one dealer type"): 'standard' three steps (contact,
   * vehicle, order), 'minimal' vehicle details first with rego, 'custom' one page with every section and the address fields,
   * sent once. Default 'standard'.
   */
  service_form: v.optional(v.picklist(['standard', 'minimal', 'custom']), 'standard'),
  /** Car-type filter offers 'All'. Default true. */
  car_type_all: v.optional(v.boolean(), true),
  /** Promo popup enabled (content in promo.popup). Default false. */
  promo_popup: v.optional(v.boolean(), false),
  /** 'Sales this Month' counter. Default false. */
  sales_counter: v.optional(v.boolean(), false),
  /** 48-hour money-back and lifetime engine guarantee blocks. Default false. */
  money_back_guarantee: v.optional(v.boolean(), false),
  /** Delivery calculator on vehicle pages. Default false. Off: vehicle pages show none and the lead API answers the delivery estimate 404. */
  delivery_calculator: v.optional(v.boolean(), false),
});

export type Features = v.InferOutput<typeof FeaturesSchema>;
