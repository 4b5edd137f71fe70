// @vitest-environment happy-dom
/**
 * A form whose Idempotency-Key names a lead another shopper started (the lead API's 409 with
 * `key_taken: true`: docs/lead-api.md "Idempotency keys") takes a new key, keeping what was typed:
 * its next Send is a new first post, not the same 409 until the page is reloaded. Any other failure
 * keeps the key, so a retry after a lost answer is still answered with the same lead.
 */
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formSiteConfig } from '../../lib/forms/form-config.ts';
import { SiteSchema } from '../../schemas/site.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { fill, submit } from '../../../tests/support/form-events.ts';
import EnquiryForm from './EnquiryForm.tsx';

const mounted = mountRoot();
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const config = formSiteConfig(
  v.parse(SiteSchema, { slug: 'key-motors', template: 'used-group', name: 'Key Motors', url: 'https://key.example.com.au', phone: '+61 7 3555 0100' }),
);
const KEY_TAKEN = 'This form was sent for another enquiry. Please start again.';

/** Answer each POST /leads with the next of `answers` ([status, body]); the Idempotency-Key of each post, in order. */
function answerLeads(answers: [number, unknown][]): string[] {
  const keys: string[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
    keys.push((init.headers as Record<string, string>)['idempotency-key']!);
    const [status, body] = answers[keys.length - 1]!;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return keys;
}

/** The contact enquiry form on /contact-us, filled in; the form and its /success navigation. */
function contactForm() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign, pathname: '/contact-us', search: '', href: 'https://key.example.com.au/contact-us' });
  mounted.render(<EnquiryForm formId="contact" config={config} locations={[]} commentsRequired={false} />);
  const form = mounted.host.querySelector('form')!;
  const field = (name: string) => form.querySelector<HTMLInputElement>(`#contact-${name}`)!;
  fill(field('name'), 'Jo');
  fill(field('email'), 'jo@example.com');
  fill(field('phone'), '0412345678');
  fill(field('postcode'), '4000');
  return { form, field, assign };
}

describe("a Send answered 409 key taken (the form's key names another shopper's lead)", () => {
  it('shows the message, keeps what was typed, and the next Send posts under a new key and goes through', async () => {
    const keys = answerLeads([
      [409, { success: false, error: KEY_TAKEN, key_taken: true }],
      [201, { success: true, lead_id: 'L2' }],
    ]);
    const { form, field, assign } = contactForm();
    await submit(form);
    expect(form.textContent).toContain(KEY_TAKEN);
    expect(field('name').value).toBe('Jo');
    expect(assign).not.toHaveBeenCalled();
    await submit(form);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect(assign).toHaveBeenCalledWith('/success');
  });
});

describe('any other failed Send', () => {
  it('keeps the key: the next Send is the same submission again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const keys = answerLeads([
      [500, { success: false, error: 'An unexpected error occured' }],
      [409, { success: false, error: 'Something else was refused.' }],
      [201, { success: true, lead_id: 'L1' }],
    ]);
    const { form, assign } = contactForm();
    await submit(form);
    await submit(form);
    await submit(form);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(assign).toHaveBeenCalledWith('/success');
  });
});
