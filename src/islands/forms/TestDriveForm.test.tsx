// @vitest-environment happy-dom
/**
 * /book-test-drive/ offers the cars the vehicle page offers a test drive for (the test-drive
 * rule of src/lib/vehicle/vehicle-actions.ts: in stock, or tagged Test Drive Only), not every
 * available car of the site's car choices: a coming-soon car is not on the lot to be driven.
 */
import * as v from 'valibot';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeCarChoices, formSiteConfig, leadCar } from '../../lib/forms/form-config.ts';
import { testDriveDates } from '../../lib/forms/test-drive-booking.ts';
import { SiteSchema } from '../../schemas/site.ts';
import { $sentLead } from '../../stores/prefill.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click, fill, settle, stubApi, submit } from '../../../tests/support/form-events.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';
import { ANSWER_WAIT_MS } from '../ui/bounded-wait.ts';
import TestDriveForm from './TestDriveForm.tsx';

const mounted = mountRoot();
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  $sentLead.set(null);
  window.history.replaceState(null, '', '/');
});

const config = formSiteConfig(
  v.parse(SiteSchema, { slug: 'drive-motors', template: 'used-group', name: 'Drive Motors', url: 'https://drive.example.com.au', phone: '+61 7 3555 0100' }),
);
const choices = encodeCarChoices([
  makeCar({ id: 1, slug: 'on-the-lot', name: 'On the lot', status: 'in_stock' }),
  makeCar({ id: 2, slug: 'coming', name: 'Coming soon', status: 'coming_soon' }),
  makeCar({ id: 3, slug: 'coming-demo', name: 'Coming demonstrator', status: 'coming_soon', tag: 'Test Drive Only' }),
]);

async function show(path: string, url: string) {
  window.history.replaceState(null, '', path);
  stubApi({ [url]: [200, JSON.parse(choices)] });
  mounted.render(<TestDriveForm formId="book-test-drive" config={config} carChoicesUrl={url} />);
  await settle();
  return mounted.host.querySelector<HTMLSelectElement>('#book-test-drive-car_id')!;
}

describe('TestDriveForm on /book-test-drive/', () => {
  it('offers in-stock and Test Drive Only cars, not a coming-soon car', async () => {
    const select = await show('/book-test-drive/', '/drive-choices.json');
    expect([...select.options].filter((option) => option.value).map((option) => option.textContent)).toEqual(['On the lot', 'Coming demonstrator']);
  });

  it('does not preselect a coming-soon car named by ?car_id=', async () => {
    const select = await show('/book-test-drive/?car_id=2', '/drive-choices-linked.json');
    expect(select.value).toBe('');
  });
});

describe('TestDriveForm booking days', () => {
  it('names each day of the availability call by its weekday and date (formatWeekdayDay), the calendar day the server gives', async () => {
    const car = makeCar({ id: 7, slug: 'booked', name: 'Booked', status: 'in_stock' });
    const days = [{ date: '2026-12-24', slots: [{ start: '2026-12-24T16:30:00+10:00', label: '4:30pm' }] }];
    stubApi({ '/test-drive/availability?car_id=7': [200, { timezone: 'Australia/Brisbane', days }] });
    mounted.render(<TestDriveForm formId="slots" config={config} car={car as never} />);
    await settle();
    const select = mounted.host.querySelector<HTMLSelectElement>('#slots-dateTime')!;
    expect(select.querySelector('optgroup')?.label).toBe('Thursday 24 December');
    expect([...select.options].map((option) => option.textContent)).toEqual(['Choose a day and time', 'Thursday 24 December 4:30pm']);
  });
});

describe('TestDriveForm when the car choices cannot be loaded', () => {
  it('says so beside the Vehicle list with a Try again button that loads the list, then moves focus to it', async () => {
    window.history.replaceState(null, '', '/book-test-drive/?car_id=1');
    stubApi({ '/failing-choices.json': [503, { message: 'busy' }] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mounted.render(<TestDriveForm formId="book-test-drive" config={config} carChoicesUrl="/failing-choices.json" />);
    await settle();
    const alert = mounted.host.querySelector('[role="alert"]')!;
    expect(alert?.textContent).toContain('The vehicle list could not be loaded. Please try again.');
    const retry = [...alert.querySelectorAll('button')].find((button) => button.textContent === 'Try again')!;
    expect(retry.type).toBe('button');
    expect(retry.disabled).toBe(false);

    stubApi({ '/failing-choices.json': [200, JSON.parse(choices)], '/test-drive/availability?car_id=1': [503, {}] });
    retry.focus();
    click(retry);
    await settle();
    const select = mounted.host.querySelector<HTMLSelectElement>('#book-test-drive-car_id')!;
    expect([...select.options].map((option) => option.textContent)).toContain('On the lot');
    expect(select.value).toBe('1');
    expect(mounted.host.querySelector('[role="alert"]')).toBeNull();
    expect(document.activeElement).toBe(select);
  });

  it('a submit while the list is missing is refused at the Vehicle list, the message and its button still there', async () => {
    stubApi({ '/failed-choices.json': [503, { message: 'busy' }] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mounted.render(<TestDriveForm formId="book-test-drive" config={config} carChoicesUrl="/failed-choices.json" />);
    await settle();
    await submit(mounted.host.querySelector('form')!);
    const select = mounted.host.querySelector<HTMLSelectElement>('#book-test-drive-car_id')!;
    expect(document.activeElement).toBe(select);
    expect(mounted.host.querySelector('#book-test-drive-car_id-error')?.textContent).toBe('* This field is required');
    expect(mounted.host.querySelector('[data-testid="car-choices-failed"] button')?.textContent).toBe('Try again');
  });
});

describe('TestDriveForm: the lead API refusing a field the form does not show', () => {
  it('a car sold since the page was built: its message is the alert, with no link to a missing field, and focus goes to the alert', async () => {
    const car = makeCar({ id: 8, slug: 'sold-since', name: 'Sold since', status: 'in_stock' });
    const refusal = { success: false, error: 'Please fix the following errors:', fields: { car_id: 'This car is not available for a test drive.' } };
    stubApi({ '/test-drive/availability?car_id=8': [200, { days: [] }], '/leads': [422, refusal] });
    mounted.render(<TestDriveForm formId="sold" config={config} car={car as never} />);
    await settle();
    const form = mounted.host.querySelector('form')!;
    expect(form.querySelector('#sold-car_id')).toBeNull();
    fill(form.querySelector<HTMLInputElement>('#sold-name')!, 'Jo');
    fill(form.querySelector<HTMLInputElement>('#sold-email')!, 'jo@example.com');
    fill(form.querySelector<HTMLInputElement>('#sold-phone')!, '0412 345 678');
    fill(form.querySelector<HTMLInputElement>('#sold-postcode')!, '4000');
    await submit(form);
    const alert = form.querySelector<HTMLElement>('[data-testid="error-warning"]');
    expect(alert?.textContent).toBe('This car is not available for a test drive.');
    expect(form.querySelector('a[href="#sold-car_id"]')).toBeNull();
    expect(form.querySelector('[data-testid="form-errors"]')).toBeNull();
    expect(document.activeElement).toBe(alert);
  });
});

describe('TestDriveForm booking time', () => {
  const perth = formSiteConfig(
    v.parse(SiteSchema, {
      slug: 'west-motors',
      template: 'used-group',
      name: 'West Motors',
      url: 'https://west.example.com.au',
      phone: '+61 8 9555 0100',
      timezone: 'Australia/Perth',
    }),
  );
  const car = makeCar({ id: 8, slug: 'west-car', name: 'West car', status: 'in_stock' });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("the free date-time box (no slot list) offers the days the lead API books: from the dealer's tomorrow, for 31 days", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-12-23T23:30:00Z')); // 7:30am on 24 December in Perth
    stubApi({ '/test-drive/availability?car_id=8': [503, { error: 'down' }] });
    mounted.render(<TestDriveForm formId="free" config={perth} car={car as never} />);
    await settle();
    const box = mounted.host.querySelector<HTMLInputElement>('#free-dateTime')!;
    expect(box.type).toBe('datetime-local');
    expect([box.min, box.max]).toEqual(['2026-12-25T00:00', '2027-01-24T23:59']);
  });

  it('an availability call that does not answer within the bounded wait: the free date-time box, not Loading for ever', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(String(url));
      return new Promise<Response>(() => undefined);
    });
    mounted.render(<TestDriveForm formId="slow" config={perth} car={car as never} />);
    await act(async () => void (await vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS - 1)));
    expect(mounted.host.textContent).toContain('Loading available times…');
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(mounted.host.textContent).not.toContain('Loading available times…');
    expect(mounted.host.querySelector<HTMLInputElement>('#slow-dateTime')!.type).toBe('datetime-local');
    expect(asked).toEqual(['/api/test-drive/availability?car_id=8']);
  });

  it('asks for the longest window (31 days) when the first week has no free slot, and offers its slots', async () => {
    const later = { start: '2027-01-11T09:00:00+08:00', label: '9:00am' };
    const calls = stubApi({
      '/test-drive/availability?car_id=8': [200, { timezone: 'Australia/Perth', days: [{ date: '2026-12-25', slots: [] }] }],
      '/test-drive/availability?car_id=8&days=31': [200, { timezone: 'Australia/Perth', days: [{ date: '2027-01-11', slots: [later] }] }],
    });
    mounted.render(<TestDriveForm formId="later" config={perth} car={car as never} />);
    await settle();
    expect(calls.map((call) => call.path)).toEqual(['/test-drive/availability?car_id=8', '/test-drive/availability?car_id=8&days=31']);
    const field = mounted.host.querySelector<HTMLSelectElement>('#later-dateTime')!;
    expect([...field.options].map((option) => option.value)).toEqual(['', later.start]);
  });

  it('shows the free date-time box when the longest window has no free slot either', async () => {
    const none = [200, { timezone: 'Australia/Perth', days: [{ date: '2026-12-25', slots: [] }] }] as [number, unknown];
    stubApi({ '/test-drive/availability?car_id=8': none, '/test-drive/availability?car_id=8&days=31': none });
    mounted.render(<TestDriveForm formId="none" config={perth} car={car as never} />);
    await settle();
    expect(mounted.host.querySelector<HTMLInputElement>('#none-dateTime')!.type).toBe('datetime-local');
  });

  it('asks for the slots again when the server answers that the time was just booked, so the taken time is no longer offered', async () => {
    const nine = { start: '2026-12-24T09:00:00+08:00', label: '9:00am' };
    const ten = { start: '2026-12-24T10:00:00+08:00', label: '10:00am' };
    const answers = [[nine, ten], [ten]];
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      const path = String(url).replace(/^\/api/, '');
      asked.push(path);
      const [status, body] = path.startsWith('/test-drive/availability')
        ? [200, { timezone: 'Australia/Perth', days: [{ date: '2026-12-24', slots: answers.shift() ?? [ten] }] }]
        : [
            409,
            { success: false, error: 'Please fix the following errors:', fields: { dateTime: 'That time has just been booked. Please choose another time.' } },
          ];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    });
    mounted.render(<TestDriveForm formId="taken" config={perth} car={car as never} />);
    await settle();
    const field = (name: string) => mounted.host.querySelector<HTMLInputElement & HTMLSelectElement>(`#taken-${name}`)!;
    fill(field('name'), 'Jo');
    fill(field('email'), 'jo@example.com');
    fill(field('phone'), '0412345678');
    fill(field('postcode'), '6000');
    fill(field('dateTime'), nine.start);
    await submit(mounted.host.querySelector('form')!);
    expect(asked.filter((path) => path.startsWith('/test-drive/availability'))).toHaveLength(2);
    expect([...field('dateTime').options].map((option) => option.value)).toEqual(['', ten.start]);
    expect(field('dateTime').value).toBe('');
    expect(document.activeElement).toBe(field('dateTime'));
    expect(mounted.host.textContent).toContain('That time has just been booked. Please choose another time.');
  });
});

describe("TestDriveForm: a time typed in the free box is on the clock of the car's location", () => {
  // A Sydney-zoned site whose car stands at its Perth yard.
  const site = v.parse(SiteSchema, {
    slug: 'two-coasts',
    template: 'used-group',
    name: 'Two Coasts Motors',
    url: 'https://two-coasts.example.com.au',
    phone: '+61 2 9555 0100',
    timezone: 'Australia/Sydney',
    locations: [
      { id: 1, slug: 'sydney', name: 'Sydney yard', primary: true, address: { street: '1 Main St', city: 'Sydney', state: 'NSW', postcode: '2000' } },
      { id: 2, slug: 'perth', name: 'Perth yard', address: { street: '1 Hay St', city: 'Perth', state: 'WA', postcode: '6000' } },
    ],
  });
  const west = makeCar({ id: 21, slug: 'west-ute', name: 'West ute', status: 'in_stock', location: { id: 2, slug: 'perth', name: 'Perth yard' } as never });
  afterEach(() => {
    vi.useRealTimers();
  });

  // With no availability answer the form cannot know which clock the lead API reads a typed time on (with a provider, the
  // location's; on the local grid, the site's: typedTimeZone): it sent the location's offset, which the local grid refused
  // (422) or shifted. It sends the time as typed; the API reads it. Its days are those bookable on both clocks: the
  // location's (Perth) tomorrow was offered, 25 December, which the local grid (Sydney, already 25 December) refused.
  it("offers the days bookable on both the site's and the location's clock and, with no availability answer, sends the typed time as typed for the lead API to read", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-12-24T14:30:00Z')); // 1:30am on 25 December in Sydney, 10:30pm on 24 December in Perth
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      assign,
      pathname: '/cars/west-ute/',
      search: '',
      href: 'https://two-coasts.example.com.au/cars/west-ute/',
    });
    const calls = stubApi({ '/test-drive/availability?car_id=21': [503, { error: 'down' }], '/leads': [201, { lead_id: 'L9' }] });
    const car = leadCar(west, site);
    expect(car.time_zone).toBe('Australia/Perth');
    mounted.render(<TestDriveForm formId="west" config={formSiteConfig(site)} car={car} />);
    await settle();
    const field = (name: string) => mounted.host.querySelector<HTMLInputElement>(`#west-${name}`)!;
    expect(field('dateTime').type).toBe('datetime-local');
    expect([field('dateTime').min, field('dateTime').max]).toEqual(['2026-12-26T00:00', '2027-01-24T23:59']);
    fill(field('name'), 'Jo');
    fill(field('email'), 'jo@example.com');
    fill(field('phone'), '0412345678');
    fill(field('postcode'), '6000');
    fill(field('dateTime'), '2026-12-29T09:00');
    await submit(mounted.host.querySelector('form')!);
    expect(assign).toHaveBeenCalledWith('/success');
    expect(calls.find((call) => call.path === '/leads')!.body).toMatchObject({ car_id: '21', dateTime: '2026-12-29T09:00' });
  });

  it("reads the typed time on the availability answer's clock when it answered without a slot (the local grid's: the site's)", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      assign,
      pathname: '/cars/west-ute/',
      search: '',
      href: 'https://two-coasts.example.com.au/cars/west-ute/',
    });
    const none = [200, { timezone: 'Australia/Sydney', days: [{ date: '2026-12-29', slots: [] }] }] as [number, unknown];
    const calls = stubApi({
      '/test-drive/availability?car_id=21': none,
      '/test-drive/availability?car_id=21&days=31': none,
      '/leads': [201, { lead_id: 'L10' }],
    });
    mounted.render(<TestDriveForm formId="grid" config={formSiteConfig(site)} car={leadCar(west, site)} />);
    await settle();
    const field = (name: string) => mounted.host.querySelector<HTMLInputElement>(`#grid-${name}`)!;
    expect(field('dateTime').type).toBe('datetime-local');
    fill(field('name'), 'Jo');
    fill(field('email'), 'jo@example.com');
    fill(field('phone'), '0412345678');
    fill(field('postcode'), '6000');
    fill(field('dateTime'), '2026-12-29T09:00');
    await submit(mounted.host.querySelector('form')!);
    expect(calls.find((call) => call.path === '/leads')!.body).toMatchObject({ dateTime: '2026-12-29T09:00:00+11:00' });
  });

  it("a Perth site's car at a Sydney yard near midnight: the box offers no day the local grid (Perth) or a provider (Sydney) refuses", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-12-24T14:30:00Z')); // 10:30pm on 24 December in Perth, 1:30am on 25 December in Sydney
    const perthSite = { ...site, timezone: 'Australia/Perth' };
    const east = makeCar({ id: 23, slug: 'east-ute', name: 'East ute', status: 'in_stock', location: { id: 1, slug: 'sydney', name: 'Sydney yard' } as never });
    const car = leadCar(east, perthSite);
    expect(car.time_zone).toBe('Australia/Sydney');
    stubApi({ '/test-drive/availability?car_id=23': [503, { error: 'down' }] });
    mounted.render(<TestDriveForm formId="east" config={formSiteConfig(perthSite)} car={car} />);
    await settle();
    const box = mounted.host.querySelector<HTMLInputElement>('#east-dateTime')!;
    // The car's clock alone offered 25 January, a day past the Perth grid's last (24 January); Perth's alone 25 December, its today in Sydney.
    expect([box.min, box.max]).toEqual(['2026-12-26T00:00', '2027-01-24T23:59']);
    const now = Date.now();
    for (const zone of ['Australia/Perth', 'Australia/Sydney']) {
      const accepted = testDriveDates(now, zone);
      expect(box.min.slice(0, 10) >= accepted.first && box.max.slice(0, 10) <= accepted.last).toBe(true);
    }
  });

  it("carries the location's zone in the car choices of /book-test-drive/ only where it is not the site's", () => {
    const home = makeCar({ id: 22, slug: 'home-ute', name: 'Home ute', status: 'in_stock', location: { id: 1, slug: 'sydney' } as never });
    expect(JSON.parse(encodeCarChoices([west, home], site)).map((choice: { time_zone?: string }) => choice.time_zone)).toEqual(['Australia/Perth', undefined]);
  });
});

describe('TestDriveForm delivery location', () => {
  const deliveryChoices = encodeCarChoices([
    makeCar({
      id: 11,
      slug: 'coastal',
      name: 'Coastal car',
      status: 'in_stock',
      location: { name: 'North', distribution_locations: [{ name: 'Gold Coast Delivery', slug: 'gold-coast' }] } as never,
    }),
    makeCar({ id: 12, slug: 'inland', name: 'Inland car', status: 'in_stock' }),
    makeCar({
      id: 13,
      slug: 'sunny',
      name: 'Sunny car',
      status: 'in_stock',
      location: { name: 'South', distribution_locations: [{ name: 'Sunshine Coast Delivery' }] } as never,
    }),
  ]);

  /**
   * Show the form as `formId` with the car choices `encoded` at `url` (a lead is answered 201), then
   * choose car `carId`; the form, its fields, the API calls and the stubbed location.assign.
   */
  async function chooseCar(formId: string, url: string, encoded: string, carId: string) {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/book-test-drive/', search: '', href: 'https://drive.example.com.au/book-test-drive/' });
    const calls = stubApi({ [url]: [200, JSON.parse(encoded)], '/leads': [201, { lead_id: 'L1' }] });
    mounted.render(<TestDriveForm formId={formId} config={config} carChoicesUrl={url} />);
    await settle();
    const form = mounted.host.querySelector('form')!;
    const field = (name: string) => form.querySelector<HTMLInputElement & HTMLSelectElement>(`#${formId}-${name}`)!;
    fill(field('car_id'), carId);
    await settle();
    return { assign, calls, form, field };
  }

  /** Fill in the contact fields and send the form. */
  async function sendContact(form: HTMLFormElement, field: (name: string) => HTMLInputElement) {
    fill(field('name'), 'Jo');
    fill(field('email'), 'jo@example.com');
    fill(field('phone'), '0412345678');
    fill(field('postcode'), '4000');
    await submit(form);
  }

  /** Choose the first car and its delivery location, then switch to `other` and send the form; the lead posted and the /success record. */
  async function switchCarAndSend(other: string) {
    const { assign, calls, form, field } = await chooseCar('deliver', '/delivery-choices.json', deliveryChoices, '11');
    fill(field('delivery_location'), 'Gold Coast Delivery');
    fill(field('car_id'), other);
    await settle();
    await sendContact(form, field);
    expect(assign).toHaveBeenCalledWith('/success');
    return { form, lead: calls.find((call) => call.path === '/leads')!.body as Record<string, unknown>, sent: $sentLead.get()?.sent ?? [] };
  }

  it('sends the delivery location chosen for the car that offers it', async () => {
    const { calls, form, field } = await chooseCar('kept', '/delivery-choices.json', deliveryChoices, '11');
    expect([...field('delivery_location').options].map((option) => option.value)).toEqual(['', 'Gold Coast Delivery']);
    fill(field('delivery_location'), 'Gold Coast Delivery');
    await sendContact(form, field);
    expect(calls.find((call) => call.path === '/leads')!.body).toMatchObject({ delivery_location: 'Gold Coast Delivery', car_id: '11' });
    expect($sentLead.get()?.sent).toContainEqual(['Delivery Location', 'Gold Coast Delivery']);
  });

  it("offers and sends a feed's delivery location with spaces at the ends or a tab inside as the lead API reads it (a blank name by its slug)", async () => {
    const untidy = encodeCarChoices([
      makeCar({
        id: 14,
        slug: 'untidy',
        name: 'Untidy car',
        status: 'in_stock',
        location: {
          name: 'East',
          distribution_locations: [
            { name: 'Gold Coast Delivery ', slug: 'gold-coast' },
            { name: 'Tweed\tHeads', slug: 'tweed' },
            { name: ' ', slug: 'ballina' },
          ],
        } as never,
      }),
    ]);
    const { assign, calls, form, field } = await chooseCar('untidy', '/untidy-choices.json', untidy, '14');
    expect([...field('delivery_location').options].map((option) => option.value)).toEqual(['', 'Gold Coast Delivery', 'Tweed Heads', 'ballina']);
    fill(field('delivery_location'), 'Gold Coast Delivery');
    await sendContact(form, field);
    expect(assign).toHaveBeenCalledWith('/success');
    expect(calls.find((call) => call.path === '/leads')!.body).toMatchObject({ delivery_location: 'Gold Coast Delivery', car_id: '14' });
  });

  it('drops the delivery location chosen for another car when the car now chosen offers none', async () => {
    const { form, lead, sent } = await switchCarAndSend('12');
    expect(form.querySelector('#deliver-delivery_location')).toBeNull();
    expect(lead).toMatchObject({ car_id: '12' });
    expect(lead).not.toHaveProperty('delivery_location');
    expect(sent.map(([label]) => label)).not.toContain('Delivery Location');
  });

  it('drops the delivery location chosen for another car when the car now chosen does not offer it', async () => {
    const { lead, sent } = await switchCarAndSend('13');
    expect(lead).toMatchObject({ car_id: '13' });
    expect(lead).not.toHaveProperty('delivery_location');
    expect(sent.map(([label]) => label)).not.toContain('Delivery Location');
  });
});
