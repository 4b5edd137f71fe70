import { describe, expect, it } from 'vitest';
import { onlinePaymentLimitCents, onlinePaymentLimitMessage, onlinePaymentLimitRefusal } from './online-payment.ts';

describe('online payment amounts', () => {
  it('allows exactly the limit, cents and all, and refuses a cent more (whole cents, not floating point: 1024.1 * 100 is 102409.99999999999)', () => {
    expect(onlinePaymentLimitCents(1024.1)).toBe(102_410);
    expect(onlinePaymentLimitRefusal(102_410, 1024.1)).toBeUndefined();
    expect(onlinePaymentLimitRefusal(102_411, 1024.1)).toBe('Online payments are limited to $1,024.10. Please call us to pay a larger amount.');
    expect(onlinePaymentLimitRefusal(1_000_000, 10_000)).toBeUndefined();
    expect(onlinePaymentLimitRefusal(1_000_001, 10_000)).toBeDefined();
  });

  it('names the limit with its cents', () => {
    expect(onlinePaymentLimitMessage(2500.5)).toBe('Online payments are limited to $2,500.50. Please call us to pay a larger amount.');
    expect(onlinePaymentLimitMessage(10_000)).toBe('Online payments are limited to $10,000.00. Please call us to pay a larger amount.');
  });
});
