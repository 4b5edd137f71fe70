/**
 * Service booking (spec §4, §5): three steps with the step guard, one lead posted per step
 * under the same lead_id and completed on the last step; the minimal variant's
 * Vehicle Details needs make, model and year; axe per step.
 */
import { expect, test } from './fixtures.ts';
import { expectNoSeriousAxeViolations, fieldMessage, fillContact, leadsByEmail, tenantUrl, uniqueEmail } from './forms-helpers.ts';

const GUARD = 'Please complete the form step before proceeding';

test('standard booking: guard on every step, one lead completed with form_completed true', async ({ page }) => {
  const email = uniqueEmail('service');
  await page.goto(tenantUrl('forms-demo', '/book-a-service'));
  const form = page.locator('form.dealer-form[data-step]');
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator('form.dealer-form[data-hydrated="true"][data-step]')).toBeVisible();
  await expect(form.getByRole('heading', { name: /Contact Details/ })).toBeVisible();
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('error-warning')).toHaveText(GUARD);
  await expect(form).toHaveAttribute('data-step', 'contact');
  expect(await fieldMessage(form.getByLabel('First Name'))).toBe('* This field is required');
  await expect(form.getByLabel('First Name')).toBeFocused();
  await expectNoSeriousAxeViolations(page, 'form.dealer-form');

  await fillContact(form, { name: 'Sam', email, phone: '0412345678', postcode: '4000' });
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form).toHaveAttribute('data-step', 'vehicle');
  await expect(form.getByRole('heading', { name: /Vehicle Details/ })).toBeFocused();

  await form.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('error-warning')).toHaveText(GUARD);
  expect(await fieldMessage(form.getByLabel('Vehicle Make'))).toBe('* This field is required');
  await form.getByLabel('Vehicle Make').fill('Mazda');
  await form.getByRole('textbox', { name: 'Model', exact: true }).fill('CX-5');
  await form.getByLabel('Year').fill('2019');
  await form.getByLabel('State').selectOption('QLD');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form).toHaveAttribute('data-step', 'order');
  await expectNoSeriousAxeViolations(page, 'form.dealer-form');

  await form.getByRole('button', { name: 'Book Service' }).click();
  await expect(page.getByTestId('error-warning')).toHaveText(GUARD);
  expect(await fieldMessage(form.getByLabel('Service Interval'))).toBe('* This field is required');
  expect(await fieldMessage(form.getByLabel('Service Type'))).toBe('* This field is required');
  await form.getByLabel('Service Interval').selectOption('30,000 km / 24 months');
  await form.getByLabel('Service Type').selectOption('Logbook Service');
  await form.getByLabel('Wheel Alignment').check();
  await form.getByLabel('Comments').fill('Rattle in the dash');
  await form.getByRole('button', { name: 'Book Service' }).click();
  await expect(page).toHaveURL(/\/success\/?$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your service booking' })).toBeVisible();

  const leads = leadsByEmail('forms-demo', email);
  expect(leads).toHaveLength(1);
  expect(leads[0]!.form_completed).toBe(true);
  expect(leads[0]!.category).toBe('Service Booking');
  expect(leads[0]!.dealership_slug).toBe('forms-north');
  expect(leads[0]!.data).toMatchObject({
    'Vehicle Make': 'Mazda',
    Model: 'CX-5',
    Year: 2019,
    State: 'QLD',
    'Service Interval': '30,000 km / 24 months',
    'Service Type': 'Logbook Service',
    Comments: 'Rattle in the dash',
    location: 'service-centre',
    additional_services: ['Wheel Alignment'],
    custom_params: { lead_status: 'Complete' },
  });
});

test('minimal variant starts with Vehicle Details and needs make, model and year to leave it', async ({ page }) => {
  await page.goto(tenantUrl('forms-terms', '/service'));
  const form = page.locator('form.dealer-form[data-step]');
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator('form.dealer-form[data-hydrated="true"][data-step]')).toBeVisible();
  await expect(form).toHaveAttribute('data-step', 'vehicle');
  await form.getByLabel('Rego').fill('ABC123');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('error-warning')).toHaveText(GUARD);
  await expect(form).toHaveAttribute('data-step', 'vehicle');
  for (const label of ['Vehicle Make', 'Year']) expect(await fieldMessage(form.getByLabel(label))).toBe('* This field is required');
  expect(await fieldMessage(form.getByRole('textbox', { name: 'Model', exact: true }))).toBe('* This field is required');
  await expect(form.getByLabel('Rego')).toHaveValue('ABC123');
  await form.getByLabel('Vehicle Make').fill('Toyota');
  await form.getByRole('textbox', { name: 'Model', exact: true }).fill('HiLux');
  await form.getByLabel('Year').fill('2020');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form).toHaveAttribute('data-step', 'contact');
  await form.getByRole('button', { name: 'Back' }).click();
  await expect(form).toHaveAttribute('data-step', 'vehicle');
  await expect(form.getByLabel('Vehicle Make')).toHaveValue('Toyota');
});

test('a site with a booking URL embeds its booking system instead of the form (100% x 800)', async ({ page }) => {
  await page.route('https://booking.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Booking</title><p>Booking system</p>' }));
  await page.goto(tenantUrl('forms-iframe', '/book-a-service'));
  const frame = page.locator('iframe[title="Book a service online"]');
  await expect(frame).toHaveAttribute('src', 'https://booking.example.com/dealer/forms-iframe');
  await expect(frame).toHaveAttribute('width', '100%');
  await expect(frame).toHaveAttribute('height', '800');
  await expect(page.locator('form.dealer-form[data-step]')).toHaveCount(0);
});
