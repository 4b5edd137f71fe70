// @vitest-environment happy-dom
/**
 * Sign out in one tab reaches every open tab of the site: each drops what it keeps of the shopper
 * in its own sessionStorage (kept forms, payment, visited pages, watchlist change, carried toast),
 * while a session that only ended (a 401, an expiry) or a sign-in elsewhere leaves a tab's kept
 * forms and payment for the shopper's return from sign-in, handed back to that shopper only
 * (docs/decisions.md, "Sign out in My Garage").
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../tests/support/form-events.ts';
import { KEPT_FORMS_KEY, keepFormsForSignIn, registerKeptForm, takeKeptForm } from '../../stores/kept-forms.ts';
import { signIn, signOutIfRejected } from '../../stores/session.ts';
import { CARRIED_TOAST_KEY, carryToastTo, showToast } from '../../stores/toast.ts';
import { notePageVisit } from './lead-traces.ts';
import { noteVerdictAwaited, rememberPendingPayment, resumedPayment } from './pending-payment.ts';
import { forgetIfSignedOutElsewhere } from './shopper-traces.ts';
import { rememberPendingChange } from './pending-watchlist-change.ts';
import { signOutShopper } from './watchlist-client.ts';

const phone = '0412345678';
/** The sessionStorage keys a tab keeps of its shopper. */
const TAB_KEYS = [KEPT_FORMS_KEY, 'pending_payment', 'visited_pages', 'pending_watchlist_change', CARRIED_TOAST_KEY];

/** This tab's record of the shopper: a form kept for sign-in, a payment, a visited page, a watchlist change and a toast waiting for sign-in. */
function keepShopperTraces(): void {
  const unregister = registerKeptForm('enquiry', () => ({ values: { name: 'Rita', email: 'rita@example.com', phone } }));
  keepFormsForSignIn();
  unregister();
  rememberPendingPayment(
    'reserve',
    { payment_id: 'pay-1', provider: 'stand-in', publishable_key: '', amount_cents: 20000, currency: 'AUD' },
    'L1',
    { name: 'Rita' },
    60_000,
  );
  notePageVisit();
  rememberPendingChange({ action: 'save', id: '42', name: 'A Car', phone });
  showToast({ kind: 'saved', title: 'Saved', description: 'A Car is on your list.' });
  carryToastTo('/cars');
}

const tabTraces = () => TAB_KEYS.filter((key) => sessionStorage.getItem(key) !== null);

/**
 * Run `action` as another tab of the site would: it shares this tab's localStorage, not its
 * sessionStorage, and this tab hears of each localStorage key it changed by a `storage` event
 * (unless `heard` is false: a tab discarded meanwhile, or on a page that follows no other tab).
 */
async function inAnotherTab(action: () => unknown, heard = true): Promise<void> {
  const tab = Object.fromEntries(Object.entries(sessionStorage));
  const before = Object.fromEntries(Object.entries(localStorage));
  await action();
  sessionStorage.clear();
  for (const [key, value] of Object.entries(tab)) sessionStorage.setItem(key, value);
  if (!heard) return;
  const after = Object.fromEntries(Object.entries(localStorage));
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[key] === after[key]) continue;
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue: before[key] ?? null, newValue: after[key] ?? null, storageArea: localStorage }));
  }
}

beforeEach(() => {
  // A tab of its own, on a page that loaded the records' readers.
  sessionStorage.clear();
  forgetIfSignedOutElsewhere();
  window.history.replaceState(null, '', '/cars/a-car-42');
  signIn({ user_id: 'u-1', phone, expires_at: Date.now() + 86_400_000 });
  stubApi({ '/auth/sign-out': [200, { success: true }] });
  keepShopperTraces();
  expect(tabTraces()).toEqual(TAB_KEYS);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Sign out in another tab', () => {
  it("drops this tab's record of the shopper as soon as this tab hears of it", async () => {
    await inAnotherTab(signOutShopper);
    expect(tabTraces()).toEqual([]);
    expect(takeKeptForm('enquiry')).toBeNull();
  });

  it("drops it on the next page that loads the record's readers, when this tab heard nothing of it", async () => {
    await inAnotherTab(signOutShopper, false);
    expect(tabTraces()).toEqual(TAB_KEYS);
    forgetIfSignedOutElsewhere();
    expect(tabTraces()).toEqual([]);
  });

  it("leaves what the next person keeps in this tab afterwards (their form kept for sign-in), on this tab's next pages", async () => {
    await inAnotherTab(signOutShopper);
    keepShopperTraces();
    forgetIfSignedOutElsewhere();
    expect(tabTraces()).toEqual(TAB_KEYS);
    forgetIfSignedOutElsewhere();
    expect(tabTraces()).toEqual(TAB_KEYS);
  });
});

describe('Sign out in this tab', () => {
  it("drops this tab's record at once, and leaves what the next person keeps here afterwards on the next page", async () => {
    await signOutShopper();
    expect(tabTraces()).toEqual([]);
    keepShopperTraces();
    forgetIfSignedOutElsewhere();
    expect(tabTraces()).toEqual(TAB_KEYS);
  });
});

describe('a session that only ended in another tab', () => {
  it("a 401 there (the shopper sent to sign-in, their forms kept) leaves this tab's kept forms and the rest", async () => {
    await inAnotherTab(() => signOutIfRejected(401));
    expect(tabTraces()).toEqual(TAB_KEYS);
    // Back from sign-in as the same shopper, the form kept for them is theirs to take.
    signIn({ user_id: 'u-1', phone, expires_at: Date.now() + 86_400_000 });
    expect(takeKeptForm('enquiry')?.values).toMatchObject({ name: 'Rita' });
  });

  it('a sign-in there of another shopper leaves them, but hands that shopper neither the kept form nor the payment', async () => {
    noteVerdictAwaited('pay-1');
    await inAnotherTab(() => signIn({ user_id: 'u-2', phone: '0498765432', expires_at: Date.now() + 86_400_000 }));
    expect(tabTraces()).toEqual(TAB_KEYS);
    forgetIfSignedOutElsewhere();
    expect(tabTraces()).toEqual(TAB_KEYS);
    expect(takeKeptForm('enquiry')).toBeNull();
    expect(resumedPayment('reserve')).toBeUndefined();
  });

  it("a sign-in there of the same shopper leaves them, and they are that shopper's to take", async () => {
    noteVerdictAwaited('pay-1');
    await inAnotherTab(() => signIn({ user_id: 'u-1', phone, expires_at: Date.now() + 86_400_000 }));
    expect(tabTraces()).toEqual(TAB_KEYS);
    expect(takeKeptForm('enquiry')?.values).toMatchObject({ name: 'Rita' });
    expect(resumedPayment('reserve')).toMatchObject({ paymentId: 'pay-1', leadId: 'L1', values: { name: 'Rita' } });
  });
});
