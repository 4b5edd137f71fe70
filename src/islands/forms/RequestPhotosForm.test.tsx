// @vitest-environment happy-dom
/**
 * Request Photos in the browser on a site that requires the terms of use
 * (features.terms_required): the Terms box it draws must be ticked before the lead is sent.
 */
import { act } from 'react';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formSiteConfig } from '../../lib/forms/form-config.ts';
import { FORM_MESSAGES, LEAD_MESSAGES } from '../../schemas/forms/messages.ts';
import { SiteSchema } from '../../schemas/site.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { browserFocusFixup, click, fill, settle, stubApi, submit } from '../../../tests/support/form-events.ts';
import RequestPhotosForm from './RequestPhotosForm.tsx';

const mounted = mountRoot();
afterEach(() => vi.unstubAllGlobals());

const config = formSiteConfig(
  v.parse(SiteSchema, {
    slug: 'photo-motors',
    template: 'used-group',
    name: 'Photo Motors',
    url: 'https://photos.example.com.au',
    phone: '+61 7 3555 0100',
    features: { terms_required: true },
  }),
);
const car = { id: 42, slug: '2019-mazda-3-42', name: '2019 Mazda 3', make: 'Mazda', model: '3' };

function showFilled() {
  mounted.render(<RequestPhotosForm config={config} car={car} />);
  const form = mounted.host.querySelector('form')!;
  const field = (name: string) => form.querySelector<HTMLInputElement>(`#request-photos-${name}`)!;
  fill(field('name'), 'Jo');
  fill(field('email'), 'jo@example.com');
  fill(field('phone'), '0412 345 678');
  fill(field('postcode'), '4000');
  return { form, field };
}

describe('RequestPhotosForm on a site that requires the terms of use', () => {
  it('an unticked Terms box is refused at the box and nothing is sent', async () => {
    const calls = stubApi({ '/leads': [200, { lead_id: 'lead-1' }] });
    const { form, field } = showFilled();
    expect(field('terms_conditions').checked).toBe(false);
    await submit(form);
    expect(calls).toEqual([]);
    expect(form.querySelector('#request-photos-terms_conditions-error')?.textContent).toBe(FORM_MESSAGES.terms);
  });

  it('a ticked Terms box sends the lead with terms_conditions true', async () => {
    const calls = stubApi({ '/leads': [200, { lead_id: 'lead-2' }] });
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      assign,
      pathname: '/cars/2019-mazda-3-42',
      search: '',
      href: 'https://photos.example.com.au/cars/2019-mazda-3-42',
    });
    const { form, field } = showFilled();
    click(field('terms_conditions'));
    await submit(form);
    expect(calls.map((call) => call.path)).toEqual(['/leads']);
    expect(calls[0]!.body).toMatchObject({ category: 'Request Photos', terms_conditions: true });
    expect(assign).toHaveBeenCalledWith('/success');
  });
});

describe('RequestPhotosForm: the lead API refusing a field', () => {
  it('shows the field message beside the field as well as the message above the form', async () => {
    stubApi({ '/leads': [422, { message: 'Please fix the following errors:', fields: { phone: 'Please enter a valid Australian phone number.' } }] });
    const { form, field } = showFilled();
    click(field('terms_conditions'));
    await submit(form);
    expect(form.querySelector('[data-testid="error-warning"]')?.textContent).toBe('Please fix the following errors:');
    expect(form.querySelector('#request-photos-phone-error')?.textContent).toBe('Please enter a valid Australian phone number.');
    expect(field('phone').value).toBe('0412 345 678');
  });
});

describe('RequestPhotosForm: keyboard focus through a server failure', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the submit button keeps focus while sending and after a 500, and a second press while sending sends nothing', async () => {
    const posts: unknown[] = [];
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      posts.push(init.body);
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    const stopFixup = browserFocusFixup();
    try {
      const { form, field } = showFilled();
      click(field('terms_conditions'));
      const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
      button.focus();
      const press = () => act(async () => void form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
      await press();
      expect(button.textContent).toBe('Sending…');
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(document.activeElement).toBe(button);
      await press();
      expect(posts).toHaveLength(1);
      await act(async () => answer(new Response('{"success":false,"error":"boom"}', { status: 500, headers: { 'content-type': 'application/json' } })));
      await settle();
      expect(form.querySelector('[data-testid="error-warning"]')?.textContent).toBe(LEAD_MESSAGES.unexpected);
      expect(document.activeElement).toBe(button);
    } finally {
      stopFixup();
    }
  });
});
