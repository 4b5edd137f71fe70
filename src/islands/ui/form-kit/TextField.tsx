/** The kit's text-like input (text, email, tel, date, number), with optional suggestions. */
import { describedBy, KitShell, useLabel, type BaseFieldProps } from './field-parts.tsx';

/** A text-like input. */
export function TextField(
  props: BaseFieldProps & {
    type?: 'text' | 'email' | 'tel' | 'date' | 'datetime-local' | 'number';
    autoComplete?: string;
    inputMode?: 'text' | 'numeric' | 'tel' | 'email';
    maxLength?: number;
    placeholder?: string;
    pattern?: string;
    /** The earliest value a date or date-time input takes ('2026-12-24', '2026-12-24T09:30'). */
    min?: string;
    /** The latest value a date or date-time input takes. */
    max?: string;
    /** Values offered while typing (a <datalist>); any other text is still accepted. */
    suggestions?: readonly string[];
  },
) {
  const { kit, name } = props;
  const listId = props.suggestions?.length ? `${kit.fieldId(name)}-options` : undefined;
  useLabel(kit, name, props.label, props.type === 'date' ? { date: 'day' } : props.type === 'datetime-local' ? { date: 'time' } : {});
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
        min={props.min}
        max={props.max}
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
