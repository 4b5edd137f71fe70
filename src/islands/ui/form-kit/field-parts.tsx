/**
 * What every field of the form kit shares: its props, the label registry the error summary
 * and /success's list read, the hint and error ids, and `KitShell` (FieldShell with the kit's ids).
 * Internal to the kit: forms import the fields from ./index.ts.
 */
import type { ReactNode } from 'react';
import FieldShell, { describedByIds, FieldError } from '../FieldShell.tsx';
import type { FieldLabel, FormKit } from './use-form-kit.ts';

export interface BaseFieldProps {
  kit: FormKit;
  name: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
}

/** Register the field under its name: its label, and how its value reads where that is not the value itself. */
export function useLabel(kit: FormKit, name: string, label: string, reads: Omit<FieldLabel, 'label'> = {}) {
  kit.labels.current[name] = { label, ...reads };
}

export const hintId = (kit: FormKit, name: string) => `${kit.fieldId(name)}-hint`;

export function describedBy(kit: FormKit, name: string, hint: boolean): string | undefined {
  return describedByIds(kit.errors[name] ? kit.errorId(name) : null, hint ? hintId(kit, name) : null);
}

export function FieldMessage({ kit, name }: { kit: FormKit; name: string }) {
  return <FieldError id={kit.errorId(name)} message={kit.errors[name]} />;
}

/** The label, hint and message around one of the kit's controls. */
export function KitShell({ props, variant = '', children }: { props: BaseFieldProps; variant?: string; children: ReactNode }) {
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
