// @vitest-environment happy-dom
/**
 * The promo popup opens when it hydrates, but not over a shopper typing: with focus in a form
 * field (the home page's hero search box) it waits for a quiet moment with no field focused, so
 * it never takes the keys meant for the box (a typed letter lost, Space pressing Close) nor the
 * click or key on Search that follows leaving the box.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import PromoPopup, { POPUP_DISMISSED_KEY, POPUP_QUIET_MS } from './PromoPopup.tsx';

const mounted = mountRoot();
const settle = (ms = 10) => act(async () => void vi.advanceTimersByTime(ms));
let fields: HTMLElement[] = [];

function field(tag: 'input' | 'textarea' | 'button'): HTMLElement {
  const element = document.createElement(tag);
  document.body.append(element);
  fields.push(element);
  return element;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  sessionStorage.removeItem(POPUP_DISMISSED_KEY);
});
afterEach(() => {
  vi.useRealTimers();
  for (const element of fields) element.remove();
  fields = [];
});

const popup = () => mounted.host.querySelector('dialog.promo-popup') as HTMLDialogElement | null;
const render = () => mounted.render(<PromoPopup title="Stocktake Sale" timeZone="Australia/Brisbane" />);

describe('PromoPopup', () => {
  it('opens at once and takes focus when nobody is typing', async () => {
    field('button').focus();
    render();
    await settle();
    expect(popup()?.open).toBe(true);
    expect(popup()!.contains(document.activeElement)).toBe(true);
  });

  it('waits while focus is in a form field, also when it moves to another field, and opens after a quiet moment out of them', async () => {
    const search = field('input');
    search.focus();
    render();
    await settle(POPUP_QUIET_MS * 2);
    expect(popup()).toBeNull();
    expect(document.activeElement).toBe(search);
    // From the box to another field: still typing.
    act(() => field('textarea').focus());
    await settle(POPUP_QUIET_MS * 2);
    expect(popup()).toBeNull();
    // Out of the fields (to a button): the popup opens once the shopper has done nothing for a while.
    act(() => field('button').focus());
    await settle(POPUP_QUIET_MS - 100);
    expect(popup()).toBeNull();
    await settle(200);
    expect(popup()?.open).toBe(true);
    expect(popup()!.contains(document.activeElement)).toBe(true);
  });

  it('takes no click on Search right after the shopper leaves the box (mouse or Tab), and opens later', async () => {
    const form = document.createElement('form');
    const box = document.createElement('input');
    const search = document.createElement('button');
    search.type = 'submit';
    form.append(box, search);
    document.body.append(form);
    fields.push(form);
    let submitted = 0;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted += 1;
    });
    box.focus();
    render();
    await settle();
    // A mouse press on Search: focus moves at mousedown, the click follows at mouseup.
    act(() => {
      search.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      search.focus();
    });
    await settle(150);
    expect(popup()).toBeNull();
    act(() => search.click());
    expect(submitted).toBe(1);
    // Back in the box, then Tab to Search and Enter.
    act(() => box.focus());
    act(() => {
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
      search.focus();
    });
    await settle(POPUP_QUIET_MS / 2);
    act(() => search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    await settle(POPUP_QUIET_MS / 2);
    expect(popup()).toBeNull();
    act(() => search.click());
    expect(submitted).toBe(2);
    expect(document.activeElement).toBe(search);
    // The shopper then does nothing: the popup opens.
    await settle(POPUP_QUIET_MS);
    expect(popup()?.open).toBe(true);
  });

  it('never opens while a field is focused, however long the shopper idles there', async () => {
    const box = field('input');
    box.focus();
    render();
    act(() => field('button').focus());
    act(() => box.focus());
    await settle(POPUP_QUIET_MS * 5);
    expect(popup()).toBeNull();
    // Leaving it starts the quiet moment again.
    act(() => box.blur());
    await settle(POPUP_QUIET_MS);
    expect(popup()?.open).toBe(true);
  });

  it('clears its timer and listeners when unmounted while it waits: nothing opens, activity after starts no timer', async () => {
    field('input').focus();
    render();
    act(() => field('button').focus());
    expect(vi.getTimerCount()).toBe(1);
    mounted.reset();
    expect(vi.getTimerCount()).toBe(0);
    act(() => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true })));
    expect(vi.getTimerCount()).toBe(0);
    await settle(POPUP_QUIET_MS * 2);
    expect(popup()).toBeNull();
  });

  it('does not open after its wait when the shopper closed it meanwhile elsewhere in the visit (another page, back from the cache)', async () => {
    const box = field('input');
    box.focus();
    render();
    sessionStorage.setItem(POPUP_DISMISSED_KEY, '1');
    act(() => box.blur());
    await settle(POPUP_QUIET_MS * 2);
    expect(popup()).toBeNull();
  });

  it('does not open after its wait once its expiry has passed', async () => {
    const box = field('input');
    box.focus();
    const expiry = '2026-12-24T00:00:00+10:00';
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.parse(expiry) - 60_000);
    try {
      mounted.render(<PromoPopup title="Stocktake Sale" timeZone="Australia/Brisbane" expiry={expiry} />);
      clock.mockReturnValue(Date.parse(expiry));
      act(() => box.blur());
      await settle(POPUP_QUIET_MS * 2);
      expect(popup()).toBeNull();
    } finally {
      clock.mockRestore();
    }
  });

  it('closes with its Close button and stays closed when the next page of the visit mounts it', async () => {
    render();
    await settle();
    act(() => (popup()!.querySelector('button[aria-label="Close"]') as HTMLButtonElement).click());
    expect(popup()).toBeNull();
    expect(sessionStorage.getItem(POPUP_DISMISSED_KEY)).toBe('1');
    mounted.reset();
    render();
    await settle(POPUP_QUIET_MS);
    expect(popup()).toBeNull();
  });

  it('stays closed for the visit once closed', async () => {
    sessionStorage.setItem(POPUP_DISMISSED_KEY, '1');
    render();
    await settle();
    expect(popup()).toBeNull();
  });
});
