// @vitest-environment happy-dom
/**
 * The service booking's steps in the browser (issue 36 item 4): each step shows its own
 * fields, Next is refused with the step guard and the fields' messages while a step is
 * incomplete (what was typed stays), and a complete step moves on and is recorded under
 * one lead (form_completed false).
 */
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formSiteConfig } from '../../../lib/forms/form-config.ts';
import { FORM_MESSAGES } from '../../../schemas/forms/messages.ts';
import { STEP_GUARD_MESSAGE } from '../../../lib/forms/service-booking.ts';
import { SiteSchema } from '../../../schemas/site.ts';
import { mountRoot } from '../../../../tests/support/mount-root.ts';
import { click, fill, stubApi, submit } from '../../../../tests/support/form-events.ts';
import ServiceBookingForm, { type ServiceBookingFormProps } from './ServiceBookingForm.tsx';

const mounted = mountRoot();
afterEach(() => vi.unstubAllGlobals());

const config = formSiteConfig(
  v.parse(SiteSchema, {
    slug: 'service-motors',
    template: 'used-group',
    name: 'Service Motors',
    url: 'https://service.example.com.au',
    phone: '+61 7 3555 0100',
  }),
);
const base: ServiceBookingFormProps = {
  config,
  variant: 'standard',
  requirements: { intervalRequired: true, typeRequired: false },
  intervals: ['15,000 km', '30,000 km'],
  types: [],
  additionalServices: ['Wheel alignment'],
  tyreQuote: false,
  locations: [],
};

function show(props: Partial<ServiceBookingFormProps> = {}) {
  mounted.render(<ServiceBookingForm {...base} {...props} />);
  const form = mounted.host.querySelector('form')!;
  return {
    form,
    heading: () => form.querySelector('h3')!.textContent,
    field: (name: string) => form.querySelector<HTMLInputElement>(`#service-booking-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}`),
    alert: () => form.querySelector('[data-testid="error-warning"]')?.textContent ?? null,
  };
}

function fillContact(field: (name: string) => HTMLInputElement | null) {
  fill(field('name')!, 'Jo');
  fill(field('email')!, 'jo@example.com');
  fill(field('phone')!, '0412 345 678');
  fill(field('postcode')!, '4000');
}

/** Answer the contact and vehicle steps, each with Next: the form shows Order Details. */
async function toOrderStep(form: HTMLFormElement, field: (name: string) => HTMLInputElement | null) {
  fillContact(field);
  await submit(form);
  fill(field('Vehicle Make')!, 'Mazda');
  fill(field('Model')!, 'CX-5');
  fill(field('Year')!, '2019');
  await submit(form);
}

describe('ServiceBookingForm: Contact Details', () => {
  it('shows step 1 of 3 with the contact fields and Next, no Back', () => {
    const { form, heading, field } = show();
    expect(heading()).toBe('Step 1 of 3: Contact Details');
    expect(field('email')).not.toBeNull();
    expect(field('Vehicle Make')).toBeNull();
    expect([...form.querySelectorAll('.form__actions button')].map((button) => button.textContent)).toEqual(['Next']);
  });

  it('an incomplete step is refused with the guard and each field message; what was typed stays', async () => {
    const calls = stubApi({});
    const { form, heading, field, alert } = show();
    fill(field('name')!, 'Jo');
    fill(field('email')!, 'not-an-email');
    await submit(form);
    expect(alert()).toBe(STEP_GUARD_MESSAGE);
    expect(form.querySelector('#service-booking-email-error')!.textContent).toBe(FORM_MESSAGES.email);
    expect(form.querySelector('#service-booking-phone-error')!.textContent).toBe(FORM_MESSAGES.required);
    expect(field('name')!.value).toBe('Jo');
    expect(field('email')!.value).toBe('not-an-email');
    expect(heading()).toBe('Step 1 of 3: Contact Details');
    expect(calls).toEqual([]);
  });

  it('a complete step moves to Vehicle Details and is recorded as an incomplete lead', async () => {
    const calls = stubApi({ '/leads': [200, { lead_id: 'lead-1' }] });
    const { form, heading, field } = show();
    fillContact(field);
    await submit(form);
    expect(heading()).toBe('Step 2 of 3: Vehicle Details');
    expect(field('Vehicle Make')).not.toBeNull();
    expect(field('email')).toBeNull();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/leads');
    expect(calls[0]!.body).toMatchObject({ form_completed: false, custom_params: { lead_status: 'Incomplete', step: 'Contact Details' } });
  });
});

describe('ServiceBookingForm: Vehicle and Order Details', () => {
  it('the vehicle step needs make, model and year; Back returns to the contact details as typed', async () => {
    stubApi({ '/leads': [200, { lead_id: 'lead-2' }] });
    const { form, heading, field } = show();
    fillContact(field);
    await submit(form);
    fill(field('Vehicle Make')!, 'Mazda');
    fill(field('Year')!, '19x');
    await submit(form);
    expect(heading()).toBe('Step 2 of 3: Vehicle Details');
    expect(form.querySelector('#service-booking-Model-error')!.textContent).toBe(FORM_MESSAGES.required);
    expect(field('Vehicle Make')!.value).toBe('Mazda');
    expect(field('Year')!.value).toBe('19x');
    click([...form.querySelectorAll('button')].find((button) => button.textContent === 'Back')!);
    expect(heading()).toBe('Step 1 of 3: Contact Details');
    expect(field('name')!.value).toBe('Jo');
  });

  it('the order step asks for the required interval and offers the additional services, then Book Service', async () => {
    stubApi({ '/leads': [200, { lead_id: 'lead-3' }] });
    const { form, heading, field } = show();
    await toOrderStep(form, field);
    expect(heading()).toBe('Step 3 of 3: Order Details');
    expect(form.querySelector('button[type="submit"]')!.textContent).toBe('Book Service');
    expect(form.querySelector('#service-booking-Wheel-alignment-check_option-')).not.toBeNull();
    await submit(form);
    expect(form.querySelector('#service-booking-Service-Interval-error')!.textContent).toBe(FORM_MESSAGES.required);
    expect(heading()).toBe('Step 3 of 3: Order Details');
  });

  it('the minimal variant starts with Vehicle Details, rego first', () => {
    const { heading, form } = show({ variant: 'minimal' });
    expect(heading()).toBe('Step 1 of 3: Vehicle Details');
    const ids = [...form.querySelectorAll('input')].map((input) => input.id);
    expect(ids.indexOf('service-booking-Rego')).toBeLessThan(ids.indexOf('service-booking-Vehicle-Make'));
  });
});

describe('ServiceBookingForm: the marketing opt-in', () => {
  it('no step lead claims an opt-in: the box is on Order Details, and the last post sends what it shows', async () => {
    const calls = stubApi({ '/leads': [200, { lead_id: 'lead-5' }] });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/book-a-service', search: '', href: 'https://service.example.com.au/book-a-service' });
    const { form, field } = show();
    fillContact(field);
    await submit(form);
    expect(field('opt_in')).toBeNull();
    fill(field('Vehicle Make')!, 'Mazda');
    fill(field('Model')!, 'CX-5');
    fill(field('Year')!, '2019');
    await submit(form);
    expect(calls.map((call) => (call.body as Record<string, unknown>).opt_in)).toEqual([undefined, undefined]);
    expect(field('opt_in')!.checked).toBe(true);
    click(field('opt_in')!);
    fill(field('Service Interval') as unknown as HTMLInputElement, '15,000 km');
    await submit(form);
    expect(calls[2]!.body).toMatchObject({ form_completed: true, opt_in: false });
    expect(assign).toHaveBeenCalledWith('/success');
  });

  it('the minimal variant: neither step before Order Details claims one', async () => {
    const calls = stubApi({ '/leads': [200, { lead_id: 'lead-6' }] });
    const { form, field } = show({ variant: 'minimal' });
    fill(field('Vehicle Make')!, 'Mazda');
    fill(field('Model')!, 'CX-5');
    fill(field('Year')!, '2019');
    await submit(form);
    fillContact(field);
    await submit(form);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).not.toHaveProperty('opt_in');
  });
});

describe('ServiceBookingForm: Preferred Service Date', () => {
  afterEach(() => vi.useRealTimers());

  it("starts at the dealer's tomorrow, and a day before it is refused on the field, not sent", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-12-23T23:30:00Z')); // 24 December, 7:30am in Perth
    const perth = formSiteConfig(
      v.parse(SiteSchema, {
        slug: 'west-service',
        template: 'used-group',
        name: 'West Service',
        url: 'https://west.example.com.au',
        phone: '+61 8 9555 0100',
        timezone: 'Australia/Perth',
      }),
    );
    const calls = stubApi({ '/leads': [200, { lead_id: 'lead-7' }] });
    const { form, field } = show({ config: perth });
    await toOrderStep(form, field);
    expect(field('Preferred Service Date')!.min).toBe('2026-12-25');
    fill(field('Service Interval') as unknown as HTMLInputElement, '15,000 km');
    fill(field('Preferred Service Date')!, '2026-12-24');
    await submit(form);
    expect(form.querySelector('#service-booking-Preferred-Service-Date-error')!.textContent).toBe('Please choose a date from tomorrow onwards.');
    expect(calls.filter((call) => (call.body as Record<string, unknown>).form_completed === true)).toEqual([]);
  });
});

describe('ServiceBookingForm: the lead API refusing a field at the last step', () => {
  it('returns to the step holding that field and shows its message there, with what was typed', async () => {
    stubApi({ '/leads': [200, { lead_id: 'lead-4' }] });
    const { form, heading, field, alert } = show();
    await toOrderStep(form, field);
    fill(field('Service Interval') as unknown as HTMLInputElement, '15,000 km');
    stubApi({ '/leads': [422, { message: 'Please fix the following errors:', fields: { email: 'Please enter a valid email address.' } }] });
    await submit(form);
    expect(heading()).toBe('Step 1 of 3: Contact Details');
    expect(form.querySelector('#service-booking-email-error')!.textContent).toBe('Please enter a valid email address.');
    expect(alert()).toBe('Please fix the following errors:');
    expect(field('email')!.value).toBe('jo@example.com');
    expect(document.activeElement).toBe(field('email'));
  });
});

describe('ServiceBookingForm on a site that requires the terms of use', () => {
  const termsConfig = { ...config, termsRequired: true };

  it('the step posts go without the box; the last post carries it ticked (the post the lead API checks)', async () => {
    const calls = stubApi({ '/leads': [200, { lead_id: 'lead-5' }] });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/service', search: '', href: 'https://service.example.com.au/service' });
    const { form, field } = show({ config: termsConfig });
    await toOrderStep(form, field);
    fill(field('Service Interval') as unknown as HTMLInputElement, '15,000 km');
    click(field('terms_conditions')!);
    await submit(form);
    const sent = calls.map((call) => call.body as Record<string, unknown>);
    expect(sent.map((body) => [body.form_completed, body.terms_conditions])).toEqual([
      [false, false],
      [false, false],
      [true, true],
    ]);
    expect(assign).toHaveBeenCalledWith('/success');
  });

  it("the lead API's terms refusal stays on Order Details with the message at the box and what was typed", async () => {
    stubApi({ '/leads': [200, { lead_id: 'lead-6' }] });
    const { form, heading, field } = show({ config: termsConfig });
    await toOrderStep(form, field);
    fill(field('Service Interval') as unknown as HTMLInputElement, '15,000 km');
    click(field('terms_conditions')!);
    stubApi({ '/leads': [422, { message: 'Please fix the following errors:', fields: { terms_conditions: FORM_MESSAGES.terms } }] });
    await submit(form);
    expect(heading()).toBe('Step 3 of 3: Order Details');
    expect(form.querySelector('#service-booking-terms_conditions-error')!.textContent).toBe(FORM_MESSAGES.terms);
    expect((field('Service Interval') as unknown as HTMLSelectElement).value).toBe('15,000 km');
  });
});
