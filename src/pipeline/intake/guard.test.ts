import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { StockRulesSchema } from '../../schemas/site/stock-rules.ts';
import { assessMassChange, GUARD_DEFAULTS } from './guard.ts';

const NOW = Date.parse('2026-11-21T00:00:00Z');
const site = { include_sold_cars_days: 3, stock_rules: v.parse(StockRulesSchema, {}) };
const car = (n: number, extra: Record<string, unknown> = {}) => ({ id: `C${n}`, slug: `car-c${n}`, make: 'Kia', model: 'Rio', price: 9990, status: 'in_stock', car_type: 'used', ...extra });
const stock = (count: number) => Array.from({ length: count }, (_, index) => car(index + 1));

describe('mass-change guard (truncated-feed finding)', () => {
  it('holds a feed that takes more than the share of the visible stock off the site', () => {
    const change = assessMassChange('t', site, stock(20), stock(20).slice(0, 5), NOW, GUARD_DEFAULTS);
    expect(change).toMatchObject({ visibleBefore: 20, visibleAfter: 5, held: true });
    expect(change.removed).toHaveLength(15);
    expect(change.reason).toMatch(/would take 15 of 20 visible cars \(75 %\) off the site, more than the 50 %/);
  });

  it('lets an ordinary feed through: half the stock or less, or fewer cars than the minimum', () => {
    expect(assessMassChange('t', site, stock(20), stock(20).slice(0, 10), NOW, GUARD_DEFAULTS).held).toBe(false);
    expect(assessMassChange('t', site, stock(6), stock(6).slice(0, 2), NOW, GUARD_DEFAULTS)).toMatchObject({ held: false, removed: ['C3', 'C4', 'C5', 'C6'] });
    expect(assessMassChange('t', site, [], stock(3), NOW, GUARD_DEFAULTS)).toMatchObject({ held: false, visibleBefore: 0, visibleAfter: 3 });
  });

  it('does not count a car marked sold as removed while the sold window shows it', () => {
    const sold = stock(10).map((entry) => ({ ...entry, status: 'sold', show_on_dealer_website: true, sold_date_timestamp: NOW / 1000 - 3600 }));
    expect(assessMassChange('t', site, stock(10), sold, NOW, GUARD_DEFAULTS)).toMatchObject({ held: false, removed: [] });
  });

  it('counts invalid records in the feed as removed (an export with broken rows)', () => {
    const broken = stock(10).map((entry, index) => (index < 8 ? { ...entry, status: 'gone' } : entry));
    expect(assessMassChange('t', site, stock(10), broken, NOW, GUARD_DEFAULTS)).toMatchObject({ held: true, visibleAfter: 2 });
  });

  it('keeps a vehicle that comes back under a new id with the same stock number or VIN', () => {
    const before = stock(10).map((entry, index) => ({ ...entry, stocknum: `PM${index + 1}`, vin: index === 0 ? 'JTNB11HK103456789' : undefined }));
    const after = before.map((entry, index) => ({ ...entry, id: index === 0 ? 'NEW' : `PM${index + 1}`, stocknum: index === 0 ? undefined : entry.stocknum, vin: index === 0 ? 'jtnb11hk103456789' : undefined }));
    expect(assessMassChange('t', site, before, after, NOW, GUARD_DEFAULTS)).toMatchObject({ held: false, removed: [] });
  });

  it("counts stock numbers per dealership: a group feed that loses one dealership's cars is held though the other numbers its own alike", () => {
    const group = (dealership: string, count: number) =>
      Array.from({ length: count }, (_, index) =>
        car(index + 1, { id: `${dealership}-${index + 1}`, slug: `${dealership}-${index + 1}`, stocknum: `A${index + 1}`, dealership_slug: dealership }),
      );
    const before = [...group('north', 12), ...group('south', 8)];
    // The feed lost north's 12 cars; south's stock numbers A1..A8 are north's too.
    expect(assessMassChange('t', site, before, group('south', 8), NOW, GUARD_DEFAULTS)).toMatchObject({ held: true, visibleBefore: 20, visibleAfter: 8 });
  });

  it('follows the settings', () => {
    expect(assessMassChange('t', site, stock(4), stock(4).slice(0, 1), NOW, { maxRemovedShare: 0.5, minRemoved: 2 }).held).toBe(true);
    expect(assessMassChange('t', site, stock(20), [], NOW, { maxRemovedShare: 1, minRemoved: 1 }).held).toBe(false);
  });
});
