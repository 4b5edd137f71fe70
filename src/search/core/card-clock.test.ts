/** The search cards' clock: the same card decisions as the build clock, the same value for builds in one span. */
import { describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/car.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';
import { vehicleTag } from '../../lib/vehicle/vehicle-tag.ts';
import { steadyCardClock } from './card-clock.ts';
import { toSearchDocument, type SearchDocument } from './documents.ts';
import { hitToCar } from './hit-car.ts';
import { activePromoNodes, type GridPromoNode } from './promo-nodes.ts';

const site = { slug: 'demo', dealerships: [] } as never;
const DAY = 86_400_000;
const T0 = Date.parse('2026-12-01T00:00:00Z');
const document = (id: number, created: string | null): SearchDocument =>
  toSearchDocument(makeCar({ id, slug: `car-${id}`, status: 'in_stock', car_type: 'used', created_at: created } as Partial<Car>), site);
const node = (id: string, start?: number, expiry?: number): GridPromoNode => ({
  id,
  position: 0,
  strictDisplay: false,
  title: id,
  description: '',
  ...(start ? { start } : {}),
  ...(expiry ? { expiry } : {}),
});

/** What the cards and the first grid show at a clock: each car's tag and the promo nodes placed. */
const decisions = (documents: SearchDocument[], nodes: GridPromoNode[], now: number) => ({
  tags: documents.map((entry) => vehicleTag(hitToCar(entry), now, { electricTag: false })?.text ?? null),
  nodes: activePromoNodes(nodes, now, []).map((entry) => entry.id),
});

describe('steadyCardClock', () => {
  // Cars created over three weeks at odd times (some 8 days old give or take a second), one with no date.
  const documents = [
    document(1, new Date(T0 - 8 * DAY).toISOString()),
    document(2, new Date(T0 - 8 * DAY - 1000).toISOString()),
    document(3, new Date(T0 + 3 * DAY + 12_345_000).toISOString()),
    document(4, new Date(T0 - 20 * DAY).toISOString()),
    document(5, null),
    document(6, new Date(T0 + 9 * DAY + 7_000).toISOString()),
  ];
  const nodes = [node('sale', T0 + 2 * DAY, T0 + 5 * DAY), node('always'), node('later', T0 + 30 * DAY)];

  it('decides every card and promo as the build clock does, at every instant of three weeks', () => {
    // Every 17 minutes and each instant a second either side of each car's and node's change.
    const changes = documents
      .filter((entry) => entry.created_at > 0)
      .flatMap((entry) => [entry.created_at * 1000, entry.created_at * 1000 + 8 * DAY + 1])
      .concat(T0 + 2 * DAY, T0 + 5 * DAY);
    const clocks = [
      ...Array.from({ length: Math.floor((21 * DAY) / 1_020_000) }, (_, index) => T0 - 5 * DAY + index * 1_020_000),
      ...changes.flatMap((at) => [at - 1000, at - 1, at, at + 1, at + 1000]),
    ];
    let newArrivals = 0;
    for (const buildTime of clocks) {
      const steady = steadyCardClock(buildTime, documents, nodes);
      expect(steady).toBeLessThanOrEqual(buildTime);
      const atBuild = decisions(documents, nodes, buildTime);
      expect(decisions(documents, nodes, steady), new Date(buildTime).toISOString()).toEqual(atBuild);
      newArrivals += atBuild.tags.filter((tag) => tag === 'New Arrival').length;
    }
    // The clocks do cover times with and without New Arrivals.
    expect(newArrivals).toBeGreaterThan(0);
  });

  it('is the same for builds in one span and moves when a decision changes', () => {
    // Car 3 arrives at T0 + 3 days 03:25:45; nothing else changes until the sale ends at T0 + 5 days.
    const arrived = T0 + 3 * DAY + 12_345_000;
    expect(steadyCardClock(arrived + 1000, documents, nodes)).toBe(arrived);
    expect(steadyCardClock(arrived + DAY, documents, nodes)).toBe(arrived);
    expect(steadyCardClock(T0 + 5 * DAY - 1, documents, nodes)).toBe(arrived);
    expect(steadyCardClock(T0 + 5 * DAY, documents, nodes)).toBe(T0 + 5 * DAY);
    // Car 1 stops being a New Arrival 8 days and 1 ms after it was created.
    expect(steadyCardClock(T0 + 10_000, documents, nodes)).toBe(T0 + 1);
  });

  it('is 0 when no decision changes before the build clock', () => {
    expect(steadyCardClock(T0, [document(1, new Date(T0 + DAY).toISOString())], [node('later', T0 + DAY)])).toBe(0);
    expect(steadyCardClock(T0, [], [])).toBe(0);
  });
});
