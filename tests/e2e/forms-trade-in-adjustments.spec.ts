/**
 * Trade-in settings and the adjustments answers call on built sites (issue 14, audits 2.99 and
 * 7.19): the FAQ states the site's maximum age and kilometres; the /cars/trade-in valuation sends
 * the shopper's answers to POST /api/trade-in/adjustments and shows the offer the server adjusted.
 */
import { expect, test } from './fixtures.ts';
import { evaluationOf, expectNoSeriousAxeViolations, leadsByEmail, tenantUrl, uniqueEmail } from './forms-helpers.ts';

test('2.99: the trade-in maximum age (and kilometres) is a site setting shown in the FAQ', async ({ page }) => {
  await page.goto(tenantUrl('vehicle-media-finance', '/sell-my-car'));
  await page.getByText('Can every car get an online estimate?').click();
  await expect(page.getByText("We can't give an online estimate for vehicles over 10 years old or with more than 150,000 km.")).toBeVisible();
  await page.goto(tenantUrl('forms-demo', '/sell-my-car'));
  await page.getByText('Can every car get an online estimate?').click();
  await expect(page.getByText("We can't give an online estimate for vehicles over 7 years old or with more than 100,000 km.")).toBeVisible();
});

test('7.19: the trade-in valuation sends the adjustments answers with the evaluation id and shows the adjusted offer', async ({ page }) => {
  const calls: { body: Record<string, unknown>; answer: Record<string, unknown> }[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/api/trade-in/adjustments')) return;
    calls.push({ body: response.request().postDataJSON() as Record<string, unknown>, answer: (await response.json()) as Record<string, unknown> });
  });
  await page.goto(tenantUrl('forms-demo', '/cars/trade-in?car_id=502'));
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await form.getByLabel('Registration Number').fill('XYZ121');
  await form.getByRole('button', { name: 'Get My Offer' }).click();
  await expect(form).toHaveAttribute('data-step', 'images');
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByLabel('Postcode').fill('4000');
  await form.getByRole('textbox', { name: 'Odometer' }).fill('85000');
  await form.getByLabel('Service History').selectOption('Partial service history');
  await form.getByLabel('Number of Keys').selectOption('1');
  await form.getByRole('combobox', { name: 'Condition', exact: true }).selectOption('Fair');
  await form.getByLabel('Comments').fill('Some wear');
  await form.getByLabel('First Name').fill('Ari');
  await form.getByLabel('Mobile Number').fill('0498765433');
  await form.getByLabel('Email Address').fill(uniqueEmail('adjust'));
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('trade-in-offer')).toBeVisible();
  // The response listener reads the body asynchronously: the offer can show before it has run.
  await expect.poll(() => calls.length).toBe(1);
  expect(calls[0]!.body).toEqual({ id: expect.any(String), answers: { service_history: 'Partial service history', number_of_keys: '1', car_condition: 'Fair' } });
  const adjusted = calls[0]!.answer.offer_price as number;
  expect(adjusted).toBeLessThan(calls[0]!.answer.base_offer_price as number);
  const shown = Number((await page.getByTestId('offer-price').innerText()).replace(/[^0-9]/g, ''));
  expect(shown).toBe(adjusted);
});

test('2.99: a car over the age limit gets no online price: the server\'s message shows, the details stay, the lead is stored without an offer', async ({ page }) => {
  const email = uniqueEmail('too-old');
  // Demo lookup: an 'OLD...' plate finds a car 20 years old (docs/lead-api.md); forms-demo keeps the default 7 years.
  await page.goto(tenantUrl('forms-demo', '/sell-my-car'));
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await form.getByLabel('Registration Number').fill('OLD121');
  await form.getByRole('button', { name: 'Get My Offer' }).click();
  await expect(form).toHaveAttribute('data-step', 'images');
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByLabel('Postcode').fill('4000');
  await form.getByRole('textbox', { name: 'Odometer' }).fill('185000');
  await form.getByLabel('Service History').selectOption('Full service history');
  await form.getByLabel('Number of Keys').selectOption('2');
  await form.getByRole('combobox', { name: 'Condition', exact: true }).selectOption('Good');
  await form.getByLabel('Comments').fill('Old but loved');
  await form.getByLabel('First Name').fill('Olive');
  await form.getByLabel('Mobile Number').fill('0498765434');
  await form.getByLabel('Email Address').fill(email);
  await form.getByRole('button', { name: 'Submit' }).click();

  const panel = page.getByTestId('offer-withheld');
  await expect(panel.getByRole('status')).toHaveText("We can't give an online estimate for vehicles over 7 years old. We have your details: our buying team will contact you with a valuation.");
  await expect(panel).toContainText('Olive');
  await expect(panel).toContainText(email);
  await expect(panel).toContainText('185,000');
  await expect(page.getByTestId('offer-price')).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Accept Offer' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, 'form.dealer-form');

  const [lead] = leadsByEmail('forms-demo', email);
  expect(lead!.category).toBe('Trade-in Enquiry');
  expect(lead!.data).toMatchObject({ 'First Name': 'Olive', Rego: 'OLD121', odometer: 185000 });
  expect((lead!.data.custom_params as Record<string, unknown>).offer_price).toBeUndefined();
  expect(evaluationOf('forms-demo', String(lead!.data.evalid))).toEqual({ km: 185000, offer_price: null });
});
