// @vitest-environment happy-dom
/**
 * /my-garage on a site that keeps no watchlist (site.json garage_enabled and features.garage
 * false; the page exists on every site and sign-in lands there by default): it says so to the
 * signed-in shopper and asks the lead API nothing, since the API refuses a watchlist there.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../stores/session.ts';
import { $prefill, $sentLead, PREFILL_KEY, SENT_LEAD_KEY, recordSentLead, rememberContact } from '../../stores/prefill.ts';
import { KEPT_FORMS_KEY, keepFormsForSignIn, registerKeptForm, takeKeptForm } from '../../stores/kept-forms.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click, settle, stubApi } from '../../../tests/support/form-events.ts';
import { $favourites, toggleFavourite } from '../../stores/favourites.ts';
import MyGarage from './MyGarage.tsx';
import SuccessSummary from './SuccessSummary.tsx';
import { completeLead, pageContext } from './lead-submit.ts';
import { notePageVisit } from './lead-traces.ts';
import { noteVerdictAwaited, rememberPendingPayment, resumedPayment } from './pending-payment.ts';

const mounted = mountRoot();
const phone = '0412345678';
const NOT_KEPT = 'This site does not keep a watchlist. Please get in touch with one of our friendly team members about the cars you like.';

beforeEach(() => {
  window.history.replaceState(null, '', '/my-garage');
  signIn({ user_id: 'u-1', phone, expires_at: Date.now() + 86_400_000 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/my-garage', () => {
  it('on a site without a garage: says the site keeps no watchlist, and calls nothing', async () => {
    const calls = stubApi({ '/watchlist': [404, { success: false, error: NOT_KEPT }], '/garage-cars.json': [200, []] });
    mounted.render(<MyGarage apiBase="/api" carListUrl="/garage-cars.json" garageKept={false} garagePath="/my-garage" />);
    await settle();
    expect(mounted.host.textContent).toContain(`Signed in as ${phone}.`);
    expect(mounted.host.textContent).toContain(NOT_KEPT);
    expect(mounted.host.querySelector('[role="alert"]')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('on a site with a garage: lists the watchlist the API keeps', async () => {
    // Its own list path: the island keeps a site file it loaded (car-choices.ts loadSiteFile).
    const calls = stubApi({
      '/watchlist': [200, { success: true, watchlist: ['42'] }],
      '/kept/garage-cars.json': [200, [{ id: '42', slug: 'a-car-42', name: 'A Car' }]],
    });
    mounted.render(<MyGarage apiBase="/api" carListUrl="/kept/garage-cars.json" garageKept garagePath="/my-garage" />);
    await settle();
    expect(mounted.host.querySelector('.my-garage__car')?.textContent).toContain('A Car');
    expect(calls.map((call) => call.path).sort()).toEqual(['/kept/garage-cars.json', '/watchlist']);
  });
});

describe('/my-garage: Remove by keyboard (WCAG 2.4.3)', () => {
  it("moves focus to the next car's Remove, to the one before after the last car, and to the list's message when none is left", async () => {
    stubApi({
      '/watchlist': [200, { success: true, watchlist: ['1', '2', '3'] }],
      '/garage-cars.json': [200, ['1', '2', '3'].map((id) => ({ id, slug: `car-${id}`, name: `Car ${id}` }))],
      '/watchlist/remove-car': [200, { success: true }],
    });
    mounted.render(<MyGarage apiBase="/api" carListUrl="/garage-cars.json" garageKept garagePath="/my-garage" />);
    await settle();
    const remove = (name: string) =>
      [...mounted.host.querySelectorAll<HTMLButtonElement>('.my-garage__car button')].find((button) => button.textContent === `Remove ${name}`)!;
    const press = async (button: HTMLButtonElement) => {
      button.focus();
      click(button);
      await settle();
    };
    await press(remove('Car 2'));
    expect(document.activeElement).toBe(remove('Car 3'));
    await press(remove('Car 3'));
    expect(document.activeElement).toBe(remove('Car 1'));
    await press(remove('Car 1'));
    expect(mounted.host.querySelectorAll('.my-garage__car')).toHaveLength(0);
    expect(document.activeElement?.textContent).toBe('Your watchlist is empty. Save a car from its page to see it here.');
  });
});

describe('/my-garage: the API no longer knows the shopper (401)', () => {
  it('sends them to sign-in back to this garage route, with the page they came from, as the page-load gate does', async () => {
    window.history.replaceState(null, '', '/mysunstate/?from=menu');
    vi.spyOn(document, 'referrer', 'get').mockReturnValue(`${location.origin}/cars/a-car-42`);
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    stubApi({ '/watchlist': [401, { success: false, error: 'Unauthorised' }], '/garage-cars.json': [200, []] });
    mounted.render(<MyGarage apiBase="/api" carListUrl="/garage-cars.json" garageKept garagePath="/my-garage" />);
    await settle();
    expect(replace).toHaveBeenCalledWith('/sign-in?type=garage&redirect=%2Fmysunstate%2F%3Ffrom%3Dmenu&back=%2Fcars%2Fa-car-42');
  });
});

/** The garage of the signed-in shopper whose list is car 42, with the API's sign-out; returns the Sign out button and the API calls made. */
async function garageWithSignOut() {
  const calls = stubApi({
    '/watchlist': [200, { success: true, watchlist: ['42'] }],
    '/garage-cars.json': [200, [{ id: '42', slug: 'a-car-42', name: 'A Car' }]],
    '/auth/sign-out': [200, { success: true }],
  });
  mounted.render(<MyGarage apiBase="/api" carListUrl="/garage-cars.json" garageKept garagePath="/my-garage" />);
  await settle();
  const signOut = [...mounted.host.querySelectorAll<HTMLButtonElement>('button')].find((button) => button.textContent === 'Sign out');
  expect(signOut).toBeDefined();
  return { signOut: signOut!, calls };
}

describe('/my-garage: Sign out (a shared computer)', () => {
  it('ends the API session and the local one, drops the saved cars and leaves focus on what the page says then', async () => {
    // What the shopper's forms remembered on this computer: their contact details and the last enquiry (/success).
    rememberContact({ name: 'Rita', email: 'rita@example.com', phone, postcode: '4000' });
    recordSentLead({ category: 'General Enquiry', successCategory: 'General Enquiry', sent: [['Email', 'rita@example.com']], at: 1 });
    // And a form kept for sign-in on this page (a gated send's 401), not yet put back.
    const unregister = registerKeptForm('enquiry', () => ({ values: { name: 'Rita', email: 'rita@example.com', phone, message: 'About my loan' } }));
    keepFormsForSignIn();
    unregister();
    expect(sessionStorage.getItem(KEPT_FORMS_KEY)).toMatch(/rita/i);
    const { signOut, calls } = await garageWithSignOut();
    signOut.focus();
    click(signOut);
    await settle();
    expect(calls.map((call) => call.path)).toContain('/auth/sign-out');
    expect(localStorage.getItem('shopper_session')).toBe('null');
    // The next person at a shared computer finds none of the shopper's details in the forms or on /success.
    expect($prefill.get()).toEqual({});
    expect($sentLead.get()).toBeNull();
    expect(`${localStorage.getItem(PREFILL_KEY)} ${localStorage.getItem(SENT_LEAD_KEY)}`).not.toMatch(/rita|4000/i);
    expect(sessionStorage.getItem(KEPT_FORMS_KEY)).toBeNull();
    expect(takeKeptForm('enquiry')).toBeNull();
    expect(mounted.host.querySelector('.my-garage__car')).toBeNull();
    expect(mounted.host.textContent).not.toContain(phone);
    expect(document.activeElement?.textContent).toBe('Please sign in to see your garage.');
    // The way to sign in again is there, a link (reached by Tab from the message), back to this garage as the gate sends a shopper.
    const signInLink = document.activeElement?.querySelector('a');
    expect(signInLink?.textContent).toBe('sign in');
    expect(signInLink?.getAttribute('href')).toBe('/sign-in?type=garage&redirect=%2Fmy-garage&back=%2F');
  });

  it("drops the rest of this browser's record of the shopper, and keeps what the device keeps for any visitor", async () => {
    const car = { id: '42', name: 'A Car', slug: 'a-car-42' };
    vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    // The last lead as the forms record it, the older /success record with it.
    completeLead({ leadId: 'L1', category: 'Vehicle Enquiry', event: null, car, values: { name: 'Rita' }, labels: { name: 'First Name' } });
    // The reserve page's payment, its verdict awaited in this tab (its page asks again when opened).
    window.history.replaceState(null, '', '/cars/a-car-42/checkout');
    const payment = { payment_id: 'pay-1', provider: 'stand-in', publishable_key: '', amount_cents: 20000, currency: 'AUD' as const };
    rememberPendingPayment('reserve', payment, 'L1', { name: 'Rita', phone }, 15 * 60_000);
    noteVerdictAwaited('pay-1');
    expect(resumedPayment('reserve')?.leadId).toBe('L1');
    // The pages of this visit, sent with the next lead.
    window.history.replaceState(null, '', '/my-garage');
    notePageVisit();
    // What the device keeps for any visitor, signed in or not.
    toggleFavourite({ id: '7', name: 'Another Car', slug: 'another-car-7', make: null, model: null, primary_image_url: null });

    const { signOut } = await garageWithSignOut();
    click(signOut);
    await settle();

    mounted.reset();
    mounted.render(
      <SuccessSummary site={{ dealer: 'Acme', deposit: 200, depositSettings: { deposit_hold_hours: 48, deposit_refundable: true } }} stockHref="/cars" />,
    );
    await settle();
    expect(mounted.host.textContent).not.toContain('A Car');
    window.history.replaceState(null, '', '/cars/a-car-42/checkout');
    expect(resumedPayment('reserve')).toBeUndefined();
    expect(sessionStorage.getItem('pending_payment')).toBeNull();
    expect(pageContext().visitedPages).toEqual(['/cars/a-car-42/checkout']);
    expect($favourites.get().map((saved) => saved.id)).toContain('7');
  });

  it('on a site without a garage: the signed-in shopper can sign out too', async () => {
    stubApi({ '/auth/sign-out': [200, { success: true }] });
    mounted.render(<MyGarage apiBase="/api" carListUrl="/garage-cars.json" garageKept={false} garagePath="/my-garage" />);
    await settle();
    expect([...mounted.host.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['Sign out']);
  });

  it("the watchlist toast's View List goes to the site's garage path (its first garage route)", async () => {
    stubApi({
      '/watchlist': [200, { success: true, watchlist: ['42'] }],
      '/garage-cars.json': [200, [{ id: '42', slug: 'a-car-42', name: 'A Car' }]],
      '/watchlist/remove-car': [200, { success: true }],
    });
    mounted.render(<MyGarage apiBase="/api" carListUrl="/garage-cars.json" garageKept garagePath="/mysunstate" />);
    await settle();
    click(mounted.host.querySelector<HTMLButtonElement>('.my-garage__car button')!);
    await settle();
    const viewList = [...mounted.host.querySelectorAll<HTMLAnchorElement>('[data-testid="watchlist-toast"] a')].find(
      (link) => link.textContent === 'View List',
    );
    expect(viewList?.getAttribute('href')).toBe('/mysunstate');
  });
});
