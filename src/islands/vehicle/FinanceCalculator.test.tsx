// @vitest-environment happy-dom
/**
 * The finance calculator in the browser (issue 36 item 4): every figure follows the inputs.
 * Expected figures come from financeFigures() (lib/finance/car-finance.ts, tested on its own);
 * this checks that each control reaches it and that its answer is what the shopper reads.
 */
import { describe, expect, it } from 'vitest';
import { financeFigures } from '../../lib/finance/car-finance.ts';
import type { Frequency } from '../../lib/finance/repayment.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { fill } from '../../../tests/support/form-events.ts';
import FinanceCalculator, { type FinanceCalculatorProps } from './FinanceCalculator.tsx';

const mounted = mountRoot();

const props: FinanceCalculatorProps = {
  carId: '1',
  defaultAmount: 30000,
  defaultRate: 10,
  defaultTermYears: 5,
  maxTermYears: 7,
  interestRange: null,
  minPrice: 1000,
  establishmentFee: 0,
  hideFrequency: false,
  presets: [5000, 10000],
  disclaimer: 'Finance disclaimer.',
};

/** What financeFigures says for the calculator's props with these changes. */
function expected(change: { amount?: number; deposit?: number; years?: number; ratePercent?: number; frequency?: Frequency }) {
  return financeFigures({
    source: 'site',
    amount: 30000,
    deposit: 0,
    residual: 0,
    ratePercent: 10,
    years: 5,
    frequency: 'weekly',
    fees: [],
    rounding: 'dollar-up',
    advertisesComparison: false,
    ...change,
  });
}

function show() {
  mounted.render(<FinanceCalculator {...props} />);
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

  it('a price under the minimum shows the message instead of a repayment, and keeps what was typed', () => {
    const { control, text } = show();
    fill(control<HTMLInputElement>('Purchase price'), '500');
    expect(text('finance-payment')).toBeNull();
    expect(control<HTMLInputElement>('Purchase price').value).toBe('500');
    expect(control<HTMLInputElement>('Purchase price').getAttribute('aria-invalid')).toBe('true');
    expect(mounted.host.textContent).toContain('Cannot be less than $1,000');
  });
});
