/**
 * Issue 35 items 1 and 6 on a built demo site (sunstate-motor-group, a Taurus site whose cars
 * carry lender figures and quotes): one repayment, one rate and one comparison rate (never below
 * the rate) everywhere on a car page, figures that follow the calculator, and a views counter
 * that never shows less than the number the page was built with.
 */
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { vehicleView } from '../../src/lib/vehicle/view.ts';
import { tenantUrl } from './vehicle-helpers.ts';

const TENANT = 'sunstate-motor-group';
const now = Date.parse(process.env.E2E_NOW ?? '2026-11-21T10:00:00+10:00');
const tenant = loadTenant(`tenants/${TENANT}`, now);
// A car with a finance box, a quote line and a calculator with a comparison rate: every finance figure on one page.
const car = tenant.visible.find((candidate) => {
  const view = vehicleView(candidate, tenant.site, now);
  return view.financeBox && view.calculator?.quote && view.finance.comparison && (candidate.views ?? 0) > 0;
});
if (!car) throw new Error(`no car of ${TENANT} with a finance box, a quote line, a comparison rate and views`);

/** Text of the page's body without scripts, styles or templates. */
const bodyText = (page: Page) =>
  page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const element of copy.querySelectorAll('script, style, template')) element.remove();
    return copy.textContent ?? '';
  });

/** Every nominal rate ('9.28% p.a.') and every comparison rate ('9.98% comparison rate', '9.98% p.a. comparison rate') of a text. */
function ratesIn(text: string) {
  const comparison = /(\d+(?:\.\d+)?)% (?:p\.a\. )?comparison rate/g;
  return {
    comparison: [...text.matchAll(comparison)].map((match) => Number(match[1])),
    nominal: [...text.replace(comparison, '').matchAll(/(\d+(?:\.\d+)?)% p\.a\./g)].map((match) => Number(match[1])),
  };
}

/** Every repayment ('$258 per week') of a text. */
const repaymentsIn = (text: string) => [...text.matchAll(/\$[\d,]+(?:\.\d\d)?\*? per (?:week|fortnight|month)/g)].map((match) => match[0].replace('*', ''));

test('issue 35 item 1: one repayment, one rate and a comparison rate not below it, everywhere on the page; the calculator\'s figures follow its inputs', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(tenantUrl(TENANT, `/cars/${car.slug}/`));
  const calculator = page.locator('#finance-calculator');
  await calculator.scrollIntoViewIfNeeded();
  await expect(calculator.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 20_000 });

  const finance = [page.getByTestId('finance-box'), page.locator('.finance-quote'), calculator.getByTestId('finance-result'), page.locator('.sticky-header__finance')];
  const financeText = (await Promise.all(finance.map((locator) => locator.allTextContents()))).flat().join('\n');
  const repayments = new Set(repaymentsIn(financeText));
  expect([...repayments], financeText).toHaveLength(1);

  const rates = ratesIn(await bodyText(page));
  expect(new Set(rates.nominal).size, `nominal rates on the page: ${rates.nominal.join(', ')}`).toBe(1);
  expect(rates.comparison.length).toBeGreaterThanOrEqual(3); // box, quote line, calculator
  expect(new Set(rates.comparison).size, `comparison rates on the page: ${rates.comparison.join(', ')}`).toBe(1);
  expect(rates.comparison[0]).toBeGreaterThanOrEqual(rates.nominal[0]!);

  // The shopper changes the rate: the calculator's repayment, rate and comparison rate follow, the comparison still not below the rate.
  const before = await calculator.getByTestId('finance-payment').textContent();
  const comparisonBefore = await calculator.getByTestId('finance-comparison').textContent();
  await calculator.getByLabel('Interest rate (% p.a.)').fill('12.5');
  await expect(calculator.getByTestId('finance-rate')).toHaveText('12.50% p.a.');
  await expect(calculator.getByTestId('finance-payment')).not.toHaveText(before ?? '');
  await expect(calculator.getByTestId('finance-comparison')).not.toHaveText(comparisonBefore ?? '');
  const after = ratesIn((await calculator.getByTestId('finance-result').textContent()) ?? '');
  expect(after.nominal).toEqual([12.5]);
  expect(after.comparison).toHaveLength(1);
  expect(after.comparison[0]).toBeGreaterThanOrEqual(12.5);
  // Focus leaves the field: an off-step rate is kept as typed.
  await calculator.getByLabel('Interest rate (% p.a.)').fill('9.99');
  await calculator.getByLabel('Interest rate (% p.a.)').blur();
  await expect(calculator.getByLabel('Interest rate (% p.a.)')).toHaveValue('9.99');
  await expect(calculator.getByTestId('finance-rate')).toHaveText('9.99% p.a.');
});

/** Records every number the views counter shows, from the first paint on. */
async function recordViews(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { viewsSeen: string[] }).viewsSeen = seen;
    // Watched from the moment the parser inserts it: module scripts run before DOMContentLoaded,
    // so on a busy machine the count-up could have begun before a listener on that event.
    const watch = (number: Element) => {
      seen.push(number.textContent ?? '');
      new MutationObserver(() => seen.push(number.textContent ?? '')).observe(number, { childList: true, characterData: true, subtree: true });
    };
    const parsing = new MutationObserver(() => {
      const number = document.querySelector('[data-views-number]');
      if (!number) return;
      parsing.disconnect();
      watch(number);
    });
    parsing.observe(document, { childList: true, subtree: true });
  });
}

const seenViews = async (page: Page) => (await page.evaluate(() => (window as unknown as { viewsSeen: string[] }).viewsSeen)).map((text) => Number(text.replace(/,/g, '')));

test('issue 35 item 6: the views counter never shows less than the built number; it counts up to a higher live count', async ({ page }) => {
  const built = car.views as number;
  await recordViews(page);
  // A live count below the built one (as a count restarted from 0 gives): the built number stays.
  await page.route('**/view.json*', (route) => route.fulfill({ json: { views: Math.floor(built / 4) } }));
  await page.goto(tenantUrl(TENANT, `/cars/${car.slug}/`));
  const number = page.locator('[data-views-number]');
  await page.waitForTimeout(1500); // the live count has arrived and any count-up has run
  await expect(number).toHaveText(built.toLocaleString('en-AU'));
  expect((await seenViews(page)).every((value) => value >= built), `shown: ${(await seenViews(page)).join(', ')}`).toBe(true);

  // A live count above it: counts up from the built number, never below, never backwards.
  await page.unroute('**/view.json*');
  await page.route('**/view.json*', (route) => route.fulfill({ json: { views: built + 40 } }));
  await page.goto(tenantUrl(TENANT, `/cars/${car.slug}/`));
  await expect(number).toHaveText((built + 40).toLocaleString('en-AU'));
  const shown = await seenViews(page);
  expect(shown[0]).toBe(built);
  for (let index = 1; index < shown.length; index += 1) expect(shown[index]!, `shown: ${shown.join(', ')}`).toBeGreaterThanOrEqual(shown[index - 1]!);
});
