/**
 * Money and kilometre inputs (spec §5 "Money input", "Kilometres input"): what the shopper
 * sees while typing ('$45,000', '45,000 kms') and the number the form sends.
 */
import { parseWholeNumber } from '../../schemas/forms/fields.ts';

/** Spec §5 default money presets. */
export const DEFAULT_MONEY_PRESETS: readonly number[] = [5000, 10000, 15000, 20000, 25000, 30000, 40000, 50000, 70000];
/** Kilometre presets offered beside the odometer input. */
export const DEFAULT_KM_PRESETS: readonly number[] = [10000, 25000, 50000, 75000, 100000, 150000, 200000];

// The one reading of a money or kilometre text (src/schemas/forms/fields.ts, where kmInput reads with it too).
export { parseWholeNumber };

const thousands = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

/**
 * The fraction part of a money or kilometre input's text as typed: its first point and up to
 * two digits after it ('.', '.5', '.50'); '' without a point. It stays in the field, so a point
 * typed key by key is not lost and the digits after it do not join the whole number ('45000.5'
 * typed was 450,005 km); the number read is still the whole dollars or km before it
 * (parseWholeNumber).
 */
function typedFraction(text: string): string {
  const point = text.indexOf('.');
  if (point === -1) return '';
  const cents = text.slice(point + 1).replace(/\D/g, '');
  return `.${cents.slice(0, 2)}`;
}

/** Display text of a money input: '$45,000' for 45000, '$45,000.50' for '45000.50', '' for nothing typed. */
export function formatMoneyInput(text: string): string {
  const grouped = groupedDigitsText(text);
  return grouped === '' ? '' : `$${grouped}`;
}

/** Display text of a kilometre input: '45,000 kms' for 45000, '45,000.5 kms' for '45000.5' (read as 45,000), '' for nothing typed. */
export function formatKmInput(text: string): string {
  const grouped = groupedDigitsText(text);
  return grouped === '' ? '' : `${grouped} kms`;
}

/** A preset's label: '$5,000' or '50,000 kms'. */
export function presetLabel(value: number, kind: 'money' | 'km'): string {
  return kind === 'money' ? `$${thousands.format(value)}` : `${thousands.format(value)} kms`;
}

/** The money presets of a site: its own list when configured, else the spec's defaults. */
export function moneyPresets(configured: readonly number[] | undefined): readonly number[] {
  return configured && configured.length > 0 ? configured : DEFAULT_MONEY_PRESETS;
}

/** How many digits and points precede the caret: what caretAfterFormat keeps to its left. */
export function digitsBefore(typed: string, caret: number): number {
  return typed.slice(0, caret).replace(/[^\d.]/g, '').length;
}

/**
 * Where the caret belongs after reformatting: keep the same number of digits (and a point) to
 * its left, so typing in the middle of '$45,000' does not jump to the end, and a point typed
 * keeps the caret after it.
 */
export function caretAfterFormat(formatted: string, digitsBeforeCaret: number): number {
  if (digitsBeforeCaret <= 0) return formatted.startsWith('$') ? 1 : 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/[\d.]/.test(formatted[index]!)) {
      seen += 1;
      if (seen === digitsBeforeCaret) return index + 1;
    }
  }
  const last = formatted.search(/[\d.](?!.*[\d.])/);
  return last === -1 ? formatted.length : last + 1;
}

/**
 * A dollar input with its '$' shown beside it (the finance calculator): what the field shows
 * while typing, thousand separators and no '$' ('45,000' for '45000'), a point and its cents
 * as typed ('30,000.50'); '' when no digit precedes the point, so the field can be cleared.
 * Read as every money input reads it (parseWholeNumber): '30,000.50' is 30000. The number of a
 * kilometre input too, before its ' kms' (formatKmInput).
 */
export function groupedDigitsText(typed: string): string {
  const value = parseWholeNumber(typed);
  return value === null ? '' : `${thousands.format(value)}${typedFraction(typed)}`;
}

/** A whole-dollar amount as that field's text: '45,000' for 45000, '' for 0 (a cleared field). */
export function amountText(value: number): string {
  return value > 0 ? thousands.format(value) : '';
}
