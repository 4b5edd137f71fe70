/** The kit's radio group: a fieldset whose legend is the label. */
import { LabelText } from '../FieldShell.tsx';
import { describedBy, FieldMessage, useLabel, type BaseFieldProps } from './field-parts.tsx';

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
