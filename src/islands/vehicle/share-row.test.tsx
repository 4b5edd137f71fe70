// @vitest-environment happy-dom
/**
 * The share row's copy toast and the watchlist toast on one car page (spec §9 "Toast limit 1",
 * §8 toasts): a new toast replaces the one showing, whichever made it, and the copy toast never
 * removes what the watchlist island (React) rendered.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../stores/session.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click, settle, stubApi } from '../../../tests/support/form-events.ts';
import WatchlistButton from '../forms/WatchlistButton.tsx';
import { watchlist } from '../forms/watchlist-client.ts';
import { wireShareRows } from './share-row.ts';

const mounted = mountRoot();
const car = { id: '42', name: '2019 Mazda 3', slug: '2019-mazda-3-42' };
const copyText = `Copied ${car.name} to your clipboard!`;
let row: HTMLElement;

beforeEach(() => {
  window.history.replaceState(null, '', `/cars/${car.slug}`);
  signIn({ user_id: 'u-1', phone: '0412345678', expires_at: Date.now() + 86_400_000 });
  watchlist.replaceWatchlist([]);
  watchlist.dismissToast();
  vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
  // The row as ShareRow.astro renders it (its copy button only).
  row = document.createElement('ul');
  row.setAttribute('data-share', '');
  row.dataset.name = car.name;
  row.innerHTML = `<li><button type="button" data-copy-link data-url="https://demo.example.com/cars/${car.slug}">Copy link</button></li>`;
  document.body.append(row);
  wireShareRows(row.parentNode!);
});
afterEach(async () => {
  await act(async () => watchlist.dismissToast());
  row.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const copyButton = () => row.querySelector<HTMLButtonElement>('[data-copy-link]')!;
const watchButton = () => mounted.host.querySelector<HTMLButtonElement>('[data-testid="watchlist-button"]');
const watchToast = () => mounted.host.querySelector('[data-testid="watchlist-toast"]');
const toasts = () => [...document.querySelectorAll('.toast')].map((toast) => toast.textContent);

async function copyLink(): Promise<void> {
  click(copyButton());
  await settle();
}

describe('Copy link', () => {
  it("shows 'Copied' for 1.5 s and the copy toast for about 3 s", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await copyLink();
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(`https://demo.example.com/cars/${car.slug}`);
    expect(copyButton().textContent).toBe('Copied');
    expect(toasts()).toEqual([copyText]);
    expect(document.querySelector('.toast')?.getAttribute('role')).toBe('status');
    await act(async () => void vi.advanceTimersByTime(1500));
    expect(copyButton().textContent).toBe('Copy link');
    expect(toasts()).toEqual([copyText]);
    await act(async () => void vi.advanceTimersByTime(1500));
    expect(toasts()).toEqual([]);
  });

  it("a second click restarts the 1.5 s: 'Copied' stays until 1.5 s after the last click", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await copyLink();
    await act(async () => void vi.advanceTimersByTime(1000));
    await copyLink();
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(copyButton().textContent).toBe('Copied');
    await act(async () => void vi.advanceTimersByTime(500));
    expect(copyButton().textContent).toBe('Copy link');
  });
});

describe('share windows', () => {
  it('open at 550x400 without a handle on this page (opener cleared), polled until closed', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const popup = { opener: window as unknown, closed: false };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const clearInterval = vi.spyOn(window, 'clearInterval');
    const list = document.createElement('ul');
    list.setAttribute('data-share', '');
    list.innerHTML =
      '<li><a href="https://www.facebook.com/sharer/sharer.php?u=x" target="_blank" rel="noopener noreferrer" data-share-window>Facebook</a></li>';
    const host = document.createElement('div');
    host.append(list);
    document.body.append(host);
    wireShareRows(host);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    list.querySelector('a')!.dispatchEvent(event);
    host.remove();
    expect(open).toHaveBeenCalledWith('https://www.facebook.com/sharer/sharer.php?u=x', 'share', expect.stringContaining('width=550,height=400'));
    expect(popup.opener).toBeNull();
    expect(event.defaultPrevented).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(clearInterval).not.toHaveBeenCalled();
    popup.closed = true;
    vi.advanceTimersByTime(1000);
    expect(clearInterval).toHaveBeenCalled();
  });
});

describe('one toast on the page (spec §9 toast limit 1)', () => {
  it('save, Copy link, press the watchlist button again, Escape: each toast replaces the last and the button stays', async () => {
    stubApi({ '/watchlist/save-car': [200, { success: true }], '/watchlist/remove-car': [200, { success: true }] });
    mounted.render(<WatchlistButton apiBase="/api" car={car} sold={false} garagePath="/my-garage" />);
    await settle();
    click(watchButton()!);
    await settle();
    expect(watchToast()?.textContent).toContain('Car Saved In Watchlist');

    await copyLink();
    expect(watchToast()).toBeNull();
    expect(toasts()).toEqual([copyText]);

    click(watchButton()!);
    await settle();
    expect(watchToast()?.textContent).toContain('Car Removed');
    expect(toasts()).toHaveLength(1);

    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(watchToast()).toBeNull();
    expect(toasts()).toEqual([]);
    expect(watchButton()?.textContent).toContain('Save to Watchlist');
  });

  it("the copy toast's time does not close the watchlist toast that replaced it", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    stubApi({ '/watchlist/save-car': [200, { success: true }] });
    mounted.render(<WatchlistButton apiBase="/api" car={car} sold={false} garagePath="/my-garage" />);
    await settle();
    await copyLink();
    click(watchButton()!);
    await settle();
    expect(toasts()).toHaveLength(1);
    await act(async () => void vi.advanceTimersByTime(5000));
    expect(watchToast()?.textContent).toContain('Car Saved In Watchlist');
    expect(toasts()).toHaveLength(1);
  });
});
