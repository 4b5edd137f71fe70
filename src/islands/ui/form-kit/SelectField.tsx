/** The kit's select: options, optionally in groups, each value registered with the text it shows. */
import { describedBy, KitShell, useLabel, type BaseFieldProps } from './field-parts.tsx';

/** One option: a text that is also its value, or a value shown as `label`. */
export type SelectOption = string | { value: string; label: string };

/** Options shown under a heading (an <optgroup>). */
export interface SelectGroup {
  group: string;
  options: readonly SelectOption[];
}

const optionParts = (option: SelectOption) => (typeof option === 'string' ? { value: option, label: option } : option);
const isGroup = (entry: SelectOption | SelectGroup): entry is SelectGroup => typeof entry === 'object' && 'group' in entry;

function optionElement(option: SelectOption) {
  const { value, label } = optionParts(option);
  return (
    <option key={value} value={value}>
      {label}
    </option>
  );
}

/** A select; `placeholder` adds an empty first option. */
export function SelectField(props: BaseFieldProps & { options: readonly (SelectOption | SelectGroup)[]; placeholder?: string; autoComplete?: string }) {
  const { kit, name } = props;
  const flat = props.options.flatMap((entry) => (isGroup(entry) ? entry.options : [entry])).map(optionParts);
  useLabel(kit, name, props.label, { choices: Object.fromEntries(flat.map((option) => [option.value, option.label])) });
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
        {props.options.map((entry) =>
          isGroup(entry) ? (
            <optgroup key={entry.group} label={entry.group}>
              {entry.options.map(optionElement)}
            </optgroup>
          ) : (
            optionElement(entry)
          ),
        )}
      </select>
    </KitShell>
  );
}
