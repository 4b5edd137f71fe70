/** site.json `texts`: wording that varies per site (spec §9 "Default texts"). */
import * as v from 'valibot';

export const TextsSchema = v.strictObject({
  /** Shown when a car has no displayable price. Default 'Enquire for price.' */
  no_price: v.optional(v.string(), 'Enquire for price.'),
  /** Tag text for new cars. Default 'New'. */
  new_tag: v.optional(v.string(), 'New'),
  /** Finance button. Default 'Pre-Approved'. */
  finance_button: v.optional(v.string(), 'Pre-Approved'),
  /** Call block heading. Default 'Call the dealer'. */
  call: v.optional(v.string(), 'Call the dealer'),
  /** Dealer comments tab. Default 'Dealer Comments'. */
  dealer_comments: v.optional(v.string(), 'Dealer Comments'),
  /** Enquiry button. Default 'Enquire Now'. */
  enquire: v.optional(v.string(), 'Enquire Now'),
  /** Service page title; {dealer} is replaced. Default 'Book Your Service at {dealer}'. */
  service_title: v.optional(v.string(), 'Book Your Service at {dealer}'),
  /** Location link. Default 'Vehicle Location'. */
  location_link: v.optional(v.string(), 'Vehicle Location'),
  /** Home hero heading. Default: the site name. */
  hero_title: v.optional(v.string()),
  /** Home hero sub-heading. Default 'Find your next vehicle'. */
  hero_subtitle: v.optional(v.string(), 'Find your next vehicle'),
  /** Plural noun for stock in counts and headings ('Show Me N cars', 'Used Cars'). Default: what the site sells (vehicle_kinds): 'cars', 'motorcycles', 'trucks', 'Caravans' (spec §2); 'Bikes & Trucks' for several kinds. */
  stock_noun: v.optional(v.string()),
  /** Singular of stock_noun, after a count of one ('Show Me 1 car'). Default: one of what the site sells, capitalised as stock_noun is: 'car', 'motorcycle', 'truck', 'Caravan'; 'Bike or Truck' for several kinds. */
  stock_noun_one: v.optional(v.string()),
  /** Warranty headline of the service page's /warranty card, the /warranty page and the vehicle page. Default: the manufacturer's text (e.g. Toyota '5 Year Unlimited km Warranty'), else '3 Year Warranty Standard'. */
  warranty: v.optional(v.string()),
  /** Lines of the vehicle page's 'Why Buy From Us?' list (the panel and the tab), after the warranty, e.g. 'Finance from a panel of lenders, arranged on site' ({noun}: the vehicle's, 'car', 'bike', 'caravan'). Default none: a promise is the dealer's own words (docs/tenant-files.md). */
  why_buy: v.optional(v.array(v.string())),
  /** A line of the vehicle page's 'Why Buy From Us?' list on how the dealer checks its stock, e.g. 'Every {noun} inspected before sale' ({noun}: the vehicle's, 'car', 'bike', 'caravan'). Default none: a promise is the dealer's own words (docs/tenant-files.md). */
  why_buy_inspection: v.optional(v.string()),
  /** Footer note under the dealer group. Default empty. */
  footer_note: v.optional(v.string(), ''),
});

export type Texts = v.InferOutput<typeof TextsSchema>;
