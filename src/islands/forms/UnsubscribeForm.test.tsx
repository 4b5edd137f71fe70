// @vitest-environment happy-dom
/** /pages/unsubscribe: a server failure shows the spec §8 generic failure; a 4xx keeps the API's own message. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { fill, stubApi, submit } from '../../../tests/support/form-events.ts';
import UnsubscribeForm from './UnsubscribeForm.tsx';

const mounted = mountRoot();
const alertText = () => mounted.host.querySelector('[role="alert"]')?.textContent ?? '';

beforeEach(() => window.history.replaceState(null, '', '/pages/unsubscribe'));
afterEach(() => vi.unstubAllGlobals());

describe('UnsubscribeForm', () => {
  it.each([[500], [502]])("on a %i shows 'An error occurred when submitting this form', not the API's text", async (status) => {
    stubApi({ '/unsubscribe': [status, { success: false, error: 'An unexpected error occured' }] });
    mounted.render(<UnsubscribeForm apiBase="/api" brand="Test Motors" />);
    const form = mounted.host.querySelector('form')!;
    fill(form.querySelector<HTMLInputElement>('input[name="email"]')!, 'sam@example.com');
    await submit(form);
    expect(alertText()).toContain('An error occurred when submitting this form');
    expect(alertText()).not.toContain('unexpected');
  });

  it("keeps a 4xx's own message", async () => {
    stubApi({ '/unsubscribe': [429, { success: false, error: 'Too many requests. Please try again in a minute.' }] });
    mounted.render(<UnsubscribeForm apiBase="/api" brand="Test Motors" />);
    const form = mounted.host.querySelector('form')!;
    fill(form.querySelector<HTMLInputElement>('input[name="email"]')!, 'sam@example.com');
    await submit(form);
    expect(alertText()).toContain('Too many requests. Please try again in a minute.');
  });
});
