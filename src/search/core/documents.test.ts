import { describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/car.ts';
import { customRank, documentFingerprint, documentUid, listOrderFields, searchDocumentOf, tiebreakOf, toSearchDocument } from './documents.ts';
import { decodeIndex, encodeIndex } from '../engine/embedded-index.ts';
import { INDEX_SETTINGS, planSync } from '../admin/meilisearch.ts';
import { FACET_ATTRIBUTES, NUMERIC_ATTRIBUTES } from './config.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';
import { hitToCar } from './hit-car.ts';
import { saleHeadline } from '../../lib/vehicle/price.ts';

const site = { slug: 'demo', dealerships: [{ id: 1, slug: 'north', name: 'North Motors' }] } as never;
const car = (fields: Partial<Car>): Car => makeCar({ id: 7, slug: 'car-7', status: 'in_stock', car_type: 'used', ...fields });

describe('toSearchDocument', () => {
  it('flattens a car into facet fields, leaving absent facts out', () => {
    const document = toSearchDocument(
      car({
        name: ' 2020 Kia Rio ',
        make: 'Kia',
        model: 'Rio',
        bodyconfiguration: 'Hatch',
        trans: 'Auto',
        price: 15990,
        dealership_slug: 'north',
        location: { name: 'Yard', slug: 'yard' },
        images: [{ image: '/a.webp' }],
        created_at: '2026-01-01T00:00:00Z',
        colour: '',
      }),
      site,
    );
    expect(document).toMatchObject({
      uid: 'demo__7',
      site: 'demo',
      id: '7',
      name: '2020 Kia Rio',
      body: 'Hatch',
      transmission: 'Auto',
      dealership_name: 'North Motors',
      location_name: 'Yard',
      image: '/a.webp',
      price_range: '$10,000 - $20,000',
    });
    expect('colour' in document).toBe(false);
    expect('km' in document).toBe(false);
    expect(document.created_at).toBe(Date.parse('2026-01-01T00:00:00Z') / 1000);
  });

  it("searchDocumentOf makes a car's document once per site (similar vehicles of many pages) and equals toSearchDocument", () => {
    const one = car({ make: 'Kia', model: 'Rio', price: 15990 });
    const first = searchDocumentOf(one, site);
    expect(searchDocumentOf(one, site)).toBe(first);
    expect(first).toEqual(toSearchDocument(one, site));
    const otherSite = { slug: 'other', dealerships: [] } as never;
    expect(searchDocumentOf(one, otherSite).site).toBe('other');
    expect(searchDocumentOf(car({ make: 'Kia' }), site)).not.toBe(first);
  });

  it('ranks available cars above sold ones, newest first, and never ties', () => {
    expect(customRank('in_stock', 1)).toBeGreaterThan(customRank('coming_soon', 2_000_000_000));
    expect(customRank('coming_soon', 1)).toBeGreaterThan(customRank('sold', 2_000_000_000));
    expect(tiebreakOf('42')).toBe(42);
    expect(tiebreakOf('ABC-1')).not.toBe(tiebreakOf('ABC-2'));
    expect(tiebreakOf('ABC-1')).toBeGreaterThan(2 ** 52);
  });

  it('makes primary keys Meilisearch accepts', () => {
    expect(documentUid('demo', 'A-1_b')).toBe('demo__A-1_b');
    expect(documentUid('demo', 'a/b c')).toMatch(/^demo__h[0-9a-z]+$/);
  });

  it("the price_range facet is the band of the car's price, whatever band the feed stated", () => {
    const banded = (price: number | null, price_range: string | null) => toSearchDocument(makeCar({ price, price_range }), { slug: 't', dealerships: [] }).price_range;
    expect(banded(9_999, 'Under $10,000')).toBe('$0 - $10,000');
    expect(banded(55_000, '$50,000 - $75,000')).toBe('$50,000 - $60,000');
    expect(banded(null, '$10,000 - $20,000')).toBeUndefined();
  });
});

describe("the drive-away total a card leads with (docs/vehicle-page.md 'ACL total price')", () => {
  const priced = (fields: Record<string, unknown>) => toSearchDocument(car({ price: 40000, ...fields } as Partial<Car>), site);

  it('carries drive_away_price only where it leads: beside an excl. government charges price, and not below it', () => {
    expect(priced({ price_type: 'Excl. Govt. Charges', drive_away_price: 44500 }).drive_away_price).toBe(44500);
    expect('drive_away_price' in priced({ price_type: 'Drive Away', drive_away_price: 44500 })).toBe(false);
    expect('drive_away_price' in priced({ price_type: 'Excl. Govt. Charges', drive_away_price: 39000 })).toBe(false);
    expect('drive_away_price' in priced({ price_type: 'Excl. Govt. Charges' })).toBe(false);
  });

  it('a card leads with the price the car page leads with, a trade-in offer taken off once', () => {
    for (const fields of [{ price_type: 'Excl. Govt. Charges', drive_away_price: 44500 }, { price_type: 'Excl. Govt. Charges', drive_away_price: 44500, offer_price: 2000 }]) {
      const feedCar = car({ price: 40000, ...fields } as Partial<Car>);
      expect(saleHeadline(hitToCar(toSearchDocument(feedCar, site)))).toEqual(saleHeadline(feedCar));
    }
  });

  it('survives the embedded index file round trip, and a stock without one writes no column', () => {
    const documents = [priced({ id: 1, slug: 'a', price_type: 'Excl. Govt. Charges', drive_away_price: 44500 }), priced({ id: 2, slug: 'b' })];
    expect(documents[0]!.drive_away_price).toBe(44500);
    const index = JSON.parse(JSON.stringify(encodeIndex('demo', documents)));
    expect(decodeIndex(index)).toEqual(documents);
    expect('drive_away_price' in encodeIndex('demo', [documents[1]!]).c).toBe(false);
  });
});

describe('issue 14 item 1 (audit 1): the facets of spec §3 in the search document', () => {
  it('carries seats, weekly_price_range, make > model and certified as true or false', () => {
    const document = toSearchDocument(
      car({
        make: 'Toyota',
        model: 'Corolla',
        seats: 5,
        weekly_price_range: '$150 - $200',
        tag: 'Runout Sale',
        badge: 'Ascent',
        drive: 'FWD',
        subscription_price: 199,
      }),
      site,
    );
    expect(document).toMatchObject({
      seats: 5,
      weekly_price_range: '$150 - $200',
      make_model: 'Toyota > Corolla',
      tag: 'Runout Sale',
      badge: 'Ascent',
      drive: 'FWD',
      subscription_price: 199,
      certified: false,
    });
    expect(toSearchDocument(car({ certified: true }), site).certified).toBe(true);
    expect('make_model' in toSearchDocument(car({ make: 'Toyota' }), site)).toBe(false);
  });

  it('survives the embedded index file round trip (certified false included, make_model derived)', () => {
    const documents = [
      toSearchDocument(car({ id: 1, slug: 'a', make: 'Kia', model: 'Rio', seats: 5, weekly_price_range: '$100 - $150', certified: true }), site),
      toSearchDocument(car({ id: 2, slug: 'b', make: 'Kia', model: 'Rio', seats: 7 }), site),
      toSearchDocument(car({ id: 3, slug: 'c' }), site),
      toSearchDocument(car({ id: 4, slug: 'd', make: 'Harley-Davidson', item_type: 'motorcycle', drive: 'Belt' }), site),
    ];
    expect(documents[3]!.final_drive).toBe('Belt');
    const decoded = decodeIndex(JSON.parse(JSON.stringify(encodeIndex('demo', documents))));
    expect(decoded).toEqual(documents);
  });

  it('makes every facet and range attribute filterable on Meilisearch', () => {
    const filterable = INDEX_SETTINGS.filterableAttributes as string[];
    for (const attribute of [...FACET_ATTRIBUTES, ...NUMERIC_ATTRIBUTES]) expect(filterable).toContain(attribute);
    for (const attribute of ['seats', 'certified', 'tag', 'badge', 'make_model', 'weekly_price_range', 'subscription_price', 'drive', 'final_drive', 'year', 'km'])
      expect(filterable).toContain(attribute);
  });
});

describe("a bike's final drive: its own facet, never a drive type", () => {
  it('carries final_drive only for a car that has one, and keeps Chain, Belt and Shaft out of drive', () => {
    const belt = toSearchDocument(car({ make: 'Harley-Davidson', item_type: 'motorcycle', drive: 'Belt' }), site);
    expect(belt).toMatchObject({ final_drive: 'Belt' });
    expect('drive' in belt).toBe(false);
    // A feed that sends final_drive itself keeps its text.
    expect(toSearchDocument(car({ item_type: 'motorcycle', final_drive: 'Chain (O-ring)' }), site).final_drive).toBe('Chain (O-ring)');
    const awd = toSearchDocument(car({ make: 'Subaru', drive: 'AWD' }), site);
    expect(awd.drive).toBe('AWD');
    expect('final_drive' in awd).toBe(false);
    expect(FACET_ATTRIBUTES).toContain('final_drive');
  });
});

describe('planSync', () => {
  it('sends new and changed documents, deletes removed ones, skips unchanged ones', () => {
    const a = toSearchDocument(car({ id: 1, slug: 'a' }), site);
    const b = toSearchDocument(car({ id: 2, slug: 'b', price: 1 }), site);
    const c = toSearchDocument(car({ id: 3, slug: 'c' }), site);
    const stored = new Map([
      [a.uid, documentFingerprint(a)],
      [b.uid, 'stale'],
      ['demo__9', documentFingerprint(a)],
    ]);
    const plan = planSync([a, b, c], stored);
    expect(plan.upserts.map((document) => document.uid)).toEqual([b.uid, c.uid]);
    expect(plan.upserts[0].fingerprint).toBe(documentFingerprint(b));
    expect(plan).toMatchObject({ added: 1, updated: 1, unchanged: 1, deletions: ['demo__9'] });
  });
});

describe('listOrderFields (products, model directory)', () => {
  it('ranks the entries of a listing in list order: the first has the highest custom_rank and the lowest tiebreak', () => {
    const fields = [0, 1, 2].map((index) => listOrderFields(index, 3));
    expect(fields[0]).toEqual({ car_type: 'new', status: 'in_stock', created_at: 0, custom_rank: 3, tiebreak: 0 });
    expect(fields.map((field) => field.custom_rank)).toEqual([3, 2, 1]);
    expect(fields.map((field) => field.tiebreak)).toEqual([0, 1, 2]);
  });
});
