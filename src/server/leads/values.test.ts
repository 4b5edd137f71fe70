/** withoutPaymentClaims and the server-only categories: what a browser says about payment or a prize never reaches a stored lead. */
import { describe, expect, it } from 'vitest';
import { serverCategoryProblem, serverOnlyCategory, withoutPaymentClaims } from './values.ts';

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

describe('serverOnlyCategory and serverCategoryProblem', () => {
  it('know Spin to Win in any case, spacing or punctuation, and no category a form sends', () => {
    for (const category of ['Spin to Win', 'spin to win', ' SPIN  TO\tWIN ', 'Spin-to-Win', 'spin_to_win', 'SpinToWin']) {
      expect(serverOnlyCategory(category), category).toBe('Spin to Win');
      expect(serverCategoryProblem(category)).toBe('Spin to Win leads are recorded by the site itself and cannot be sent from a form.');
    }
    for (const category of ['General Enquiry', 'Reserve', 'Online Payment', 'Spin', 'Spin to Win a car', '', undefined, null]) {
      expect(serverOnlyCategory(category), String(category)).toBeUndefined();
    }
    expect(serverCategoryProblem('General Enquiry')).toBeUndefined();
  });
});
