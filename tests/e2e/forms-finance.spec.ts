/**
 * Finance forms (spec §2 finance routes, §5 money input): URL parameters prefill the form,
 * the money input formats and offers the presets, the lead carries the finance details.
 */
import { expect, test } from './fixtures.ts';
import { expectNoSeriousAxeViolations, fieldMessage, fillContact, leadsByEmail, tenantUrl, uniqueEmail, waitForForm } from './forms-helpers.ts';

test('personalised finance reads the finance link parameters and sends them with the lead', async ({ page }) => {
  const email = uniqueEmail('finance');
  await page.goto(tenantUrl('forms-demo', '/personalised/finance?car_id=502&vehiclePriceBudget=25000&preferredDealership=forms-south&vin=JM0KF123&car_type=used#finance-form'));
  const form = await waitForForm(page);
  await expect(form).toHaveAttribute('id', 'finance-form');
  await expect(form).toContainText('Finance for the 2019 Mazda CX-5 Maxx');
  const budget = form.getByRole('textbox', { name: 'Vehicle Price Budget' });
  await expect(budget).toHaveValue('$25,000');
  await expect(form.getByLabel('Preferred Dealership')).toHaveValue('forms-south');
  await budget.fill('');
  await budget.pressSequentially('31500');
  await expect(budget).toHaveValue('$31,500');
  await form.getByRole('group', { name: 'Vehicle Price Budget presets' }).getByRole('button', { name: '$40,000' }).click();
  await expect(budget).toHaveValue('$40,000');
  await fillContact(form, { name: 'Fin', email, phone: '0412345678', postcode: '4000' });
  await expectNoSeriousAxeViolations(page, 'form.dealer-form');
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(page).toHaveURL(/\/success\/?$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your finance enquiry' })).toBeVisible();
  const [lead] = leadsByEmail('forms-demo', email);
  expect(lead).toMatchObject({ category: 'Finance Enquiry', car_id: '502', dealership_slug: 'forms-south' });
  expect(lead!.data).toMatchObject({ subcategory: 'Personalised Finance', custom_params: { vehiclePriceBudget: '40000', preferredDealership: 'forms-south', vin: 'JM0KF123', car_type: 'used' } });
});

test('apply for finance needs the employment status; the money presets are the spec list', async ({ page }) => {
  await page.goto(tenantUrl('forms-demo', '/apply-for-finance'));
  const form = await waitForForm(page);
  const presets = form.getByRole('group', { name: 'Vehicle Price Budget presets' }).getByRole('button');
  await expect(presets).toHaveText(['$5,000', '$10,000', '$15,000', '$20,000', '$25,000', '$30,000', '$40,000', '$50,000', '$70,000']);
  await form.getByRole('button', { name: 'Apply Now' }).click();
  expect(await fieldMessage(form.getByLabel('Employment Status'))).toBe('* This field is required');
  expect(await fieldMessage(form.getByLabel('Postcode'))).toBe('Invalid postcode. Please enter a 4-digit number.');
});

test('a tenant with high-value stock offers $300,000-$800,000 presets', async ({ page }) => {
  await page.goto(tenantUrl('forms-terms', '/finance-enquiry'));
  const form = await waitForForm(page);
  await expect(form.getByRole('group', { name: 'Vehicle Price Budget presets' }).getByRole('button')).toHaveText(['$300,000', '$400,000', '$500,000', '$600,000', '$700,000', '$800,000']);
});
