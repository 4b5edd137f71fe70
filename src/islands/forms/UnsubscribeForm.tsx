/**
 * /pages/unsubscribe (Spam Act): with the signed `token` of the
 * link a dealer's marketing e-mail carries, one button records the opt-out (a button, not the
 * page load, so a mail scanner opening the link unsubscribes nobody); without one the shopper
 * types the e-mail address or mobile number. The API records it and the page confirms.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { checkForm, GENERIC_FAILURE_MESSAGE } from '../../lib/forms/form-validation.ts';
import { UNSUBSCRIBE_MESSAGES, UnsubscribeSchema } from '../../schemas/api/unsubscribe.ts';
import { callApi, failureMessage } from './api.ts';
import { ErrorSummary, FormAlert, SubmitButton, TextField, useFormKit } from '../ui/form-kit/index.ts';

export default function UnsubscribeForm({ apiBase, brand }: { apiBase: string; brand: string }) {
  const kit = useFormKit('unsubscribe', { email: '', phone: '' });
  const [token, setToken] = useState('');
  const [done, setDone] = useState('');

  useEffect(() => {
    setToken(new URLSearchParams(location.search).get('token')?.trim() ?? '');
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (kit.submitting) return;
    kit.setFormError('');
    kit.clearErrors();
    const check = checkForm(UnsubscribeSchema, token ? { token } : { email: kit.values.email, phone: kit.values.phone });
    if (!check.ok) {
      if (check.errors.token) {
        // A damaged link: say so and offer the typed form instead.
        setToken('');
        kit.setFormError(check.errors.token);
        return;
      }
      return kit.fail(check.errors);
    }
    kit.setSubmitting(true);
    const result = await callApi<{ message?: string }>(apiBase, '/unsubscribe', { body: check.output });
    kit.setSubmitting(false);
    if (!result.ok) {
      if (result.fieldErrors.token) {
        setToken('');
        kit.setFormError(result.fieldErrors.token);
        return;
      }
      const { email, phone } = result.fieldErrors;
      if (email || phone) kit.fail({ ...(email ? { email } : {}), ...(phone ? { phone } : {}) });
      kit.setFormError(failureMessage(result, GENERIC_FAILURE_MESSAGE));
      return;
    }
    setDone(result.data.message ?? UNSUBSCRIBE_MESSAGES.done(brand));
  };

  if (done) {
    return (
      <div className="dealer-form" role="status" data-testid="unsubscribe-done">
        <p>{done}</p>
        <p>
          <a href="/">Back to home</a>
        </p>
      </div>
    );
  }

  return (
    <form ref={kit.formRef} className="dealer-form" onSubmit={submit} noValidate aria-labelledby="unsubscribe-title">
      <h2 id="unsubscribe-title">{token ? 'Unsubscribe from marketing' : 'Unsubscribe by email or mobile'}</h2>
      {token ? (
        <p>Press Unsubscribe and {brand} will stop sending you marketing emails and SMS.</p>
      ) : (
        <>
          <p>Enter the email address or mobile number {brand} sends marketing to. You can give either or both.</p>
          <ErrorSummary kit={kit} fieldOrder={['email', 'phone']} />
          <TextField kit={kit} name="email" label="Email Address" type="email" autoComplete="email" inputMode="email" maxLength={254} />
          <TextField kit={kit} name="phone" label="Mobile Number" type="tel" autoComplete="tel" inputMode="tel" maxLength={24} />
        </>
      )}
      <FormAlert kit={kit} />
      <div className="form__actions">
        <SubmitButton kit={kit} label="Unsubscribe" busyLabel="Please wait…" />
      </div>
    </form>
  );
}
