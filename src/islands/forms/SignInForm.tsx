/**
 * /sign-in?type={type}&redirect={path}&back={path} (spec §2, §6): sign in by mobile number
 * and a one-time code sent by SMS. Afterwards, on a site that keeps a watchlist (`garageKept`,
 * src/lib/forms/garage.ts), the server's watchlist becomes the local one and a save or remove
 * cut short by signing in is made; then the shopper returns to `redirect`, which shows that
 * change's toast or failure alert (carried there: src/stores/toast.ts). Each step's field takes
 * focus when the other step's goes (it held focus), and the code's notice is a status that is
 * on the page from the start, so its words are read when they come.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { checkForm, GENERIC_FAILURE_MESSAGE } from '../../lib/forms/form-validation.ts';
import { safeReturnPath } from '../../lib/forms/gating.ts';
import { SignInRequestSchema, SignInVerifySchema } from '../../schemas/api/sign-in.ts';
import { currentSession, signIn } from '../../stores/session.ts';
import { carryToastTo } from '../../stores/toast.ts';
import { callApi, failureMessage } from './api.ts';
import { ErrorSummary, FormAlert, SubmitButton, TextField, useFormKit } from '../ui/form-kit/index.ts';
import { CollectionNotice } from './shared-fields.tsx';
import { configureWatchlistApi, resumeWatchlist, signOutShopper } from './watchlist-client.ts';

/** Sessions last as long as the API keeps them (30 days by default). */
const SESSION_DAYS = 30;

const PURPOSE: Record<string, string> = {
  watchlist: 'Sign in to save cars to your watchlist.',
  garage: 'Sign in to see the cars in your garage.',
  checkout: 'Sign in to reserve this vehicle.',
  'spin-to-win': 'Sign in to spin the wheel.',
};

export default function SignInForm({
  apiBase,
  brand,
  garageKept,
  privacyHref = '/privacy-policy',
}: {
  apiBase: string;
  brand: string;
  /** The site keeps a watchlist (offersGarage): only then is it asked for after sign-in (the API answers 404 elsewhere), and named in the collection notice. */
  garageKept: boolean;
  privacyHref?: string;
}) {
  configureWatchlistApi(apiBase);
  const kit = useFormKit('sign-in', { phone: '', code: '' });
  const [stage, setStage] = useState<'phone' | 'code'>('phone');
  const [params, setParams] = useState<{ type: string; redirect: string; back: string }>({ type: '', redirect: '/my-garage', back: '/' });
  const [notice, setNotice] = useState('');
  const [signedInAs, setSignedInAs] = useState<string | null>(null);
  /** The shopper moved between the steps (not the first render): the new step's field takes focus. */
  const stepped = useRef(false);

  useEffect(() => {
    const query = new URLSearchParams(location.search);
    setParams({ type: query.get('type') ?? '', redirect: safeReturnPath(query.get('redirect'), '/my-garage'), back: safeReturnPath(query.get('back'), '/') });
    setSignedInAs(currentSession()?.phone ?? null);
  }, []);

  const { fieldId } = kit;
  useEffect(() => {
    if (!stepped.current) return;
    stepped.current = false;
    document.getElementById(fieldId(stage))?.focus();
  }, [stage, fieldId]);

  /** Go to a step; the field of the step left (focused, as a rule) is removed, so its field takes focus. */
  const goTo = (next: 'phone' | 'code') => {
    stepped.current = true;
    setStage(next);
  };

  const requestCode = async () => {
    const check = checkForm(SignInRequestSchema, { phone: kit.values.phone });
    if (!check.ok) return kit.fail(check.errors);
    kit.setSubmitting(true);
    const result = await callApi<{ success?: boolean }>(apiBase, '/auth/request-code', { body: check.output });
    kit.setSubmitting(false);
    if (!result.ok) {
      kit.setFormError(failureMessage(result, GENERIC_FAILURE_MESSAGE));
      if (result.fieldErrors.phone) kit.fail({ phone: result.fieldErrors.phone });
      return;
    }
    kit.set('phone', check.output.phone);
    setNotice(`We sent a 6-digit code to ${check.output.phone}.`);
    goTo('code');
  };

  const verify = async () => {
    const check = checkForm(SignInVerifySchema, { phone: kit.values.phone, code: kit.values.code });
    if (!check.ok) return kit.fail(check.errors);
    kit.setSubmitting(true);
    const result = await callApi<{ user?: { id?: string; phone?: string }; expires_at?: number }>(apiBase, '/auth/verify', { body: check.output });
    if (!result.ok || !result.data?.user?.id) {
      kit.setSubmitting(false);
      if (!result.ok && result.fieldErrors.code) kit.fail({ code: result.fieldErrors.code });
      kit.setFormError(result.ok ? GENERIC_FAILURE_MESSAGE : failureMessage(result, GENERIC_FAILURE_MESSAGE));
      return;
    }
    const phone = String(result.data.user.phone ?? check.output.phone);
    signIn({ user_id: String(result.data.user.id), phone, expires_at: typeof result.data.expires_at === 'number' ? result.data.expires_at : Date.now() + SESSION_DAYS * 86_400_000 });
    if (garageKept) await resumeWatchlist(phone);
    carryToastTo(params.redirect);
    location.assign(params.redirect);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (kit.submitting) return;
    kit.setFormError('');
    if (stage === 'phone') await requestCode();
    else await verify();
  };

  if (signedInAs) {
    return (
      <div className="dealer-form">
        <p>You are signed in as {signedInAs}.</p>
        <p>
          <a className="button" href={params.redirect}>
            Continue
          </a>{' '}
          <button
            type="button"
            className="button button--secondary"
            onClick={async () => {
              await signOutShopper();
              setSignedInAs(null);
            }}
          >
            Sign out
          </button>
        </p>
      </div>
    );
  }

  return (
    <form ref={kit.formRef} className="dealer-form" onSubmit={submit} noValidate aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">{stage === 'phone' ? 'Sign in with your mobile' : 'Enter your code'}</h2>
      {PURPOSE[params.type] && <p>{PURPOSE[params.type]}</p>}
      <CollectionNotice brand={brand} privacyHref={privacyHref} purpose={garageKept ? 'signInWatchlist' : 'signIn'} />
      <ErrorSummary kit={kit} fieldOrder={['phone', 'code']} />
      {/* In the page before the code is sent (hidden while empty): a status added with its words in it is often not read. */}
      <p role="status" className={notice ? undefined : 'visually-hidden'}>
        {notice}
      </p>
      {stage === 'phone' ? (
        <TextField kit={kit} name="phone" label="Mobile Number" type="tel" required autoComplete="tel" inputMode="tel" maxLength={24} hint="We will text you a 6-digit code." />
      ) : (
        <TextField kit={kit} name="code" label="6-digit code" required autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
      )}
      <FormAlert kit={kit} />
      <div className="form__actions">
        <SubmitButton kit={kit} label={stage === 'phone' ? 'Send Code' : 'Sign In'} busyLabel="Please wait…" />
        {stage === 'code' && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              kit.set('code', '');
              kit.setFormError('');
              setNotice('');
              goTo('phone');
            }}
          >
            Use another number
          </button>
        )}
        <a href={params.back}>Back</a>
      </div>
    </form>
  );
}
