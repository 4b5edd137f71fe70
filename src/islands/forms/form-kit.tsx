/**
 * The building blocks every form island uses (spec §5 "form error presentation"): a form
 * state hook, labelled fields with their message beside them (aria-invalid,
 * aria-describedby), the 'Please fix the following errors:' summary, focus on the first
 * error, and the destructive form-level alert (role=alert, data-testid error-warning).
 * Values live in React state, so nothing typed is lost when a submission fails.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ERROR_SUMMARY_HEADING, orderedErrors } from '../../lib/forms/form-validation.ts';
import { caretAfterFormat, formatKmInput, formatMoneyInput, parseWholeNumber, presetLabel } from '../../lib/forms/money-input.ts';
import FieldShell, { describedByIds, FieldError, LabelText } from '../ui/FieldShell.tsx';
import { newRequestKey } from './api.ts';
import './forms.css';

export type FormValues = Record<string, unknown>;

/** State and helpers of one form. */
export interface FormKit<V extends FormValues = FormValues> {
  formId: string;
  values: V;
  errors: Record<string, string>;
  formError: string;
  submitting: boolean;
  formRef: React.RefObject<HTMLFormElement | null>;
  /** Idempotency-Key of this form's first lead post: a retry after a lost answer replays the same lead. */
  requestKey: string;
  labels: React.RefObject<Record<string, string>>;
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
  /** Show the lead API's refusal: its message above the form, and its field errors (if any) at their fields. */
  reject(answer: { message: string; fieldErrors: Record<string, string> }): void;
}

/** Form state with focus management; `formId` must be unique on the page. */
export function useFormKit<V extends FormValues>(formId: string, initial: V | (() => V)): FormKit<V> {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement | null>(null);
  const [requestKey] = useState(newRequestKey);
  const labels = useRef<Record<string, string>>({});

  useEffect(() => {
    // Text typed into the server-rendered form before hydration is taken into state, so it
    // is neither lost nor sent blank.
    const form = formRef.current;
    if (!form) return;
    const typed: Record<string, string> = {};
    for (const element of Array.from(form.elements)) {
      const field = element as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
      if (!field.name || !(field.name in values) || ('type' in field && ['checkbox', 'radio', 'file', 'hidden', 'submit', 'button'].includes(field.type))) continue;
      if (field.value !== '' && values[field.name] === '') typed[field.name] = field.value;
    }
    if (Object.keys(typed).length > 0) setValues((previous) => ({ ...previous, ...typed }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // Tests and scripts can tell a hydrated (interactive) form from the server HTML; a form
    // rendered later (after a step or a lookup) is marked on that render.
    if (formRef.current && !formRef.current.hasAttribute('data-hydrated')) formRef.current.setAttribute('data-hydrated', 'true');
  });

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [focusRequest]);

  const fail = (next: Record<string, string>) => {
    setErrors(next);
    setFocusRequest((count) => count + 1);
  };
  const fieldId = useCallback((name: string) => `${formId}-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}`, [formId]);
  return {
    formId,
    values,
    errors,
    formError,
    submitting,
    formRef,
    requestKey,
    labels,
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
      setFormError(answer.message);
      if (Object.keys(answer.fieldErrors).length > 0) fail(answer.fieldErrors);
    },
  };
}

/** 'Please fix the following errors:' and the list of messages, each linking to its field. */
export function ErrorSummary({ kit, fieldOrder }: { kit: FormKit; fieldOrder?: readonly string[] }) {
  const entries = orderedErrors(kit.errors, fieldOrder ?? Object.keys(kit.values));
  if (entries.length === 0) return null;
  return (
    <div className="form-errors" role="alert" aria-labelledby={`${kit.formId}-errors-title`} data-testid="form-errors">
      <p id={`${kit.formId}-errors-title`} className="form-errors__title">
        {ERROR_SUMMARY_HEADING}
      </p>
      <ul>
        {entries.map(([name, message]) => (
          <li key={name}>
            <a href={`#${kit.fieldId(name)}`}>
              {kit.labels.current[name] ? `${kit.labels.current[name]}: ` : ''}
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The form-level failure in a destructive alert (spec §5, §8). */
export function FormAlert({ kit }: { kit: FormKit }) {
  if (!kit.formError) return null;
  return (
    <div className="alert alert--destructive" role="alert" data-testid="error-warning">
      {kit.formError}
    </div>
  );
}

interface BaseFieldProps {
  kit: FormKit;
  name: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
}

function useLabel(kit: FormKit, name: string, label: string) {
  kit.labels.current[name] = label;
}

const hintId = (kit: FormKit, name: string) => `${kit.fieldId(name)}-hint`;

function describedBy(kit: FormKit, name: string, hint: boolean): string | undefined {
  return describedByIds(kit.errors[name] ? kit.errorId(name) : null, hint ? hintId(kit, name) : null);
}

function FieldMessage({ kit, name }: { kit: FormKit; name: string }) {
  return <FieldError id={kit.errorId(name)} message={kit.errors[name]} />;
}

/** The label, hint and message around one of the kit's controls. */
function KitShell({ props, variant = '', children }: { props: BaseFieldProps; variant?: string; children: ReactNode }) {
  const { kit, name } = props;
  return (
    <FieldShell
      className={`field ${variant}${props.className ?? ''}`}
      controlId={kit.fieldId(name)}
      label={props.label}
      required={props.required}
      hint={props.hint}
      hintId={hintId(kit, name)}
      error={kit.errors[name]}
      errorId={kit.errorId(name)}
    >
      {children}
    </FieldShell>
  );
}

/** A text-like input. */
export function TextField(
  props: BaseFieldProps & {
    type?: 'text' | 'email' | 'tel' | 'date' | 'datetime-local' | 'number';
    autoComplete?: string;
    inputMode?: 'text' | 'numeric' | 'tel' | 'email';
    maxLength?: number;
    placeholder?: string;
    pattern?: string;
    /** Values offered while typing (a <datalist>); any other text is still accepted. */
    suggestions?: readonly string[];
  },
) {
  const { kit, name } = props;
  const listId = props.suggestions?.length ? `${kit.fieldId(name)}-options` : undefined;
  useLabel(kit, name, props.label);
  return (
    <KitShell props={props}>
      <input
        id={kit.fieldId(name)}
        name={name}
        type={props.type ?? 'text'}
        value={String(kit.values[name] ?? '')}
        onChange={(event) => kit.set(name, event.target.value)}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        list={listId}
        aria-required={props.required || undefined}
        aria-invalid={kit.errors[name] ? true : undefined}
        aria-describedby={describedBy(kit, name, Boolean(props.hint))}
      />
      {listId && (
        <datalist id={listId}>
          {props.suggestions!.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      )}
    </KitShell>
  );
}

/** A textarea (label 'Comments' for lead messages). */
export function TextAreaField(props: BaseFieldProps & { rows?: number; maxLength?: number; placeholder?: string }) {
  const { kit, name } = props;
  useLabel(kit, name, props.label);
  return (
    <KitShell props={props}>
      <textarea
        id={kit.fieldId(name)}
        name={name}
        rows={props.rows ?? 4}
        value={String(kit.values[name] ?? '')}
        onChange={(event) => kit.set(name, event.target.value)}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        aria-required={props.required || undefined}
        aria-invalid={kit.errors[name] ? true : undefined}
        aria-describedby={describedBy(kit, name, Boolean(props.hint))}
      />
    </KitShell>
  );
}

/** A select; `placeholder` adds an empty first option. */
export function SelectField(props: BaseFieldProps & { options: readonly (string | { value: string; label: string })[]; placeholder?: string; autoComplete?: string }) {
  const { kit, name } = props;
  useLabel(kit, name, props.label);
  return (
    <KitShell props={props}>
      <select
        id={kit.fieldId(name)}
        name={name}
        value={String(kit.values[name] ?? '')}
        onChange={(event) => kit.set(name, event.target.value)}
        autoComplete={props.autoComplete}
        aria-required={props.required || undefined}
        aria-invalid={kit.errors[name] ? true : undefined}
        aria-describedby={describedBy(kit, name, Boolean(props.hint))}
      >
        {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
        {props.options.map((option) => {
          const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {label}
            </option>
          );
        })}
      </select>
    </KitShell>
  );
}

/** A checkbox holding true/false. */
export function CheckboxField(props: BaseFieldProps & { children?: ReactNode }) {
  const { kit, name } = props;
  useLabel(kit, name, props.label);
  return (
    <div className={`field field--check ${props.className ?? ''}`}>
      <input
        id={kit.fieldId(name)}
        name={name}
        type="checkbox"
        checked={kit.values[name] === true}
        onChange={(event) => kit.set(name, event.target.checked)}
        aria-required={props.required || undefined}
        aria-invalid={kit.errors[name] ? true : undefined}
        aria-describedby={describedBy(kit, name, Boolean(props.hint))}
      />
      <label htmlFor={kit.fieldId(name)}>{props.children ?? props.label}</label>
      {props.hint && (
        <p className="field__hint" id={hintId(kit, name)}>
          {props.hint}
        </p>
      )}
      <FieldMessage kit={kit} name={name} />
    </div>
  );
}

/** A radio group (Yes/No questions, preferred contact method). */
export function RadioGroupField(props: BaseFieldProps & { options: readonly string[] }) {
  const { kit, name } = props;
  useLabel(kit, name, props.label);
  return (
    <fieldset className={`field field--radios ${props.className ?? ''}`} aria-describedby={describedBy(kit, name, false)}>
      <legend>
        <LabelText label={props.label} required={props.required} />
      </legend>
      <div className="field__options">
        {props.options.map((option, index) => (
          <span key={option} className="field__option">
            {/* eslint-disable-next-line jsx-a11y-x/role-supports-aria-props -- aria-invalid on each radio is how screen readers announce the group's error here (forms e2e) */}
            <input
              id={index === 0 ? kit.fieldId(name) : `${kit.fieldId(name)}-${index}`}
              type="radio"
              name={`${kit.formId}-${name}`}
              value={option}
              checked={kit.values[name] === option}
              onChange={() => kit.set(name, option)}
              aria-invalid={kit.errors[name] ? true : undefined}
            />
            <label htmlFor={index === 0 ? kit.fieldId(name) : `${kit.fieldId(name)}-${index}`}>{option}</label>
          </span>
        ))}
      </div>
      <FieldMessage kit={kit} name={name} />
    </fieldset>
  );
}

/**
 * Money ($ prefix, thousand separators) or kilometre (' kms' suffix) input with preset
 * buttons (spec §5). The form value is the formatted text; schemas parse it to a number.
 */
export function AmountField(props: BaseFieldProps & { kind: 'money' | 'km'; presets?: readonly number[]; placeholder?: string }) {
  const { kit, name, kind } = props;
  useLabel(kit, name, props.label);
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);
  const format = kind === 'money' ? formatMoneyInput : formatKmInput;
  const value = String(kit.values[name] ?? '');
  useLayoutEffect(() => {
    if (caret.current !== null && input.current && document.activeElement === input.current) {
      input.current.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  }, [value]);
  return (
    <KitShell props={props} variant="field--amount ">
      <input
        ref={input}
        id={kit.fieldId(name)}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        placeholder={props.placeholder ?? (kind === 'money' ? '$' : 'kms')}
        onChange={(event) => {
          const typed = event.target.value;
          const caretAt = event.target.selectionStart ?? typed.length;
          const digitsBefore = typed.slice(0, caretAt).replace(/\D/g, '').length;
          const formatted = format(typed);
          caret.current = caretAfterFormat(formatted, digitsBefore);
          kit.set(name, formatted);
        }}
        aria-required={props.required || undefined}
        aria-invalid={kit.errors[name] ? true : undefined}
        aria-describedby={describedBy(kit, name, Boolean(props.hint))}
      />
      {props.presets && props.presets.length > 0 && (
        <div className="field__presets" role="group" aria-label={`${props.label} presets`}>
          {props.presets.map((preset) => (
            <button
              key={preset}
              type="button"
              className="chip"
              aria-pressed={parseWholeNumber(value) === preset}
              onClick={() => kit.set(name, presetLabel(preset, kind))}
            >
              {presetLabel(preset, kind)}
            </button>
          ))}
        </div>
      )}
    </KitShell>
  );
}

/** The submit button; shows progress while sending. */
export function SubmitButton({ kit, label, busyLabel = 'Sending…' }: { kit: FormKit; label: string; busyLabel?: string }) {
  return (
    <button type="submit" className="button form__submit" disabled={kit.submitting} aria-disabled={kit.submitting || undefined}>
      {kit.submitting ? busyLabel : label}
    </button>
  );
}
