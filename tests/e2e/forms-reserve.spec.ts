/**
 * Reserve online and the online purchase journey (spec §2, §9): gated checkout redirect,
 * contact step then deposit step under one lead_id, the terms message, and the lead
 * completed. forms-demo has no payment provider (docs/payments.md): the page says no card
 * is taken, nothing is recorded as paid, and the success page does not claim a reservation.
 * Card deposits: payments-reserve.spec.ts.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousAxeViolations, fieldMessage, fillContact, leadsByEmail, miscellaneousOf, signInWithCode, tenantUrl, uniqueEmail, uniqueMobile } from './forms-helpers.ts';

const CAR = { id: '501', slug: '2025-toyota-corolla-ascent-sport-f1', name: '2025 Toyota Corolla Ascent Sport' };

test('reserve without a payment provider: gated checkout, details, $200 deposit held 48 hours, terms, no card taken, nothing claimed paid, lead complete', async ({ page }) => {
  const email = uniqueEmail('reserve');
  await page.goto(tenantUrl('forms-demo', `/cars/${CAR.slug}/checkout`));
  await expect(page).toHaveURL(/\/sign-in\?/);
  const query = new URL(page.url()).searchParams;
  expect(query.get('type')).toBe('checkout');
  expect(query.get('redirect')).toMatch(new RegExp(`^/cars/${CAR.slug}/checkout/?$`));
  await signInWithCode(page, 'forms-demo', uniqueMobile());
  await expect(page).toHaveURL(new RegExp(`/cars/${CAR.slug}/checkout/?$`));

  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await expect(page.getByRole('complementary', { name: 'Car summary' })).toContainText(CAR.name);
  await fillContact(form, { name: 'Rita', email, phone: '0412345678', postcode: '4000' });
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form).toHaveAttribute('data-step', 'payment');
  await expect(page.getByTestId('deposit-summary')).toHaveText(`$200 deposit holds the ${CAR.name} for you for 48 hours. The deposit is refundable in full.`);
  await expect(form).toContainText('No card is charged online: our team will contact you to take the deposit and confirm your reservation.');
  await expectNoSeriousAxeViolations(page, 'main');
  await form.getByRole('button', { name: 'Reserve for $200' }).click();
  expect(await fieldMessage(form.getByRole('checkbox', { name: /I agree to the terms of use/ }))).toBe('*You must agree to the terms of use before submitting.');
  await form.getByRole('checkbox', { name: /I agree to the terms of use/ }).check();
  await form.getByRole('button', { name: 'Reserve for $200' }).click();
  await expect(page).toHaveURL(/\/success\/?$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your reservation request' })).toBeVisible();
  await expect(page.getByText('No card was charged online.')).toBeVisible();

  const leads = leadsByEmail('forms-demo', email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ category: 'Reserve', car_id: CAR.id, form_completed: true });
  const custom = leads[0]!.data.custom_params as Record<string, string>;
  expect(custom).toEqual({ deposit: '200' });
  expect(leads[0]!.data.payment).toBeUndefined();
  expect(miscellaneousOf('forms-demo', leads[0]!.id)).toEqual([]);
});

/** The journey for the CX-5 as its checkout gate returns to it after sign-in. */
const JOURNEY_SIGN_IN = '/sign-in?type=checkout&redirect=%2Fcheckout-journey%3Fcar_id%3D2019-mazda-cx-5-maxx-f2&back=%2F';
const JOURNEY_URL = /\/checkout-journey\/?\?car_id=2019-mazda-cx-5-maxx-f2$/;

/** Signed in on the journey, the details sent (one lead, not yet complete), trade-in Yes and finance No chosen: the form. */
async function journeyAnswered(page: Page, name: string, email: string, mobile = uniqueMobile()): Promise<Locator> {
  await page.goto(tenantUrl('forms-demo', JOURNEY_SIGN_IN));
  await signInWithCode(page, 'forms-demo', mobile);
  await expect(page).toHaveURL(JOURNEY_URL);
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await expect(form).toContainText('Buying the 2019 Mazda CX-5 Maxx');
  await fillContact(form, { name, email, phone: '0412345678', postcode: '4000' });
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form).toHaveAttribute('data-step', 'options');
  await expect.poll(() => leadsByEmail('forms-demo', email).map((lead) => lead.form_completed)).toEqual([false]);
  await form.getByRole('group', { name: 'Do you have a trade-in?' }).getByRole('radio', { name: 'Yes' }).check();
  await form.getByRole('group', { name: 'Do you need finance?' }).getByRole('radio', { name: 'No' }).check();
  return form;
}

/** From the trade-in and finance step: Next, the terms, Reserve; then /success and one complete lead with both answers. */
async function journeyReserved(page: Page, form: Locator, name: string, email: string): Promise<void> {
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form).toHaveAttribute('data-step', 'payment');
  await form.getByRole('checkbox', { name: /I agree to the terms of use/ }).check();
  await form.getByRole('button', { name: 'Reserve for $200' }).click();
  await expect(page).toHaveURL(/\/success\/?$/);
  const leads = leadsByEmail('forms-demo', email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ form_completed: true, car_id: '502' });
  expect(leads[0]!.data).toMatchObject({ name, subcategory: 'Online Purchase', 'do-you-have-a-trade-in': 'Yes', finance: 'No' });
}

test('online purchase journey posts each step under one lead and ends with the deposit', async ({ page }) => {
  const email = uniqueEmail('journey');
  const form = await journeyAnswered(page, 'Jo', email);
  await journeyReserved(page, form, 'Jo', email);
});

test('a session that ends while the shopper types: Next goes to sign-in, and back on the checkout the form holds what was typed, not sent', async ({ page, context }) => {
  const email = uniqueEmail('kept');
  // The same shopper signs in again: kept forms go back only to the shopper they were kept for.
  const mobile = uniqueMobile();
  await page.goto(tenantUrl('forms-demo', `/cars/${CAR.slug}/checkout`));
  await expect(page).toHaveURL(/\/sign-in\?/);
  await signInWithCode(page, 'forms-demo', mobile);
  await expect(page).toHaveURL(new RegExp(`/cars/${CAR.slug}/checkout/?$`));
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await fillContact(form, { name: 'Kept', email, phone: '0412345678', postcode: '4000' });
  await form.getByLabel('Comments').fill('Keep this note');
  // The session ends (its cookie gone): the lead API answers 401 sign_in:true.
  await context.clearCookies();
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/sign-in\?type=checkout&redirect=/);
  expect(leadsByEmail('forms-demo', email)).toEqual([]);
  const stored = await page.evaluate(() => sessionStorage.getItem('kept_forms') ?? '');
  expect(stored).toContain('Keep this note');
  await signInWithCode(page, 'forms-demo', mobile);
  await expect(page).toHaveURL(new RegExp(`/cars/${CAR.slug}/checkout/?$`));
  const back = page.locator('form.dealer-form[data-hydrated="true"]');
  await expect(back.getByLabel('First Name')).toHaveValue('Kept');
  await expect(back.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  await expect(back.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('0412345678');
  await expect(back.getByLabel('Postcode')).toHaveValue('4000');
  await expect(back.getByLabel('Comments')).toHaveValue('Keep this note');
  // Nothing is sent by itself, and nothing is left on the device once it is put back.
  expect(leadsByEmail('forms-demo', email)).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('kept_forms'))).toBeNull();
  await back.getByRole('button', { name: 'Next' }).click();
  await expect(back).toHaveAttribute('data-step', 'payment');
  await expect.poll(() => leadsByEmail('forms-demo', email).map((lead) => lead.form_completed)).toEqual([false]);
});

test("a session that ends at the journey's second step: back from sign-in the journey opens at that step with its answers, and goes on under the same lead", async ({
  page,
  context,
}) => {
  const email = uniqueEmail('kept-step');
  const mobile = uniqueMobile();
  const form = await journeyAnswered(page, 'Kept', email, mobile);
  // The session ends (its cookie gone): the lead API answers 401 sign_in:true.
  await context.clearCookies();
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/sign-in\?type=checkout&redirect=/);
  await signInWithCode(page, 'forms-demo', mobile);
  await expect(page).toHaveURL(JOURNEY_URL);
  const back = page.locator('form.dealer-form[data-hydrated="true"]');
  await expect(back).toHaveAttribute('data-step', 'options');
  await expect(back.getByRole('heading', { name: 'Trade-in and finance' })).toBeVisible();
  await expect(back.getByRole('group', { name: 'Do you have a trade-in?' }).getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(back.getByRole('group', { name: 'Do you need finance?' }).getByRole('radio', { name: 'No' })).toBeChecked();
  expect(await page.evaluate(() => sessionStorage.getItem('kept_forms'))).toBeNull();
  // One lead, continued across the sign-in: the first step's details and the second's answers.
  await journeyReserved(page, back, 'Kept', email);
});
