// @vitest-environment happy-dom
/**
 * /success's "What you sent us" list (the record completeLead leaves) reads as the form did: a
 * chosen option by the text the shopper saw (a car by its name, a location or dealership by its
 * name, a state as shown), a date or a time as a date, never the codes the lead carries; and only
 * the form's own labelled fields, not its hidden ones.
 */
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeCarChoices, formSiteConfig, type FormLocation } from '../../lib/forms/form-config.ts';
import { SiteSchema } from '../../schemas/site.ts';
import { HONEYPOT_FIELD } from '../../schemas/lead.ts';
import { $sentLead } from '../../stores/prefill.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { fill, settle, stubApi, submit } from '../../../tests/support/form-events.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';
import EnquiryForm from './EnquiryForm.tsx';
import FinanceForm from './FinanceForm.tsx';
import InstantOffer from './InstantOffer/InstantOffer.tsx';
import ServiceBookingForm, { type ServiceBookingFormProps } from './ServiceBookingForm/ServiceBookingForm.tsx';
import TestDriveForm from './TestDriveForm.tsx';

const mounted = mountRoot();
afterEach(() => {
  vi.unstubAllGlobals();
  $sentLead.set(null);
});

const config = formSiteConfig(
  v.parse(SiteSchema, {
    slug: 'sent-motors',
    template: 'used-group',
    name: 'Sent Motors',
    url: 'https://sent.example.com.au',
    phone: '+61 7 3555 0100',
    dealerships: [
      { id: 1, slug: 'sent-north', name: 'Sent Motors North' },
      { id: 2, slug: 'sent-south', name: 'Sent Motors South' },
    ],
  }),
);
const locations: FormLocation[] = [
  { id: '101', name: 'Brisbane North', slug: 'north', dealership_slug: 'sent-north', type: 'sales', phone: null },
  { id: '102', name: 'Gold Coast', slug: 'south', dealership_slug: 'sent-south', type: 'sales', phone: null },
];

/** Stay on the page when the form goes to /success. */
function stayOnPage(path: string) {
  const assign = vi.fn();
  const link = new URL(path, 'https://sent.example.com.au');
  vi.stubGlobal('location', { ...window.location, assign, pathname: link.pathname, search: link.search, href: link.href });
  return assign;
}

function field(form: HTMLFormElement, id: string) {
  return form.querySelector<HTMLInputElement>(`#${id.replace(/[^A-Za-z0-9_-]+/g, '-')}`)!;
}

function fillContact(form: HTMLFormElement, formId: string) {
  fill(field(form, `${formId}-name`), 'Jo');
  fill(field(form, `${formId}-email`), 'jo@example.com');
  fill(field(form, `${formId}-phone`), '0412345678');
  fill(field(form, `${formId}-postcode`), '4000');
}

/** The pairs /success lists, after the form went there. */
function sentList(assign: ReturnType<typeof vi.fn>, form: HTMLFormElement): [string, string][] {
  expect(assign, form.textContent ?? '').toHaveBeenCalledWith('/success');
  return $sentLead.get()?.sent ?? [];
}

const choices = encodeCarChoices([makeCar({ id: 501, slug: 'corolla-501', name: '2025 Toyota Corolla Ascent Sport', status: 'in_stock' })]);

async function bookTestDrive(availability: [number, unknown]) {
  const assign = stayOnPage('/book-test-drive/');
  stubApi({ '/sent-choices.json': [200, JSON.parse(choices)], '/test-drive/availability?car_id=501': availability, '/leads': [201, { lead_id: 'L1' }] });
  mounted.render(<TestDriveForm formId="book-test-drive" config={config} carChoicesUrl="/sent-choices.json" />);
  await settle();
  const form = mounted.host.querySelector('form')!;
  fill(field(form, 'book-test-drive-car_id'), '501');
  await settle();
  return { assign, form };
}

describe('What you sent us: a booked test drive', () => {
  it('lists the car by its name and the chosen slot as the slot list showed it, not its id or ISO time', async () => {
    const days = [{ date: '2026-12-24', slots: [{ start: '2026-12-24T16:30:00+10:00', label: '4:30pm' }] }];
    const { assign, form } = await bookTestDrive([200, { timezone: 'Australia/Brisbane', days }]);
    fill(field(form, 'book-test-drive-dateTime'), '2026-12-24T16:30:00+10:00');
    fillContact(form, 'book-test-drive');
    await submit(form);
    const sent = sentList(assign, form);
    expect(sent).toContainEqual(['Vehicle', '2025 Toyota Corolla Ascent Sport']);
    expect(sent).toContainEqual(['Test Drive Booking Date', 'Thursday 24 December 4:30pm']);
    expect(JSON.stringify(sent)).not.toMatch(/501|2026-12-24T/);
  });

  it('a time typed into the free date-time box (no slots offered) reads as a dealer-time text', async () => {
    const { assign, form } = await bookTestDrive([503, { message: 'down' }]);
    fill(field(form, 'book-test-drive-dateTime'), '2026-12-24T16:30');
    fillContact(form, 'book-test-drive');
    await submit(form);
    expect(sentList(assign, form)).toContainEqual(['Test Drive Booking Date', 'Thursday 24 December 2026, 4:30 pm']);
  });
});

describe('What you sent us: the enquiry, finance, service and sell-my-car forms', () => {
  it('contact-us: the location and dealership by their names', async () => {
    const assign = stayOnPage('/contact-us');
    stubApi({ '/leads': [201, { lead_id: 'L2' }] });
    mounted.render(<EnquiryForm formId="contact" config={config} locations={locations} showDealership commentsRequired={false} />);
    const form = mounted.host.querySelector('form')!;
    fillContact(form, 'contact');
    fill(field(form, 'contact-location'), 'north');
    fill(field(form, 'contact-dealership_slug'), 'sent-south');
    await submit(form);
    const sent = sentList(assign, form);
    expect(sent).toContainEqual(['Location', 'Brisbane North']);
    expect(sent).toContainEqual(['Dealership', 'Sent Motors South']);
  });

  it('finance: the preferred dealership by its name', async () => {
    const assign = stayOnPage('/finance');
    stubApi({ '/leads': [201, { lead_id: 'L3' }] });
    mounted.render(<FinanceForm config={config} variant="finance" dealershipSlugs={[]} />);
    await settle();
    const form = mounted.host.querySelector('form')!;
    fillContact(form, 'finance-form');
    fill(field(form, 'finance-form-preferredDealership'), 'sent-south');
    await submit(form);
    expect(sentList(assign, form)).toContainEqual(['Preferred Dealership', 'Sent Motors South']);
  });

  it('service: the service location by its name and the preferred date as a date', async () => {
    const assign = stayOnPage('/service');
    stubApi({ '/leads': [201, { lead_id: 'L4' }] });
    const props: ServiceBookingFormProps = {
      config,
      variant: 'standard',
      requirements: { intervalRequired: false, typeRequired: false },
      intervals: [],
      types: [],
      additionalServices: [],
      tyreQuote: false,
      locations,
    };
    mounted.render(<ServiceBookingForm {...props} />);
    const form = mounted.host.querySelector('form')!;
    fillContact(form, 'service-booking');
    await submit(form);
    fill(field(form, 'service-booking-Vehicle Make'), 'Mazda');
    fill(field(form, 'service-booking-Model'), 'CX-5');
    fill(field(form, 'service-booking-Year'), '2019');
    await submit(form);
    fill(field(form, 'service-booking-location'), 'south');
    fill(field(form, 'service-booking-Preferred Service Date'), '2026-12-24');
    await submit(form);
    const sent = sentList(assign, form);
    expect(sent).toContainEqual(['Service Location', 'Gold Coast']);
    expect(sent).toContainEqual(['Preferred Service Date', '24 December 2026']);
  });

  it('sell-my-car: the state as shown and the preferred location by its name; the hidden field is not listed', async () => {
    const assign = stayOnPage('/sell-my-car');
    stubApi({
      '/eval-expert/enter-vin': [200, [{ EvalID: 7, Year: 2019, Make: 'Mazda', Model: '3' }]],
      '/eval-expert/update-eval': [200, [{ EvalID: 7, Year: 2019, Make: 'Mazda', Model: '3', OfferPrice: 12000 }]],
      '/leads': [201, { success: true, lead_id: 'L5' }],
    });
    mounted.render(<InstantOffer config={{ ...config, instantOfferImages: false }} mode="instant-offer" locations={locations} />);
    const form = mounted.host.querySelector('form')!;
    const input = (name: string) => field(form, `instant-offer-${name}`);
    fill(input('rego'), 'MAZ019');
    fill(input('state'), 'nsw');
    await submit(form);
    for (const [name, value] of Object.entries({
      postcode: '4000',
      odometer: '50000',
      service_history: 'Full service history',
      number_of_keys: '2',
      car_condition: 'Good',
    }))
      fill(input(name), value);
    fill(input('comments'), 'One owner.');
    fill(input('First Name'), 'Jo');
    fill(input('Email Address'), 'jo@example.com');
    fill(input('Mobile Number'), '0412345678');
    fill(input('location_id'), '101');
    await submit(form);
    const sent = sentList(assign, form);
    expect(sent).toContainEqual(['State', 'NSW']);
    expect(sent).toContainEqual(['Preferred Location', 'Brisbane North']);
    expect(sent.map(([label]) => label)).not.toContain(HONEYPOT_FIELD);
    expect(sent.map(([label]) => label)).not.toContain('Leave this empty');
  });
});
