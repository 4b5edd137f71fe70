/**
 * Instant offer (spec §4, §5, §8) on /sell-my-car, /trade-in and /cars/trade-in: all
 * branches of the flow against the lead API's local valuation (demo lookup: 'NOMATCH...'
 * finds nothing, a rego ending 0-4 finds one car, anything else three candidates).
 */
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import {
  expectNoSeriousAxeViolations,
  fieldMessage,
  leadsByEmail,
  miscellaneousOf,
  signInWithCode,
  smsTo,
  tenantUrl,
  uniqueEmail,
  uniqueMobile,
} from './forms-helpers.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { vehicleView } from '../../src/lib/vehicle/view.ts';

async function openFlow(page: Page, path: string) {
  await page.goto(tenantUrl('forms-demo', path));
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await expect(form).toBeVisible();
  return form;
}

async function fillDetails(page: Page, email: string, phone: string) {
  const form = page.locator('form.dealer-form');
  await form.getByLabel('Postcode').fill('4000');
  await form.getByRole('textbox', { name: 'Odometer' }).fill('85000');
  await expect(form.getByRole('textbox', { name: 'Odometer' })).toHaveValue('85,000 kms');
  await form.getByLabel('Service History').selectOption('Full service history');
  await form.getByLabel('Number of Keys').selectOption('2');
  await form.getByRole('combobox', { name: 'Condition', exact: true }).selectOption('Good');
  await form.getByLabel('Comments').fill('Tidy car, one owner');
  await form.getByLabel('First Name').fill('Tess');
  await form.getByLabel('Mobile Number').fill(phone);
  await form.getByLabel('Email Address').fill(email);
}

test('step 1 needs rego and state; no match shows the not-found panel with phone, Contact and Back', async ({ page }) => {
  const form = await openFlow(page, '/sell-my-car');
  await expect(form.getByLabel('State')).toHaveValue('nsw');
  await form.getByRole('button', { name: 'Get My Offer' }).click();
  expect(await fieldMessage(form.getByLabel('Registration Number'))).toBe('* This field is required');
  await expect(form.getByLabel('Registration Number')).toBeFocused();
  await expectNoSeriousAxeViolations(page, 'form.dealer-form');
  await form.getByLabel('Registration Number').fill('NOMATCH1');
  await form.getByRole('button', { name: 'Get My Offer' }).click();
  const panel = page.getByTestId('not-found-panel');
  await expect(page.getByRole('heading', { name: 'Unfortunately, we could not find a match for your registration number.' })).toBeVisible();
  await expect(panel).toContainText('Please get in touch with one of our friendly team members to receive an offer for your vehicle.');
  await expectNoSeriousAxeViolations(page, 'form.dealer-form');
  await expect(panel.getByRole('link', { name: /Call 07 3555 0200/ })).toHaveAttribute('href', /^tel:/);
  await expect(panel.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact-us');
  await panel.getByRole('button', { name: 'Back' }).click();
  await expect(form.getByLabel('Registration Number')).toHaveValue('NOMATCH1');
});

test('candidates: choose one car, upload limits, then the lead, valuation and thank-you SMS', async ({ page }) => {
  // The longest flow of the file (a 10 MB upload, three axe runs, four steps): about 20 s on a
  // quiet machine, 35-84 s when the 2 cores are shared (it timed out at 30 s in a loaded CI run).
  test.setTimeout(120_000);
  const email = uniqueEmail('offer');
  const phone = '0412' + String(Date.now()).slice(-6);
  const form = await openFlow(page, '/sell-my-car');
  await form.getByLabel('Registration Number').fill('ABC987');
  await form.getByRole('button', { name: 'Get My Offer' }).click();
  await expect(form).toHaveAttribute('data-step', 'choose');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.locator('.field__error')).toHaveText('* Please choose one car.');
  await expectNoSeriousAxeViolations(page, 'form.dealer-form');
  await form.getByRole('radio').first().check();
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form).toHaveAttribute('data-step', 'images');

  const photos = form.getByLabel(/Photos of your car/);
  await photos.setInputFiles([{ name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1) }]);
  await expect(page.getByTestId('image-alert')).toHaveText('Please upload an image file under 10MB');
  const eleven = Array.from({ length: 11 }, (_, index) => ({ name: `car-${index}.png`, mimeType: 'image/png', buffer: PNG }));
  await photos.setInputFiles(eleven);
  await expect(page.getByTestId('image-alert')).toHaveText('You can only upload 10 images');
  await photos.setInputFiles([{ name: 'front.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(form.getByRole('list', { name: 'Uploaded photos' })).toContainText('front.png');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form).toHaveAttribute('data-step', 'details');

  await form.getByRole('button', { name: 'Submit' }).click();
  await expectNoSeriousAxeViolations(page, 'form.dealer-form');
  for (const label of ['Service History', 'Number of Keys', 'Comments']) expect(await fieldMessage(form.getByLabel(label))).toBe('* This field is required');
  expect(await fieldMessage(form.getByLabel('Postcode'))).toBe('Invalid postcode. Please enter a 4-digit number.');
  await fillDetails(page, email, phone);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/success\/?$/);
  // The offer is the dealer's, shown as the offer; what follows is the inspection, not an offer.
  const summary = page.getByTestId('success-summary');
  await expect(summary.getByRole('heading', { level: 1 })).toHaveText('Your instant offer');
  await expect(summary.getByTestId('success-offer')).toContainText(/Our instant offer for your .+:\s*\$[\d,]+/);
  await expect(summary).toContainText('Our buying team will contact you to arrange an inspection of your vehicle.');
  await expect(summary).not.toContainText('contact you with an offer');
  await expect(summary.locator('dl')).not.toContainText('Instant offer');
  await expectNoSeriousAxeViolations(page, '[data-testid="success-summary"]');

  const [lead] = leadsByEmail('forms-demo', email);
  expect(lead!.category).toBe('Trade-in Enquiry');
  expect(lead!.data).toMatchObject({
    'First Name': 'Tess',
    'Mobile Number': phone,
    odometer: 85000,
    service_history: 'Full service history',
    number_of_keys: '2',
    car_condition: 'Good',
    message: 'Tidy car, one owner',
    Rego: 'ABC987',
    state: 'nsw',
  });
  expect(String(lead!.data.evalid)).not.toBe('');
  expect(smsTo('forms-demo', phone)[0]).toContain('Hi Tess, thanks for requesting an offer');
});

test("a single match (EvalID) skips to the image step; the trade-in valuation weighs the offer against the car's price and accepts the offer", async ({
  page,
}) => {
  const email = uniqueEmail('accept');
  const form = await openFlow(page, '/cars/trade-in?car_id=502');
  await expect(form).toContainText('Trade-in valuation towards the 2019 Mazda CX-5 Maxx');
  await form.getByLabel('Registration Number').fill('XYZ120');
  await form.getByRole('button', { name: 'Get My Offer' }).click();
  await expect(form).toHaveAttribute('data-step', 'images');
  await form.getByRole('button', { name: 'Continue' }).click();
  await fillDetails(page, email, '0498765432');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('trade-in-offer')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'form.dealer-form');
  const offerText = (await page.getByTestId('offer-price').innerText()).replace(/[^0-9]/g, '');
  const offer = Number(offerText);
  expect(offer).toBeGreaterThan(0);
  // This offer is above the car's $24,990: said in words, not as a negative price.
  expect(offer).toBeGreaterThan(24990);
  const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 });
  await expect(page.getByTestId('trade-in-covers')).toHaveText(
    `Your trade-in is worth ${money.format(offer - 24990)} more than the price of the 2019 Mazda CX-5 Maxx: it covers the car in full.`,
  );
  await expect(page.getByTestId('reduced-price')).toHaveCount(0);
  const [pending] = leadsByEmail('forms-demo', email);
  expect(pending!.form_completed).toBe(false);
  await expect.poll(() => miscellaneousOf('forms-demo', pending!.id).map((row) => row.column_name)).toEqual(['valuation']);
  expect(miscellaneousOf('forms-demo', pending!.id)[0]!.data).toMatchObject({ OfferPrice: offer });
  await page.getByRole('button', { name: 'Accept Offer' }).click();
  await expect(page).toHaveURL(/\/success\/?$/);
  await expect(page.getByRole('heading', { name: 'Thank you for accepting our offer' })).toBeVisible();
  const leads = leadsByEmail('forms-demo', email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ form_completed: true, offer_accepted: true, car_id: '502' });
});

test('a trade-in worth more than the car is said in words on a styled statement, never as a negative price', async ({ page }) => {
  // The demo dealer's cheapest car with a trade-in valuation; AUD123 finds one car (the audit's 2021 Patrol, about $61,810).
  const now = Date.parse(process.env.E2E_NOW ?? '2026-11-21T10:00:00+10:00');
  const { site, visible } = loadTenant('tenants/sunstate-motor-group', now);
  const priced = visible.filter(
    (car) =>
      car.status === 'in_stock' && typeof car.price === 'number' && car.price > 10 && !car.subscription_price && vehicleView(car, site, now).actions.tradeIn,
  );
  const cheapest = priced.sort((a, b) => a.price! - b.price!)[0]!;
  await page.goto(tenantUrl('sunstate-motor-group', `/cars/trade-in?car_id=${cheapest.id}`));
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await form.getByLabel('Registration Number').fill('AUD123');
  await form.getByRole('button', { name: 'Get My Offer' }).click();
  await expect(form).toHaveAttribute('data-step', /images|details/);
  if ((await form.getAttribute('data-step')) === 'images') await form.getByRole('button', { name: 'Continue' }).click();
  await fillDetails(page, uniqueEmail('covers'), '0498765435');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('trade-in-offer')).toBeVisible();
  const offer = Number((await page.getByTestId('offer-price').innerText()).replace(/[^0-9]/g, ''));
  expect(offer, `offer for ${cheapest.name} at $${cheapest.price}`).toBeGreaterThan(cheapest.price!);
  const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 });
  await expect(page.getByTestId('trade-in-covers')).toHaveText(
    `Your trade-in is worth ${money.format(offer - cheapest.price!)} more than the price of the ${cheapest.name}: it covers the car in full.`,
  );
  await expect(page.getByTestId('reduced-price')).toHaveCount(0);
  await expect(page.getByTestId('trade-in-offer')).not.toContainText('-$');
  // Styled: the statement is a bordered panel, not a browser-default indented list.
  const style = await page
    .locator('.offer-summary')
    .evaluate((element) => ({ border: getComputedStyle(element).borderTopStyle, marginLeft: getComputedStyle(element.querySelector('dd')!).marginLeft }));
  expect(style).toEqual({ border: 'solid', marginLeft: '0px' });
  await expectNoSeriousAxeViolations(page, 'form.dealer-form');
});

test('a server failure on step 1 shows the instant offer message and keeps the rego', async ({ page }) => {
  await page.route('**/api/eval-expert/enter-vin', (route) => route.fulfill({ status: 502, body: 'bad gateway' }));
  const form = await openFlow(page, '/trade-in');
  await form.getByLabel('Registration Number').fill('KEEP11');
  await form.getByRole('button', { name: 'Get My Offer' }).click();
  await expect(page.getByTestId('error-warning')).toHaveText('An error occurred while submitting the form. Please try again.');
  await expect(form.getByLabel('Registration Number')).toHaveValue('KEEP11');
});

test('a session that ends at the details step (/trade-in and /sell-my-car gated): back from sign-in the offer opens at the details with the chosen car, and Submit makes the offer', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('kept-offer');
  const mobile = uniqueMobile();
  await page.goto(tenantUrl('payments-demo', '/trade-in'));
  await expect(page).toHaveURL(/\/sign-in\?type=trade-in&redirect=/);
  await signInWithCode(page, 'payments-demo', mobile);
  await expect(page).toHaveURL(/\/trade-in\/?$/);
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await form.getByLabel('Registration Number').fill('ABC987');
  await form.getByRole('button', { name: 'Get My Offer' }).click();
  await expect(form).toHaveAttribute('data-step', 'choose');
  const chosen = form.getByRole('radio').nth(1);
  const build = (await chosen.getAttribute('value')) ?? '';
  await chosen.check();
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form).toHaveAttribute('data-step', 'images');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form).toHaveAttribute('data-step', 'details');
  await fillDetails(page, email, mobile);
  // The session ends (its cookie gone): the valuation call answers 401 sign_in:true.
  await context.clearCookies();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/sign-in\?type=trade-in&redirect=/);
  expect(leadsByEmail('payments-demo', email)).toEqual([]);
  await signInWithCode(page, 'payments-demo', mobile);
  await expect(page).toHaveURL(/\/trade-in\/?$/);
  const back = page.locator('form.dealer-form[data-hydrated="true"]');
  await expect(back).toHaveAttribute('data-step', 'details');
  await expect(back.getByRole('heading', { name: 'A few more details' })).toBeVisible();
  await expect(back).toContainText(`Vehicle: ${build}`);
  await expect(back.getByLabel('First Name')).toHaveValue('Tess');
  await expect(back.getByLabel('Comments')).toHaveValue('Tidy car, one owner');
  expect(await page.evaluate(() => sessionStorage.getItem('kept_forms'))).toBeNull();
  expect(leadsByEmail('payments-demo', email)).toEqual([]);
  await back.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/success\/?$/);
  const [lead] = leadsByEmail('payments-demo', email);
  expect(lead!.data).toMatchObject({ 'First Name': 'Tess', Rego: 'ABC987', state: 'qld', message: 'Tidy car, one owner' });
  expect(String(lead!.data.evalid)).not.toBe('');
});

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('without the image step on the site, a single match goes straight to the details step', async ({ page }) => {
  await page.goto(tenantUrl('forms-terms', '/sell-my-car'));
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await expect(form.getByLabel('State')).toHaveValue('nsw');
  await form.getByLabel('Registration Number').fill('TRM101');
  await form.getByRole('button', { name: 'Get My Offer' }).click();
  await expect(form).toHaveAttribute('data-step', 'details');
  await expect(form.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveText(['Your vehicle', 'A few more details']);
});
