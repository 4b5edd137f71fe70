/**
 * The deposit terms' wording (src/lib/forms/deposit-terms.ts): a hold of one hour reads '1 hour',
 * any other hold its hours, in the full terms and in the summary row alike; the deposit in
 * whole dollars unless it has cents (depositMoney, the one way every page and island shows it).
 */
import { describe, expect, it } from 'vitest';
import { depositMoney, depositTerms, depositTermsShort } from './deposit-terms.ts';

describe('deposit terms', () => {
  it("name a one-hour hold '1 hour' and longer holds in hours", () => {
    const settings = { deposit_hold_hours: 1, deposit_refundable: true };
    expect(depositTerms(200, 'car', settings)).toBe('$200 deposit holds the car for you for 1 hour. The deposit is refundable in full.');
    expect(depositTermsShort(200, settings)).toBe('$200, held 1 hour, refundable in full');
    expect(depositTermsShort(1500, { deposit_hold_hours: 48, deposit_refundable: false })).toBe('$1,500, held 48 hours, not refundable');
  });

  it('state a deposit in whole dollars, or with its cents when it has some', () => {
    const settings = { deposit_hold_hours: 48, deposit_refundable: true };
    expect(depositTermsShort(250.5, settings)).toBe('$250.50, held 48 hours, refundable in full');
    expect(depositTermsShort(12_000, settings)).toBe('$12,000, held 48 hours, refundable in full');
  });
});

describe('depositMoney (the deposit as every page and island shows it)', () => {
  it.each([
    [200, '$200'],
    [1500, '$1,500'],
    [199.99, '$199.99'],
    [250.5, '$250.50'],
    // The server's amount in cents, back in dollars, reads as the deposit does.
    [19999 / 100, '$199.99'],
    [20000 / 100, '$200'],
  ])('%s -> %s', (deposit, shown) => {
    expect(depositMoney(deposit)).toBe(shown);
  });
});
