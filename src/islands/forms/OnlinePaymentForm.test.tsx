// @vitest-environment happy-dom
/**
 * /online-payment has no opt-in box (the spec lists none for it), so it posts no opt_in,
 * whatever the site's default (features.marketing_opt_in_default): a missing opt_in is no
 * consent (docs/security.md "Privacy choices (forms)"). Amounts are shown in dollars and cents
 * (formatMoney with cents, src/lib/text/format.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click, fill, stubApi, submit } from '../../../tests/support/form-events.ts';
import { paySiteConfig } from '../../../tests/fixtures/pay-site.ts';
import OnlinePaymentForm from './OnlinePaymentForm.tsx';

const mounted = mountRoot();
afterEach(() => vi.unstubAllGlobals());

/** The form rendered for a site with `features`, taking up to `maxAmount` dollars. */
function show(maxAmount: number, features: Record<string, unknown> = {}): HTMLFormElement {
  mounted.render(<OnlinePaymentForm config={paySiteConfig(features)} maxAmount={maxAmount} />);
  return mounted.host.querySelector('form')!;
}

/** Type Jo's details, invoice INV-1 and `amount`, and tick the terms. */
function fillDetails(form: HTMLFormElement, amount: string) {
  const field = (name: string) => form.querySelector<HTMLInputElement>(`#online-payment-${name}`)!;
  fill(field('name'), 'Jo');
  fill(field('email'), 'jo@example.com');
  fill(field('phone'), '0412345678');
  fill(field('postcode'), '4000');
  fill(field('reference'), 'INV-1');
  fill(field('amount'), amount);
  click(field('terms_conditions'));
}

describe('OnlinePaymentForm: the opt-in it posts', () => {
  it.each([[{}], [{ marketing_opt_in_default: false }], [{ marketing_opt_in_default: true }]])(
    'with features %j it shows no opt-in box and posts no opt_in',
    async (features) => {
      const calls = stubApi({ '/payments/online-payment': [422, { error: 'stop here', fields: {} }] });
      const form = show(10_000, features);
      expect(form.querySelector('[name="opt_in"]')).toBeNull();
      fillDetails(form, '100.00');
      await submit(form);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.body).toMatchObject({ name: 'Jo', reference: 'INV-1', amount: '100.00', terms_conditions: true });
      expect(calls[0]!.body).not.toHaveProperty('opt_in');
    },
  );
});

describe('OnlinePaymentForm: amounts in dollars and cents', () => {
  it("states the site's limit with cents, and refuses a larger amount in the same words", async () => {
    const calls = stubApi({});
    const form = show(2500.5);
    expect(form.textContent).toContain('Up to $2,500.50');
    fillDetails(form, '2600');
    await submit(form);
    expect(calls).toHaveLength(0);
    expect(form.textContent).toContain('Online payments are limited to $2,500.50. Please call us to pay a larger amount.');
  });

  it('sends exactly the limit when it has cents ($1,024.10 under a limit of 1024.1), and refuses a cent more', async () => {
    const calls = stubApi({ '/payments/online-payment': [422, { error: 'stop here', fields: {} }] });
    const form = show(1024.1);
    fillDetails(form, '1024.10');
    await submit(form);
    expect(calls).toHaveLength(1);
    expect(form.textContent).not.toContain('Online payments are limited to');
    fill(form.querySelector<HTMLInputElement>('#online-payment-amount')!, '1024.11');
    await submit(form);
    expect(calls).toHaveLength(1);
    expect(form.textContent).toContain('Online payments are limited to $1,024.10. Please call us to pay a larger amount.');
  });

  it('names the amount the server started the payment for on the Pay button, with cents', async () => {
    const started = {
      success: true,
      payment_id: 'p-1',
      provider: 'stripe',
      publishable_key: 'pk_test_x',
      amount_cents: 1_000_000,
      currency: 'AUD',
      lead_id: 'lead-1',
    };
    stubApi({ '/payments/online-payment': [201, started] });
    const form = show(10_000);
    expect(form.textContent).toContain('Up to $10,000.00');
    fillDetails(form, '10000');
    await submit(form);
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Pay $10,000.00');
  });
});
