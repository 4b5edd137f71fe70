// @vitest-environment happy-dom
/**
 * /sign-in by keyboard (WCAG 2.4.3, 4.1.3): Enter in Mobile Number replaces that field with
 * the code box, so focus goes to the code box (not to the page), and the 'We sent a code'
 * status is a live region that was there before its words came, so it is read; 'Use another
 * number' brings focus back to the mobile field.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from '../../stores/session.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click, fill, stubApi, submit } from '../../../tests/support/form-events.ts';
import SignInForm from './SignInForm.tsx';

const mounted = mountRoot();

beforeEach(() => {
  signOut();
  window.history.replaceState(null, '', '/sign-in?type=watchlist&redirect=/my-garage');
  stubApi({ '/auth/request-code': [200, { success: true }] });
});
afterEach(() => vi.unstubAllGlobals());

describe('SignInForm by keyboard', () => {
  it('Enter in Mobile Number: focus goes to the code box and the status, there from the start, says where the code went', async () => {
    mounted.render(<SignInForm apiBase="/api" brand="Test Motors" garageKept />);
    const form = mounted.host.querySelector('form')!;
    const status = form.querySelector('[role="status"]');
    expect(status?.textContent).toBe('');
    const phone = form.querySelector<HTMLInputElement>('input[name="phone"]')!;
    fill(phone, '0412 345 678');
    phone.focus();
    await submit(form);
    const code = form.querySelector<HTMLInputElement>('input[name="code"]')!;
    expect(code).not.toBeNull();
    expect(document.activeElement).toBe(code);
    expect(form.querySelector('[role="status"]')).toBe(status);
    expect(status!.textContent).toBe('We sent a 6-digit code to 0412345678.');
  });

  it("'Use another number' brings focus back to Mobile Number", async () => {
    mounted.render(<SignInForm apiBase="/api" brand="Test Motors" garageKept />);
    const form = mounted.host.querySelector('form')!;
    fill(form.querySelector<HTMLInputElement>('input[name="phone"]')!, '0412 345 678');
    await submit(form);
    const other = [...form.querySelectorAll('button')].find((button) => button.textContent === 'Use another number')!;
    other.focus();
    click(other);
    expect(document.activeElement).toBe(form.querySelector('input[name="phone"]'));
    expect(form.querySelector('[role="status"]')!.textContent).toBe('');
  });
});

describe('SignInForm: a server failure', () => {
  const GENERIC = 'An error occurred when submitting this form';
  const alertText = () => mounted.host.querySelector('[role="alert"]')?.textContent ?? '';

  it("shows the spec's generic failure, not the API's 5xx text, when the code is asked for", async () => {
    stubApi({ '/auth/request-code': [500, { success: false, error: 'An unexpected error occured' }] });
    mounted.render(<SignInForm apiBase="/api" brand="Test Motors" garageKept />);
    const form = mounted.host.querySelector('form')!;
    fill(form.querySelector<HTMLInputElement>('input[name="phone"]')!, '0412 345 678');
    await submit(form);
    expect(alertText()).toContain(GENERIC);
    expect(alertText()).not.toContain('unexpected');
  });

  it("shows the spec's generic failure on a 5xx from the code check, and keeps a 4xx's own message", async () => {
    mounted.render(<SignInForm apiBase="/api" brand="Test Motors" garageKept />);
    const form = mounted.host.querySelector('form')!;
    fill(form.querySelector<HTMLInputElement>('input[name="phone"]')!, '0412 345 678');
    await submit(form);
    stubApi({ '/auth/verify': [503, { success: false, error: 'An unexpected error occured' }] });
    fill(form.querySelector<HTMLInputElement>('input[name="code"]')!, '123456');
    await submit(form);
    expect(alertText()).toContain(GENERIC);
    expect(alertText()).not.toContain('unexpected');
    stubApi({ '/auth/verify': [400, { success: false, error: 'That code has expired. Ask for a new one.' }] });
    await submit(form);
    expect(alertText()).toContain('That code has expired. Ask for a new one.');
  });
});
