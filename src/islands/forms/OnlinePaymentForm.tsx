/**
 * /online-payment (spec §2, docs/payments.md): pay an invoice the dealer issued
 * (npm run invoice), its number and amount as printed on it. The server accepts only an open
 * invoice for its exact amount, stores who pays, starts the payment, and the payment is
 * confirmed only by the provider's signed webhook; the card form is the same seam as the
 * reserve deposit (payment.ts). Without a provider the page says no card is taken.
 */
import type { FormEvent } from 'react';
import type { FormSiteConfig } from '../../lib/forms/form-config.ts';
import { checkForm, withoutBlanks } from '../../lib/forms/form-validation.ts';
import { onlinePaymentLimitCents, onlinePaymentLimitRefusal } from '../../lib/forms/online-payment.ts';
import { centsMoney } from '../../lib/text/format.ts';
import { OnlinePaymentFormSchema } from '../../schemas/payments.ts';
import { CheckboxField, ErrorSummary, FormAlert, SubmitButton, TextField, useFormKit } from '../ui/form-kit/index.ts';
import { completeLead } from './lead-submit.ts';
import { startOnlinePayment, usePaymentStep } from './payment.ts';
import { PaymentStepFields } from './payment-step.tsx';
import { CONTACT_DEFAULTS_WITHOUT_OPT_IN, CONTACT_ORDER, ContactFields, usePrefilledContact } from './shared-fields.tsx';
import { NewTabLink, NewTabNote, newTabNoteId } from '../ui/NewTabLink.tsx';

export default function OnlinePaymentForm({ config, maxAmount }: { config: FormSiteConfig; maxAmount: number }) {
  // No opt-in box on this page, so no opt_in in what it posts (OnlinePaymentFormSchema).
  const kit = useFormKit('online-payment', () => ({ ...CONTACT_DEFAULTS_WITHOUT_OPT_IN, reference: '', amount: '', terms_conditions: false }));
  usePrefilledContact(kit);
  const paying = usePaymentStep('online-payment', config, (resumed) => {
    // What was typed before the redirect is shown again (a failed payment is tried again with it); busy until the server's verdict.
    kit.setMany(resumed.values);
    kit.setSubmitting(true);
    void resumed.outcome.then((outcome) => {
      if (outcome.paid) completeLead({ leadId: outcome.leadId, category: 'Online Payment', event: null, values: { amount: centsMoney(resumed.amountCents) }, labels: { amount: 'Amount paid' } });
      else {
        kit.setSubmitting(false);
        kit.setFormError(outcome.message);
      }
    });
  });
  const { payment } = paying;
  kit.labels.current.terms_conditions = { label: 'Terms' };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (kit.submitting) return;
    kit.setFormError('');
    const check = checkForm(OnlinePaymentFormSchema, withoutBlanks({ ...kit.values }, ['PreferredContactMethod']));
    if (!check.ok) return kit.fail(check.errors);
    const overLimit = onlinePaymentLimitRefusal(check.output.amount, maxAmount);
    if (overLimit) return kit.fail({ amount: overLimit });
    kit.setSubmitting(true);
    if (!payment) {
      const started = await startOnlinePayment(config.apiBase, { ...withoutBlanks({ ...kit.values }, ['PreferredContactMethod', 'last_name']), terms_conditions: true }, paying.attempt.current);
      kit.setSubmitting(false);
      if (!started.ok) {
        kit.reject(started);
        return;
      }
      paying.setPayment(started.payment);
      return;
    }
    const outcome = await paying.pay(payment, payment.lead_id, kit.values);
    if (outcome.paid) {
      completeLead({
        leadId: outcome.leadId,
        category: 'Online Payment',
        event: null,
        values: { ...kit.values, amount: centsMoney(payment.amount_cents) },
        labels: { ...kit.labels.current, reference: 'Invoice or reference number', amount: 'Amount paid' },
      });
      return;
    }
    kit.setSubmitting(false);
    kit.setFormError(outcome.message);
  };

  const locked = payment !== null;
  return (
    <form ref={kit.formRef} className="dealer-form" onSubmit={submit} noValidate aria-labelledby="online-payment-title">
      <h2 id="online-payment-title">{locked ? 'Card details' : 'Your details'}</h2>
      <ErrorSummary kit={kit} fieldOrder={[...CONTACT_ORDER, 'reference', 'amount', 'terms_conditions']} />
      <fieldset disabled={locked} className="form__plain-fieldset">
        <legend className="visually-hidden">Who is paying and what for</legend>
        <ContactFields kit={kit} />
        <div className="form__row">
          <TextField kit={kit} name="reference" label="Invoice or reference number" required maxLength={40} autoComplete="off" />
          <TextField kit={kit} name="amount" label="Amount (AUD)" required inputMode="numeric" maxLength={12} placeholder="0.00" hint={`Up to ${centsMoney(onlinePaymentLimitCents(maxAmount))}`} />
        </div>
        <CheckboxField kit={kit} name="terms_conditions" label="Terms" required>
          I agree to the{' '}
          <NewTabLink href={config.termsHref} note={newTabNoteId(kit.fieldId('terms_conditions'))}>
            terms of use
          </NewTabLink>
          .
        </CheckboxField>
        <NewTabNote id={newTabNoteId(kit.fieldId('terms_conditions'))} />
      </fieldset>
      <PaymentStepFields step={paying} legend={(started) => <>Pay {centsMoney(started.amount_cents)}</>} />
      <FormAlert kit={kit} />
      <div className="form__actions">
        <SubmitButton kit={kit} label={payment ? `Pay ${centsMoney(payment.amount_cents)}` : 'Continue to payment'} />
      </div>
    </form>
  );
}
