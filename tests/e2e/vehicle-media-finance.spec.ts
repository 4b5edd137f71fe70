/**
 * Issue 14 items 3, 5 and 7 on a built site (fixture tests/fixtures/tenants/vehicle-media-finance,
 * a Nissan Finance site that opens vehicle pages on the spin and uses the external 360 provider
 * through a local stand-in page — never the internet).
 */
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './forms-helpers.ts';
import { pickCar, readStock, tenantUrl, waitForIslands } from './vehicle-helpers.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { dealerYear } from '../../src/lib/text/dealer-time.ts';
import { quoteFinance } from '../../src/server/features/cars/finance-quote.ts';

const TENANT = 'vehicle-media-finance';
const stock = readStock('tests/fixtures/tenants/vehicle-media-finance');
const spinCar = pickCar(stock, 'Nissan with spin frames, spin_code, hotspots and lender figures', (car) => Boolean(car.spin_code) && Boolean(car.hotspots) && Boolean(car.finance_lenders));
const quoteCar = pickCar(stock, 'a car the quote provider prices (youxQuote)', (car) => Boolean(car.youxQuote) && car.status === 'in_stock');
const ownFrames = pickCar(stock, 'spin frames and exterior hotspots, no spin_code', (car) => !car.spin_code && Array.isArray(car.spin_images) && Boolean((car.hotspots as { exterior?: unknown[] } | undefined)?.exterior));
const plainNissan = pickCar(stock, 'Nissan without a comparison rate or lender disclaimer', (car) => {
  const lender = (car.finance_lenders as Record<string, { comparisonRate?: number; disclaimer?: string }> | undefined)?.['Nissan Finance'];
  return car.make === 'Nissan' && !car.youxQuote && Boolean(lender) && !lender!.comparisonRate && !lender!.disclaimer;
});
const mazda = pickCar(stock, 'a car of another make (no brand fees)', (car) => car.make === 'Mazda');
const soldCar = pickCar(stock, 'sold car with 6 photos', (car) => car.status === 'sold' && (car.images as unknown[]).length > 3);

const open = async (page: Page, car: { slug: string }) => {
  await page.goto(tenantUrl(TENANT, `/cars/${car.slug}/`));
  await waitForIslands(page);
};

test.describe('spin (2.17, 2.18, 2.19, 4.22, 7.25, 4.4)', () => {
  test('2.17 / 2.19 / 7.25: the site opens on the spin; the external provider loads only when asked, with the car\'s spin_code', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('impel-stand-in')) requested.push(request.url());
    });
    await open(page, spinCar);
    await expect(page.getByRole('button', { name: 'Spin', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const external = page.getByTestId('external-spin');
    await expect(external).toBeVisible();
    await page.waitForTimeout(300);
    expect(requested).toEqual([]);
    await expect(external.locator('iframe')).toHaveCount(0);
    await external.getByRole('button', { name: 'Start 360° view' }).click();
    const frame = external.locator('iframe');
    await expect(frame).toHaveAttribute('src', `/fixture-media/impel-stand-in.html?code=${spinCar.spin_code}`);
    await expect(frame).toHaveAttribute('title', `360 degree view of ${spinCar.name}`);
    await expect.poll(() => requested.length).toBe(1);
    expect(requested[0]).toContain(`code=${spinCar.spin_code}`);
    await expect(page.frameLocator('[data-testid="external-spin"] iframe').locator('#spin-code')).toHaveText('stand-in viewer');
  });

  test('4.22: hotspots show on the interior and can be reached and opened with the keyboard', async ({ page }) => {
    await open(page, spinCar);
    await page.getByRole('button', { name: 'Interior', exact: true }).click();
    const spots = page.getByRole('list', { name: 'Highlights on the interior' });
    const button = spots.getByRole('button', { name: '12.3-inch display' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(spots.getByRole('note')).toHaveText(/12\.3-inch display\s*Wireless Apple CarPlay/);
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('2.18 / 4.22: the spin auto-rotates where the site says; exterior hotspots show on the frames they belong to, reachable by Tab; axe-clean', async ({ page }) => {
    test.setTimeout(60_000); // axe on the media area is slow on a loaded 2-core machine
    await open(page, ownFrames);
    const spin = page.locator('.spin');
    await expect(spin).toHaveAttribute('data-ready', 'true');
    // 2.18: the site auto-rotates the spin (frames advance by themselves, 100 ms each).
    const first = Number(await spin.getAttribute('data-frame'));
    await expect.poll(async () => Number(await spin.getAttribute('data-frame'))).not.toBe(first);
    const spots = page.getByRole('list', { name: 'Highlights on the 360 view' });
    // Hotspots hide while it rotates; an arrow key stops it on a known frame.
    await expect(spots).toHaveCount(0);
    const stage = page.getByRole('slider', { name: /360 degree view/ });
    await stage.focus();
    await page.keyboard.press('ArrowRight');
    // Stopped: the button offers Auto-rotate again (its words say the state: no aria-pressed).
    await expect(page.getByRole('button', { name: 'Auto-rotate' })).toBeVisible();
    await page.waitForTimeout(300); // a tick already queued may still land
    const stopped = Number(await spin.getAttribute('data-frame'));
    for (let press = 0; press < (8 - stopped) % 8; press += 1) await page.keyboard.press('ArrowRight');
    await expect(spin).toHaveAttribute('data-frame', '0');
    await expect(spots.getByRole('button', { name: 'Tub liner' })).toBeVisible();
    await expect(spots.getByRole('button', { name: 'Sports bar' })).toHaveCount(0);
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('ArrowRight');
    await expect(spin).toHaveAttribute('data-frame', '3');
    await expect(spots.getByRole('button', { name: 'Tub liner' })).toHaveCount(0);
    const sportsBar = spots.getByRole('button', { name: 'Sports bar' });
    await page.keyboard.press('Tab');
    await expect(sportsBar).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(sportsBar).toHaveAttribute('aria-expanded', 'true');
    await expect(spots.getByRole('note')).toHaveText('Sports bar');
    await expectNoSeriousAxeViolations(page, '.vehicle__media');
  });

  test('4.4: a sold car keeps its photos but shows no thumbnail strip; an in-stock car shows it', async ({ page }) => {
    await open(page, soldCar);
    await expect(page.locator('.gallery__counter')).toHaveText('1 / 6');
    await expect(page.getByRole('list', { name: 'Choose a photo' })).toHaveCount(0);
    await open(page, mazda);
    await expect(page.getByRole('list', { name: 'Choose a photo' })).toBeVisible();
  });
});

test.describe('finance disclosures (2.60, 7.12, 7.15, 9.19, 9.20, 9.25, 9.26)', () => {
  test('2.60 / 9.19 / 9.25 / 9.26: comparison rate with its warning, every brand fee named, cents rounding of Nissan Finance (weekly in whole dollars)', async ({ page }) => {
    await open(page, spinCar);
    const calculator = page.locator('#finance-calculator');
    await calculator.scrollIntoViewIfNeeded();
    // Issue 47: the lender's own comparison rate for its 6.29% p.a. (the spec's example, 9.25); issue 35
    // printed one worked out with the brand fees instead (8.65%).
    await expect(calculator.getByTestId('finance-comparison')).toHaveText('8.19% p.a. comparison rate*');
    await expect(calculator.getByTestId('finance-comparison-footnote')).toContainText('*Comparison rate based on a 5 year secured loan of $30,000. WARNING: This comparison rate is true only for the examples given');
    await expect(calculator.getByTestId('finance-fees')).toHaveText(
      'Repayments include establishment fee $395, vehicle security registration fee $6, monthly account administration fee $8 per month and dealer agency fee $912.25.',
    );
    // Nissan Finance rounds up to the cent; the calculator starts on the lender's own monthly figure
    // (its $799.13; issue 35 worked out $792.63), the box prints the same, with its loan in words (9.27).
    await expect(calculator.getByTestId('finance-payment')).toHaveText('$799.13');
    await expect(page.getByTestId('finance-box')).toContainText('$799.13 per month*');
    await expect(page.getByTestId('finance-box')).toContainText('6.29% p.a. · 8.19% comparison rate*');
    await expect(page.getByTestId('finance-box-terms')).toHaveText('No deposit, $0 final payment');
    // A weekly figure is printed in whole dollars, rounded up (spec §9 "per-week shown in whole dollars").
    await calculator.getByLabel('Repayment frequency').selectOption('weekly');
    await expect(calculator.getByTestId('finance-payment')).toHaveText(/^\$\d{1,3}(,\d{3})*$/);
  });

  test('7.12 / 9.20: the disclaimer is the car\'s own lender text, else the provider\'s from site.json', async ({ page }) => {
    await open(page, spinCar);
    const lender = (spinCar.finance_lenders as Record<string, { disclaimer: string }>)['Nissan Finance'].disclaimer;
    await expect(page.locator('#financeDisclaimer')).toContainText(lender);
    await open(page, plainNissan);
    await expect(page.locator('#financeDisclaimer')).toContainText('Nissan Financial Services: finance to approved applicants only.');
    await expect(page.locator('#finance-calculator').getByTestId('finance-comparison')).toHaveCount(0);
    await open(page, mazda);
    await expect(page.locator('#finance-calculator').getByTestId('finance-fees')).toHaveCount(0);
  });

  test("7.12 / 7.15: the quote line shows the quote provider's figures (asked with whoIsHelping); Get Finance Quote is a gated route", async ({ page }) => {
    // The quote line, the finance box and the calculator print the quote provider's answer.
    const asked = page.waitForRequest((request) => request.url().endsWith('/api/youx/quote'));
    await open(page, quoteCar);
    expect((await asked).postDataJSON()).toMatchObject({ whoIsHelping: 'Sam at Harbour Nissan', selfAssessedCreditScore: 'GREAT', loanTerm: 5, purchasePrice: quoteCar.price });
    await page.locator('#finance-calculator').scrollIntoViewIfNeeded();
    // The local quote endpoint's answer (it reads the dealer's year on the real clock: a car over 7 years old is quoted 1% higher).
    const currentYear = dealerYear(Date.now(), loadTenant(`tests/fixtures/tenants/${TENANT}`, Date.now()).site.timezone);
    const answer = quoteFinance({ purchasePrice: quoteCar.price!, loanTerm: 5, selfAssessedCreditScore: 'GREAT', year: quoteCar.year as number, currentYear });
    const rates = `${answer.advertisedRate.toFixed(2)}% p.a.`;
    await expect(page.locator('.finance-quote')).toHaveText(`Finance from $${answer.weeklyRepaymentAmount} per week at ${rates} (${answer.comparisonRate.toFixed(2)}% comparison rate*)`);
    await expect(page.getByTestId('finance-box')).toContainText(`${rates} · ${answer.comparisonRate.toFixed(2)}% comparison rate*`);
    await expect(page.locator('#finance-calculator').getByTestId('finance-payment')).toHaveText(`$${answer.weeklyRepaymentAmount}`);

    const link = page.getByTestId('finance-quote-link');
    await expect(link).toHaveText('Get Finance Quote');
    await expect(link).toHaveAttribute('href', `/personalised/finance?car_id=${quoteCar.id}&quote=1#finance-form`);
    await link.click();
    await expect(page).toHaveURL(/\/sign-in\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('redirect')).toBe(`/personalised/finance?car_id=${quoteCar.id}&quote=1`);
    // The plain personalised finance link stays public.
    await page.goto(tenantUrl(TENANT, `/personalised/finance?car_id=${quoteCar.id}`));
    await expect(page).toHaveURL(/\/personalised\/finance/);
    await open(page, plainNissan);
    await expect(page.getByTestId('finance-quote-link')).toHaveCount(0);
  });
});

test('9.47: texts.new_tag is the new model badge', async ({ page }) => {
  await page.goto(tenantUrl(TENANT, '/models'));
  await expect(page.locator('.model-tile__status--new').first()).toHaveText('JUST IN');
  await expect(page.locator('.model-tile__status--soon').first()).toHaveText('COMING SOON');
});
