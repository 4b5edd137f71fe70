/**
 * Audit 3.20 (spec §3 lead form values): leads carry manufacturer_slug and page_id, on a
 * built franchise site (forms-terms, manufacturer Toyota) and a multi-brand one (forms-demo).
 */
import { expect, test } from './fixtures.ts';
import { fillContact, leadsByEmail, tenantUrl, uniqueEmail, waitForForm } from './forms-helpers.ts';

test('3.20 an enquiry sends manufacturer_slug (the site brand) and page_id (the page path)', async ({ page }) => {
  const email = uniqueEmail('lead-fields');
  await page.goto(tenantUrl('forms-terms', '/contact-us'));
  const form = await waitForForm(page);
  await fillContact(form, { name: 'Dee', email, phone: '0298765432', postcode: '2150' });
  await form.getByRole('checkbox', { name: /I agree to the terms of use/ }).check();
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(page).toHaveURL(/\/success\/?$/);
  const [lead] = leadsByEmail('forms-terms', email);
  expect(lead!.data).toMatchObject({ manufacturer_slug: 'toyota', page_id: '/contact-us' });
});
