import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { activePromoNodes, gridPromoNodes } from '../../search/core/promo-nodes.ts';
import { demoClockJson, parseDemoClock, shiftDate, shiftSiteDates, shiftStockDates, shiftTenantFileDates } from './demo-clock.ts';
import { loadSite, loadTenant } from './tenant.ts';

const DAY = 86_400_000;

describe('demo clock (issue 14 item 9: the demo stays alive)', () => {
  it('item 9: moves date-times, date-only values and epoch seconds/ms by the shift', () => {
    expect(shiftDate('2026-11-20T06:00:00.000Z', 30 * DAY)).toBe('2026-12-20T06:00:00.000Z');
    expect(shiftDate('2026-11-01T00:00:00+11:00', DAY)).toBe('2026-11-01T13:00:00.000Z');
    expect(shiftDate('2026-11-20', 400 * DAY + 5 * 3_600_000)).toBe('2027-12-25');
    expect(shiftDate(1_763_683_200, DAY)).toBe(1_763_683_200 + 86_400);
    expect(shiftDate(1_763_683_200_000, DAY)).toBe(1_763_683_200_000 + DAY);
    expect(shiftDate(null, DAY)).toBe(null);
    expect(shiftDate('soon', DAY)).toBe('soon');
  });

  it('item 9: shifts only the time-rule fields of stock records and leaves other fields and bad records alone', () => {
    const raw = [{ id: 1, created_at: '2026-11-20T00:00:00.000Z', sold_date_timestamp: 1_000_000_000, rego_expiry: '2027-01-01', build_date: '2020-01-01', name: '2026-11-20T00:00:00Z' }, 'not a record'];
    const [car, bad] = shiftStockDates(raw, 2 * DAY) as [Record<string, unknown>, unknown];
    expect(car).toEqual({ id: 1, created_at: '2026-11-22T00:00:00.000Z', sold_date_timestamp: 1_000_172_800, rego_expiry: '2027-01-03', build_date: '2020-01-01', name: '2026-11-20T00:00:00Z' });
    expect(bad).toBe('not a record');
    expect(raw[0]).toMatchObject({ created_at: '2026-11-20T00:00:00.000Z' });
    expect(shiftStockDates({ not: 'an array' }, DAY)).toEqual({ not: 'an array' });
  });

  it('item 9: shifts offers, slides, blog and review dates; other files unchanged', () => {
    expect(shiftTenantFileDates('offers.json', [{ id: 'a', start: '2026-11-01T00:00:00.000Z', expiry: '2026-12-01T00:00:00.000Z' }], DAY)).toEqual([{ id: 'a', start: '2026-11-02T00:00:00.000Z', expiry: '2026-12-02T00:00:00.000Z' }]);
    expect(shiftTenantFileDates('slides.json', [{ id: 1, name: 'x' }], DAY)).toEqual([{ id: 1, name: 'x' }]);
    expect(shiftTenantFileDates('blog.json', [{ date: '2026-11-01' }], DAY)).toEqual([{ date: '2026-11-02' }]);
    expect(shiftTenantFileDates('reviews.json', { count: 3, reviews: [{ review_date: '2026-11-01', reply_date: '2026-11-03' }] }, DAY)).toEqual({ count: 3, reviews: [{ review_date: '2026-11-02', reply_date: '2026-11-04' }] });
    const models = [{ slug: 'x', start: '2026-11-01' }];
    expect(shiftTenantFileDates('models.json', models, DAY)).toBe(models);
  });

  it('item 9: demo-clock.json round-trips and a bad one names the field', () => {
    expect(parseDemoClock(JSON.parse(demoClockJson(Date.parse('2026-11-21T00:00:00Z'))))).toBe(Date.parse('2026-11-21T00:00:00Z'));
    expect(() => parseDemoClock({ generated_at: 'yesterday' })).toThrow(/field generated_at/);
    expect(() => parseDemoClock(null)).toThrow(/field generated_at/);
  });

  it('item 9: a date-time without a zone (dealer\'s wall clock) stays one, moved by the shift', () => {
    expect(shiftDate('2026-12-01T09:00', 30 * DAY)).toBe('2026-12-31T09:00');
    expect(shiftDate('2026-12-31T23:59:59', DAY + 3_600_000)).toBe('2027-01-02T00:59:59');
  });

  it('item 9: promo nodes and the popup expiry of a demo site move; a shift of 0 returns the site itself', () => {
    const site = { slug: 'x', promo: { card_positions: [8], nodes: [{ id: 'a', title: 'A', start: '2026-11-01', expiry: '2026-12-31T23:59:59+11:00' }, { id: 'b', title: 'B' }], popup: { title: 'P', expiry: '2027-03-31' } } };
    const moved = shiftSiteDates(site, 10 * DAY);
    expect(moved.promo.nodes).toEqual([{ id: 'a', title: 'A', start: '2026-11-11', expiry: '2027-01-10T12:59:59.000Z' }, { id: 'b', title: 'B' }]);
    expect(moved.promo.popup).toEqual({ title: 'P', expiry: '2027-04-10' });
    expect(moved.promo.card_positions).toEqual([8]);
    expect(site.promo.nodes[0]!.start).toBe('2026-11-01');
    expect(shiftSiteDates(site, 0)).toBe(site);
  });

  it('item 9: ridgeline-toyota\'s timed promo is still in the new and demo grid a year after generation', () => {
    const dir = join(import.meta.dirname, '../../../tenants/ridgeline-toyota');
    const generatedAt = parseDemoClock(JSON.parse(readFileSync(join(dir, 'demo-clock.json'), 'utf8')));
    // At the generation clock the promo shows (it is the demo's example of a running timed promo).
    const atGeneration = loadTenant(dir, generatedAt).site;
    expect(activePromoNodes(gridPromoNodes(atGeneration.promo.nodes, atGeneration.timezone), generatedAt, ['new', 'demo']).map((node) => node.id)).toContain('hybrid-runout');
    const yearAhead = generatedAt + 365 * DAY;
    const site = loadTenant(dir, yearAhead).site;
    expect(activePromoNodes(gridPromoNodes(site.promo.nodes, site.timezone), yearAhead, ['new', 'demo']).map((node) => node.id)).toContain('hybrid-runout');
    // The file as written (what a real tenant gets) has expired by then.
    const written = loadSite(dir);
    expect(activePromoNodes(gridPromoNodes(written.promo.nodes, written.timezone), yearAhead, ['new', 'demo']).map((node) => node.id)).not.toContain('hybrid-runout');
  });

  it('item 9: a tenant without demo-clock.json keeps its site.json promo dates whatever the clock', () => {
    const dir = join(import.meta.dirname, '../../../tests/fixtures/tenants/search-options');
    const later = Date.parse('2031-06-01T00:00:00Z');
    expect(loadTenant(dir, later).site.promo.nodes).toEqual(loadSite(dir).promo.nodes);
    expect(loadTenant(dir, later).site.promo.nodes[0]).toMatchObject({ start: '2020-01-01', expiry: '2099-12-31' });
  });
});
