// @vitest-environment happy-dom
/**
 * /online-payment has no opt-in box (the spec lists none for it), so it posts no opt_in,
 * whatever the site's default (features.marketing_opt_in_default): a missing opt_in is no
 * consent (docs/security.md "Privacy choices (forms)").
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click, fill, stubApi, submit } from '../../../tests/support/form-events.ts';
import { paySiteConfig } from '../../../tests/fixtures/pay-site.ts';
import OnlinePaymentForm from './OnlinePaymentForm.tsx';

const mounted = mountRoot();
afterEach(() => vi.unstubAllGlobals());

describe('OnlinePaymentForm: the opt-in it posts', () => {
  it.each([[{}], [{ marketing_opt_in_default: false }], [{ marketing_opt_in_default: true }]])(
    'with features %j it shows no opt-in box and posts no opt_in',
    async (features) => {
      const calls = stubApi({ '/payments/online-payment': [422, { error: 'stop here', fields: {} }] });
      mounted.render(<OnlinePaymentForm config={paySiteConfig(features)} maxAmount={10_000} />);
      const form = mounted.host.querySelector('form')!;
      expect(form.querySelector('[name="opt_in"]')).toBeNull();
      const field = (name: string) => form.querySelector<HTMLInputElement>(`#online-payment-${name}`)!;
      fill(field('name'), 'Jo');
      fill(field('email'), 'jo@example.com');
      fill(field('phone'), '0412345678');
      fill(field('postcode'), '4000');
      fill(field('reference'), 'INV-1');
      fill(field('amount'), '100.00');
      click(field('terms_conditions'));
      await submit(form);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.body).toMatchObject({ name: 'Jo', reference: 'INV-1', amount: '100.00', terms_conditions: true });
      expect(calls[0]!.body).not.toHaveProperty('opt_in');
    },
  );
});
