import { describe, expect, it } from 'vitest';
import { caretAfterFormat, DEFAULT_MONEY_PRESETS, digitsBefore, formatKmInput, formatMoneyInput, moneyPresets, parseWholeNumber, presetLabel } from './money-input.ts';

describe('money and km inputs', () => {
  it.each([
    ['45000', 45000],
    ['$45,000', 45000],
    ['45,000 kms', 45000],
    ['12.99', 12],
    ['abc', null],
    ['', null],
    ['0', 0],
  ])('parseWholeNumber(%j) = %j', (text, expected) => {
    expect(parseWholeNumber(text)).toBe(expected);
  });

  it('formats money with $ prefix and thousand separators', () => {
    expect(formatMoneyInput('1234567')).toBe('$1,234,567');
    expect(formatMoneyInput('$5,0000')).toBe('$50,000');
    expect(formatMoneyInput('')).toBe('');
  });

  it('keeps a point and up to two digits after it as typed; the number is the whole dollars', () => {
    expect(formatMoneyInput('$30,000.')).toBe('$30,000.');
    expect(formatMoneyInput('$30,000.5')).toBe('$30,000.5');
    expect(formatMoneyInput('$30,000.505')).toBe('$30,000.50');
    expect(formatMoneyInput('30,000.00')).toBe('$30,000.00');
    expect(formatMoneyInput('.5')).toBe('');
    expect(parseWholeNumber('$30,000.50')).toBe(30000);
  });

  it("formats kilometres with the ' kms' suffix", () => {
    expect(formatKmInput('85000')).toBe('85,000 kms');
    expect(formatKmInput('85,000 kms5')).toBe('850,005 kms');
    expect(formatKmInput('x')).toBe('');
  });

  it('keeps a point typed in kilometres, so the digits after it do not join the whole km; the reading is the whole km before it', () => {
    expect(formatKmInput('45,000. kms')).toBe('45,000. kms');
    expect(formatKmInput('45,000.5 kms')).toBe('45,000.5 kms');
    expect(formatKmInput('45000.567')).toBe('45,000.56 kms');
    expect(parseWholeNumber('45,000.5 kms')).toBe(45000);
    expect(digitsBefore('45,000. kms', 7)).toBe(6);
    expect(caretAfterFormat('45,000. kms', 6)).toBe(7);
  });

  it('offers the spec presets unless the site configures its own', () => {
    expect(DEFAULT_MONEY_PRESETS.map((value) => presetLabel(value, 'money'))).toEqual(['$5,000', '$10,000', '$15,000', '$20,000', '$25,000', '$30,000', '$40,000', '$50,000', '$70,000']);
    expect(moneyPresets([300000, 800000])).toEqual([300000, 800000]);
    expect(moneyPresets([])).toBe(DEFAULT_MONEY_PRESETS);
    expect(presetLabel(50000, 'km')).toBe('50,000 kms');
  });

  it('keeps the caret after the same digit', () => {
    expect(caretAfterFormat('$45,000', 2)).toBe(3);
    expect(caretAfterFormat('$45,000', 3)).toBe(5);
    expect(caretAfterFormat('$45,000', 0)).toBe(1);
    expect(caretAfterFormat('45,000 kms', 5)).toBe(6);
  });

  it('keeps the caret after a point typed', () => {
    expect(digitsBefore('$30,000.', 8)).toBe(6);
    expect(caretAfterFormat('$30,000.', 6)).toBe(8);
    expect(digitsBefore('$30,000.50.', 11)).toBe(9);
    expect(caretAfterFormat('$30,000.50', 9)).toBe(10);
  });
});
