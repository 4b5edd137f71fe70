/**
 * The vehicle page's lead modals (spec §2: Enquire Now, Test-drive booking, Request Photos).
 * One island hosts the dialog; any button with `data-lead-modal="enquire|test-drive|
 * request-photos"` on the page opens it (sidebar, sticky header, bottom bar). Forms validate
 * with the shared schemas (src/schemas/forms.ts) and post to the lead API; a failed post shows
 * the API's message or 'An unexpected error occured' — never a pretend success.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { trackEvent, type AnalyticsEventName } from '../../lib/analytics.ts';
import { enquiryFormSchema, fieldErrors, RequestPhotosFormSchema, testDriveFormSchema } from '../../schemas/forms.ts';

export type LeadModalKind = 'enquire' | 'test-drive' | 'request-photos';

/** Spec §8 wording, misspelling included. */
export const UNEXPECTED_ERROR = 'An unexpected error occured';

interface CarSummary {
  id: string;
  name: string;
  slug: string;
  make: string | null;
  model: string | null;
  car_type: string;
  status: string;
  stocknum: string | null;
  dealership_slug: string | null;
  dealership_id: string | null;
  tag: string | null;
}

interface Props {
  leadsEndpoint: string;
  car: CarSummary;
  siteName: string;
  enquireLabel: string;
  commentsRequired: boolean;
  termsRequired: boolean;
  deliveryLocations: string[];
}

const TITLES: Record<LeadModalKind, (props: Props) => string> = {
  enquire: (props) => props.enquireLabel,
  'test-drive': () => 'Book a Test Drive',
  'request-photos': () => 'Request Photos',
};

const CATEGORIES: Record<LeadModalKind, string> = {
  enquire: 'General Enquiry',
  'test-drive': 'Test Drive',
  'request-photos': 'Request Photos',
};

function isKind(value: string | undefined): value is LeadModalKind {
  return value === 'enquire' || value === 'test-drive' || value === 'request-photos';
}

/** Spec §7 analytics ids: enquiry 14 new / 15 used; test drive 17 new or Test Drive Only / 48 used. */
function leadEvent(kind: LeadModalKind, car: CarSummary): AnalyticsEventName {
  const isNew = car.car_type === 'new';
  if (kind === 'test-drive') return isNew || /test drive only/i.test(car.tag ?? '') ? 'newTestDrive' : 'usedTestDrive';
  return isNew ? 'newEnquiry' : 'usedEnquiry';
}

export default function LeadModals(props: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [kind, setKind] = useState<LeadModalKind>('enquire');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const trigger = (event.target as Element | null)?.closest?.<HTMLElement>('[data-lead-modal]');
      const wanted = trigger?.dataset.leadModal;
      if (!trigger || !isKind(wanted)) return;
      event.preventDefault();
      opener.current = trigger;
      setKind(wanted);
      setErrors({});
      setFormError('');
      dialog.current?.showModal();
    };
    document.addEventListener('click', onClick);
    // Buttons rendered before hydration were disabled-looking no-ops; mark the page ready.
    document.documentElement.dataset.leadModals = 'ready';
    return () => document.removeEventListener('click', onClick);
  }, []);

  const close = () => {
    dialog.current?.close();
    opener.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const raw = Object.fromEntries(new FormData(form).entries()) as Record<string, unknown>;
    raw.opt_in = form.querySelector<HTMLInputElement>('input[name="opt_in"]')?.checked ?? true;
    if (form.querySelector('input[name="terms_conditions"]')) raw.terms_conditions = form.querySelector<HTMLInputElement>('input[name="terms_conditions"]')?.checked ?? false;
    const schema =
      kind === 'enquire'
        ? enquiryFormSchema({ commentsRequired: props.commentsRequired, termsRequired: props.termsRequired })
        : kind === 'test-drive'
          ? testDriveFormSchema({ termsRequired: props.termsRequired })
          : RequestPhotosFormSchema;
    const parsed = v.safeParse(schema, raw);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      setFormError('');
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    setFormError('');
    setSubmitting(true);
    const { car } = props;
    try {
      const response = await fetch(props.leadsEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          ...parsed.output,
          category: CATEGORIES[kind],
          source: 'Website',
          url: window.location.href,
          user_agent: navigator.userAgent,
          car_id: car.id,
          ...(car.dealership_id ? { car_dealership_id: car.dealership_id } : {}),
          ...(car.dealership_slug ? { dealership_slug: car.dealership_slug } : {}),
          ...(car.stocknum ? { stock_number: car.stocknum } : {}),
          ...(car.make ? { 'Vehicle Make': car.make } : {}),
          ...(car.model ? { 'Vehicle Model': car.model } : {}),
          car_type: car.car_type,
          vehicle_status: car.status,
          form_completed: true,
        }),
      });
      const data = (await response.json().catch(() => null)) as { lead_id?: unknown; error?: unknown; message?: unknown } | null;
      if (response.ok && typeof data?.lead_id === 'string') {
        trackEvent(leadEvent(kind, car), { car_id: car.id, lead_id: data.lead_id });
        try {
          localStorage.setItem('success_category', CATEGORIES[kind]);
          localStorage.setItem('lead_car', JSON.stringify({ id: car.id, name: car.name, slug: car.slug }));
        } catch {
          /* storage is a convenience only */
        }
        window.location.assign('/success');
        return;
      }
      const message = typeof data?.error === 'string' ? data.error : typeof data?.message === 'string' ? data.message : UNEXPECTED_ERROR;
      setFormError(message);
    } catch (error) {
      console.warn('lead submission failed', error);
      setFormError(UNEXPECTED_ERROR);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: string, label: string, input: { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'email'; maxLength?: number; required?: boolean }) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>
        {label}
        {input.required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={input.type ?? 'text'}
        autoComplete={input.autoComplete}
        inputMode={input.inputMode}
        maxLength={input.maxLength}
        aria-required={input.required}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      {errors[name] && (
        <p className="field__error" id={`${id}-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  const messageRequired = kind === 'enquire' && props.commentsRequired;
  const errorList = Object.entries(errors);
  return (
    <dialog ref={dialog} className="lead-modal" aria-labelledby={`${id}-title`} onClose={() => opener.current?.focus()}>
      <form className="lead-modal__form" onSubmit={submit} noValidate key={kind}>
        <div className="lead-modal__head">
          <h2 id={`${id}-title`}>{TITLES[kind](props)}</h2>
          <button type="button" className="lead-modal__close" onClick={close} aria-label="Close">
            ×
          </button>
        </div>
        <p className="muted">{props.car.name}</p>
        {errorList.length > 0 && (
          <div className="form-errors" role="alert">
            <p>Please fix the following errors:</p>
            <ul>
              {errorList.map(([name, message]) => (
                <li key={name}>{message}</li>
              ))}
            </ul>
          </div>
        )}
        {field('name', 'First name', { autoComplete: 'given-name', required: true })}
        {field('last_name', 'Last name', { autoComplete: 'family-name' })}
        {field('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email', required: true })}
        {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', required: true })}
        {field('postcode', 'Postcode', { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 4, required: true })}
        {kind === 'test-drive' && field('dateTime', 'Test Drive Booking Date', { type: 'datetime-local' })}
        {kind === 'test-drive' && props.deliveryLocations.length > 0 && (
          <div className="field">
            <label htmlFor={`${id}-delivery`}>Delivery location</label>
            <select id={`${id}-delivery`} name="delivery_location" defaultValue="">
              <option value="">No delivery needed</option>
              {props.deliveryLocations.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-message`}>
            Comments{messageRequired && <span aria-hidden="true"> *</span>}
          </label>
          <textarea
            id={`${id}-message`}
            name="message"
            rows={4}
            aria-required={messageRequired}
            aria-invalid={errors.message ? true : undefined}
            placeholder={kind === 'request-photos' ? 'Please send photos for this car' : undefined}
          />
          {errors.message && <p className="field__error">{errors.message}</p>}
        </div>
        <div className="field field--check">
          <input id={`${id}-opt-in`} type="checkbox" name="opt_in" defaultChecked />
          <label htmlFor={`${id}-opt-in`}>Keep me up to date with offers and news</label>
        </div>
        {props.termsRequired ? (
          <div className="field field--check">
            <input id={`${id}-terms`} type="checkbox" name="terms_conditions" aria-invalid={errors.terms_conditions ? true : undefined} />
            <label htmlFor={`${id}-terms`}>
              I agree to the <a href="/terms-and-conditions">terms of use</a>
            </label>
          </div>
        ) : (
          <p className="muted lead-modal__consent">
            By submitting this enquiry, I agree to the {props.siteName} <a href="/privacy-policy">Privacy Policy</a>. Reply STOP to opt out of SMS or use the
            unsubscribe link in any email.
          </p>
        )}
        {formError && (
          <div className="alert alert--destructive" role="alert" data-testid="error-warning">
            {formError}
          </div>
        )}
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? 'Sending…' : 'Submit'}
        </button>
      </form>
    </dialog>
  );
}
