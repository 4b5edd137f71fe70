// @vitest-environment happy-dom
/**
 * The watchlist button when the API no longer knows the shopper (spec §4 "Signed-in user with
 * phone required, else redirect to sign-in"): a save answered 401 ends the local session and
 * sends the shopper to the button's own sign-in link, with no error toast.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInHref } from '../../lib/forms/gating.ts';
import { currentSession, SESSION_KEY, signIn } from '../../stores/session.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { browserFocusFixup, click, settle, stubApi } from '../../../tests/support/form-events.ts';
import { controlNames } from '../../../tests/support/control-names.ts';
import WatchlistButton from './WatchlistButton.tsx';
import { watchlist } from './watchlist-client.ts';
import { removedToast } from '../../stores/watchlist.ts';
import { CARRIED_TOAST_KEY, carryToastTo, showToast } from '../../stores/toast.ts';

const mounted = mountRoot();
const car = { id: '42', name: '2019 Mazda 3', slug: '2019-mazda-3-42' };

beforeEach(() => {
  window.history.replaceState(null, '', '/cars/2019-mazda-3-42');
  signIn({ user_id: 'u-1', phone: '0412345678', expires_at: Date.now() + 86_400_000 });
  watchlist.replaceWatchlist([]);
  watchlist.dismissToast();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WatchlistButton: a dead API session', () => {
  it('a save answered 401 clears the local session and goes to the sign-in link for a watchlist save', async () => {
    const calls = stubApi({ '/watchlist/save-car': [401, { message: 'Please sign in.' }] });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    mounted.render(<WatchlistButton apiBase="/api" car={car} sold={false} garagePath="/my-garage" />);
    click(mounted.host.querySelector('[data-testid="watchlist-button"]')!);
    await settle();

    expect(calls.map((call) => call.path)).toEqual(['/watchlist/save-car']);
    const here = '/cars/2019-mazda-3-42';
    expect(assign).toHaveBeenCalledWith(signInHref({ type: 'watchlist', redirect: here, back: here }));
    expect(currentSession()).toBeNull();
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toBeNull();
    expect(mounted.host.querySelector('[data-testid="watchlist-toast"]')).toBeNull();
  });

  it('a remove answered 401 goes to sign-in too', async () => {
    watchlist.replaceWatchlist([car.id]);
    stubApi({ '/watchlist/remove-car': [401, { message: 'Please sign in.' }] });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    mounted.render(<WatchlistButton apiBase="/api" car={car} sold={false} garagePath="/my-garage" />);
    click(mounted.host.querySelector('[data-testid="watchlist-button"]')!);
    await settle();

    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/sign-in\?type=watchlist&/));
    expect(currentSession()).toBeNull();
  });

  it('another failure still shows the error toast and keeps the session', async () => {
    stubApi({ '/watchlist/save-car': [500, { message: 'The watchlist is down.' }] });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    mounted.render(<WatchlistButton apiBase="/api" car={car} sold={false} garagePath="/my-garage" />);
    click(mounted.host.querySelector('[data-testid="watchlist-button"]')!);
    await settle();

    expect(assign).not.toHaveBeenCalled();
    expect(currentSession()?.phone).toBe('0412345678');
    expect(mounted.host.querySelector('[data-testid="watchlist-toast"]')?.textContent).toContain('The watchlist is down.');
  });
});

describe('WatchlistButton: its name says its state (WAI-ARIA APG button pattern, docs/decisions.md "Toggle buttons")', () => {
  it('Save to Watchlist, then Saved to Watchlist: the words change, so it is not also a pressed toggle (which keeps one name)', async () => {
    stubApi({ '/watchlist/save-car': [200, { success: true }] });
    mounted.render(<WatchlistButton apiBase="/api" car={car} sold={false} garagePath="/my-garage" />);
    await settle();
    const button = mounted.host.querySelector<HTMLButtonElement>('[data-testid="watchlist-button"]')!;
    const state = () => ({ name: controlNames(button.outerHTML)[0]!.name, pressed: button.getAttribute('aria-pressed') });
    const before = state();
    click(button);
    await settle();
    expect([before, state()]).toEqual([
      { name: 'Save to Watchlist', pressed: null },
      { name: 'Saved to Watchlist', pressed: null },
    ]);
  });
});

describe('WatchlistButton: keyboard focus while the change is sent (WCAG 2.4.3)', () => {
  it('keeps focus on the button while the save runs and after it, and a press while it runs sends nothing more', async () => {
    const posts: string[] = [];
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', (url: string) => {
      posts.push(String(url));
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    const stopFixup = browserFocusFixup();
    try {
      mounted.render(<WatchlistButton apiBase="/api" car={car} sold={false} garagePath="/my-garage" />);
      const button = mounted.host.querySelector<HTMLButtonElement>('[data-testid="watchlist-button"]')!;
      button.focus();
      click(button);
      await settle();
      expect(button.disabled).toBe(false);
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(document.activeElement).toBe(button);
      click(button);
      await settle();
      expect(posts).toEqual(['/api/watchlist/save-car']);
      await act(async () => answer(new Response('{"success":true}', { status: 200, headers: { 'content-type': 'application/json' } })));
      await settle();
      expect(button.hasAttribute('aria-disabled')).toBe(false);
      expect(button.textContent).toContain('Saved to Watchlist');
      expect(document.activeElement).toBe(button);
    } finally {
      stopFixup();
    }
  });
});

describe('the watchlist toast with its View List link (WCAG 2.2.1)', () => {
  afterEach(() => vi.useRealTimers());

  /** Save the car by keyboard (the API answers yes); the button, which keeps focus. */
  async function saveByKeyboard(): Promise<HTMLButtonElement> {
    stubApi({ '/watchlist/save-car': [200, { success: true }] });
    mounted.render(<WatchlistButton apiBase="/api" car={car} sold={false} garagePath="/my-garage" />);
    const button = mounted.host.querySelector<HTMLButtonElement>('[data-testid="watchlist-button"]')!;
    button.focus();
    click(button);
    await settle();
    return button;
  }

  it('stays until it is closed, and Close gives focus back to where it came from', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const button = await saveByKeyboard();
    const toast = () => mounted.host.querySelector('[data-testid="watchlist-toast"]');
    expect(toast()?.textContent).toContain('Car Saved In Watchlist');
    await act(async () => void vi.advanceTimersByTime(60_000));
    expect(toast()?.querySelector('a[href="/my-garage"]')?.textContent).toBe('View List');
    const close = [...toast()!.querySelectorAll('button')].find((candidate) => candidate.textContent === 'Close')!;
    close.focus();
    click(close);
    expect(toast()).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('Escape closes it without moving focus', async () => {
    const button = await saveByKeyboard();
    expect(mounted.host.querySelector('[data-testid="watchlist-toast"]')).not.toBeNull();
    act(() => void button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(mounted.host.querySelector('[data-testid="watchlist-toast"]')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('a toast carried back from sign-in', () => {
  it("shows on a sold car's page whose car is no longer saved (no button, the toast still)", async () => {
    sessionStorage.clear();
    // The sign-in page removed the car (its toast showing) and carried the toast here.
    showToast(removedToast(car.name));
    carryToastTo(`/cars/${car.slug}`);
    watchlist.dismissToast();
    mounted.render(<WatchlistButton apiBase="/api" car={car} sold={true} garagePath="/my-garage" />);
    await settle();
    expect(mounted.host.querySelector('[data-testid="watchlist-button"]')).toBeNull();
    expect(mounted.host.querySelector('[data-testid="watchlist-toast"]')?.textContent).toContain('Car Removed');
    expect(sessionStorage.getItem(CARRIED_TOAST_KEY)).toBeNull();
  });
});
