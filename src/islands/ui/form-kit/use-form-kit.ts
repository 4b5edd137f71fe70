/**
 * The form kit's state hook (spec §5 "form error presentation"): values, field errors, the
 * form-level message, focus on the first error (else the form's alert), and the Idempotency-Key
 * of the first lead post. Values live in React state, so nothing typed is lost when a submission
 * fails; a gated call's 401 that sends the shopper to sign-in keeps them on the device, and they
 * are put back when the shopper returns (src/stores/kept-forms.ts), with a multi-step form's place
 * (`place` kept, `keptPlace` handed back for the form to open there). Contract: `formId` is unique
 * on the page; field ids are `${formId}-${name}`.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { registerKeptForm, restoredValues, takeKeptForm, type KeptPlace } from '../../../stores/kept-forms.ts';
import { newRequestKey } from './request-key.ts';

export type FormValues = Record<string, unknown>;

/**
 * A field as the shopper saw it, registered by the field each render: its label (the error
 * summary's, /success's) and, where the value is not the text shown, how it reads.
 */
export interface FieldLabel {
  label: string;
  /** A select's options: each value's visible text ('501' -> the car's name). */
  choices?: Readonly<Record<string, string>>;
  /** A date input ('2026-12-24') or a date-and-time input ('2026-12-24T16:30'): the value reads as a date. */
  date?: 'day' | 'time';
}

/** The lead API's refusal: its message, its messages by field, and whether the form's key names another shopper's lead (keyTaken). */
export interface Refusal {
  message: string;
  fieldErrors: Record<string, string>;
  keyTaken?: boolean;
}

/** Whether `form` shows the control with this id (a hidden input is not shown). */
function shows(form: HTMLFormElement | null, id: string): boolean {
  const control = document.getElementById(id);
  return Boolean(form && control && form.contains(control) && control.getAttribute('type') !== 'hidden');
}

/** State and helpers of one form. */
export interface FormKit<V extends FormValues = FormValues> {
  formId: string;
  values: V;
  errors: Record<string, string>;
  formError: string;
  submitting: boolean;
  formRef: React.RefObject<HTMLFormElement | null>;
  /**
   * Back from sign-in: the place a multi-step form kept (its step and lead), once, on mount; null
   * otherwise. The form decides whether to open there (its earlier steps' values must pass).
   */
  keptPlace: KeptPlace | null;
  /** Idempotency-Key of this form's first lead post: a retry after a lost answer replays the same lead; a new one after a refusal with keyTaken. */
  requestKey: string;
  /** Each field shown so far, by name (the field last rendered under a name is the one kept). */
  labels: React.RefObject<Record<string, FieldLabel>>;
  /** Id of the form's alert (FormAlert), which takes focus when no shown field is invalid. */
  alertId: string;
  fieldId(name: string): string;
  errorId(name: string): string;
  set(name: string, value: unknown): void;
  setMany(values: Partial<V>): void;
  /** Set only the fields that are still blank (prefill never overwrites what was typed). */
  fillBlanks(values: Record<string, unknown>): void;
  /** Show field errors and move focus to the first one. */
  fail(errors: Record<string, string>): void;
  clearErrors(): void;
  setFormError(message: string): void;
  setSubmitting(value: boolean): void;
  /**
   * Show the lead API's refusal: its message above the form, and its field errors (if any) at
   * their fields. A refused field the form does not show has its message in the alert instead.
   * A key taken (another shopper's lead) gives the form a new key: its next Send is a new first post.
   */
  reject(answer: Refusal): void;
}

/**
 * Form state with focus management; `formId` must be unique on the page. A multi-step form
 * passes its `place` each render, kept with its values if a gated call sends the shopper to sign-in.
 */
export function useFormKit<V extends FormValues>(formId: string, initial: V | (() => V), place?: KeptPlace): FormKit<V> {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [keptPlace, setKeptPlace] = useState<KeptPlace | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const labels = useRef<Record<string, FieldLabel>>({});

  const current = useRef({ values, place });
  useEffect(() => {
    current.current = { values, place };
  });
  // The form's values and place are kept if a gated call sends the shopper to sign-in (api.ts sendToSignIn).
  useEffect(() => registerKeptForm(formId, () => current.current), [formId]);

  useEffect(() => {
    // Back from sign-in: what was typed before leaving is put back (not sent: the shopper sends it again).
    const kept = takeKeptForm(formId);
    const restored = kept ? restoredValues(values, kept.values) : {};
    if (kept?.place) setKeptPlace(kept.place);
    // Text typed into the server-rendered form before hydration is taken into state, so it
    // is neither lost nor sent blank.
    const form = formRef.current;
    if (!form) {
      if (Object.keys(restored).length > 0) setValues((previous) => ({ ...previous, ...restored }));
      return;
    }
    const typed: Record<string, string> = {};
    for (const element of Array.from(form.elements)) {
      const field = element as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
      if (!field.name || !(field.name in values) || ('type' in field && ['checkbox', 'radio', 'file', 'hidden', 'submit', 'button'].includes(field.type)))
        continue;
      if (field.value !== '' && values[field.name] === '') typed[field.name] = field.value;
    }
    if (Object.keys(typed).length > 0 || Object.keys(restored).length > 0) setValues((previous) => ({ ...previous, ...restored, ...typed }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the island takes the form over: later input is the state's own
  }, []);

  useEffect(() => {
    // Tests and scripts can tell a hydrated (interactive) form from the server HTML; a form
    // rendered later (after a step or a lookup) is marked on that render.
    if (formRef.current && !formRef.current.hasAttribute('data-hydrated')) formRef.current.setAttribute('data-hydrated', 'true');
  });

  const fieldId = useCallback((name: string) => `${formId}-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}`, [formId]);
  const alertId = `${formId}-form-alert`;

  useLayoutEffect(() => {
    // Placed once the form shows the refusal (a multi-step form may have gone back to a refused
    // field's step): a field it does not show (a sold car, a dealership) has its message in the
    // alert, not a link to nothing.
    if (!refusal) return;
    const entries = Object.entries(refusal.fieldErrors);
    const shown = entries.filter(([name]) => shows(formRef.current, fieldId(name)));
    const unshown = entries.filter(([name]) => !shows(formRef.current, fieldId(name)));
    setFormError(unshown.length > 0 ? unshown.map(([, message]) => message).join(' ') : refusal.message);
    setErrors(Object.fromEntries(shown));
    setFocusRequest((count) => count + 1);
  }, [refusal, fieldId]);

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? document.getElementById(alertId);
    first?.focus();
  }, [focusRequest, alertId]);

  const fail = (next: Record<string, string>) => {
    setErrors(next);
    setFocusRequest((count) => count + 1);
  };
  return {
    formId,
    values,
    errors,
    formError,
    submitting,
    formRef,
    keptPlace,
    requestKey,
    labels,
    alertId,
    fieldId,
    errorId: (name) => `${fieldId(name)}-error`,
    set: (name, value) => {
      setValues((previous) => ({ ...previous, [name]: value }));
      // The field's message stays until the shopper changes that field.
      setErrors((previous) => {
        if (!(name in previous)) return previous;
        const { [name]: _removed, ...rest } = previous;
        return rest;
      });
    },
    setMany: (more) => setValues((previous) => ({ ...previous, ...more })),
    fillBlanks: (more) =>
      setValues((previous) => {
        const next: Record<string, unknown> = { ...previous };
        for (const [name, value] of Object.entries(more)) {
          if (value === undefined || value === null || value === '') continue;
          if (next[name] === '' || next[name] === undefined) next[name] = value;
        }
        return next as V;
      }),
    fail,
    clearErrors: () => setErrors({}),
    setFormError,
    setSubmitting,
    reject: (answer) => {
      if (answer.keyTaken) setRequestKey(newRequestKey());
      if (Object.keys(answer.fieldErrors).length > 0) setRefusal({ ...answer });
      else setFormError(answer.message);
    },
  };
}
