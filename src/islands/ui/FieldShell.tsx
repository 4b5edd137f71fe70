/**
 * The shell every labelled form field repeats (spec §5 "form error presentation"): the label
 * (with the required mark), an optional hint, the control, and the field's message beside it.
 * The control carries the ids (`aria-describedby` = the error id, then the hint id); the
 * shell only lays them out. Used by the form kit's text, textarea, select and amount fields;
 * `LabelText` and `FieldError` by its checkbox and radio group. Styles: `.field*` in
 * src/islands/ui/form-kit/forms.css (imported by the form kit).
 */
import type { ReactNode } from 'react';

/** The label's text with ' *' (hidden from screen readers: the control says aria-required). */
export function LabelText({ label, required }: { label: string; required?: boolean }) {
  return (
    <>
      {label}
      {required && (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
}

/** The field's message, rendered only when there is one. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="field__error" id={id}>
      {message}
    </p>
  ) : null;
}

/** `aria-describedby` of a control: its message (when shown), then its hint (when present). */
export function describedByIds(errorId: string | null, hintId: string | null): string | undefined {
  const ids = [errorId ?? '', hintId ?? ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

interface FieldShellProps {
  /** Class of the wrapper ('field', 'field field--amount', ...). */
  className: string;
  /** Id of the control the label is for. */
  controlId: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  hintId: string;
  error?: string;
  errorId: string;
  /** The control, and anything shown right after it (a datalist, preset buttons). */
  children: ReactNode;
}

export default function FieldShell(props: FieldShellProps) {
  return (
    <div className={props.className}>
      <label htmlFor={props.controlId}>
        <LabelText label={props.label} required={props.required} />
      </label>
      {props.hint ? (
        <p className="field__hint" id={props.hintId}>
          {props.hint}
        </p>
      ) : null}
      {props.children}
      <FieldError id={props.errorId} message={props.error} />
    </div>
  );
}
