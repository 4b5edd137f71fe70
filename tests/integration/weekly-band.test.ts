/**
 * The 'Weekly repayments' search facet files a car under the band of the repayment its own page
 * prints (spec-audit 2026-12-01 F9): for every car of the demo dealers whose page prints a
 * repayment (the finance box or the calculator's first state), the band of its search document
 * holds that repayment, a week's worth of it where the page quotes a month. A feed's own band
 * can disagree with the page (a subscription car banded on its subscription price, a repayment
 * just under a band's limit filed above it) or be missing.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listTenantDirs, loadTenant } from '../../src/lib/site/tenant.ts';
import { vehicleView } from '../../src/lib/vehicle/view.ts';
import { toSearchDocument } from '../../src/search/core/documents.ts';
import { PERIODS_PER_YEAR } from '../../src/lib/finance/repayment.ts';

const repo = resolve(import.meta.dirname, '../..');
const NOW = Date.parse('2026-11-21T10:00:00+10:00');

/** '$150 - $200' as [150, 200]; '$1,500 and over' as [1500, Infinity]. */
function bandLimits(band: string): [number, number] {
  const numbers = (band.replace(/,/g, '').match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return [numbers[0] ?? Number.NaN, numbers[1] ?? Number.POSITIVE_INFINITY];
}

describe('weekly repayment bands', () => {
  for (const dir of listTenantDirs(join(repo, 'tenants'))) {
    it(`${dir.split('/').pop()}: every car whose page prints a repayment is filed under that repayment's band`, () => {
      const tenant = loadTenant(dir, NOW);
      const wrong: string[] = [];
      let printed = 0;
      for (const car of tenant.visible) {
        const view = vehicleView(car, tenant.site, NOW);
        if (!view.finance.showFigures || (view.financeBoxAmountText === null && view.calculator === null)) continue;
        printed += 1;
        const frequency = view.calculator?.start.frequency ?? (view.finance.period === 'month' ? 'monthly' : 'weekly');
        const weekly = (view.finance.shownPayment * PERIODS_PER_YEAR[frequency]) / PERIODS_PER_YEAR.weekly;
        const band = toSearchDocument(car, tenant.site).weekly_price_range;
        const [low, high] = band ? bandLimits(band) : [Number.NaN, Number.NaN];
        if (!(weekly >= low && weekly < high)) wrong.push(`${car.slug}: page ${view.finance.paymentText} per ${view.finance.period}, band ${band ?? '(none)'}`);
      }
      expect(printed).toBeGreaterThan(0);
      expect(wrong).toEqual([]);
    });
  }
});
