/** The kit's select. */
import { describedBy, KitShell, useLabel, type BaseFieldProps } from './field-parts.tsx';

/** A select; `placeholder` adds an empty first option. */
export function SelectField(
  props: BaseFieldProps & { options: readonly (string | { value: string; label: string })[]; placeholder?: string; autoComplete?: string },
) {
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
