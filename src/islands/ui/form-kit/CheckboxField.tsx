/** The kit's checkbox: the label follows the box, the message sits under both. */
import type { ReactNode } from 'react';
import { describedBy, FieldMessage, hintId, useLabel, type BaseFieldProps } from './field-parts.tsx';

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
