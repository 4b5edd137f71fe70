/**
 * The car types of spec §3 (new, used, demo): the Car schema's `car_type`, a promo's `display`,
 * stock rules and the lead form's vehicle of interest all name this list; and the car-type search
 * pages of spec §2. Its own file, free of valibot, so that islands (promos) can name it without
 * loading the schemas.
 */
export const CAR_TYPES = ['new', 'used', 'demo'] as const;

/** One car type. */
export type CarType = (typeof CAR_TYPES)[number];

/** Slug of the search page that shows all stock (every site has it). */
export const ALL_STOCK_SLUG = 'new-used-and-demo-cars';

/**
 * The car-type search pages every site has (spec §2 "Search URLs"): slug, preset car types,
 * heading; the last one is the all-stock page. The search route table (src/search/core/routes.ts)
 * builds them first, and site.json refuses a location or dealership slug among them
 * (src/schemas/site/locations.ts).
 */
export const CAR_TYPE_ROUTES: readonly { slug: string; types: CarType[]; title: string }[] = [
  { slug: 'new-cars', types: ['new'], title: 'New Cars' },
  { slug: 'used-cars', types: ['used'], title: 'Used Cars' },
  { slug: 'demo-cars', types: ['demo'], title: 'Demo Cars' },
  { slug: 'new-and-demo-cars', types: ['new', 'demo'], title: 'New and Demo Cars' },
  { slug: ALL_STOCK_SLUG, types: [], title: 'New, Used and Demo Cars' },
];
