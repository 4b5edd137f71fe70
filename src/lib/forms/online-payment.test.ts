import { describe, expect, it } from 'vitest';
import { onlinePaymentLimitMessage, paymentMoney } from './online-payment.ts';

describe('online payment amounts', () => {
  it('shows dollars and cents', () => {
    expect(paymentMoney(2500.5)).toBe('$2,500.50');
    expect(paymentMoney(10000)).toBe('$10,000.00');
  });

  it('names the limit with its cents', () => {
    expect(onlinePaymentLimitMessage(2500.5)).toBe('Online payments are limited to $2,500.50. Please call us to pay a larger amount.');
  });
});
