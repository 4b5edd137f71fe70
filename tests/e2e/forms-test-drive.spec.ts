/**
 * Test-drive booking on /book-test-drive/ (spec §5 "Test-drive form"): the car chosen by
 * ?car_id=, 'Test Drive Booking Date' from the availability call, the delivery location
 * offered when the car's location has distribution locations, the lead stored with the
 * slot, keyboard-only completion and axe.
 */
import { expect, test } from './fixtures.ts';
import { expectNoSeriousAxeViolations, fieldMessage, fillContact, leadsByEmail, tabTo, tenantUrl, typeContact, uniqueEmail, waitForForm } from './forms-helpers.ts';

test('books a slot from the availability call with a delivery location', async ({ page }) => {
  const email = uniqueEmail('drive');
  await page.goto(tenantUrl('forms-demo', '/book-test-drive/?car_id=501'));
  const form = await waitForForm(page);
  await expect(form.getByLabel('Vehicle')).toHaveValue('501');
  const date = form.getByLabel('Test Drive Booking Date');
  await expect(date.locator('option').nth(1)).toBeAttached();
  const slot = await date.locator('option').nth(1).getAttribute('value');
  const slotText = await date.locator('option').nth(1).textContent();
  await date.selectOption(slot!);
  await form.getByLabel('Delivery Location').selectOption('Gold Coast Delivery');
  await fillContact(form, { name: 'Dee', email, phone: '0412345678', postcode: '4217' });
  await expectNoSeriousAxeViolations(page, 'form.dealer-form');
  await form.getByRole('button', { name: 'Book Test Drive' }).click();
  await expect(page).toHaveURL(/\/success\/?$/);
  await expect(page.getByRole('heading', { name: 'Thank you for booking a test drive' })).toBeVisible();
  await expect(page.getByTestId('success-summary').getByRole('link', { name: '2025 Toyota Corolla Ascent Sport' })).toBeVisible();
  // What you sent us: the slot as the list showed it, not the ISO time the lead carries.
  const sent = page.getByTestId('success-summary').locator('dl');
  await expect(sent).toContainText(slotText!);
  await expect(sent).not.toContainText(slot!);
  const [lead] = leadsByEmail('forms-demo', email);
  expect(lead).toMatchObject({ category: 'Test Drive', car_id: '501' });
  expect(lead!.data).toMatchObject({ dateTime: slot, delivery_location: 'Gold Coast Delivery', car_type: 'new' });
});

test('without a car chosen the vehicle is required; a car without distribution locations has no delivery field', async ({ page }) => {
  await page.goto(tenantUrl('forms-demo', '/book-test-drive/'));
  const form = await waitForForm(page);
  await form.getByRole('button', { name: 'Book Test Drive' }).click();
  expect(await fieldMessage(form.getByLabel('Vehicle'))).toBe('* This field is required');
  await expect(form.getByLabel('Vehicle')).toBeFocused();
  await form.getByLabel('Vehicle').selectOption('502');
  await expect(form.getByLabel('Delivery Location')).toHaveCount(0);
});

test('can be booked with the keyboard alone', async ({ page }) => {
  const email = uniqueEmail('drive-keys');
  await page.goto(tenantUrl('forms-demo', '/book-test-drive/?car_id=502'));
  const form = await waitForForm(page);
  await tabTo(page, form.getByLabel('First Name'));
  await typeContact(page, { name: 'Kim', email, phone: '0412345678', postcode: '4000' });
  await tabTo(page, form.getByRole('button', { name: 'Book Test Drive' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/success\/?$/);
  expect(leadsByEmail('forms-demo', email)[0]).toMatchObject({ category: 'Test Drive', car_id: '502' });
});
