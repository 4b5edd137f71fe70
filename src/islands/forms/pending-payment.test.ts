// @vitest-environment happy-dom
/**
 * What the shopper typed for a payment (sessionStorage `pending_payment`) goes once the
 * payment's hold time has passed, on whatever page of the site the shopper is
 * (dropExpiredPaymentValues, pending-payment-values.ts, run by SiteLayout's script): a redirect
 * abandoned at the bank leaves it kept, and only the payment's own page would otherwise clear
 * it. The payment's ids stay: its page asks the server for its verdict with them
 * (payment-return.test.tsx). The payment islands' pending-payment.ts keeps it under the same key,
 * with the shopper signed in then: never resumed for another signed-in shopper (resumedPayment).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut, signOutIfRejected } from '../../stores/session.ts';
import { noteVerdictAwaited, rememberPendingPayment, resumedPayment } from './pending-payment.ts';
import { dropExpiredPaymentValues, dropPaymentValuesWhenExpired } from './pending-payment-values.ts';

const HOLD_MS = 15 * 60_000;
const record = (expiresAt: number) => ({
  form: 'reserve',
  path: '/cars/car-42/checkout',
  search: '',
  paymentId: 'pay-1',
  intentId: 'pi_3Q0abc',
  leadId: 'lead-7',
  amountCents: 20000,
  values: { name: 'Sam', email: 'sam@example.com', phone: '0412345678' },
  expiresAt,
});
const keep = (value: unknown) => sessionStorage.setItem('pending_payment', JSON.stringify(value));
const kept = () => JSON.parse(sessionStorage.getItem('pending_payment') ?? 'null') as Record<string, unknown> | null;
const { values: _values, ...ids } = record(0);

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] });
});
afterEach(() => vi.useRealTimers());

describe('dropExpiredPaymentValues', () => {
  it("past the payment's hold time: what was typed goes, the payment's ids stay", () => {
    keep(record(Date.now() - 1));
    dropExpiredPaymentValues();
    expect(kept()).toEqual({ ...ids, expiresAt: Date.now() - 1 });
  });

  it('before it: kept while the page is open, then gone when the hold time passes', () => {
    const expiresAt = Date.now() + HOLD_MS;
    keep(record(expiresAt));
    dropExpiredPaymentValues();
    expect(kept()).toEqual(record(expiresAt));
    vi.advanceTimersByTime(HOLD_MS - 1000);
    expect(kept()).toEqual(record(expiresAt));
    vi.advanceTimersByTime(1000);
    expect(kept()).toEqual({ ...ids, expiresAt });
  });

  it('another payment remembered meanwhile: its own hold time counts', () => {
    keep(record(Date.now() + 60_000));
    dropExpiredPaymentValues();
    const later = Date.now() + HOLD_MS;
    keep(record(later));
    vi.advanceTimersByTime(60_000);
    expect(kept()).toEqual(record(later));
    vi.advanceTimersByTime(HOLD_MS);
    expect(kept()).toEqual({ ...ids, expiresAt: later });
  });

  it('what the payment islands keep (pending-payment.ts): what was typed goes after the keeping time they give, their ids stay', () => {
    rememberPendingPayment(
      'reserve',
      { payment_id: 'pay-1', provider: 'stripe', publishable_key: 'pk_test_x', amount_cents: 20000, currency: 'AUD' },
      'lead-7',
      { name: 'Sam' },
      HOLD_MS,
    );
    dropExpiredPaymentValues();
    expect(kept()).toMatchObject({ paymentId: 'pay-1', leadId: 'lead-7', values: { name: 'Sam' } });
    vi.advanceTimersByTime(HOLD_MS);
    expect(kept()).not.toHaveProperty('values');
    expect(kept()).toMatchObject({ form: 'reserve', paymentId: 'pay-1', leadId: 'lead-7', amountCents: 20000 });
  });

  it('remembered on the open page after its script ran (the payment page): what was typed goes when the hold time passes', () => {
    dropPaymentValuesWhenExpired(); // the layout's script at page load: nothing kept yet
    rememberPendingPayment(
      'reserve',
      { payment_id: 'pay-1', provider: 'stripe', publishable_key: 'pk_test_x', amount_cents: 20000, currency: 'AUD' },
      'lead-7',
      { name: 'Sam', email: 'sam@example.com' },
      HOLD_MS,
    );
    vi.advanceTimersByTime(HOLD_MS - 1000);
    expect(kept()).toMatchObject({ values: { name: 'Sam', email: 'sam@example.com' } });
    vi.advanceTimersByTime(1000);
    expect(kept()).not.toHaveProperty('values');
    expect(kept()).toMatchObject({ paymentId: 'pay-1', leadId: 'lead-7' });
  });

  it('a page shown again from the back/forward cache (its script not run again) drops what has expired', () => {
    dropPaymentValuesWhenExpired(); // the layout's script at page load: nothing kept yet
    keep(record(Date.now() - 1)); // kept meanwhile by another page of this tab
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(kept()).toEqual({ ...ids, expiresAt: Date.now() - 1 });
  });

  it('without a time, what was typed goes at once', () => {
    const { expiresAt: _expiresAt, ...untimed } = record(0);
    keep(untimed);
    dropExpiredPaymentValues();
    expect(kept()).not.toHaveProperty('values');
    expect(kept()).toMatchObject({ paymentId: 'pay-1', leadId: 'lead-7' });
  });

  it('nothing kept, or nothing typed kept: nothing is written', () => {
    dropExpiredPaymentValues();
    expect(sessionStorage.getItem('pending_payment')).toBeNull();
    keep(ids);
    const before = sessionStorage.getItem('pending_payment');
    dropExpiredPaymentValues();
    expect(sessionStorage.getItem('pending_payment')).toBe(before);
  });

  it('what is kept cannot be read: left as it is, and nothing thrown', () => {
    sessionStorage.setItem('pending_payment', '{not json');
    expect(() => dropExpiredPaymentValues()).not.toThrow();
    expect(sessionStorage.getItem('pending_payment')).toBe('{not json');
  });
});

describe("resumedPayment: the shopper's own payment", () => {
  const payment = { payment_id: 'pay-a', provider: 'stripe', publishable_key: 'pk_test_x', amount_cents: 20000, currency: 'AUD' as const };
  const shopper = (userId: string, phone: string) => ({ user_id: userId, phone, expires_at: Date.now() + 86_400_000 });
  /** Rita's reservation payment, its card taken and its verdict awaited on its page. */
  function awaitRitasPayment(): void {
    window.history.replaceState(null, '', '/cars/car-42/checkout');
    rememberPendingPayment('reserve', payment, 'lead-a', { name: 'Rita', email: 'rita@example.com' }, HOLD_MS);
    noteVerdictAwaited('pay-a');
  }
  beforeEach(() => signOut());
  afterEach(() => signOut());

  it('kept for the shopper signed in then: after their session ended (a 401, no Sign out) it is still resumed (a gated site answers its status 401 and sends them to sign in), and is gone once another shopper signs in', () => {
    signIn(shopper('user-a', '0412000001'));
    awaitRitasPayment();
    signOutIfRejected(401);
    expect(resumedPayment('reserve')).toMatchObject({ paymentId: 'pay-a', leadId: 'lead-a' });
    expect(kept()).toMatchObject({ paymentId: 'pay-a', who: 'user-a' });
    signIn(shopper('user-b', '0412000002'));
    expect(resumedPayment('reserve')).toBeUndefined();
    expect(kept()).toBeNull();
    signIn(shopper('user-a', '0412000001'));
    expect(resumedPayment('reserve')).toBeUndefined();
  });

  it("kept while the tab's stored session had expired (not yet cleared): kept for nobody, and resumed as the page opens again", () => {
    signIn({ user_id: 'user-a', phone: '0412000001', expires_at: Date.now() - 1 });
    awaitRitasPayment();
    expect(kept()).not.toHaveProperty('who');
    expect(resumedPayment('reserve')).toMatchObject({ paymentId: 'pay-a', leadId: 'lead-a', values: { name: 'Rita' } });
  });

  it("the shopper's session lapsing during the bank's redirect: resumed as they come back", () => {
    signIn({ user_id: 'user-a', phone: '0412000001', expires_at: Date.now() + 60_000 });
    awaitRitasPayment();
    expect(kept()).toMatchObject({ who: 'user-a' });
    vi.advanceTimersByTime(120_000);
    expect(resumedPayment('reserve')).toMatchObject({ paymentId: 'pay-a', leadId: 'lead-a', values: { name: 'Rita' } });
  });

  it('the same shopper signed in again gets it back, with what they typed', () => {
    signIn(shopper('user-a', '0412000001'));
    awaitRitasPayment();
    signOutIfRejected(401);
    signIn(shopper('user-a', '0412000001'));
    expect(resumedPayment('reserve')).toEqual({
      paymentId: 'pay-a',
      leadId: 'lead-a',
      amountCents: 20000,
      values: { name: 'Rita', email: 'rita@example.com' },
    });
  });

  it('kept with nobody signed in (a site gating nothing): resumed as the page opens again', () => {
    awaitRitasPayment();
    expect(resumedPayment('reserve')).toMatchObject({ paymentId: 'pay-a', leadId: 'lead-a', values: { name: 'Rita' } });
  });
});
