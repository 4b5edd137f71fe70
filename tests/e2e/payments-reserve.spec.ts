/**
 * Issue 16: a demo car reserved with a real deposit payment through the reserve island. The
 * Stripe Payment Element cannot load offline, so this build's payment seam loads the stand-in
 * client (PUBLIC_PAYMENT_CLIENT=stand-in), which confirms with the local Stripe stand-in the
 * way Stripe.js confirms with Stripe; the stand-in sends the signed webhook to the lead API,
 * which alone decides the car is paid for. The pipeline then rebuilds the tenant with the
 * reserved overlay and the car shows as reserved on the live page. The refund command puts
 * everything back.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures.ts';
import { rebuildTenant } from '../../src/pipeline/release/run.ts';
import { defaultDataDir, openPipelineState } from '../../src/pipeline/state/store.ts';
import { expectNoSeriousAxeViolations, fillContact, leadsByEmail, tenantUrl, uniqueEmail } from './forms-helpers.ts';

const SLUG = 'payments-demo';
const CAR = { id: '410019', slug: '2021-toyota-yaris-cross-gx-smg10020', name: '2021 Toyota Yaris Cross GX' };
const dist = process.env.E2E_DIST ?? 'dist-test';
const port = Number(process.env.E2E_PORT ?? 4455);
const stripeUrl = `http://127.0.0.1:${Number(process.env.E2E_STRIPE_PORT ?? port + 1000)}`;
const tenantDir = resolve(`${dist}-tenants`, SLUG);
const env = {
  ...process.env,
  SQLITE_FILE: `${process.env.DATA_DIR ?? 'data/e2e'}/leads.sqlite`,
  TENANTS_DIR: `${dist}-tenants`,
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e_stand_in_secret',
  STRIPE_API_URL: stripeUrl,
  // The overlay is the pipeline state's beside the releases, where scripts/serve.ts's lead API writes it.
  STOCK_FROM_STATE: 'true',
  PIPELINE_DATA_DIR: defaultDataDir(dist),
};
/** The reserved overlay of the tenant in the pipeline state (what the next release builds from). */
async function stateOverlay(): Promise<Record<string, unknown>> {
  const state = await openPipelineState({ dataDir: defaultDataDir(dist), stockMirror: false });
  try {
    return await state.reservations.of(SLUG);
  } finally {
    await state.close();
  }
}
const refund = (...args: string[]) => execFileSync(process.execPath, ['scripts/refund.ts', '--tenant', SLUG, ...args], { env, encoding: 'utf8' });
const invoice = (...args: string[]) => execFileSync(process.execPath, ['scripts/invoice.ts', '--tenant', SLUG, ...args], { env, encoding: 'utf8' });

/** Back to the plain build: no release made by an earlier run, no overlay, no paid payment. */
async function reset(): Promise<void> {
  try {
    refund('--car', CAR.id);
  } catch {
    /* nothing to refund */
  }
  const state = await openPipelineState({ dataDir: defaultDataDir(dist), stockMirror: false });
  await state.reservations.unreserveCar(SLUG, CAR.id, null).finally(() => state.close());
  rmSync(join(tenantDir, 'reservations.json'), { force: true });
  for (const name of ['current', 'releases', 'manifests', 'renderers', 'status.json']) rmSync(join(dist, SLUG, name), { recursive: true, force: true });
}

test.describe.configure({ mode: 'serial' });
test.beforeAll(reset);
test.afterAll(reset);

test('reserve a demo car with a card deposit: declined card, then paid; confirmed by the webhook; the rebuilt page shows the car reserved; refunded by the dealer', async ({ page }) => {
  test.setTimeout(300_000);
  await page.addInitScript((url) => {
    (window as { __STRIPE_STAND_IN_URL__?: string }).__STRIPE_STAND_IN_URL__ = url;
  }, stripeUrl);
  const email = uniqueEmail('deposit');
  await page.goto(tenantUrl(SLUG, `/cars/${CAR.slug}/checkout`));
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await fillContact(form, { name: 'Dana', email, phone: '0412345678', postcode: '4000' });
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form).toHaveAttribute('data-step', 'payment');

  // The deposit terms (site settings) come before any payment, and no card form is loaded yet.
  await expect(page.getByTestId('deposit-summary')).toHaveText(`$200 deposit holds the ${CAR.name} for you for 48 hours. The deposit is refundable in full.`);
  await expect(form).toContainText('We hold the car for you for 15 minutes while you pay');
  await expect(page.getByTestId('payment-step')).toHaveCount(0);
  await form.getByRole('checkbox', { name: /I agree to the terms of use/ }).check();
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  const card = page.getByTestId('payment-step');
  await expect(card).toHaveAttribute('data-ready', 'true');
  await expect(card).toContainText('Payment of $200 to Payments Demo Motors');
  await expectNoSeriousAxeViolations(page, 'main');

  // A declined card: the shopper is told, nothing is paid, and a new attempt can start.
  await card.getByLabel('Card number').fill('4000 0000 0000 0002');
  await form.getByRole('button', { name: 'Pay $200 deposit' }).click();
  await expect(page.getByTestId('error-warning')).toContainText('Your card was declined.');
  await expect(page.getByTestId('payment-step')).toHaveCount(0);
  expect(leadsByEmail(SLUG, email)[0]).toMatchObject({ form_completed: false });

  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(card).toHaveAttribute('data-ready', 'true');
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByRole('button', { name: 'Pay $200 deposit' }).click();
  await expect(page).toHaveURL(/\/success\/?$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Your car is reserved' })).toBeVisible();

  // The server's record, from the signed webhook: the lead is complete with the payment reference.
  const [lead] = leadsByEmail(SLUG, email);
  expect(lead).toMatchObject({ category: 'Reserve', car_id: CAR.id, form_completed: true });
  const payment = lead!.data.payment as Record<string, string>;
  expect(payment).toMatchObject({ status: 'paid', provider: 'stripe', amount: '200.00', currency: 'AUD' });
  expect(payment.reference).toMatch(/^pi_/);
  // Into the pipeline state, not the tenant folder.
  await expect.poll(async () => Object.keys(await stateOverlay())).toEqual([CAR.id]);
  expect(existsSync(join(tenantDir, 'reservations.json'))).toBe(false);

  // The operations pipeline publishes the overlay: the live page shows the car reserved. A full
  // release: the state keeps the live release of an earlier run on the same sites (a rerun without
  // a build, a retry), which `reset` cannot take back, and with it the same overlay is 'unchanged'.
  // That an overlay change alone starts a release is stack.test.ts's and reservations-state.test.ts's.
  const result = await rebuildTenant({ tenantDir, sitesDir: dist, full: true, now: Date.parse(process.env.E2E_NOW ?? '2026-11-21T10:00:00+10:00') });
  expect(result.outcome, result.reason).toBe('published');
  await page.goto(tenantUrl(SLUG, `/cars/${CAR.slug}`));
  await expect(page.getByTestId('vehicle-tag')).toHaveText('Reserved');
  await expect(page.locator(`a[href="/cars/${CAR.slug}/checkout"]`)).toHaveCount(0);

  // The dealer refunds it: the provider refunds, the overlay entry goes.
  expect(refund('--car', CAR.id)).toMatch(/^refunded \$200\.00 of payment .* \(pi_\w+\): refund re_\w+, succeeded/);
  expect(leadsByEmail(SLUG, email)[0]!.data.payment).toMatchObject({ status: 'refunded', refunded: '200.00' });
  expect(await stateOverlay()).toEqual({});
});

test('/online-payment: an invoice the dealer issued paid by card through the same seam, confirmed by the server; without a provider the page says no card is taken', async ({ page }) => {
  test.setTimeout(120_000);
  // Only an invoice the dealer issued can be paid, for its amount (docs/payments.md); a new number each run.
  const number = `INV-${Date.now().toString(36).toUpperCase()}`;
  expect(invoice('--reference', number, '--amount', '350.25')).toMatch(new RegExp(`^invoice ${number} for \\$350\\.25 can be paid on /online-payment until `));
  await page.addInitScript((url) => {
    (window as { __STRIPE_STAND_IN_URL__?: string }).__STRIPE_STAND_IN_URL__ = url;
  }, stripeUrl);
  const email = uniqueEmail('invoice');
  await page.goto(tenantUrl(SLUG, '/online-payment'));
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await fillContact(form, { name: 'Ivy', email, phone: '0412345678', postcode: '4000' });
  await form.getByLabel('Invoice or reference number').fill(number);
  await form.getByLabel('Amount (AUD)').fill('20000');
  await form.getByRole('checkbox', { name: /I agree to the terms of use/ }).check();
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(form.locator('.field__error')).toHaveText('Online payments are limited to $10,000.00. Please call us to pay a larger amount.');
  await form.getByLabel('Amount (AUD)').fill('350.00');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(form.locator('.field__error')).toHaveText('We could not find an unpaid invoice with this number and amount. Please check your invoice, or call us.');
  await form.getByLabel('Amount (AUD)').fill('350.25');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  const card = page.getByTestId('payment-step');
  await expect(card).toHaveAttribute('data-ready', 'true');
  await expectNoSeriousAxeViolations(page, 'main');
  await card.getByLabel('Card number').fill('4242424242424242');
  await form.getByRole('button', { name: 'Pay $350.25' }).click();
  await expect(page).toHaveURL(/\/success\/?$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
  const [lead] = leadsByEmail(SLUG, email);
  expect(lead).toMatchObject({ category: 'Online Payment', form_completed: true });
  expect(lead!.data.payment).toMatchObject({ status: 'paid', amount: '350.25', invoice_reference: number });
  expect(invoice('--list')).toMatch(new RegExp(`^${number} +\\$350\\.25  paid \\(payment `, 'm'));

  await page.goto(tenantUrl('forms-demo', '/online-payment'));
  await expect(page.getByTestId('no-online-payment')).toContainText('Online payment is not available on this site. No card is taken online');
  await expect(page.locator('form.dealer-form')).toHaveCount(0);
});
