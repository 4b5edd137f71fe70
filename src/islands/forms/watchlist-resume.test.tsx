// @vitest-environment happy-dom
/**
 * A watchlist change cut short because the API session had ended (401), or the local one had
 * lapsed, is made after the shopper signs in again (watchlist-client.ts): sign-in makes the server's list the local one,
 * so a remove that was not remembered came back with it. On a site that keeps no watchlist
 * (`garageKept` false) signing in asks the API for none. The page the shopper goes back to
 * shows how a change made after sign-in went: its toast, or the failure alert (spec §8).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentSession, signIn, signOut } from '../../stores/session.ts';
import { carryToastTo, showToast, takeCarriedToast } from '../../stores/toast.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click, fill, settle, stubApi, submit } from '../../../tests/support/form-events.ts';
import MyGarage from './MyGarage.tsx';
import SignInForm from './SignInForm.tsx';
import WatchlistButton from './WatchlistButton.tsx';
import { rememberPendingChange } from './pending-watchlist-change.ts';
import { watchlist } from './watchlist-client.ts';

const mounted = mountRoot();
const car = { id: '42', name: '2019 Mazda 3', slug: '2019-mazda-3-42' };
const phone = '0412345678';

beforeEach(() => {
  window.history.replaceState(null, '', `/cars/${car.slug}`);
  sessionStorage.clear();
  watchlist.dismissToast();
  signIn({ user_id: 'u-1', phone, expires_at: Date.now() + 86_400_000 });
  watchlist.replaceWatchlist([car.id]);
  vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Press the watchlist button of `car` while the API answers its change 401. */
async function pressButtonAnswered401(): Promise<void> {
  stubApi({ '/watchlist/save-car': [401, { message: 'Please sign in.' }], '/watchlist/remove-car': [401, { message: 'Please sign in.' }] });
  mounted.render(<WatchlistButton apiBase="/api" car={car} sold={false} garagePath="/my-garage" />);
  click(mounted.host.querySelector('[data-testid="watchlist-button"]')!);
  await settle();
}

/** Sign in on /sign-in as `as`, the server's watchlist being `serverList`, on a site with a garage unless `garageKept` is false; `saveAnswer` is the API's answer to a save; returns the API calls made. */
async function signInAgain(as: string, serverList: string[], garageKept = true, saveAnswer: [number, unknown] = [200, { success: true }]) {
  const calls = stubApi({
    '/auth/request-code': [200, { success: true }],
    '/auth/verify': [200, { user: { id: 'u-2', phone: as }, expires_at: Date.now() + 86_400_000 }],
    '/watchlist': [200, { success: true, watchlist: serverList }],
    '/watchlist/save-car': saveAnswer,
    '/watchlist/remove-car': [200, { success: true }],
  });
  window.history.replaceState(null, '', `/sign-in?type=watchlist&redirect=/cars/${car.slug}`);
  mounted.reset();
  mounted.render(<SignInForm apiBase="/api" brand="Test Motors" garageKept={garageKept} />);
  fill(mounted.host.querySelector<HTMLInputElement>('input[name="phone"]')!, as);
  await submit(mounted.host.querySelector('form')!);
  fill(mounted.host.querySelector<HTMLInputElement>('input[name="code"]')!, '123456');
  await submit(mounted.host.querySelector('form')!);
  return calls;
}

const posted = (calls: { path: string; body: unknown }[], path: string) => calls.filter((call) => call.path === path).map((call) => call.body);

describe('a watchlist change cut short by an ended session', () => {
  it('a remove from the car page is made after signing in again, so the car does not come back', async () => {
    await pressButtonAnswered401();
    const calls = await signInAgain(phone, [car.id, '7']);

    expect(posted(calls, '/watchlist/remove-car')).toEqual([{ phone_number: phone, car_id: car.id }]);
    expect(watchlist.$watchlist.get()).toEqual(['7']);
  });

  it('a remove from My Garage is made after signing in again', async () => {
    stubApi({
      '/watchlist': [200, { success: true, watchlist: [car.id] }],
      '/garage-cars.json': [200, [{ id: car.id, slug: car.slug, name: car.name }]],
      '/watchlist/remove-car': [401, { message: 'Please sign in.' }],
    });
    window.history.replaceState(null, '', '/my-garage');
    mounted.render(<MyGarage apiBase="/api" carListUrl="/garage-cars.json" garageKept garagePath="/my-garage" />);
    await settle();
    click([...mounted.host.querySelectorAll('button')].find((button) => button.textContent?.startsWith('Remove'))!);
    await settle();
    expect(window.location.replace).toHaveBeenCalledWith(expect.stringMatching(/^\/sign-in\?type=garage&/));

    const calls = await signInAgain(phone, [car.id]);
    expect(posted(calls, '/watchlist/remove-car')).toEqual([{ phone_number: phone, car_id: car.id }]);
    expect(watchlist.$watchlist.get()).toEqual([]);
  });

  it('a remove is not made on the watchlist of another phone that signs in', async () => {
    await pressButtonAnswered401();
    const calls = await signInAgain('0498765432', [car.id, '7']);

    expect(posted(calls, '/watchlist/remove-car')).toEqual([]);
    expect(watchlist.$watchlist.get()).toEqual([car.id, '7']);
  });

  it('on a site without a garage, signing in asks for no watchlist and makes no change: the shopper goes straight on', async () => {
    signOut();
    watchlist.replaceWatchlist([]);
    rememberPendingChange({ action: 'save', id: car.id, name: car.name });
    const calls = await signInAgain(phone, [car.id], false);
    expect(calls.map((call) => call.path)).toEqual(['/auth/request-code', '/auth/verify']);
    expect(watchlist.$watchlist.get()).toEqual([]);
    expect(window.location.assign).toHaveBeenLastCalledWith(`/cars/${car.slug}`);
  });

  /**
   * The shopper signed in long ago and saved the car then: the session's expiry has passed, the
   * car still shows saved. `dropped`: another island (My Garage, the sign-in form, Spin to Win
   * call currentSession on mount) had already dropped the lapsed session's record. A press on
   * "Saved to Watchlist" then signing in again: the remove must be made, not a save.
   */
  async function pressSavedAfterLapse(dropped: boolean) {
    signIn({ user_id: 'u-1', phone, expires_at: Date.now() - 60_000 });
    if (dropped) expect(currentSession()).toBeNull();
    const early = stubApi({});
    mounted.render(<WatchlistButton apiBase="/api" car={car} sold={false} garagePath="/my-garage" />);
    await settle();
    const button = mounted.host.querySelector('[data-testid="watchlist-button"]')!;
    expect(button.textContent).toContain('Saved to Watchlist');
    click(button);
    await settle();
    expect(early).toEqual([]);
    expect(window.location.assign).toHaveBeenLastCalledWith(expect.stringMatching(/^\/sign-in\?type=watchlist&/));

    const calls = await signInAgain(phone, [car.id, '7']);
    expect(posted(calls, '/watchlist/save-car')).toEqual([]);
    expect(posted(calls, '/watchlist/remove-car')).toEqual([{ phone_number: phone, car_id: car.id }]);
    expect(watchlist.$watchlist.get()).toEqual(['7']);
  }

  it('a press on "Saved to Watchlist" after the local session lapsed is a remove, made after signing in again (not a save)', async () => {
    await pressSavedAfterLapse(false);
  });

  // Fault: with the lapsed record already dropped, the remove was remembered with no phone and
  // dropped at sign-in: the car stayed saved, with no message.
  it('a press on "Saved to Watchlist" after the lapsed session record was already dropped is a remove, made for the phone that signs in', async () => {
    await pressSavedAfterLapse(true);
  });

  it('a save is made after signing in again', async () => {
    watchlist.replaceWatchlist([]);
    await pressButtonAnswered401();
    const calls = await signInAgain(phone, ['7']);

    expect(posted(calls, '/watchlist/save-car')).toEqual([{ phone_number: phone, car_id: car.id }]);
    expect(watchlist.$watchlist.get()).toEqual([car.id, '7']);
  });
});

/** The car page loaded afresh after sign-in (`location.assign`): new module instances, what storage holds. */
async function carPageAfterSignIn() {
  expect(window.location.assign).toHaveBeenLastCalledWith(`/cars/${car.slug}`);
  vi.resetModules();
  const { default: FreshButton } = await import('./WatchlistButton.tsx');
  window.history.replaceState(null, '', `/cars/${car.slug}`);
  mounted.reset();
  mounted.render(<FreshButton apiBase="/api" car={car} sold={false} garagePath="/my-garage" />);
  await settle();
  return {
    button: mounted.host.querySelector('[data-testid="watchlist-button"]')?.textContent,
    toast: mounted.host.querySelector('[data-testid="watchlist-toast"]'),
  };
}

/** Press Save to Watchlist signed out: the button sends the shopper to sign in. */
async function pressSaveSignedOut(): Promise<void> {
  signOut();
  watchlist.replaceWatchlist([]);
  mounted.render(<WatchlistButton apiBase="/api" car={car} sold={false} garagePath="/my-garage" />);
  await settle();
  click(mounted.host.querySelector('[data-testid="watchlist-button"]')!);
  await settle();
  expect(window.location.assign).toHaveBeenLastCalledWith(expect.stringMatching(/^\/sign-in\?type=watchlist&/));
}

describe('the car page the shopper returns to after signing in shows how the save went (spec §8)', () => {
  it('a save made after sign-in shows its toast on the car page', async () => {
    await pressSaveSignedOut();
    const calls = await signInAgain(phone, []);
    expect(posted(calls, '/watchlist/save-car')).toEqual([{ phone_number: phone, car_id: car.id }]);

    const page = await carPageAfterSignIn();
    expect(page.button).toContain('Saved to Watchlist');
    expect(page.toast?.getAttribute('role')).toBe('status');
    expect(page.toast?.textContent).toContain('Car Saved In Watchlist');
    expect(page.toast?.textContent).toContain(`${car.name} is now available in your watchlist`);
  });

  it('a save that fails after sign-in shows the alert with the error message on the car page, once', async () => {
    await pressSaveSignedOut();
    await signInAgain(phone, [], true, [500, { message: 'The watchlist is down.' }]);

    const page = await carPageAfterSignIn();
    expect(page.toast?.getAttribute('role')).toBe('alert');
    expect(page.toast?.textContent).toContain('The watchlist is down.');
    // Spec §4: no rollback on failure, as for a save made on the car page itself.
    expect(page.button).toContain('Saved to Watchlist');
    const again = await carPageAfterSignIn();
    expect(again.toast).toBeNull();
  });

  it('the toast is for the page the shopper returns to only', async () => {
    await pressSaveSignedOut();
    await signInAgain(phone, []);
    window.history.replaceState(null, '', '/cars/another-car-7');
    vi.resetModules();
    const { default: FreshButton } = await import('./WatchlistButton.tsx');
    mounted.reset();
    mounted.render(<FreshButton apiBase="/api" car={{ id: '7', name: 'Another car', slug: 'another-car-7' }} sold={false} garagePath="/my-garage" />);
    await settle();
    expect(mounted.host.querySelector('[data-testid="watchlist-toast"]')).toBeNull();
  });

  it('signing in with no change waiting shows no toast on the page returned to', async () => {
    signOut();
    await signInAgain(phone, [car.id]);
    const page = await carPageAfterSignIn();
    expect(page.toast).toBeNull();
  });
});

/** Shopper A, signed in (another tab shares the local session), presses Sign out on this tab's sign-in page. */
async function signOutOnSignInPage(): Promise<void> {
  signIn({ user_id: 'u-1', phone, expires_at: Date.now() + 86_400_000 });
  stubApi({ '/auth/sign-out': [200, { success: true }] });
  window.history.replaceState(null, '', '/sign-in?type=watchlist');
  mounted.reset();
  mounted.render(<SignInForm apiBase="/api" brand="Test Motors" garageKept />);
  await settle();
  click([...mounted.host.querySelectorAll('button')].find((button) => button.textContent === 'Sign out')!);
  await settle();
  expect(currentSession()).toBeNull();
}

describe('Sign out on a shared computer', () => {
  it('drops the change waiting for sign-in: the next person to sign in in this tab gets no save of the previous shopper', async () => {
    // Shopper A, signed out, presses Save: a save waits for whoever signs in next in this tab.
    await pressSaveSignedOut();
    await signOutOnSignInPage();

    const calls = await signInAgain('0498765432', ['7']);
    expect(posted(calls, '/watchlist/save-car')).toEqual([]);
    expect(watchlist.$watchlist.get()).toEqual(['7']);
    const page = await carPageAfterSignIn();
    expect(page.button).not.toContain('Saved to Watchlist');
    expect(page.toast).toBeNull();
  });

  it("drops a watchlist toast carried to a page not yet opened (it names a car of the previous shopper's list)", async () => {
    showToast({ kind: 'saved', title: 'Car Saved In Watchlist', description: `${car.name} is now available in your watchlist` });
    carryToastTo(`/cars/${car.slug}`);
    await signOutOnSignInPage();
    expect(takeCarriedToast(`/cars/${car.slug}`)).toBeNull();
  });
});
