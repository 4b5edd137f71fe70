/**
 * The four demo tenants: what stock each one carries. Their site.json files are
 * hand-written in tenants/<slug>/; the generator reads locations, dealerships and the
 * finance provider from there, so stock and site always agree.
 */

/** Edge cases the demo stock must contain (checked by scripts/generate-demo.test.ts). */
export const EDGE_CASES = [
  'sold_recent',
  'sold_long_ago',
  'hidden',
  'coming_soon',
  'demo',
  'reserved',
  'certified',
  'price_zero',
  'before_price',
  'subscription_price',
  'preorder',
  'electric',
  'hybrid',
  'test_drive_only',
  'sparse',
  'history_report',
  'spin',
  'new_arrival',
  'long_comments',
  'rego_expired',
] as const;
export type EdgeCase = (typeof EDGE_CASES)[number];

export interface DemoProfile {
  slug: string;
  /** Seed of the tenant's random stream. */
  seed: string;
  kind: 'used-group' | 'franchise' | 'caravan' | 'motorcycle';
  /** Records in stock.json (150-400). */
  count: number;
  /** First numeric id; ids are idBase + index. */
  idBase: number;
  /** Stock number prefix, e.g. 'SMG' -> SMG10001. */
  stockPrefix: string;
  /** Share of new / demo / used records (the rest of edge cases are forced on top). */
  mix: { new: number; demo: number; used: number };
  /** Share of used cars that are certified. */
  certifiedShare: number;
  /** Edge cases this tenant must show. */
  edgeCases: EdgeCase[];
}

const ALL_CAR_CASES = EDGE_CASES.filter((edge) => edge !== 'subscription_price');

export const DEMO_PROFILES: DemoProfile[] = [
  {
    slug: 'sunstate-motor-group',
    seed: 'sunstate-motor-group/v1',
    kind: 'used-group',
    count: 340,
    idBase: 410000,
    stockPrefix: 'SMG',
    mix: { new: 0, demo: 0.06, used: 0.94 },
    certifiedShare: 0.18,
    // The used group offers subscriptions (site.json offers_subscription: true).
    edgeCases: [...EDGE_CASES],
  },
  {
    slug: 'ridgeline-toyota',
    seed: 'ridgeline-toyota/v1',
    kind: 'franchise',
    count: 260,
    idBase: 520000,
    stockPrefix: 'RT',
    mix: { new: 0.5, demo: 0.15, used: 0.35 },
    certifiedShare: 0.35,
    edgeCases: ALL_CAR_CASES,
  },
  {
    slug: 'bayside-caravans',
    seed: 'bayside-caravans/v1',
    kind: 'caravan',
    count: 180,
    idBase: 630000,
    stockPrefix: 'BCC',
    mix: { new: 0.45, demo: 0.1, used: 0.45 },
    certifiedShare: 0.1,
    // No electric, hybrid or test drives for caravans.
    edgeCases: ALL_CAR_CASES.filter((edge) => !['electric', 'hybrid', 'test_drive_only'].includes(edge)),
  },
  {
    // Motorcycles and trucks (issue 14 item 8): the motorcycle template.
    slug: 'ironbark-moto-trucks',
    seed: 'ironbark-moto-trucks/v1',
    kind: 'motorcycle',
    // 160: the e2e axe sweep visits every vehicle page of every demo tenant (CI budget).
    count: 160,
    idBase: 740000,
    stockPrefix: 'IMT',
    mix: { new: 0.4, demo: 0.1, used: 0.5 },
    certifiedShare: 0.15,
    // An electric truck, no hybrids.
    edgeCases: ALL_CAR_CASES.filter((edge) => edge !== 'hybrid'),
  },
];
