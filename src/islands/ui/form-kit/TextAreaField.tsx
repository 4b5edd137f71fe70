/** The kit's textarea. */
import { describedBy, KitShell, useLabel, type BaseFieldProps } from './field-parts.tsx';

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
