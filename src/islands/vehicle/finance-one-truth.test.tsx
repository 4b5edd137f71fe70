/**
 * Properties over every demo car (tenants/*): the finance box, the quote line and the
 * calculator's first render print one repayment, one rate and one comparison rate, and a
 * comparison rate is never below the rate beside it; every car's figures are worked out on its
 * own price (whatever price kind is displayed); total payable is the site's rule (site.json
 * finance.total_payable) over the printed repayment, and with 'repayments-and-balloon' never below
 * the amount financed; the local quote endpoint's answer, printed as the page's quote script prints it,
 * gives the figures the page was built with. The calculator is rendered as the page renders it
 * (server markup of the island with the page's props).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import FinanceCalculator from './FinanceCalculator.tsx';
import { loadTenant } from '../../lib/site/tenant.ts';
import { vehicleView } from '../../lib/vehicle/view.ts';
import { amountFinanced, carFinance, financeFigures, financePrice, financeTexts, quoteScenario } from '../../lib/finance/car-finance.ts';
import { upfrontFees } from '../../lib/finance/disclosures.ts';
import { quoteFinance } from '../../server/features/cars/finance-quote.ts';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const demoTenants = readdirSync('tenants').filter((name) => existsSync(join('tenants', name, 'site.json')));

/** The text of the element with this data-testid in server markup (comments React leaves removed). */
function testIdText(html: string, id: string): string | null {
  const match = new RegExp(`data-testid="${id}"[^>]*>(.*?)</(?:strong|span|p)>`).exec(html);
  return match ? match[1]!.replace(/<!-- -->/g, '') : null;
}

/** Every 'N.NN% p.a.' (nominal) and 'N.NN% comparison rate' / 'N.NN% p.a. comparison rate' in a text. */
function rates(text: string) {
  const comparison = [...text.matchAll(/(\d+\.\d\d)% (?:p\.a\. )?comparison rate/g)].map((match) => Number(match[1]));
  const nominal = [...text.replace(/(\d+\.\d\d)% (?:p\.a\. )?comparison rate/g, '').matchAll(/(\d+(?:\.\d+)?)% p\.a\./g)].map((match) => Number(match[1]));
  return { comparison, nominal };
}

describe.each(demoTenants)('one finance truth per car on %s', (slug) => {
  const { site, visible } = loadTenant(join('tenants', slug), NOW);

  it('box, quote line and calculator agree for every car; comparison >= nominal', () => {
    let checked = 0;
    for (const car of visible) {
      const view = vehicleView(car, site, NOW);
      const figures = view.finance;
      const where = `${slug}/${car.slug}`;
      if (figures.comparison) expect(figures.comparison.rate, where).toBeGreaterThanOrEqual(Number(figures.rateText.slice(0, -6)));
      if (view.financeBox && figures.showFigures) expect(view.financeBoxAmountText, where).toBe(figures.paymentText);
      const quote = view.calculator?.quote;
      if (quote) expect(quote, where).toEqual(figures);
      if (!view.calculator) continue;
      const { quote: _quote, ...props } = view.calculator;
      const html = renderToStaticMarkup(<FinanceCalculator carId={view.id} {...props} />);
      if (!figures.showFigures) {
        expect(html, where).toContain('Enquire for Finance');
        continue;
      }
      expect(testIdText(html, 'finance-payment'), where).toBe(figures.paymentText);
      expect(testIdText(html, 'finance-rate'), where).toBe(figures.rateText);
      expect(testIdText(html, 'finance-comparison'), where).toBe(figures.comparison?.text ?? null);
      expect(testIdText(html, 'finance-terms'), where).toBe(figures.termsText);
      expect(testIdText(html, 'finance-total'), where).toBe(figures.totalText);
      const shown = rates(html.replace(/<!-- -->/g, ''));
      expect(new Set(shown.nominal), where).toEqual(new Set([Number(figures.rateText.slice(0, -6))]));
      for (const comparison of shown.comparison) expect(comparison, where).toBeGreaterThanOrEqual(shown.nominal[0]!);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("every car is financed on its own price, whatever price is shown; total payable is the site's rule", () => {
    let priced = 0;
    let subscriptions = 0;
    for (const car of visible) {
      const where = `${slug}/${car.slug}`;
      const scenario = carFinance(car, site, NOW);
      const own = financePrice(car);
      if (own !== null && (site.finance.amount_from_car_price || scenario.source !== 'site')) {
        expect(scenario.amount, where).toBe(own);
        priced += 1;
        if (site.offers_subscription && (car.subscription_price ?? 0) > 0) subscriptions += 1;
      }
      const view = vehicleView(car, site, NOW);
      if (view.financeQuoteCall) expect(view.financeQuoteCall.request.purchasePrice, where).toBe(own);
      const { total, periods, shownPayment } = view.finance;
      const added = site.finance.total_payable === 'spec' ? upfrontFees(scenario.fees) : scenario.residual;
      if (view.finance.showFigures) expect(total, where).toBeCloseTo(periods * shownPayment + added, 6);
    }
    expect(priced).toBeGreaterThan(0);
    // The used group shows 14 cars with a subscription price (docs/demo-data.md).
    if (site.offers_subscription) expect(subscriptions).toBeGreaterThan(0);
  });

  it("with finance.total_payable 'repayments-and-balloon', total payable is never below the amount financed", () => {
    const chosen = { ...site, finance: { ...site.finance, total_payable: 'repayments-and-balloon' as const } };
    let checked = 0;
    for (const car of visible) {
      const scenario = carFinance(car, chosen, NOW);
      const figures = financeFigures(scenario);
      if (!figures.showFigures) continue;
      expect(figures.total, `${slug}/${car.slug}`).toBeGreaterThanOrEqual(amountFinanced(scenario));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("the local quote endpoint's answer reprints the figures the page was built with", () => {
    for (const car of visible) {
      const view = vehicleView(car, site, NOW);
      const call = view.financeQuoteCall;
      if (!call) continue;
      const { request } = call;
      const answer = quoteFinance({
        purchasePrice: request.purchasePrice,
        loanTerm: request.loanTerm,
        selfAssessedCreditScore: request.selfAssessedCreditScore,
        year: request.year,
        currentYear: new Date(NOW).getUTCFullYear(),
      });
      expect(financeTexts(quoteScenario(answer, call.terms)), `${slug}/${car.slug}`).toEqual(view.financeTexts);
    }
  });
});
