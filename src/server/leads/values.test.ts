/** withoutPaymentClaims: what a browser says about payment never reaches a stored lead. */
import { describe, expect, it } from 'vitest';
import { withoutPaymentClaims } from './values.ts';

describe('withoutPaymentClaims', () => {
  it('drops `payment` and every custom parameter whose name starts with payment (any case), keeping the rest', () => {
    const sent = { name: 'Jo', payment: { status: 'paid' }, custom_params: { Payment_Status: 'paid', paymentRef: 'x', prize: 'cap' } };
    expect(withoutPaymentClaims(sent)).toEqual({ name: 'Jo', custom_params: { prize: 'cap' } });
    // The caller's object is left as it was.
    expect(sent.payment).toEqual({ status: 'paid' });
    expect(sent.custom_params.paymentRef).toBe('x');
  });

  it('leaves custom_params that are not an object as they are', () => {
    expect(withoutPaymentClaims({ custom_params: ['payment'] })).toEqual({ custom_params: ['payment'] });
    expect(withoutPaymentClaims({ custom_params: 'payment=paid' })).toEqual({ custom_params: 'payment=paid' });
    expect(withoutPaymentClaims({ custom_params: null })).toEqual({ custom_params: null });
  });
});
