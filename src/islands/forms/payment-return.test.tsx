// @vitest-environment happy-dom
/**
 * Coming back to a payment page (docs/payments.md "How a deposit is taken", step 3): the reserve
 * deposit (/cars/{slug}/checkout), the online purchase journey (/checkout-journey) and
 * /online-payment. A card that redirects (3-D Secure) returns to the same page with Stripe's
 * payment_intent, payment_intent_client_secret and redirect_status in the URL: the page asks the
 * lead API for the payment's status (GET /api/payments/<id>) and shows its verdict, whatever
 * redirect_status says, and is busy until it comes; a reload of that URL asks again while no
 * verdict is final; a failed payment is tried again with what the shopper typed. The provider's card form is replaced at its
 * seam (payment-stripe.tsx) by one whose "redirect" never answers, as a page that navigates away.
 * The payment and what the shopper typed are kept in this tab's sessionStorage until the
 * server's verdict: gone once the wait ends with one (paid, a final failure) or a decline, and
 * when the redirect is abandoned; still processing at the wait's end is no verdict, so the
 * payment and its lead stay and its page, opened again, asks again (the reserve form then sends
 * its steps under that lead, not a new one). Once the payment's hold time has passed, what was
 * typed is dropped but the payment's verdict is still asked (its id is kept).
 * A payment not yet awaited is resumed only by the return URL of its own page and its own
 * payment (Stripe's payment_intent): another car's or another payment's return URL (Back,
 * Forward) discards it; one awaited is kept, not asked, on another page.
 */
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeCarChoices } from '../../lib/forms/form-config.ts';
import type { LeadCar } from '../../lib/forms/lead-payload.ts';
import { $prefill, $sentLead } from '../../stores/prefill.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click, fill, settle, stubApi, submit } from '../../../tests/support/form-events.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';
import { paySiteConfig } from '../../../tests/fixtures/pay-site.ts';
import type { ProviderFormProps } from './payment-types.ts';
import OnlinePaymentForm from './OnlinePaymentForm.tsx';
import ReserveForm from './ReserveForm/ReserveForm.tsx';

/** What the card form's confirm does in this test: by default the card redirects (the page is left: no answer). */
const card = vi.hoisted(() => ({ confirm: () => new Promise<{ ok: true } | { ok: false; message: string }>(() => {}) }));
vi.mock('./payment-stripe.tsx', () => ({
  default: function FakeCardForm({ confirmRef, intent, onReady }: ProviderFormProps) {
    useEffect(() => onReady?.(), [onReady]);
    confirmRef.current = async () => {
      const created = await intent();
      return created.ok ? card.confirm() : created;
    };
    return <p data-testid="fake-card">card</p>;
  },
}));

// This test replaces the Stripe card form (above); the browser tests' environment (PUBLIC_PAYMENT_CLIENT=stand-in, set by
// scripts/test.ts for every stage) would load the stand-in's instead (src/islands/forms/payment.ts).
vi.stubEnv('PUBLIC_PAYMENT_CLIENT', 'stripe');

const mounted = mountRoot();
const assign = vi.fn();
const PAYMENT = '0b6c1f7e-4a52-4c1e-9d1a-3f0e6b7a1c01';
const NEXT_PAYMENT = '0b6c1f7e-4a52-4c1e-9d1a-3f0e6b7a1c02';
const started = (id: string, extra: Record<string, unknown> = {}) => ({
  success: true,
  payment_id: id,
  provider: 'stripe',
  publishable_key: 'pk_test_x',
  amount_cents: 20000,
  currency: 'AUD',
  ...extra,
});
const status = (value: string, extra: Record<string, unknown> = {}) =>
  [200, { success: true, payment_id: PAYMENT, status: value, ...extra }] as [number, unknown];

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  $sentLead.set(null);
  assign.mockReset();
  card.confirm = () => new Promise(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The browser is at `url` (its location's assign is the test's). */
function goTo(url: URL) {
  window.history.replaceState(null, '', `${url.pathname}${url.search}`);
  vi.stubGlobal('location', { ...window.location, assign, href: url.href, pathname: url.pathname, search: url.search, origin: url.origin });
}

/** The browser is at `path` (what Stripe's return_url adds, when `returned`). */
function at(path: string, returned?: 'succeeded' | 'failed', intent = 'pi_3Q0abc') {
  const url = new URL(path, 'https://pay.example.com.au');
  if (returned) {
    url.searchParams.set('payment_intent', intent);
    url.searchParams.set('payment_intent_client_secret', `${intent}_secret_xyz`);
    url.searchParams.set('redirect_status', returned);
  }
  goTo(url);
}

const config = paySiteConfig({ online_purchase: true });
const stockCar = makeCar({ id: 42, slug: 'car-42', name: '2021 Mazda CX-5 Maxx', price: 31990 });
const car = stockCar as unknown as LeadCar;

type Island = 'reserve' | 'journey' | 'online-payment';
const PAGES: Record<Island, string> = { reserve: '/cars/car-42/checkout', journey: '/checkout-journey?car_id=car-42', 'online-payment': '/online-payment' };

function show(island: Island) {
  if (island === 'online-payment') mounted.render(<OnlinePaymentForm config={config} maxAmount={10_000} />);
  else if (island === 'journey') mounted.render(<ReserveForm config={config} carChoicesUrl="/journey-choices.json" journey />);
  else mounted.render(<ReserveForm config={config} car={car} />);
}
const form = () => mounted.host.querySelector('form')!;
const field = (island: Island, name: string) =>
  form().querySelector<HTMLInputElement>(`#${island === 'online-payment' ? 'online-payment' : 'reserve'}-${name}`)!;
const alertText = () => form().querySelector('[data-testid="error-warning"]')?.textContent ?? '';
/** What this tab keeps of the payment being confirmed (payment.ts PENDING_KEY), if anything. */
const kept = () => sessionStorage.getItem('pending_payment');
/** Fake the clock (Date and setTimeout, still moving on its own) so a test can jump over the page's wait for the verdict. */
const fakeClock = () => vi.useFakeTimers({ toFake: ['Date', 'setTimeout'], shouldAdvanceTime: true });
/** Move the faked clock past the page's wait for the server's verdict (90 s), a poll at a time. */
async function outwait() {
  for (let step = 0; step < 40; step += 1) await vi.advanceTimersByTimeAsync(3000);
  await settle();
}
const paymentCalls = (calls: { path: string }[]) => calls.filter((call) => call.path.startsWith('/payments/') || call.path === '/leads');

/** The routes of a shopper paying on `island`, and the server's answer to the status poll. */
function api(island: Island, verdict: [number, unknown], more: Record<string, [number, unknown]> = {}) {
  return stubApi({
    '/journey-choices.json': [200, JSON.parse(encodeCarChoices([stockCar]))],
    '/leads': [200, { lead_id: 'lead-7' }],
    '/payments/reservations': [201, started(PAYMENT)],
    '/payments/online-payment': [201, started(PAYMENT, { lead_id: 'lead-op' })],
    [`/payments/${PAYMENT}/intent`]: [201, { success: true, payment_id: PAYMENT, client_secret: 'pi_3Q0abc_secret_xyz' }],
    [`/payments/${PAYMENT}`]: verdict,
    ...more,
  });
}

/** Type the details on the shown form and press Continue to payment (the server starts the payment). */
async function continueToPayment(island: Island) {
  fill(field(island, 'name'), 'Sam');
  fill(field(island, 'email'), 'sam@example.com');
  fill(field(island, 'phone'), '0412345678');
  fill(field(island, 'postcode'), '4000');
  if (island === 'online-payment') {
    fill(field(island, 'reference'), 'INV-7781');
    fill(field(island, 'amount'), '350.25');
  } else {
    await submit(form());
    if (island === 'journey') {
      click(form().querySelector<HTMLInputElement>('input[name="reserve-finance"][value="Yes"]')!);
      await submit(form());
    }
  }
  click(field(island, 'terms_conditions'));
  await submit(form()); // Continue to payment: the server starts the payment
}

/** Type the details, reach the card form and submit the card: it answers as card.confirm says (by default it redirects: the page is left). */
async function typeAndPay(island: Island) {
  at(PAGES[island]);
  show(island);
  await settle();
  await continueToPayment(island);
  await settle();
  expect(form().querySelector('[data-testid="fake-card"]')).not.toBeNull();
  await submit(form()); // Pay: the card redirects
}

/** `island`'s page opened again at `path` (a new page load: a reload, Back, a link), brought back by the provider when `returned`. */
async function openAgain(island: Island, path = PAGES[island], returned?: 'succeeded' | 'failed', intent?: string) {
  mounted.reset();
  at(path, returned, intent);
  show(island);
  await settle();
}

/** The provider brings the shopper back to the page (a new page load). */
const comeBack = (island: Island, returned: 'succeeded' | 'failed') => openAgain(island, PAGES[island], returned);

/** A card taken on the page (no redirect) that the server has no verdict for yet, the clock faked. */
async function takenStillProcessing(island: Island) {
  fakeClock();
  card.confirm = async () => ({ ok: true });
  api(island, status('processing'));
  await typeAndPay(island);
}

/** A card taken on the page that the server still has no verdict for when the page stops waiting. */
async function stillProcessingAfterWait(island: Island) {
  await takenStillProcessing(island);
  await outwait();
}

/** Move the faked clock past the payment's hold time (the site's payments.hold_minutes). */
function pastHoldTime() {
  vi.setSystemTime(Date.now() + (config.payments.holdMinutes + 1) * 60_000);
  // The contact remembered from a sent lead is another store: only what the payment kept is looked at here.
  $prefill.set({});
}

const ISLANDS: Island[] = ['reserve', 'journey', 'online-payment'];

describe.each(ISLANDS)('%s: back from the card redirect, the server says how the payment went', (island) => {
  it('redirect_status=succeeded but the server says failed: no /success, the failure is said', async () => {
    api(island, status('paid'));
    await typeAndPay(island);
    const calls = api(island, status('failed'));
    await comeBack(island, 'succeeded');
    expect(calls.map((call) => call.path)).toContain(`/payments/${PAYMENT}`);
    expect(assign).not.toHaveBeenCalled();
    expect(alertText()).toBe(`The payment did not go through and nothing was charged. Please try again, or call us on ${config.phone}.`);
  });

  it("the server says the payment's time ran out (expired): a reservation says the car is no longer held, an invoice names no car", async () => {
    api(island, status('processing'));
    await typeAndPay(island);
    api(island, status('expired'));
    await comeBack(island, 'succeeded');
    expect(assign).not.toHaveBeenCalled();
    expect(alertText()).toBe(
      island === 'online-payment'
        ? 'The time to pay ran out. Please start again.'
        : 'The time to pay ran out and the car is no longer held for you. Please start again.',
    );
  });

  it('redirect_status=failed but the server says paid: /success, and no lead is posted from the browser', async () => {
    api(island, status('failed'));
    await typeAndPay(island);
    const calls = api(island, status('paid'));
    await comeBack(island, 'failed');
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/success');
    expect(paymentCalls(calls).map((call) => call.path)).toEqual([`/payments/${PAYMENT}`]);
    expect($sentLead.get()).toMatchObject({
      lead_id: island === 'online-payment' ? 'lead-op' : 'lead-7',
      successCategory: island === 'online-payment' ? 'Online Payment' : 'Reserve',
    });
  });
});

describe.each(ISLANDS)('%s: back from a second redirect whose URL still carried the first return', (island) => {
  it('the return URL names the old payment_intent first and the kept one last: the kept payment is resumed', async () => {
    api(island, status('processing'));
    await typeAndPay(island);
    const calls = api(island, status('paid'));
    mounted.reset();
    // A retry confirmed from a page still carrying an older return's parameters; the provider appended its own.
    const url = new URL(PAGES[island], 'https://pay.example.com.au');
    for (const [intent, verdict] of [
      ['pi_3Q0old', 'failed'],
      ['pi_3Q0abc', 'succeeded'],
    ]) {
      url.searchParams.append('payment_intent', intent!);
      url.searchParams.append('payment_intent_client_secret', `${intent}_secret_xyz`);
      url.searchParams.append('redirect_status', verdict!);
    }
    goTo(url);
    show(island);
    await settle();
    expect(paymentCalls(calls).map((call) => call.path)).toEqual([`/payments/${PAYMENT}`]);
    expect(assign).toHaveBeenCalledWith('/success');
  });
});

describe.each(ISLANDS)('%s: reloading the return URL', (island) => {
  it('while the server has no verdict yet: the reload asks the server again (the payment is not forgotten)', async () => {
    api(island, status('processing'));
    await typeAndPay(island);
    // Back on the page, the server is being asked (its answer never comes: the page is reloaded first).
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    await comeBack(island, 'succeeded');
    const calls = api(island, status('paid'));
    await comeBack(island, 'succeeded');
    expect(calls.map((call) => call.path)).toContain(`/payments/${PAYMENT}`);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/success');
  });

  it('of a card taken on the page (no redirect), while the server has no verdict yet: the reload of the page asks the server again', async () => {
    await takenStillProcessing(island);
    // The page is asking the server (its answers stop coming: the page is reloaded first).
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    await vi.advanceTimersByTimeAsync(3000);
    const calls = api(island, status('paid'));
    await openAgain(island);
    expect(paymentCalls(calls).map((call) => call.path)).toEqual([`/payments/${PAYMENT}`]);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/success');
  });

  it('after the server said paid (a reload, or Back from /success): /success is not shown again and nothing is asked or sent', async () => {
    api(island, status('processing'));
    await typeAndPay(island);
    api(island, status('paid'));
    await comeBack(island, 'succeeded');
    expect(assign).toHaveBeenCalledTimes(1);
    const calls = api(island, status('paid'));
    await comeBack(island, 'succeeded');
    expect(assign).toHaveBeenCalledTimes(1);
    expect(paymentCalls(calls)).toEqual([]);
  });
});

describe.each(ISLANDS)('%s: a failed card after the redirect is tried again with what was typed', (island) => {
  it('the details are kept and Continue to payment starts a new attempt of the same payment', async () => {
    const first = api(island, status('failed'));
    await typeAndPay(island);
    const firstStart = first.find((call) => call.path === (island === 'online-payment' ? '/payments/online-payment' : '/payments/reservations'))!.body as {
      attempt: string;
    };
    api(island, status('failed'));
    await comeBack(island, 'failed');
    expect(alertText()).toContain('The payment did not go through and nothing was charged.');
    if (island !== 'online-payment') expect(form().querySelector('h2')!.textContent).toBe('Deposit');
    // What was typed is there (the reserve steps keep it for the next attempt's checks).
    const calls = api(island, status('processing'), {
      '/payments/reservations': [201, started(NEXT_PAYMENT)],
      '/payments/online-payment': [201, started(NEXT_PAYMENT, { lead_id: 'lead-op' })],
    });
    if (island === 'online-payment') {
      expect(field(island, 'name').value).toBe('Sam');
      expect(field(island, 'reference').value).toBe('INV-7781');
      expect(field(island, 'amount').value).toBe('350.25');
    }
    if (!field(island, 'terms_conditions').checked) click(field(island, 'terms_conditions'));
    await submit(form());
    expect(form().querySelector('[data-testid="form-errors"]')?.textContent ?? '').toBe('');
    const again = calls.find((call) => call.path === (island === 'online-payment' ? '/payments/online-payment' : '/payments/reservations'));
    expect(again).toBeDefined();
    const body = again!.body as Record<string, unknown>;
    expect(body.attempt).not.toBe(firstStart.attempt);
    if (island === 'online-payment') expect(body).toMatchObject({ name: 'Sam', email: 'sam@example.com', reference: 'INV-7781', amount: '350.25' });
    else expect(body).toMatchObject({ lead_id: 'lead-7', car_id: '42' });
    expect(form().querySelector('[data-testid="fake-card"]')).not.toBeNull();
  });

  it('while the server is asked, the form is busy: no second payment can be started meanwhile', async () => {
    api(island, status('processing'));
    await typeAndPay(island);
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    await comeBack(island, 'succeeded');
    const button = form().querySelector('button[type="submit"]')!;
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(form().textContent).toContain('Confirming your payment with our payment provider…');
  });
});

describe.each(ISLANDS)('%s: a card declined on the page (no redirect)', (island) => {
  it('keeps what was typed and starts a new attempt on Continue to payment', async () => {
    const first = api(island, status('failed'));
    card.confirm = async () => ({ ok: false, message: 'Your card was declined.' });
    await typeAndPay(island);
    expect(alertText()).toBe('Your card was declined.');
    const firstStart = first.find((call) => call.path.endsWith('/reservations') || call.path.endsWith('/online-payment'))!.body as { attempt: string };
    const calls = api(island, status('processing'));
    await submit(form());
    const again = calls.find((call) => call.path.endsWith('/reservations') || call.path.endsWith('/online-payment'))!;
    expect((again.body as { attempt: string }).attempt).not.toBe(firstStart.attempt);
    if (island === 'online-payment') expect(again.body).toMatchObject({ name: 'Sam', reference: 'INV-7781', amount: '350.25' });
    else expect(again.body).toMatchObject({ lead_id: 'lead-7' });
  });
});

describe.each(ISLANDS)('%s: what is kept of a payment once the wait for its verdict ends', (island) => {
  it('paid on the page: nothing is kept', async () => {
    card.confirm = async () => ({ ok: true });
    api(island, status('paid'));
    await typeAndPay(island);
    expect(assign).toHaveBeenCalledWith('/success');
    expect(kept()).toBeNull();
  });

  it('a final failure on the page: nothing is kept (the form still shows what was typed)', async () => {
    card.confirm = async () => ({ ok: true });
    api(island, status('failed'));
    await typeAndPay(island);
    expect(alertText()).toContain('The payment did not go through and nothing was charged.');
    expect(kept()).toBeNull();
  });

  it('a card declined on the page: nothing is kept', async () => {
    card.confirm = async () => ({ ok: false, message: 'Your card was declined.' });
    api(island, status('failed'));
    await typeAndPay(island);
    expect(alertText()).toBe('Your card was declined.');
    expect(kept()).toBeNull();
  });

  it('still processing when the page stops waiting: the shopper is told so, the payment is kept and a reload of the page asks the server again', async () => {
    await takenStillProcessing(island);
    expect(kept()).toContain('Sam');
    await outwait();
    expect(alertText()).toContain('We are still waiting for your bank to confirm the payment.');
    // A timeout is no verdict: the payment and its lead stay (what was typed only until the hold time).
    expect(kept()).toContain(PAYMENT);
    expect(kept()).toContain(island === 'online-payment' ? 'lead-op' : 'lead-7');
    // The bank confirms; the shopper reloads the page (no return URL: the card did not redirect).
    const calls = api(island, status('paid'));
    await openAgain(island);
    expect(paymentCalls(calls).map((call) => call.path)).toEqual([`/payments/${PAYMENT}`]);
    expect(assign).toHaveBeenCalledWith('/success');
    expect(kept()).toBeNull();
  }, 20_000);

  it('still processing when the page stopped waiting, the card refused when tried again (the provider is still confirming it): the payment stays kept and a reload asks', async () => {
    await stillProcessingAfterWait(island);
    card.confirm = async () => ({ ok: false, message: 'This payment is already being processed.' });
    await submit(form());
    expect(alertText()).toBe('This payment is already being processed.');
    expect(kept()).toContain(PAYMENT);
    const calls = api(island, status('paid'));
    await openAgain(island);
    expect(paymentCalls(calls).map((call) => call.path)).toEqual([`/payments/${PAYMENT}`]);
    expect(assign).toHaveBeenCalledWith('/success');
  }, 20_000);

  it.each(['paid', 'failed'])('back from the redirect, the server says %s: nothing is kept', async (verdict) => {
    api(island, status('processing'));
    await typeAndPay(island);
    expect(kept()).not.toBeNull();
    api(island, status(verdict));
    await comeBack(island, 'succeeded');
    expect(kept()).toBeNull();
  });

  it('back from the redirect, still processing when the page stops waiting: the payment is kept and a reload of the return URL asks the server again', async () => {
    fakeClock();
    api(island, status('processing'));
    await typeAndPay(island);
    await comeBack(island, 'succeeded');
    expect(kept()).not.toBeNull();
    await outwait();
    expect(alertText()).toContain('We are still waiting for your bank to confirm the payment.');
    expect(kept()).toContain(PAYMENT);
    // The bank confirms; the shopper reloads the return URL.
    const calls = api(island, status('paid'));
    await comeBack(island, 'succeeded');
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    expect(paymentCalls(calls).map((call) => call.path)).toEqual([`/payments/${PAYMENT}`]);
    expect(assign).toHaveBeenCalledWith('/success');
    expect(kept()).toBeNull();
  }, 20_000);

  it('still processing when the page stops waiting, then past the hold time: what was typed goes, the payment stays and is asked about on the next visit', async () => {
    await stillProcessingAfterWait(island);
    pastHoldTime();
    const calls = api(island, status('processing'));
    await openAgain(island);
    expect(paymentCalls(calls).map((call) => call.path)).toContain(`/payments/${PAYMENT}`);
    expect(kept()).toContain(PAYMENT);
    expect(kept()).not.toContain('Sam');
    expect(kept()).not.toContain('sam@example.com');
    expect(field(island, 'name').value).toBe('');
  }, 20_000);

  it('a redirect abandoned at the bank (the page opened again without the return): nothing is kept, nothing asked', async () => {
    api(island, status('processing'));
    await typeAndPay(island);
    expect(kept()).not.toBeNull();
    const calls = api(island, status('paid'));
    await openAgain(island);
    expect(kept()).toBeNull();
    expect(paymentCalls(calls)).toEqual([]);
  });

  it("the return URL opened after the payment's hold time (the site's payments.hold_minutes): what was typed is dropped, the verdict is still asked", async () => {
    fakeClock();
    api(island, status('processing'));
    await typeAndPay(island);
    pastHoldTime();
    // Back on the page, the server is being asked (its answer never comes: the page is reloaded first).
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    await comeBack(island, 'succeeded');
    expect(kept()).toContain(PAYMENT);
    expect(kept()).not.toContain('Sam');
    expect(kept()).not.toContain('sam@example.com');
    expect(field(island, 'name').value).toBe('');
    if (island === 'online-payment') expect(field(island, 'reference').value).toBe('');
    const calls = api(island, status('paid'));
    await comeBack(island, 'succeeded');
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    expect(paymentCalls(calls).map((call) => call.path)).toEqual([`/payments/${PAYMENT}`]);
    expect(assign).toHaveBeenCalledWith('/success');
    expect(kept()).toBeNull();
  });

  it("after the payment's hold time, a verdict other than paid is said, on an empty form, and nothing is kept", async () => {
    fakeClock();
    api(island, status('processing'));
    await typeAndPay(island);
    pastHoldTime();
    const calls = api(island, status('failed'));
    await comeBack(island, 'succeeded');
    // The verdict is said after promises whose turns vary with the machine's load (the payment client is a dynamic import).
    await vi.waitFor(() => expect(alertText()).not.toBe(''));
    expect(paymentCalls(calls).map((call) => call.path)).toEqual([`/payments/${PAYMENT}`]);
    expect(assign).not.toHaveBeenCalled();
    expect(alertText()).toBe(`The payment did not go through and nothing was charged. Please try again, or call us on ${config.phone}.`);
    expect(field(island, 'name').value).toBe('');
    if (island === 'online-payment') expect(field(island, 'reference').value).toBe('');
    expect(kept()).toBeNull();
  });
});

describe.each(['reserve', 'journey'] as const)("%s: the shopper's own payment still being confirmed after the page stopped waiting", (island) => {
  it('a later visit past the hold time asks for its verdict, then the form sends the same lead and asks to pay for it again, not a new lead', async () => {
    await stillProcessingAfterWait(island);
    pastHoldTime();
    api(island, status('processing'));
    await openAgain(island);
    await outwait();
    expect(alertText()).toContain('We are still waiting for your bank to confirm the payment.');
    // The form starts again at its first step, empty; the server answers for the shopper's own payment.
    const confirming = 'Your payment for this car is being confirmed. Please wait a moment, or call us.';
    const calls = api(island, status('processing'), { '/payments/reservations': [409, { success: false, error: confirming }] });
    await continueToPayment(island);
    const leads = calls.filter((call) => call.path === '/leads');
    expect(leads.length).toBeGreaterThan(0);
    for (const lead of leads) expect(lead.body).toMatchObject({ lead_id: 'lead-7' });
    expect(calls.find((call) => call.path === '/payments/reservations')?.body).toMatchObject({ lead_id: 'lead-7' });
    expect(alertText()).toContain(confirming);
  }, 30_000);
});

describe('online-payment: a kept payment without a lead', () => {
  it('is not resumed on the return URL and is discarded', async () => {
    api('online-payment', status('processing'), { '/payments/online-payment': [201, started(PAYMENT)] });
    await typeAndPay('online-payment');
    expect(kept()).toContain('INV-7781');
    const calls = api('online-payment', status('paid'), { '/payments/online-payment': [201, started(PAYMENT)] });
    await comeBack('online-payment', 'succeeded');
    expect(kept()).toBeNull();
    expect(paymentCalls(calls)).toEqual([]);
  });
});

describe("a kept payment is resumed only by its own page's return URL of its own payment", () => {
  /** A deposit on car-42's page redirected to the bank; the browser then lands on `path`, returned for `intent`. */
  async function landOn(island: Island, path: string, intent: string) {
    api('reserve', status('processing'));
    await typeAndPay('reserve');
    expect(kept()).not.toBeNull();
    const calls = api(island, status('paid'));
    await openAgain(island, path, 'succeeded', intent);
    return calls;
  }

  it("another car's checkout (the same payment_intent in the URL): not resumed, discarded", async () => {
    const calls = await landOn('reserve', '/cars/car-43/checkout', 'pi_3Q0abc');
    expect(paymentCalls(calls)).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
    expect(kept()).toBeNull();
  });

  it('the same page returned for another payment (Back or Forward to an older return URL): not resumed, discarded', async () => {
    const calls = await landOn('reserve', '/cars/car-42/checkout', 'pi_3Q0other');
    expect(paymentCalls(calls)).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
    expect(kept()).toBeNull();
  });

  it('the online purchase journey (the same form, another page): not resumed, discarded', async () => {
    const calls = await landOn('journey', '/checkout-journey?car_id=car-42', 'pi_3Q0abc');
    expect(paymentCalls(calls)).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
    expect(kept()).toBeNull();
  });

  it.each([
    ['reserve', '/cars/car-43/checkout', '/cars/car-42/checkout'],
    ['journey', '/checkout-journey?car_id=car-43', '/checkout-journey?car_id=car-42'],
  ] as const)(
    "%s: a payment still being confirmed when its page stopped waiting is not asked on another car's page, and is kept for its own",
    async (island, other, own) => {
      await stillProcessingAfterWait(island);
      let calls = api(island, status('paid'));
      await openAgain(island, other);
      expect(paymentCalls(calls)).toEqual([]);
      expect(kept()).toContain(PAYMENT);
      calls = api(island, status('paid'));
      await openAgain(island, own);
      expect(paymentCalls(calls).map((call) => call.path)).toEqual([`/payments/${PAYMENT}`]);
      expect(assign).toHaveBeenCalledWith('/success');
    },
    20_000,
  );

  it('its own page and payment: resumed', async () => {
    const calls = await landOn('reserve', '/cars/car-42/checkout', 'pi_3Q0abc');
    expect(paymentCalls(calls).map((call) => call.path)).toEqual([`/payments/${PAYMENT}`]);
    expect(assign).toHaveBeenCalledWith('/success');
  });
});
