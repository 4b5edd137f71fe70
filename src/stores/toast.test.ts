// @vitest-environment happy-dom
/**
 * The page's one toast (spec §9 "Toast limit 1") and the toast the sign-in page carries to the
 * page it goes back to (taken once, by that page only).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { removedToast, savedToast } from './watchlist.ts';
import { $pageToast, CARRIED_TOAST_KEY, carryToastTo, closeToast, PAGE_TOAST_EVENT, showToast, takeCarriedToast } from './toast.ts';

beforeEach(() => {
  closeToast();
  sessionStorage.clear();
});

describe('the page toast', () => {
  it('a new toast replaces the one showing; a close for a toast no longer showing closes nothing', () => {
    const removed = removedToast('2019 Mazda 3');
    showToast(removed);
    const saved = savedToast('2019 Mazda 3');
    showToast(saved);
    expect($pageToast.get()).toBe(saved);
    closeToast(removed);
    expect($pageToast.get()).toBe(saved);
    closeToast(saved);
    expect($pageToast.get()).toBeNull();
  });

  it("announces each toast it shows by the window event, as the watchlist's; another owner's toast (the share row's copy toast) closes it", () => {
    const owners: unknown[] = [];
    const note = (event: Event) => owners.push((event as CustomEvent<unknown>).detail);
    window.addEventListener(PAGE_TOAST_EVENT, note);
    showToast(savedToast('2019 Mazda 3'));
    window.dispatchEvent(new CustomEvent(PAGE_TOAST_EVENT, { detail: 'copy' }));
    window.removeEventListener(PAGE_TOAST_EVENT, note);
    expect(owners).toEqual(['watchlist', 'copy']);
    expect($pageToast.get()).toBeNull();
  });
});

describe('a toast carried to the next page', () => {
  it('is taken once by the page it was carried to, with or without its trailing slash or query', () => {
    showToast(savedToast('2019 Mazda 3'));
    carryToastTo('/cars/2019-mazda-3-42?from=sign-in');
    expect(takeCarriedToast('/cars/2019-mazda-3-42/')).toEqual(savedToast('2019 Mazda 3'));
    expect(takeCarriedToast('/cars/2019-mazda-3-42/')).toBeNull();
  });

  it('is dropped by another page', () => {
    showToast(savedToast('2019 Mazda 3'));
    carryToastTo('/cars/2019-mazda-3-42');
    expect(takeCarriedToast('/my-garage')).toBeNull();
    expect(sessionStorage.getItem(CARRIED_TOAST_KEY)).toBeNull();
  });

  it('carries nothing when no watchlist toast shows (a copy toast stays on its page)', () => {
    carryToastTo('/cars/2019-mazda-3-42');
    showToast(savedToast('2019 Mazda 3'));
    window.dispatchEvent(new CustomEvent(PAGE_TOAST_EVENT, { detail: 'copy' }));
    carryToastTo('/cars/2019-mazda-3-42');
    expect(sessionStorage.getItem(CARRIED_TOAST_KEY)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    sessionStorage.setItem(CARRIED_TOAST_KEY, '{"path":"/cars/x","toast":{"kind":"saved","title":1}}');
    expect(takeCarriedToast('/cars/x')).toBeNull();
    sessionStorage.setItem(CARRIED_TOAST_KEY, 'not json');
    expect(takeCarriedToast('/cars/x')).toBeNull();
  });
});
