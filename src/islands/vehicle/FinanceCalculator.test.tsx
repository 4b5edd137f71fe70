// @vitest-environment happy-dom
/**
 * The finance calculator in the browser (issue 36 item 4): every figure follows the inputs.
 * Expected figures come from financeFigures() (lib/finance/car-finance.ts, tested on its own);
 * this checks that each control reaches it and that its answer is what the shopper reads.
 */
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { financeFigures, type FinanceScenario } from '../../lib/finance/car-finance.ts';
import { DEFAULT_SITE_SCENARIO } from '../../../tests/fixtures/site-scenario.ts';
import type { Frequency } from '../../lib/finance/repayment.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { fill, typeKeys } from '../../../tests/support/form-events.ts';
import FinanceCalculator, { type FinanceCalculatorProps } from './FinanceCalculator.tsx';
import { $liveQuote } from '../../stores/finance-quote.ts';
import { SETTLE_MS } from '../ui/SettledStatus.tsx';

const mounted = mountRoot();

const start: FinanceScenario = DEFAULT_SITE_SCENARIO;
const props: FinanceCalculatorProps = {
  carId: '1',
  start,
  maxTermYears: 7,
  interestRange: null,
  minPrice: 1000,
  hideFrequency: false,
  presets: [5000, 10000],
  disclaimer: 'Finance disclaimer.',
};

/** What financeFigures says for the calculator's props with these changes. */
function expected(change: { amount?: number; deposit?: number; years?: number; ratePercent?: number; frequency?: Frequency }) {
  return financeFigures({ ...start, ...change });
}

function show(overrides: Partial<FinanceCalculatorProps> = {}) {
  mounted.render(<FinanceCalculator {...props} {...overrides} />);
  const host = mounted.host;
  const control = <T extends HTMLElement>(label: string) => {
    const found = [...host.querySelectorAll('label')].find((element) => element.textContent!.startsWith(label));
    return host.ownerDocument.getElementById(found!.htmlFor) as T;
  };
  const text = (id: string) => host.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
  return { host, control, text };
}

describe('FinanceCalculator: the figures follow the inputs', () => {
  it('first shows the repayment of the default scenario', () => {
    const { text } = show();
    expect(text('finance-payment')).toBe(expected({}).paymentText);
    expect(text('finance-payment')).toBe('$147');
  });

  it('a higher purchase price raises the repayment and the total', () => {
    const { control, text } = show();
    const before = text('finance-total');
    fill(control<HTMLInputElement>('Purchase price'), '60000');
    expect(control<HTMLInputElement>('Purchase price').value).toBe('60,000');
    expect(text('finance-payment')).toBe(expected({ amount: 60000 }).paymentText);
    expect(text('finance-payment')).not.toBe('$147');
    expect(text('finance-total')).not.toBe(before);
  });

  it('a deposit lowers the amount financed', () => {
    const { control, text } = show();
    fill(control<HTMLInputElement>('Deposit'), '10000');
    expect(text('finance-payment')).toBe(expected({ deposit: 10000 }).paymentText);
    expect(text('finance-payment')).not.toBe('$147');
  });

  it('the term, the rate and the frequency each change the repayment', () => {
    const { control, text, host } = show();
    fill(control<HTMLInputElement>('Loan term'), '3');
    expect(text('finance-payment')).toBe(expected({ years: 3 }).paymentText);
    expect(host.textContent).toContain('over 3 years');
    fill(control<HTMLInputElement>('Interest rate'), '6');
    expect(text('finance-payment')).toBe(expected({ years: 3, ratePercent: 6 }).paymentText);
    fill(control<HTMLSelectElement>('Repayment frequency'), 'monthly');
    expect(text('finance-payment')).toBe(expected({ years: 3, ratePercent: 6, frequency: 'monthly' }).paymentText);
    expect(host.querySelector('[data-testid="finance-result"]')!.textContent).toContain('per month');
  });

  it('a one-year term reads in the singular: label, slider value and the repayment line', () => {
    const { control, text, host } = show();
    fill(control<HTMLInputElement>('Loan term'), '1');
    expect(text('finance-payment')).toBe(expected({ years: 1 }).paymentText);
    const label = [...host.querySelectorAll('label')].find((element) => element.textContent!.startsWith('Loan term'))!;
    expect(label.textContent).toBe('Loan term: 1 year');
    expect(host.querySelector('[aria-valuetext="1 year"]')).not.toBeNull();
    expect(host.textContent).toContain('over 1 year,');
    expect(host.textContent).not.toContain('1 years');
    fill(control<HTMLInputElement>('Loan term'), '1.5');
    expect(label.textContent).toBe('Loan term: 1.5 years');
  });

  it('a price under the minimum shows no repayment, and once the field is left the message, keeping what was typed', () => {
    const { control, text } = show();
    const price = control<HTMLInputElement>('Purchase price');
    fill(price, '500');
    expect(text('finance-payment')).toBeNull();
    leave(price);
    expect(price.value).toBe('500');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(mounted.host.querySelector('[role="alert"]')!.textContent).toBe(SPEC_PRICE_MESSAGE);
  });
});

describe('FinanceCalculator: an amount with cents', () => {
  it("reads '30,000.00' pasted as $30,000 and a deposit '5,000.00' as $5,000, as the site's other money inputs do", () => {
    const { control, text } = show();
    const price = control<HTMLInputElement>('Purchase price');
    fill(price, '60000');
    fill(price, '30,000.00');
    expect(price.value).toBe('30,000.00');
    leave(price);
    expect(mounted.host.querySelector('[role="alert"]')!.textContent).toBe('');
    expect(price.hasAttribute('aria-invalid')).toBe(false);
    expect(text('finance-payment')).toBe(expected({ amount: 30000 }).paymentText);
    const deposit = control<HTMLInputElement>('Deposit');
    fill(deposit, '$5,000.00');
    expect(deposit.value).toBe('5,000.00');
    leave(deposit);
    expect(deposit.value).toBe('5,000');
    expect(text('finance-payment')).toBe(expected({ deposit: 5000 }).paymentText);
  });

  it("reads '30000.50' typed key by key as $30,000, its point and cents kept as typed (not $3,000,050 and the out-of-range message)", () => {
    const { control, text } = show();
    const price = control<HTMLInputElement>('Purchase price');
    fill(price, '');
    typeKeys(price, '30000.50');
    expect(price.value).toBe('30,000.50');
    leave(price);
    expect(mounted.host.querySelector('[role="alert"]')!.textContent).toBe('');
    expect(text('finance-payment')).toBe(expected({ amount: 30000 }).paymentText);
    const deposit = control<HTMLInputElement>('Deposit');
    typeKeys(deposit, '5000.999');
    expect(deposit.value).toBe('5,000.99');
    expect(text('finance-payment')).toBe(expected({ deposit: 5000 }).paymentText);
    leave(deposit);
    expect(deposit.value).toBe('5,000');
  });
});

/** Spec §5, letter for letter, with the default bounds. */
const SPEC_PRICE_MESSAGE = 'Cannot be less than $1,000 or more than $250,000';

/** Let `ms` of fake time pass, and the renders and mutation records it causes. */
const wait = async (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

/** Leave a field (React's onBlur listens for focusout). */
function leave(control: HTMLElement): void {
  act(() => void control.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
}

describe('FinanceCalculator: typing is not interrupted (WCAG 4.1.3)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => {
    vi.useRealTimers();
    $liveQuote.set(null);
  });

  it("checks the price when the field is left: no alert at the first digit of '35000', nor at any other", () => {
    const { control } = show();
    const price = control<HTMLInputElement>('Purchase price');
    const alert = mounted.host.querySelector('[role="alert"]')!;
    for (const typed of ['3', '35', '350', '3500', '35000']) {
      fill(price, typed);
      expect(alert.textContent).toBe('');
      expect(price.hasAttribute('aria-invalid')).toBe(false);
    }
    leave(price);
    expect(alert.textContent).toBe('');
  });

  it('an out-of-range price left says the spec message; it goes once the price is in range', () => {
    const { control } = show();
    const price = control<HTMLInputElement>('Purchase price');
    const alert = mounted.host.querySelector('[role="alert"]')!;
    for (const typed of ['999', '250001']) {
      fill(price, typed);
      expect(alert.textContent).toBe('');
      leave(price);
      expect(alert.textContent).toBe(SPEC_PRICE_MESSAGE);
      expect(price.getAttribute('aria-invalid')).toBe('true');
    }
    fill(price, '1000');
    expect(alert.textContent).toBe('');
    expect(price.hasAttribute('aria-invalid')).toBe(false);
  });

  it('the figures are not a live region; the short repayment is said once, after the typing and the slider steps settle', async () => {
    const { control, host } = show();
    expect(host.querySelector('[data-testid="finance-result"]')!.closest('[aria-live], [role="status"], [role="alert"]')).toBeNull();
    const regions = [...host.querySelectorAll('[aria-live], [role="status"]')];
    expect(regions).toHaveLength(1);
    const status = regions[0] as HTMLElement;
    expect(status.getAttribute('role')).toBe('status');
    expect(status.className).toBe('visually-hidden');
    const said: string[] = [];
    new MutationObserver(() => said.push(status.textContent ?? '')).observe(status, { childList: true, characterData: true, subtree: true });
    await wait(SETTLE_MS * 2);
    expect(said).toEqual([]);
    for (const typed of ['3', '35', '350', '3500', '35000']) fill(control<HTMLInputElement>('Purchase price'), typed);
    for (const years of ['4.5', '4', '3.5']) fill(control<HTMLInputElement>('Loan term'), years);
    expect(said).toEqual([]);
    await wait(SETTLE_MS);
    const figure = expected({ amount: 35000, years: 3.5 });
    expect(said).toEqual([`${figure.paymentText} per week`]);
    await wait(SETTLE_MS * 2);
    expect(said).toHaveLength(1);
  });

  it('says nothing when the live quote moves a calculator the shopper has not touched', async () => {
    const { host } = show();
    act(() => $liveQuote.set({ ...start, source: 'quote', ratePercent: 8.49, published: { payment: 140, comparisonRate: 9.41 } }));
    await wait(SETTLE_MS * 2);
    expect(host.querySelector('[role="status"]')!.textContent).toBe('');
  });
});

describe("FinanceCalculator: the lender's own figures and the live quote", () => {
  const lender: FinanceScenario = {
    ...start,
    source: 'lender',
    amount: 52990,
    ratePercent: 9.28,
    fees: [{ name: 'Establishment fee', amount: 495, per: 'loan' }],
    advertisesComparison: true,
    published: { payment: 257, comparisonRate: 9.83 },
  };

  afterEach(() => $liveQuote.set(null));

  it("starts from the lender's rate and term and prints its repayment and comparison rate; back at that loan, prints them again", () => {
    const { control, text } = show({ start: lender });
    expect(control<HTMLInputElement>('Interest rate').value).toBe('9.28');
    expect(text('finance-payment')).toBe('$257');
    expect(text('finance-comparison')).toBe('9.83% p.a. comparison rate*');
    // The spec's total (site default): 52 x 5 x the lender's $257, plus the $495 establishment fee.
    expect(text('finance-total')).toBe('$67,315');
    expect(text('finance-terms')).toBe('no deposit, $0 final payment');
    fill(control<HTMLInputElement>('Deposit'), '5000');
    const worked = financeFigures({ ...lender, deposit: 5000, published: null });
    expect(text('finance-payment')).toBe(worked.paymentText);
    // The rate is the lender's: so is the comparison rate (it is worked out on a fixed benchmark loan).
    expect(text('finance-comparison')).toBe('9.83% p.a. comparison rate*');
    fill(control<HTMLInputElement>('Deposit'), '0');
    expect(text('finance-payment')).toBe('$257');
    fill(control<HTMLInputElement>('Interest rate'), '12');
    expect(text('finance-comparison')).toBe(financeFigures({ ...lender, ratePercent: 12, published: null }).comparison!.text);
  });

  it('total payable, spec (default): $45,000 with a $10,000 residual is 52 x 5 x $189 plus the $495 fee, the final payment left out', () => {
    const { control, text } = show({ start: { ...lender, published: null } });
    fill(control<HTMLInputElement>('Purchase price'), '45000');
    fill(control<HTMLInputElement>('Residual'), '10000');
    expect(text('finance-payment')).toBe('$189');
    expect(text('finance-total')).toBe('$49,635');
    expect(text('finance-terms')).toBe('no deposit, 22.2% final payment');
  });

  it("total payable, finance.total_payable 'repayments-and-balloon': the same loan counts the final payment and the fee once", () => {
    const { control, text } = show({ start: { ...lender, published: null, totalPayable: 'repayments-and-balloon' } });
    fill(control<HTMLInputElement>('Purchase price'), '45000');
    fill(control<HTMLInputElement>('Residual'), '10000');
    expect(text('finance-payment')).toBe('$189');
    // 260 x $189 + $10,000: above the $45,495 financed.
    expect(text('finance-total')).toBe('$59,140');
  });

  it('an untouched calculator moves to the live quote: its rate, term and repayment', () => {
    const { control, text } = show({ start: lender });
    const quote: FinanceScenario = { ...lender, source: 'quote', ratePercent: 8.49, fees: [], published: { payment: 245, comparisonRate: 9.41 } };
    act(() => $liveQuote.set(quote));
    expect(control<HTMLInputElement>('Interest rate').value).toBe('8.49');
    expect(text('finance-payment')).toBe('$245');
    expect(text('finance-comparison')).toBe('9.41% p.a. comparison rate*');
    expect(text('finance-rate')).toBe('8.49% p.a.');
  });

  it("a calculator the shopper has changed keeps the shopper's inputs when the quote answers", () => {
    const { control, text } = show({ start: lender });
    fill(control<HTMLInputElement>('Loan term'), '3');
    act(() => $liveQuote.set({ ...lender, source: 'quote', ratePercent: 8.49, fees: [], published: { payment: 245, comparisonRate: 9.41 } }));
    expect(control<HTMLInputElement>('Interest rate').value).toBe('9.28');
    expect(text('finance-rate')).toBe('9.28% p.a.');
    expect(mounted.host.textContent).toContain('over 3 years');
  });

  it('prints the comparison rate as prominently as the repayment where the site asks for it', () => {
    show({ start: lender, prominentComparison: true });
    expect(mounted.host.querySelector('[data-testid="finance-comparison"]')!.className).toContain('finance-calc__comparison--prominent');
  });
});

describe('FinanceCalculator: typed before it hydrated', () => {
  it('a deposit and a rate typed into the server-rendered calculator are taken into its figures on hydration', () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<FinanceCalculator {...props} />);
    (container.querySelector('input[name="deposit"]') as HTMLInputElement).value = '5000';
    (container.querySelector('input[name="interest"]') as HTMLInputElement).value = '8';
    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(container, <FinanceCalculator {...props} />);
    });
    expect(container.querySelector('[data-testid="finance-payment"]')!.textContent).toBe(expected({ deposit: 5000, ratePercent: 8 }).paymentText);
    expect(container.querySelector('[data-testid="finance-rate"]')!.textContent).toBe('8.00% p.a.');
    act(() => root!.unmount());
    container.remove();
  });
});

describe("FinanceCalculator: a start rate outside the site's interest range is kept", () => {
  /** A lender's rate above the default range's 15% (spec §9: comparison rates up to 19.42%). */
  const high: FinanceScenario = {
    ...start,
    source: 'lender',
    ratePercent: 16.95,
    advertisesComparison: true,
    published: { payment: null, comparisonRate: 19.42 },
  };

  it('leaving the interest field without typing changes nothing: the rate, the repayment and the comparison rate stay', () => {
    const { control, text } = show({ start: high });
    const figures = financeFigures(high);
    expect(text('finance-payment')).toBe(figures.paymentText);
    expect(text('finance-rate')).toBe('16.95% p.a.');
    expect(text('finance-comparison')).toBe('19.42% p.a. comparison rate*');
    const rate = control<HTMLInputElement>('Interest rate');
    act(() => rate.focus());
    leave(rate);
    expect(rate.value).toBe('16.95');
    expect(text('finance-rate')).toBe('16.95% p.a.');
    expect(text('finance-payment')).toBe(figures.paymentText);
    expect(text('finance-comparison')).toBe('19.42% p.a. comparison rate*');
  });

  it("a typed rate is held to the site's own range (spec §5 0.5-15), not one widened to the start rate", () => {
    const { control, text } = show({ start: high });
    const rate = control<HTMLInputElement>('Interest rate');
    expect([rate.min, rate.max]).toEqual(['0.5', '15']);
    fill(rate, '16.5');
    leave(rate);
    expect(rate.value).toBe('15');
    expect(text('finance-rate')).toBe('15.00% p.a.');
    expect(text('finance-payment')).toBe(expected({ ratePercent: 15 }).paymentText);
    fill(rate, '12');
    expect(text('finance-rate')).toBe('12.00% p.a.');
  });

  it("a typed rate is held to a site's configured range (7.5-14.5) though the start rate lies outside it", () => {
    const { control, text } = show({ start: { ...start, ratePercent: 5 }, interestRange: [7.5, 14.5] });
    const rate = control<HTMLInputElement>('Interest rate');
    expect([rate.min, rate.max]).toEqual(['7.5', '14.5']);
    fill(rate, '6');
    leave(rate);
    expect(rate.value).toBe('7.5');
    expect(text('finance-rate')).toBe('7.50% p.a.');
  });

  it.each([
    [18, '18.00% p.a.'],
    [5, '5.00% p.a.'],
  ])("a site's default rate outside its configured range 7.5-14.5 is kept too: %s%%", (ratePercent, shown) => {
    const { control, text } = show({ start: { ...start, ratePercent }, interestRange: [7.5, 14.5] });
    const rate = control<HTMLInputElement>('Interest rate');
    leave(rate);
    expect(rate.value).toBe(String(ratePercent));
    expect(text('finance-rate')).toBe(shown);
    expect(text('finance-payment')).toBe(expected({ ratePercent }).paymentText);
  });

  it("the live quote's rate above the range is kept when the field is left", () => {
    const { control, text } = show();
    act(() => $liveQuote.set({ ...high, source: 'quote', published: { payment: 170, comparisonRate: 19.42 } }));
    const rate = control<HTMLInputElement>('Interest rate');
    expect(rate.value).toBe('16.95');
    leave(rate);
    expect(rate.value).toBe('16.95');
    expect(text('finance-payment')).toBe('$170');
    expect(text('finance-comparison')).toBe('19.42% p.a. comparison rate*');
    act(() => $liveQuote.set(null));
  });

  it('a rate within the range, left untouched, stays as configured (9.999 is not rounded to 10)', () => {
    const { control, text } = show({ start: { ...start, ratePercent: 9.999 } });
    const rate = control<HTMLInputElement>('Interest rate');
    leave(rate);
    expect(rate.value).toBe('9.999');
    expect(text('finance-payment')).toBe(expected({ ratePercent: 9.999 }).paymentText);
  });
});

describe("FinanceCalculator: a car's price outside the site's price range", () => {
  /** A lender's figures for a $300,000 car: the finance box and the sticky header print its repayment. */
  const dear: FinanceScenario = { ...start, source: 'lender', amount: 300000, ratePercent: 9.28, published: { payment: 1480, comparisonRate: null } };

  it('a $300,000 car opens with its price and the repayment the finance box prints, no message, on the server as in the browser', () => {
    const html = renderToString(<FinanceCalculator {...props} start={dear} />);
    expect(html).not.toContain('Cannot be less than');
    expect(html).not.toContain('Enter a purchase price');
    const { control, text } = show({ start: dear });
    const price = control<HTMLInputElement>('Purchase price');
    expect(price.value).toBe('300,000');
    expect(price.hasAttribute('aria-invalid')).toBe(false);
    expect(mounted.host.querySelector('[role="alert"]')!.textContent).toBe('');
    expect(text('finance-payment')).toBe(financeFigures(dear).paymentText);
    expect(text('finance-payment')).toBe('$1,480');
    leave(price);
    expect(mounted.host.querySelector('[role="alert"]')!.textContent).toBe('');
  });

  it("a typed price is held to the site's own range (spec §5 $1,000-$250,000), not one widened to the car's price", () => {
    const { control, text } = show({ start: dear });
    const price = control<HTMLInputElement>('Purchase price');
    fill(price, '280000');
    expect(text('finance-payment')).toBeNull();
    leave(price);
    expect(mounted.host.querySelector('[role="alert"]')!.textContent).toBe('Cannot be less than $1,000 or more than $250,000');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    // The car's own price, typed, is a typed price too.
    fill(price, '300000');
    leave(price);
    expect(mounted.host.querySelector('[role="alert"]')!.textContent).toBe('Cannot be less than $1,000 or more than $250,000');
    fill(price, '250000');
    leave(price);
    expect(mounted.host.querySelector('[role="alert"]')!.textContent).toBe('');
    expect(text('finance-payment')).not.toBeNull();
  });

  it("another control changed leaves the car's price as it started: no message, its repayment worked out again", () => {
    const { control, text } = show({ start: dear });
    fill(control<HTMLInputElement>('Deposit'), '50000');
    leave(control<HTMLInputElement>('Deposit'));
    expect(control<HTMLInputElement>('Purchase price').value).toBe('300,000');
    expect(mounted.host.querySelector('[role="alert"]')!.textContent).toBe('');
    expect(text('finance-payment')).toBe(financeFigures({ ...dear, deposit: 50000, published: null }).paymentText);
  });

  it("a car priced under the site's minimum ($3,000 where it is $5,000) opens with its repayment, no message", () => {
    const cheap: FinanceScenario = { ...start, amount: 3000, years: 1 };
    const { control, text } = show({ start: cheap, minPrice: 5000 });
    const price = control<HTMLInputElement>('Purchase price');
    leave(price);
    expect(price.value).toBe('3,000');
    expect(mounted.host.querySelector('[role="alert"]')!.textContent).toBe('');
    expect(text('finance-payment')).toBe(financeFigures(cheap).paymentText);
    expect(financeFigures(cheap).showFigures).toBe(true);
    fill(price, '4000');
    leave(price);
    expect(mounted.host.querySelector('[role="alert"]')!.textContent).toBe('Cannot be less than $5,000 or more than $250,000');
  });
});
