// @vitest-environment happy-dom
/**
 * The one money input of the finance calculator (issue 12 item 5: it had three copies):
 * the same markup as the copies, and what typing shows.
 */
import { act, useState } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { amountText, groupedDigitsText } from '../../lib/forms/money-input.ts';
import { parseAmount } from '../../lib/finance/finance-bounds.ts';
import MoneyField from './MoneyField.tsx';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { typeKeys } from '../../../tests/support/form-events.ts';

const mounted = mountRoot();

/** A deposit field as the calculator holds it: text in state, snapped to whole dollars on blur. */
function Deposit() {
  const [text, setText] = useState('');
  return (
    <>
      <MoneyField id="deposit" name="deposit" placeholder="0" value={text} onChange={setText} onBlur={() => setText(amountText(parseAmount(text)))} />
      <output>{parseAmount(text)}</output>
    </>
  );
}

/** Type into a React-controlled input the way a browser does (value, then an input event). */
function type(input: HTMLInputElement, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('MoneyField (islands/ui)', () => {
  it('renders the markup of the copies it replaced ($ beside the input, a keypad with a point for the cents, no autocomplete)', () => {
    const copy = renderToStaticMarkup(
      <div className="money-input">
        <span className="money-input__prefix" aria-hidden="true">
          $
        </span>
        <input
          id="p"
          name="purchase_price"
          inputMode="decimal"
          autoComplete="off"
          list="p-presets"
          value="30,000"
          onChange={() => undefined}
          aria-invalid={true}
          aria-describedby="p-error"
        />
        <datalist id="p-presets" />
      </div>,
    );
    const field = renderToStaticMarkup(
      <MoneyField id="p" name="purchase_price" list="p-presets" value="30,000" onChange={() => undefined} invalid describedBy="p-error">
        <datalist id="p-presets" />
      </MoneyField>,
    );
    expect(field).toBe(copy);
    expect(renderToStaticMarkup(<MoneyField id="d" name="deposit" placeholder="0" value="" onChange={() => undefined} />)).toBe(
      '<div class="money-input"><span class="money-input__prefix" aria-hidden="true">$</span><input id="d" inputMode="decimal" autoComplete="off" placeholder="0" name="deposit" value=""/></div>',
    );
  });

  it('groups what is typed into thousands, drops anything but digits, and clears with no digit left', () => {
    mounted.render(<Deposit />);
    const input = mounted.host.querySelector('input')!;
    type(input, '45000');
    expect(input.value).toBe('45,000');
    expect(mounted.host.querySelector('output')!.textContent).toBe('45000');
    type(input, '$1234567abc');
    expect(input.value).toBe('1,234,567');
    type(input, 'abc');
    expect(input.value).toBe('');
    expect(mounted.host.querySelector('output')!.textContent).toBe('0');
  });

  it('typed key by key, a point and up to two digits after it stay as typed; the amount is the whole dollars before it', () => {
    mounted.render(<Deposit />);
    const input = mounted.host.querySelector('input')!;
    typeKeys(input, '30000.');
    expect(input.value).toBe('30,000.');
    typeKeys(input, '505');
    expect(input.value).toBe('30,000.50');
    expect(mounted.host.querySelector('output')!.textContent).toBe('30000');
    act(() => {
      input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    });
    expect(input.value).toBe('30,000');
  });

  it('on blur shows the amount the calculator uses ("" for 0)', () => {
    mounted.render(<Deposit />);
    const input = mounted.host.querySelector('input')!;
    type(input, '0');
    expect(input.value).toBe('0');
    act(() => {
      input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    });
    expect(input.value).toBe('');
  });
});

describe('groupedDigitsText and amountText (src/lib/forms/money-input.ts)', () => {
  it.each([
    ['45000', '45,000'],
    ['45,000', '45,000'],
    ['$ 1 000', '1,000'],
    ['12.5', '12.5'],
    ['30,000.00', '30,000.00'],
    ['$5,000.99', '5,000.99'],
    ['30000.', '30,000.'],
    ['30000.505', '30,000.50'],
    ['30.000.5', '30.00'],
    ['.50', ''],
    ['007', '7'],
    ['0', '0'],
    ['', ''],
    ['kms', ''],
  ])('groupedDigitsText(%j) = %j', (typed, shown) => {
    expect(groupedDigitsText(typed)).toBe(shown);
  });

  it('amountText: separators for a positive amount, blank for 0', () => {
    expect(amountText(30000)).toBe('30,000');
    expect(amountText(0)).toBe('');
  });
});
