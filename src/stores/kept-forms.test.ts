import { describe, expect, it } from 'vitest';
import { memoryStorage } from './persisted.ts';
import { createKeptForms, isSecretField, KEPT_FORM_MAX_AGE_MS, KEPT_FORMS_KEY, keepableValues, restoredValues } from './kept-forms.ts';
import type { ShopperSession } from './session.ts';

const shopperA: ShopperSession = { user_id: 'user-a', phone: '0412345678', expires_at: 2_000_000 };
const shopperB: ShopperSession = { user_id: 'user-b', phone: '0412345679', expires_at: 2_000_000 };

/** A kept-forms store on its own storage, clock, page and session (shopper A signed in unless told). */
function store(page = '/finance', signedIn: ShopperSession | null = shopperA) {
  const base = memoryStorage();
  const storage = { ...base, removeItem: (key: string) => void delete base.data[key] };
  const clock = { now: 1_000_000, page, session: signedIn };
  const kept = createKeptForms(
    () => storage,
    () => clock.now,
    () => clock.page,
    () => clock.session,
  );
  return { kept, data: base.data, clock };
}

describe('kept forms (a gated 401 sends the shopper to sign-in)', () => {
  it('keeps each form on the page by page and form, and hands it back once', () => {
    const { kept, data } = store();
    kept.register('finance-form', () => ({ values: { name: 'Jo', message: 'A 5 year loan', terms_conditions: true, budget: '' } }));
    kept.register('empty-form', () => ({ values: { name: '' } }));
    kept.keepForSignIn();
    expect(Object.keys(JSON.parse(data[KEPT_FORMS_KEY]!) as object)).toEqual(['/finance finance-form']);
    expect(kept.take('finance-form')).toEqual({ values: { name: 'Jo', message: 'A 5 year loan', terms_conditions: true } });
    expect(kept.take('finance-form')).toBeNull();
    expect(data[KEPT_FORMS_KEY]).toBeUndefined();
  });

  it('another page (or the same page for another car) gets nothing', () => {
    const { kept, clock } = store('/finance?car_id=7');
    kept.register('finance-form', () => ({ values: { name: 'Jo' } }));
    kept.keepForSignIn();
    clock.page = '/finance?car_id=8';
    expect(kept.take('finance-form')).toBeNull();
    clock.page = '/finance?car_id=7';
    expect(kept.take('finance-form')).toEqual({ values: { name: 'Jo' } });
  });

  it("keeps a multi-step form's place (its step and lead) with its values, and reads back only a step name and a lead id", () => {
    const { kept, data } = store('/checkout-journey?car_id=7');
    const place = { step: 'options', leadId: 'lead-7' };
    kept.register('reserve', () => ({ values: { name: 'Jo', finance: 'No' }, place }));
    kept.keepForSignIn();
    expect(kept.take('reserve')).toEqual({ values: { name: 'Jo', finance: 'No' }, place: { step: 'options', leadId: 'lead-7' } });
    for (const [stored, read] of [
      [{ step: 'payment', leadId: 42 }, { step: 'payment' }],
      [{ step: '', leadId: 'lead-7' }, undefined],
      ['options', undefined],
    ] as const) {
      kept.keepForSignIn();
      const entries = JSON.parse(data[KEPT_FORMS_KEY]!) as Record<string, { place?: unknown }>;
      for (const entry of Object.values(entries)) entry.place = stored;
      data[KEPT_FORMS_KEY] = JSON.stringify(entries);
      expect(kept.take('reserve')?.place).toEqual(read);
    }
  });

  it('hands a form back only to the shopper signed in when it was kept: another shopper, or nobody, gets nothing of it', () => {
    const { kept, clock } = store('/checkout-journey?car_id=7');
    kept.register('reserve', () => ({ values: { name: 'Jo', phone: '0412345678' }, place: { step: 'options', leadId: 'lead-7' } }));
    kept.keepForSignIn();
    clock.session = shopperB;
    expect(kept.take('reserve')).toBeNull();
    // Taken away, not waiting for A: the tab is B's now.
    clock.session = shopperA;
    expect(kept.take('reserve')).toBeNull();

    kept.keepForSignIn();
    clock.session = null;
    expect(kept.take('reserve')).toBeNull();
    // A's session expired on the device is nobody's.
    clock.session = shopperA;
    kept.keepForSignIn();
    clock.session = { ...shopperA, expires_at: clock.now };
    expect(kept.take('reserve')).toBeNull();
  });

  it("keeps who was signed in even when the page's session has expired (the 401 came because it ended), for them to sign in again", () => {
    const { kept, clock } = store('/checkout-journey?car_id=7', { ...shopperA, expires_at: 1 });
    kept.register('reserve', () => ({ values: { name: 'Jo' }, place: { step: 'options', leadId: 'lead-7' } }));
    kept.keepForSignIn();
    clock.session = shopperA;
    expect(kept.take('reserve')).toEqual({ values: { name: 'Jo' }, place: { step: 'options', leadId: 'lead-7' } });
  });

  it('kept with nobody signed in: the values and step come back to whoever signs in, never the lead', () => {
    const { kept, clock } = store('/checkout-journey?car_id=7', null);
    kept.register('reserve', () => ({ values: { name: 'Jo' }, place: { step: 'options', leadId: 'lead-7' } }));
    kept.keepForSignIn();
    clock.session = shopperB;
    expect(kept.take('reserve')).toEqual({ values: { name: 'Jo' }, place: { step: 'options' } });
  });

  it('Sign out (forget) drops what every page kept', () => {
    const { kept, data, clock } = store();
    kept.register('finance-form', () => ({ values: { name: 'Jo' } }));
    kept.keepForSignIn();
    clock.page = '/service';
    kept.keepForSignIn();
    expect(Object.keys(JSON.parse(data[KEPT_FORMS_KEY]!) as object)).toHaveLength(2);
    kept.forget();
    expect(data[KEPT_FORMS_KEY]).toBeUndefined();
    expect(kept.take('finance-form')).toBeNull();
    clock.page = '/finance';
    expect(kept.take('finance-form')).toBeNull();
  });

  it('a form gone from the page is not kept', () => {
    const { kept } = store();
    const gone = kept.register('test-drive', () => ({ values: { name: 'Jo' } }));
    gone();
    kept.keepForSignIn();
    expect(kept.take('test-drive')).toBeNull();
  });

  it('values older than the bounded time are dropped', () => {
    const { kept, clock } = store();
    kept.register('finance-form', () => ({ values: { name: 'Jo' } }));
    kept.keepForSignIn();
    clock.now += KEPT_FORM_MAX_AGE_MS;
    expect(kept.take('finance-form')).toBeNull();
  });

  it('never keeps a password, a sign-in code or card data, nor what storage cannot hold', () => {
    for (const name of [
      'password',
      'code',
      'otp',
      'pin',
      'card_number',
      'cardNumber',
      'card',
      'cvc',
      'cvv',
      'expiry',
      'card-expiry',
      'verification_code',
      'oneTimeCode',
    ])
      expect(isSecretField(name), name).toBe(true);
    for (const name of ['postcode', 'name', 'email', 'phone', 'message', 'reference', 'amount', 'vehiclePriceBudget'])
      expect(isSecretField(name), name).toBe(false);
    const file = new Blob(['x']);
    expect(
      keepableValues({ phone: '0412345678', code: '123456', password: 'p', card_number: '4242', photos: [file], _step: '2', km: 42000, extras: ['Tow bar'] }),
    ).toEqual({
      phone: '0412345678',
      km: 42000,
      extras: ['Tow bar'],
    });
  });

  it('puts back only the fields the form has, each of the same kind', () => {
    expect(
      restoredValues(
        { name: '', opt_in: false, extras: [] as string[], code: '' },
        { name: 'Jo', opt_in: 'yes', extras: ['Tow bar'], gone: 'x', code: '123456' },
      ),
    ).toEqual({
      name: 'Jo',
      extras: ['Tow bar'],
    });
  });
});
