/**
 * Keyboard-only journeys (issue 6 "every form can be completed by keyboard alone") for the
 * multi-step forms: service booking, instant offer and sign-in. Focus moves only by Tab,
 * values are typed, choices made with the keyboard, steps advanced with Enter or Space.
 */
import { expect, test } from './fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import { leadsByEmail, smsTo, tabTo, tenantUrl, uniqueEmail, uniqueMobile } from './forms-helpers.ts';

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

async function chooseWithKeys(page: Page, select: Locator, optionLabel: string) {
  await tabTo(page, select);
  // Type-ahead picks the option whose label starts with the typed text.
  await page.keyboard.type(optionLabel);
  await expect(select.locator('option:checked')).toHaveText(optionLabel);
}

test('service booking by keyboard', async ({ page }) => {
  const email = uniqueEmail('service-keys');
  await page.goto(tenantUrl('forms-demo', '/book-a-service'));
  const form = page.locator('form.dealer-form[data-step]');
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator('form.dealer-form[data-hydrated="true"][data-step]')).toBeVisible();
  await typeInto(page, form.getByLabel('First Name'), 'Key');
  await typeInto(page, form.getByRole('textbox', { name: 'Email', exact: true }), email);
  await typeInto(page, form.getByRole('textbox', { name: 'Phone', exact: true }), '0412345678');
  await typeInto(page, form.getByLabel('Postcode'), '4000');
  await page.keyboard.press('Enter');
  await expect(form).toHaveAttribute('data-step', 'vehicle');
  await typeInto(page, form.getByLabel('Vehicle Make'), 'Kia');
  await typeInto(page, form.getByRole('textbox', { name: 'Model', exact: true }), 'Rio');
  await typeInto(page, form.getByLabel('Year'), '2018');
  await page.keyboard.press('Enter');
  await expect(form).toHaveAttribute('data-step', 'order');
  await chooseWithKeys(page, form.getByLabel('Service Location'), 'Forms Demo Service Centre');
  await chooseWithKeys(page, form.getByLabel('Service Interval'), '15,000 km / 12 months');
  await chooseWithKeys(page, form.getByLabel('Service Type'), 'Repair');
  await tabTo(page, form.getByLabel('Car Wash'));
  await page.keyboard.press('Space');
  await tabTo(page, form.getByRole('button', { name: 'Book Service' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/success\/?$/);
  const [lead] = leadsByEmail('forms-demo', email);
  expect(lead!.data).toMatchObject({ 'Service Type': 'Repair', additional_services: ['Car Wash'], 'Vehicle Make': 'Kia' });
});

test('instant offer by keyboard, choosing a candidate with the arrow keys', async ({ page }) => {
  const email = uniqueEmail('offer-keys');
  await page.goto(tenantUrl('forms-demo', '/trade-in'));
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await expect(form).toBeVisible();
  await typeInto(page, form.getByLabel('Registration Number'), 'KEY987');
  await page.keyboard.press('Enter');
  await expect(form).toHaveAttribute('data-step', 'choose');
  await tabTo(page, form.getByRole('radio').first());
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(form.getByRole('radio').nth(1)).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(form).toHaveAttribute('data-step', 'images');
  await tabTo(page, form.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(form).toHaveAttribute('data-step', 'details');
  await typeInto(page, form.getByLabel('Postcode'), '4000');
  await typeInto(page, form.getByRole('textbox', { name: 'Odometer' }), '95000');
  await chooseWithKeys(page, form.getByLabel('Service History'), 'Partial service history');
  await chooseWithKeys(page, form.getByLabel('Number of Keys'), '1');
  await chooseWithKeys(page, form.getByRole('combobox', { name: 'Condition', exact: true }), 'Fair');
  await typeInto(page, form.getByLabel('Comments'), 'Typed');
  await typeInto(page, form.getByLabel('First Name'), 'Kai');
  await typeInto(page, form.getByLabel('Mobile Number'), '0411222333');
  await typeInto(page, form.getByLabel('Email Address'), email);
  await tabTo(page, form.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/success\/?$/);
  expect(leadsByEmail('forms-demo', email)[0]!.data).toMatchObject({ odometer: 95000, car_condition: 'Fair' });
});

test('sign-in by keyboard', async ({ page }) => {
  const phone = uniqueMobile();
  // Another tenant than the watchlist tests: sign-in code requests are rate limited per site and client.
  await page.goto(tenantUrl('forms-terms', '/sign-in?type=garage&redirect=%2Fmy-garage&back=%2F'));
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await expect(form).toBeVisible();
  await typeInto(page, form.getByLabel('Mobile Number'), phone);
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('6-digit code')).toBeVisible();
  const code = /(\d{6})/.exec(smsTo('forms-terms', phone)[0] ?? '')?.[1];
  await typeInto(page, form.getByLabel('6-digit code'), code!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-garage\/?$/);
  await expect(page.getByText(`Signed in as ${phone}.`)).toBeVisible();
});

test('finance enquiry by keyboard, with a money preset', async ({ page }) => {
  const email = uniqueEmail('finance-keys');
  await page.goto(tenantUrl('forms-demo', '/finance-enquiry'));
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await expect(form).toBeVisible();
  await typeInto(page, form.getByLabel('First Name'), 'Fay');
  await typeInto(page, form.getByRole('textbox', { name: 'Email', exact: true }), email);
  await typeInto(page, form.getByRole('textbox', { name: 'Phone', exact: true }), '0412345678');
  await typeInto(page, form.getByLabel('Postcode'), '4000');
  await tabTo(page, form.getByRole('button', { name: '$25,000' }));
  await page.keyboard.press('Enter');
  await expect(form.getByRole('textbox', { name: 'Vehicle Price Budget' })).toHaveValue('$25,000');
  await tabTo(page, form.getByRole('button', { name: 'Send Enquiry' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/success\/?$/);
  expect(leadsByEmail('forms-demo', email)[0]!.data).toMatchObject({ custom_params: { vehiclePriceBudget: '25000' } });
});

test('reserve by keyboard on a site that does not gate checkout', async ({ page }) => {
  const email = uniqueEmail('reserve-keys');
  await page.goto(tenantUrl('forms-iframe', '/cars/2024-mazda-3-g20-i1/checkout'));
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await expect(form).toBeVisible();
  await typeInto(page, form.getByLabel('First Name'), 'Rae');
  await typeInto(page, form.getByRole('textbox', { name: 'Email', exact: true }), email);
  await typeInto(page, form.getByRole('textbox', { name: 'Phone', exact: true }), '0398765432');
  await typeInto(page, form.getByLabel('Postcode'), '3000');
  await page.keyboard.press('Enter');
  await expect(form).toHaveAttribute('data-step', 'payment');
  await tabTo(page, form.getByRole('checkbox', { name: /I agree to the terms of use/ }));
  await page.keyboard.press('Space');
  await tabTo(page, form.getByRole('button', { name: 'Reserve for $200' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/success\/?$/);
  expect(leadsByEmail('forms-iframe', email)[0]).toMatchObject({ category: 'Reserve', form_completed: true, car_id: '701' });
});
