/**
 * Test helpers for island component tests (happy-dom, with ./mount-root.ts):
 * type (a whole value, or key by key) and choose the way a browser does, submit the form, let
 * the island's API calls settle, drop focus off a control that becomes disabled as a browser
 * does, and answer the lead API from a table of paths. Import it only from tests.
 */
import { act } from 'react';
import { afterEach, vi } from 'vitest';
import { signOut } from '../../src/stores/session.ts';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Set a React-controlled control's value as a browser does (value, then input and change events). */
export function fill(control: Control, text: string): void {
  const prototype =
    control instanceof HTMLSelectElement
      ? HTMLSelectElement.prototype
      : control instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')!.set!;
  act(() => {
    setValue.call(control, text);
    control.dispatchEvent(new Event('input', { bubbles: true }));
    control.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/**
 * Type text key by key as a browser does: each character goes in at the caret (in place of a
 * selection), one input event per key with the caret after it, so a field that reformats what
 * is typed ('$30,000') does so between keys, as it does for a shopper.
 */
export function typeKeys(control: HTMLInputElement, text: string): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => control.focus());
  for (const key of text) {
    act(() => {
      const start = control.selectionStart ?? control.value.length;
      const end = control.selectionEnd ?? start;
      setValue.call(control, control.value.slice(0, start) + key + control.value.slice(end));
      control.setSelectionRange(start + key.length, start + key.length);
      control.dispatchEvent(new InputEvent('input', { bubbles: true, data: key, inputType: 'insertText' }));
    });
  }
}

/** Click an element (a radio, a checkbox, a button). */
export function click(element: Element): void {
  act(() => {
    (element as HTMLElement).click();
  });
}

/** Submit the form and wait for what the submit handler awaits. */
export async function submit(form: HTMLFormElement): Promise<void> {
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await settle();
}

/** Let pending promises (the stubbed API answers) and the renders they cause finish. */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/**
 * A browser moves focus off a focused control that becomes disabled, itself or by its
 * fieldset (to the body); happy-dom does not, so a test that checks where focus goes calls
 * this (happy-dom's blur() ignores a disabled control: enabled for it). Returns the stop.
 */
export function browserFocusFixup(): () => void {
  const observer = new MutationObserver(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement)) return;
    if (focused instanceof HTMLButtonElement && focused.disabled) {
      focused.disabled = false;
      focused.blur();
      focused.disabled = true;
    } else if (focused.closest('fieldset[disabled]')) focused.blur();
  });
  observer.observe(document.body, { attributes: true, subtree: true, attributeFilter: ['disabled'] });
  return () => observer.disconnect();
}

/** One stubbed request: its path (after /api) and its JSON body. */
export interface StubbedCall {
  path: string;
  body: unknown;
}

/**
 * Answer fetch from `routes` (path after the API base -> [status, JSON body]); any other path
 * is a 404. Returns the calls made, in order.
 */
export function stubApi(routes: Record<string, [number, unknown]>): StubbedCall[] {
  const calls: StubbedCall[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = String(url).replace(/^\/api/, '');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    calls.push({ path, body });
    const [status, answer] = routes[path] ?? [404, { message: 'not stubbed' }];
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/** A gated call's answer without a session (docs/lead-api.md "Gated families"): the island keeps its forms and sends the shopper to sign-in. */
export const SIGN_IN_401: [number, unknown] = [401, { success: false, error: 'Please sign in to continue.', sign_in: true }];
/** The shopper a form is kept for across sign-in, and another signing in on the same tab. */
export const SHOPPER_A = { user_id: 'user-a', phone: '0412345678' };
export const SHOPPER_B = { user_id: 'user-b', phone: '0412345679' };

/** For a describe of forms kept across sign-in: after each test, no spy, kept form, session or page path is left. */
export function forgetSignInAfterEach(): void {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
    signOut();
    window.history.replaceState(null, '', '/');
  });
}
