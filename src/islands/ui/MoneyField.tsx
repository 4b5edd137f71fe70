/**
 * A dollar input with its '$' shown beside it (spec §5 "Money input", the finance
 * calculator's purchase price, deposit and residual): thousand separators while typing
 * ('45,000'), a point and up to two digits after it as typed ('30,000.50'), cleared when no
 * digit precedes the point. The text is the caller's state; the caller reads the number, whole
 * dollars ('30,000.50' is 30000), with `parseAmount`
 * (src/lib/finance/finance-bounds.ts). Formatting is `groupedDigitsText` of
 * src/lib/forms/money-input.ts; both read as `parseWholeNumber` there. Styles: `.money-input` in
 * src/components/vehicle/vehicle.css.
 */
import type { ReactNode } from 'react';
import { groupedDigitsText } from '../../lib/forms/money-input.ts';

interface MoneyFieldProps {
  id: string;
  name: string;
  /** The field's text ('45,000'). */
  value: string;
  /** The new text, already formatted. */
  onChange(text: string): void;
  onBlur?: () => void;
  placeholder?: string;
  /** Id of a `<datalist>` of preset amounts (passed as `children`). */
  list?: string;
  invalid?: boolean;
  describedBy?: string;
  /** Rendered after the input inside the field (the presets' `<datalist>`). */
  children?: ReactNode;
}

export default function MoneyField(props: MoneyFieldProps) {
  return (
    <div className="money-input">
      <span className="money-input__prefix" aria-hidden="true">
        $
      </span>
      <input
        id={props.id}
        name={props.name}
        inputMode="decimal"
        autoComplete="off"
        list={props.list}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(event) => props.onChange(groupedDigitsText(event.target.value))}
        onBlur={props.onBlur}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
      />
      {props.children}
    </div>
  );
}
