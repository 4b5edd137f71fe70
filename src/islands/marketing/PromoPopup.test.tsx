// @vitest-environment happy-dom
/**
 * The promo popup opens when it hydrates, but not over a shopper typing: with focus in a form
 * field (the home page's hero search box) it waits until focus has left the fields, so it
 * never takes the keys meant for the box (a typed letter lost, Space pressing Close).
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import PromoPopup, { POPUP_DISMISSED_KEY } from './PromoPopup.tsx';

const mounted = mountRoot();
const settle = () => act(async () => void vi.advanceTimersByTime(10));
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

  it('waits while focus is in a form field, also when it moves to another field, and opens once it left them', async () => {
    const search = field('input');
    search.focus();
    render();
    await settle();
    expect(popup()).toBeNull();
    expect(document.activeElement).toBe(search);
    // From the box to another field: still typing.
    act(() => field('textarea').focus());
    await settle();
    expect(popup()).toBeNull();
    // Out of the fields (to a button): the popup opens.
    act(() => field('button').focus());
    await settle();
    expect(popup()?.open).toBe(true);
    expect(popup()!.contains(document.activeElement)).toBe(true);
  });

  it('stays closed for the visit once closed', async () => {
    sessionStorage.setItem(POPUP_DISMISSED_KEY, '1');
    render();
    await settle();
    expect(popup()).toBeNull();
  });
});
