/** The kit's money or kilometre input with preset buttons; the caret keeps its place through formatting. */
import { useLayoutEffect, useRef } from 'react';
import { caretAfterFormat, digitsBefore, formatKmInput, formatMoneyInput, parseWholeNumber, presetLabel } from '../../../lib/forms/money-input.ts';
import { describedBy, KitShell, useLabel, type BaseFieldProps } from './field-parts.tsx';

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
        inputMode={kind === 'money' ? 'decimal' : 'numeric'}
        autoComplete="off"
        value={value}
        placeholder={props.placeholder ?? (kind === 'money' ? '$' : 'kms')}
        onChange={(event) => {
          const typed = event.target.value;
          const caretAt = event.target.selectionStart ?? typed.length;
          const formatted = format(typed);
          caret.current = caretAfterFormat(formatted, digitsBefore(typed, caretAt));
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
