/**
 * Enquiry form (spec §5 "Enquiry form", §8): /contact-us, /contact, /contact-us/{location}.
 * Happy path creates the lead (read from the API's storage), every validation message
 * appears beside its field, a server failure shows the spec's alert and keeps what was
 * typed, terms vs consent per site, keyboard-only completion and axe.
 */
import { expect, test } from './fixtures.ts';
import { expectNoSeriousAxeViolations, fieldMessage, fillContact, leadsByEmail, tabTo, tenantUrl, typeContact, uniqueEmail, waitForForm } from './forms-helpers.ts';

test.describe('enquiry form', () => {
  test('sends a contact enquiry, shows /success and stores the lead', async ({ page }) => {
    const email = uniqueEmail('enquiry');
    await page.goto(tenantUrl('forms-demo', '/contact-us/'));
    const form = await waitForForm(page);
    await expect(form.getByText('By submitting this enquiry, I agree to the Forms Demo Motors Privacy Policy.')).toBeVisible();
    await form.getByLabel('Enquiry Type').selectOption('Sales Enquiry');
    await fillContact(form, { name: 'Alice', lastName: 'Nguyen', email, phone: '0412 345 678', postcode: '4000' });
    await form.getByLabel('Location').selectOption({ label: 'Forms Demo South' });
    await form.getByLabel('Dealership').selectOption({ label: 'Forms Demo South' });
    await form.getByRole('radio', { name: 'SMS' }).check();
    await form.getByRole('group', { name: 'Do you need finance?' }).getByRole('radio', { name: 'Yes' }).check();
    await form.getByLabel('Comments').fill('Do you have any utes?');
    await form.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(page).toHaveURL(/\/success\/?$/);
    await expect(page.getByRole('heading', { name: 'Thank you for your enquiry' })).toBeVisible();
    await expect(page.getByTestId('success-summary')).toContainText('Do you have any utes?');
    await expectNoSeriousAxeViolations(page, 'main');
    const [lead] = leadsByEmail('forms-demo', email);
    expect(lead).toBeDefined();
    expect(lead!.category).toBe('Sales Enquiry');
    expect(lead!.dealership_slug).toBe('forms-south');
    expect(lead!.data).toMatchObject({ name: 'Alice', last_name: 'Nguyen', phone: '0412345678', postcode: '4000', location: 'south', PreferredContactMethod: 'SMS', finance: 'Yes', message: 'Do you have any utes?', opt_in: true, subcategory: 'Contact Us', source: 'Website' });
  });

  test('shows every validation message beside its field and focuses the first error', async ({ page }) => {
    await page.goto(tenantUrl('forms-demo', '/contact'));
    const form = await waitForForm(page);
    await form.getByRole('button', { name: 'Send Enquiry' }).click();
    const summary = form.getByTestId('form-errors');
    await expect(summary).toContainText('Please fix the following errors:');
    const name = form.getByLabel('First Name');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(await fieldMessage(name)).toBe('* This field is required');
    expect(await fieldMessage(form.getByLabel('Postcode'))).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(await fieldMessage(form.getByLabel('Comments'))).toBe('* This field is required');
    expect(await fieldMessage(form.getByLabel('Location'))).toBe('* This field is required');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
    await form.getByLabel('Postcode').fill('12a');
    await expect(form.getByLabel('Postcode')).toHaveAttribute('maxlength', '4');
    await form.getByRole('button', { name: 'Send Enquiry' }).click();
    expect(await fieldMessage(form.getByRole('textbox', { name: 'Email', exact: true }))).toBe('Please enter a valid email address.');
    expect(await fieldMessage(form.getByLabel('Postcode'))).toBe('Invalid postcode. Please enter a 4-digit number.');
    await expectNoSeriousAxeViolations(page, 'form.dealer-form');
  });

  test('a server failure shows the spec alert and keeps what was typed', async ({ page }) => {
    await page.route('**/api/leads', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"boom"}' }));
    await page.goto(tenantUrl('forms-demo', '/contact-us/north'));
    const form = await waitForForm(page);
    await expect(form.getByLabel('Location')).toHaveValue('north');
    await fillContact(form, { name: 'Bob', email: 'bob@example.com', phone: '0412345678', postcode: '4000' });
    await form.getByLabel('Comments').fill('Keep me');
    await form.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(page.getByTestId('error-warning')).toHaveText('An unexpected error occured');
    await expect(page.getByTestId('error-warning')).toHaveAttribute('role', 'alert');
    await expect(form.getByLabel('First Name')).toHaveValue('Bob');
    await expect(form.getByLabel('Comments')).toHaveValue('Keep me');
    await expect(page).toHaveURL(/\/contact-us\/north\/?$/);
  });

  test('terms sites require the terms box; comments optional; single location preselected and its dealership copied', async ({ page }) => {
    const email = uniqueEmail('terms');
    await page.goto(tenantUrl('forms-terms', '/contact-us'));
    const form = await waitForForm(page);
    await expect(form.getByLabel('Location')).toHaveValue('parramatta');
    await fillContact(form, { name: 'Cara', email, phone: '0298765432', postcode: '2150' });
    await form.getByRole('button', { name: 'Send Enquiry' }).click();
    const terms = form.getByRole('checkbox', { name: /I agree to the terms of use/ });
    expect(await fieldMessage(terms)).toBe('*You must agree to the terms of use before submitting.');
    await expect(form.getByLabel('Comments')).not.toHaveAttribute('aria-invalid', 'true');
    await terms.check();
    await form.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(page).toHaveURL(/\/success\/?$/);
    const [lead] = leadsByEmail('forms-terms', email);
    expect(lead!.data).toMatchObject({ terms_conditions: true, location: 'parramatta', dealership_slug: 'terms-toyota' });
  });

  test('can be completed with the keyboard alone, and remembers the contact details', async ({ page }) => {
    const email = uniqueEmail('keyboard');
    await page.goto(tenantUrl('forms-demo', '/contact-us/south'));
    const form = await waitForForm(page);
    await tabTo(page, form.getByLabel('Enquiry Type'));
    await page.keyboard.press('Tab');
    await typeContact(page, { name: 'Kay', email, phone: '0412345678', postcode: '4114' });
    await tabTo(page, form.getByLabel('Comments'));
    await page.keyboard.type('Typed by keyboard');
    await tabTo(page, form.getByRole('button', { name: 'Send Enquiry' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/success\/?$/);
    expect(leadsByEmail('forms-demo', email)).toHaveLength(1);
    await page.goto(tenantUrl('forms-demo', '/contact'));
    const again = await waitForForm(page);
    await expect(again.getByLabel('First Name')).toHaveValue('Kay');
    await expect(again.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await expect(again.getByLabel('Postcode')).toHaveValue('4114');
  });
});

test('text typed before the form hydrates is kept and sent', async ({ page }) => {
  const email = uniqueEmail('early');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // Hold the island's JavaScript so the shopper types into the server-rendered form first.
  await page.route('**/_astro/**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(tenantUrl('forms-demo', '/contact-us/north'), { waitUntil: 'domcontentloaded' });
  const form = page.locator('form.dealer-form');
  await form.getByLabel('First Name').fill('Early');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await expect(form).not.toHaveAttribute('data-hydrated', 'true');
  release();
  await expect(form).toHaveAttribute('data-hydrated', 'true');
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('0412345678');
  await form.getByLabel('Postcode').fill('4000');
  await form.getByLabel('Comments').fill('Typed early');
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(page).toHaveURL(/\/success\/?$/);
  expect(leadsByEmail('forms-demo', email)[0]!.data).toMatchObject({ name: 'Early', email });
});

test('a retry after a lost answer does not create a second lead', async ({ page }) => {
  const email = uniqueEmail('retry');
  let calls = 0;
  await page.route('**/api/leads', async (route) => {
    calls += 1;
    if (calls === 1) {
      // The API stores the lead but the answer never reaches the browser. (Node cannot resolve
      // <slug>.localhost, so the request goes to 127.0.0.1 with the tenant's Host header.)
      const url = new URL(route.request().url());
      const host = url.host;
      url.hostname = '127.0.0.1';
      const stored = await route.fetch({ url: url.toString(), headers: { ...route.request().headers(), host } });
      expect(stored.status()).toBe(201);
      await route.fulfill({ status: 502, body: 'bad gateway' });
      return;
    }
    await route.continue();
  });
  await page.goto(tenantUrl('forms-demo', '/contact-us/north'));
  const form = await waitForForm(page);
  await fillContact(form, { name: 'Retry', email, phone: '0412345678', postcode: '4000' });
  await form.getByLabel('Comments').fill('Once only');
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(page.getByTestId('error-warning')).toHaveText('An unexpected error occured');
  expect(leadsByEmail('forms-demo', email)).toHaveLength(1);
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(page).toHaveURL(/\/success\/?$/);
  expect(leadsByEmail('forms-demo', email)).toHaveLength(1);
});
