import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../src/lib/site/tenant.ts';
import { tenantFileProblems } from '../src/schemas/tenant-files.ts';
import { DEMO_PROFILES } from './demo/profiles.ts';
import { edgeCasesIn, generateAll, readGenerationClock, stockJson, type DemoCar } from './generate-demo.ts';
import { createBundle } from '../src/builder/bundle/create-bundle.ts';
import { isNewArrival } from '../src/lib/vehicle/vehicle-tag.ts';
import { isPromoActive } from '../src/lib/marketing/promos.ts';
import { carFingerprint } from '../src/pipeline/release/changes.ts';

const tenantsDir = fileURLToPath(new URL('../tenants', import.meta.url));
const clock = readGenerationClock(readFileSync(join(tenantsDir, 'README.md'), 'utf8'));

describe('demo generator', () => {
  it('records its generation clock in tenants/README.md', () => {
    expect(clock).not.toBeNull();
    expect(Number.isNaN(clock)).toBe(false);
  });

  it('is deterministic for a seed and a clock', () => {
    const now = Date.parse('2026-01-15T03:00:00Z');
    const first = generateAll(tenantsDir, now);
    const second = generateAll(tenantsDir, now);
    expect(second).toEqual(first);
    expect(first.map(({ slug }) => slug)).toEqual(DEMO_PROFILES.map(({ slug }) => slug));
  });

  it('moves only dates when the clock moves', () => {
    const now = Date.parse('2026-01-15T03:00:00Z');
    const earlier = generateAll(tenantsDir, now);
    const later = generateAll(tenantsDir, now + 5 * 86_400_000);
    for (const [index, tenant] of earlier.entries()) {
      const pick = (cars: typeof tenant.cars) => cars.map((car) => [car.id, car.slug, car.price, car.km, car.status, car.car_type, car.vin]);
      expect(pick(later[index]!.cars)).toEqual(pick(tenant.cars));
      expect(later[index]!.cars[0]!.created_at).not.toBe(tenant.cars[0]!.created_at);
    }
  });

  it("takes this year on the dealer's clock (site.json timezone), not UTC's: new cars generated on New Year's Day in Australia are of the new year", () => {
    // 2026-12-31 14:00 UTC is 2027-01-01 00:00 in Brisbane and 01:00 in Sydney.
    for (const { cars } of generateAll(tenantsDir, Date.parse('2026-12-31T14:00:00Z'))) {
      expect(Math.max(...cars.map((car) => Number(car.year)))).toBe(2027);
    }
  });

  it('committed stock.json files are the output for the recorded clock (run `npm run generate:demo` after editing a demo site.json or the generator)', () => {
    for (const { slug, cars, files } of generateAll(tenantsDir, clock!)) {
      expect(files['stock.json']).toBe(stockJson(cars));
      for (const [name, text] of Object.entries(files)) expect(readFileSync(join(tenantsDir, slug, name), 'utf8'), `${slug}/${name}`).toBe(text);
    }
  });
});

describe.each(DEMO_PROFILES)('demo tenant $slug', (profile) => {
  const tenant = loadTenant(join(tenantsDir, profile.slug), clock!);

  it('validates with 150-400 records and no problems', () => {
    expect(tenant.problems).toEqual([]);
    expect(tenant.read).toBeGreaterThanOrEqual(150);
    expect(tenant.read).toBeLessThanOrEqual(400);
    expect(tenant.skipped).toBe(0);
    expect(tenant.site.template).toBe(profile.kind);
  });

  it('has valid optional files (models, reviews, offers)', () => {
    for (const name of ['models', 'reviews', 'offers']) {
      const file = join(tenantsDir, profile.slug, `${name}.json`);
      if (!existsSync(file)) continue;
      expect(tenantFileProblems(name, JSON.parse(readFileSync(file, 'utf8'))), `${profile.slug}/${name}.json`).toEqual([]);
    }
  });

  it('contains each of its edge cases', () => {
    const found = edgeCasesIn(JSON.parse(readFileSync(join(tenantsDir, profile.slug, 'stock.json'), 'utf8')), clock!);
    expect(profile.edgeCases.filter((edge) => !found.has(edge))).toEqual([]);
  });

  it('publishes recently sold cars and hides old and hidden ones at the generation clock', () => {
    const visible = new Set(tenant.visible.map((car) => car.id));
    const sold = tenant.cars.filter((car) => car.status === 'sold');
    const recent = sold.filter((car) => clock! - Number(car.sold_date_timestamp) * 1000 <= 3 * 86_400_000);
    expect(recent.length).toBeGreaterThan(0);
    for (const car of recent) expect(visible.has(car.id)).toBe(true);
    for (const car of sold.filter((car) => !recent.includes(car))) expect(visible.has(car.id)).toBe(false);
    for (const car of tenant.cars.filter((car) => car.show_on_dealer_website === false)) expect(visible.has(car.id)).toBe(false);
  });

  it('gives each car a location of the site and finance from the site provider', () => {
    const slugs = new Set(tenant.site.locations.map((location) => location.slug));
    const provider = tenant.site.finance_provider!;
    for (const car of tenant.cars) {
      if (car.location) expect(slugs.has(car.location.slug!)).toBe(true);
      if (car.finance_lenders) expect(Object.keys(car.finance_lenders)).toEqual([provider]);
    }
  });
});

describe.each(DEMO_PROFILES)('what a shopper reads on $slug', (profile) => {
  const cars = JSON.parse(readFileSync(join(tenantsDir, profile.slug, 'stock.json'), 'utf8')) as DemoCar[];

  it('no car name says a word twice in a row ("2022 Suzuki Vitara Vitara")', () => {
    const repeats = (name: string) => name.toLowerCase().split(/[\s-]+/).some((word, index, words) => index > 0 && word === words[index - 1]);
    expect(cars.map((car) => car.name).filter((name): name is string => typeof name === 'string' && repeats(name))).toEqual([]);
  });

  it('no car is complied before it is built (compliance_date >= build_date)', () => {
    const dated = cars.filter((car) => car.build_date && car.compliance_date);
    expect(dated.length).toBeGreaterThan(100);
    expect(dated.filter((car) => car.compliance_date! < car.build_date!).map((car) => `${car.stocknum}: built ${car.build_date}, complied ${car.compliance_date}`)).toEqual([]);
  });

  it('the finance disclaimer says "an" before a vowel ("an estimate for an Angle ...")', () => {
    const disclaimers = new Set(cars.flatMap((car) => Object.values(car.finance_lenders ?? {}).map((lender) => String(lender.disclaimer))));
    expect(disclaimers.size).toBeGreaterThan(0);
    expect([...disclaimers].filter((text) => /\ba [AEIOU]/.test(text))).toEqual([]);
  });
});

describe('tenant shapes', () => {
  const load = (slug: string) => loadTenant(join(tenantsDir, slug), clock!);

  it('the used group spreads stock over several locations in QLD and NSW', () => {
    const group = load('sunstate-motor-group');
    expect(new Set(group.cars.map((car) => car.location?.slug).filter(Boolean)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(group.cars.map((car) => car.state).filter(Boolean))).toEqual(new Set(['QLD', 'NSW']));
    expect(group.site.dealerships.length).toBeGreaterThanOrEqual(2);
    expect(group.site.offers_subscription).toBe(true);
  });

  it('the franchise sells its brand new and demo, used of any make', () => {
    const franchise = load('ridgeline-toyota');
    const brand = franchise.site.manufacturer;
    expect(brand).toBe('Toyota');
    const newAndDemo = franchise.cars.filter((car) => car.car_type !== 'used' && car.make);
    expect(newAndDemo.length).toBeGreaterThan(50);
    for (const car of newAndDemo) expect(car.make).toBe(brand);
    expect(new Set(franchise.cars.filter((car) => car.car_type === 'used').map((car) => car.make)).size).toBeGreaterThan(3);
  });

  it('the caravan dealer lists caravans with specifications', () => {
    const caravans = load('bayside-caravans');
    expect(caravans.site.texts.stock_noun).toBe('Caravans');
    const full = caravans.cars.filter((car) => car.specifications);
    expect(full.length).toBeGreaterThan(150);
    for (const car of full) {
      expect(car.item_type).toBe('caravan');
      const spec = car.specifications!;
      expect(spec.aggregate_trailer_mass!).toBeGreaterThan(spec.tare_weight!);
      expect(['Single', 'Tandem']).toContain(spec.axle_type);
      expect(spec.sleeps).toBeGreaterThanOrEqual(2);
    }
  });
});

describe.each(DEMO_PROFILES)('item 9, the demo stays alive: $slug built long after generation', (profile) => {
  const dir = join(tenantsDir, profile.slug);
  it.each([30, 400])('item 9: at generation clock + %i days it still shows recently sold cars, New Arrivals and running offers', (days) => {
    const now = clock! + days * 86_400_000;
    const tenant = loadTenant(dir, now);
    expect(tenant.dateShift).toBe(days * 86_400_000);
    const sold = tenant.visible.filter((car) => car.status === 'sold');
    expect(sold.length).toBeGreaterThanOrEqual(4);
    expect(tenant.visible.filter((car) => isNewArrival(car.created_at, now)).length).toBeGreaterThan(10);
    // The same cases as at the generation clock, judged at the new clock.
    const found = edgeCasesIn(tenant.cars as DemoCar[], now);
    for (const edge of ['sold_recent', 'sold_long_ago', 'new_arrival', 'rego_expired'] as const) if (profile.edgeCases.includes(edge)) expect(found.has(edge), edge).toBe(true);
    const bundle = createBundle(tenant, now);
    const offers = bundle.extras.offers;
    if (offers) expect(offers.filter((offer) => isPromoActive(offer, now, tenant.site.timezone)).length).toBeGreaterThan(0);
  });
});

describe.each(DEMO_PROFILES)('issue 35 item 8, the living demo stays incremental: $slug', (profile) => {
  const dir = join(tenantsDir, profile.slug);
  it('item 8: two loads on the same day give every car the same fingerprint, so a one-car feed is not a full rebuild', () => {
    const morning = clock! + 10 * 86_400_000 + 3_600_000;
    const evening = morning + 20 * 3_600_000;
    const fingerprints = (now: number) => loadTenant(dir, now).cars.map((car) => `${car.id}:${carFingerprint(car)}`);
    expect(fingerprints(evening)).toEqual(fingerprints(morning));
    // The next day the dates move (by one whole day): the demo still lives.
    expect(fingerprints(morning + 86_400_000)).not.toEqual(fingerprints(morning));
    // A date is never moved past the clock it is read at (a car sold an hour before generation is not sold in the future).
    for (const car of loadTenant(dir, evening).cars) if (typeof car.sold_date_timestamp === 'number') expect(car.sold_date_timestamp > 1e12 ? car.sold_date_timestamp : car.sold_date_timestamp * 1000).toBeLessThanOrEqual(evening);
  });
});

describe('item 9: real feeds are read as they are', () => {
  it('a tenant folder without demo-clock.json keeps its dates whatever the clock', () => {
    const dir = fileURLToPath(new URL('../tests/fixtures/tenants/search-demo', import.meta.url));
    const early = loadTenant(dir, Date.parse('2026-11-21T00:00:00Z'));
    const late = loadTenant(dir, Date.parse('2028-01-01T00:00:00Z'));
    expect(late.dateShift).toBe(0);
    expect(late.cars.map((car) => [car.created_at, car.sold_date_timestamp])).toEqual(early.cars.map((car) => [car.created_at, car.sold_date_timestamp]));
  });
});
