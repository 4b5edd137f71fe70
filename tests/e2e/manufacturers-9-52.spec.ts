/** Audit 9.52: the service form's 'Vehicle Make' offers the static manufacturer list, makes the dealer has no stock of too. */
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { manufacturerOptions } from '../../src/schemas/manufacturers.ts';
import { tenantUrl } from './vehicle-helpers.ts';
import { fillContact } from './forms-helpers.ts';

const slug = 'ironbark-moto-trucks';
const now = Date.parse(process.env.E2E_NOW ?? '2026-11-21T10:00:00+10:00');
const stockMakes = new Set(loadTenant(join('tenants', slug), now).visible.map((car) => car.make));

test('9.52: Vehicle Make suggests every listed make, including ones with no stock', async ({ page }) => {
  await page.goto(tenantUrl(slug, '/book-a-service'));
  const form = page.locator('form.dealer-form[data-step]');
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator('form.dealer-form[data-hydrated="true"][data-step]')).toBeVisible();
  await fillContact(form, { name: 'Make', email: 'make-9-52@example.com', phone: '0412345678', postcode: '4810' });
  await form.getByLabel('Postcode').press('Enter');
  await expect(form).toHaveAttribute('data-step', 'vehicle');
  const make = form.getByLabel('Vehicle Make');
  const listId = await make.getAttribute('list');
  expect(listId).toBeTruthy();
  const offered = await page.locator(`datalist[id="${listId}"] option`).evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(offered).toEqual(manufacturerOptions(stockMakes));
  expect(stockMakes.has('Toyota')).toBe(false);
  expect(offered).toContain('Toyota');
  // Free text is still accepted.
  await make.fill('Zhongtong');
  await expect(make).toHaveValue('Zhongtong');
});
