// @vitest-environment happy-dom
/**
 * Reserve online's steps in the browser (issue 36 item 4): the details step's fields and its
 * messages (what was typed stays), the journey's trade-in and finance step, and the deposit
 * step with its terms, reached only after the details are recorded under a lead.
 */
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeCarChoices, formSiteConfig } from '../../../lib/forms/form-config.ts';
import type { LeadCar } from '../../../lib/forms/lead-payload.ts';
import { FORM_MESSAGES } from '../../../schemas/forms/messages.ts';
import { SiteSchema } from '../../../schemas/site.ts';
import { $sentLead } from '../../../stores/prefill.ts';
import { signIn } from '../../../stores/session.ts';
import { mountRoot } from '../../../../tests/support/mount-root.ts';
import { click, fill, forgetSignInAfterEach, settle, SHOPPER_A, SHOPPER_B, SIGN_IN_401, stubApi, submit } from '../../../../tests/support/form-events.ts';
import { makeCar } from '../../../../tests/fixtures/make-car.ts';
import ReserveForm from './ReserveForm.tsx';

const mounted = mountRoot();
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const config = formSiteConfig(
  v.parse(SiteSchema, {
    slug: 'reserve-motors',
    template: 'used-group',
    name: 'Reserve Motors',
    url: 'https://reserve.example.com.au',
    phone: '+61 7 3555 0100',
  }),
);
const car = {
  id: '42',
  slug: 'car-42',
  name: '2021 Mazda CX-5 Maxx',
  make: 'Mazda',
  model: 'CX-5',
  car_type: 'used',
  stock_number: 'S42',
  status: 'in_stock',
  price: 31990,
  dealership_slug: null,
  location: null,
} as unknown as LeadCar;

function show(journey = false) {
  mounted.render(<ReserveForm config={config} car={car} journey={journey} />);
  const form = mounted.host.querySelector('form')!;
  return {
    form,
    heading: () => form.querySelector('h2')!.textContent,
    field: (name: string) => form.querySelector<HTMLInputElement>(`#reserve-${name}`),
    button: () => form.querySelector('button[type="submit"]')!.textContent,
  };
}

function fillDetails(field: (name: string) => HTMLInputElement | null) {
  fill(field('name')!, 'Sam');
  fill(field('email')!, 'sam@example.com');
  fill(field('phone')!, '0412345678');
  fill(field('postcode')!, '4000');
}

describe('ReserveForm: Your details', () => {
  it('shows the steps, the collection notice, the contact fields and Next', () => {
    const { form, heading, field, button } = show();
    expect([...form.querySelectorAll('.form-steps li')].map((item) => item.textContent)).toEqual(['Your details', 'Deposit']);
    expect(heading()).toBe('Your details');
    expect(form.textContent).toContain('Reserve Motors collects');
    expect(field('message')).not.toBeNull();
    expect(button()).toBe('Next');
  });

  it('bad details get their messages and keep what was typed; nothing is sent', async () => {
    const calls = stubApi({});
    const { form, heading, field } = show();
    fill(field('name')!, 'Sam');
    fill(field('postcode')!, '40a');
    await submit(form);
    expect(form.querySelector('#reserve-postcode-error')!.textContent).toBe(FORM_MESSAGES.postcode);
    expect(form.querySelector('#reserve-email-error')!.textContent).toBe(FORM_MESSAGES.required);
    expect(field('name')!.value).toBe('Sam');
    expect(field('postcode')!.value).toBe('40a');
    expect(heading()).toBe('Your details');
    expect(calls).toEqual([]);
  });

  it('the lead API refusing the details shows its message and stays on the step', async () => {
    stubApi({ '/leads': [422, { message: 'That car is no longer available.', fields: {} }] });
    const { form, heading, field } = show();
    fillDetails(field);
    await submit(form);
    expect(form.querySelector('[data-testid="error-warning"]')!.textContent).toBe('That car is no longer available.');
    expect(heading()).toBe('Your details');
  });
});

describe('ReserveForm: to the deposit', () => {
  it('recorded details move to the deposit step: $200 held, no card taken, terms required', async () => {
    const calls = stubApi({ '/leads': [200, { lead_id: 'lead-9' }] });
    const { form, heading, button } = show();
    fillDetails((name) => form.querySelector<HTMLInputElement>(`#reserve-${name}`));
    await submit(form);
    expect(calls[0]!.body).toMatchObject({ form_completed: false, category: 'Reserve', subcategory: 'Reserve Online' });
    expect(heading()).toBe('Deposit');
    expect(form.querySelector('[data-testid="deposit-summary"]')!.textContent).toContain('$200');
    expect(form.textContent).toContain('No card is charged online');
    expect(button()).toBe('Reserve for $200');
    await submit(form);
    expect(form.querySelector('#reserve-terms_conditions-error')!.textContent).toBe(FORM_MESSAGES.terms);
    expect(calls).toHaveLength(1);
  });

  it('the journey asks about trade-in and finance between the details and the deposit', async () => {
    const calls = stubApi({ '/leads': [200, { lead_id: 'lead-10' }] });
    const { form, heading } = show(true);
    expect(form.textContent).toContain('Buying the 2021 Mazda CX-5 Maxx');
    fillDetails((name) => form.querySelector<HTMLInputElement>(`#reserve-${name}`));
    await submit(form);
    expect(heading()).toBe('Trade-in and finance');
    click(form.querySelector<HTMLInputElement>('input[name="reserve-finance"][value="Yes"]')!);
    await submit(form);
    expect(heading()).toBe('Deposit');
    expect(calls[1]!.body).toMatchObject({ lead_id: 'lead-10', finance: 'Yes' });
  });
});

describe('ReserveForm: the deposit step names the vehicle in its own noun (kindsWording), as the reserve page does', () => {
  const online = { ...config, payments: { ...config.payments, provider: 'stripe' as const } };
  it.each<[LeadCar['vehicle_kind'], string]>([
    ['motorcycle', 'bike'],
    ['truck', 'truck'],
    ['caravan', 'caravan'],
    [undefined, 'car'],
  ])('%s: we hold the %s while you pay', async (kind, noun) => {
    stubApi({ '/leads': [200, { lead_id: 'lead-11' }] });
    mounted.render(<ReserveForm config={online} car={{ ...car, ...(kind ? { vehicle_kind: kind } : {}) }} />);
    const form = mounted.host.querySelector('form')!;
    fillDetails((name) => form.querySelector<HTMLInputElement>(`#reserve-${name}`));
    await submit(form);
    expect(form.textContent).toContain(
      `We hold the ${noun} for you for ${online.payments.holdMinutes} minutes while you pay; the ${noun} is reserved once your payment is confirmed.`,
    );
  });
});

describe('ReserveForm: a deposit with cents is stated with its cents everywhere on the form (depositMoney), as the terms state it and the server charges it', () => {
  const centsSite = (payments: Record<string, unknown> = {}) =>
    formSiteConfig(
      v.parse(SiteSchema, {
        slug: 'cents-motors',
        template: 'used-group',
        name: 'Cents Motors',
        url: 'https://cents.example.com.au',
        phone: '+61 7 3555 0100',
        reserve_deposit: 199.99,
        payments,
      }),
    );

  async function toDeposit(config: ReturnType<typeof centsSite>) {
    mounted.render(<ReserveForm config={config} car={car} />);
    const form = mounted.host.querySelector('form')!;
    fillDetails((name) => form.querySelector<HTMLInputElement>(`#reserve-${name}`));
    await submit(form);
    expect(form.querySelector('[data-testid="deposit-summary"]')!.textContent).toContain('$199.99 deposit holds');
    return { form, button: () => form.querySelector('button[type="submit"]')!.textContent };
  }

  it('no card taken online: the button and the sent summary say $199.99', async () => {
    stubApi({ '/leads': [200, { lead_id: 'lead-13' }] });
    const { form, button } = await toDeposit(centsSite());
    expect(button()).toBe('Reserve for $199.99');
    click(form.querySelector<HTMLInputElement>('#reserve-terms_conditions')!);
    vi.stubGlobal('location', {
      ...window.location,
      assign: vi.fn(),
      pathname: '/cars/car-42/checkout',
      search: '',
      href: 'https://cents.example.com.au/cars/car-42/checkout',
    });
    await submit(form);
    expect($sentLead.get()?.sent).toContainEqual(['Deposit', '$199.99 (not paid: no card was taken online)']);
  });

  it('paid by card: the pay button and the payment note say $199.99 (the server starts 19999 cents)', async () => {
    vi.stubEnv('PUBLIC_PAYMENT_CLIENT', 'stand-in');
    stubApi({
      '/leads': [200, { lead_id: 'lead-14' }],
      '/payments/reservations': [
        201,
        {
          success: true,
          payment_id: '0b6c1f7e-4a52-4c1e-9d1a-3f0e6b7a1c09',
          provider: 'stripe',
          publishable_key: 'pk_test_x',
          amount_cents: 19999,
          currency: 'AUD',
        },
      ],
    });
    const { form, button } = await toDeposit(centsSite({ provider: 'stripe', publishable_key: 'pk_test_51AbCdEfGhIjKlMnOpQrStUv' }));
    expect(button()).toBe('Continue to payment');
    click(form.querySelector<HTMLInputElement>('#reserve-terms_conditions')!);
    await submit(form);
    await settle();
    expect(button()).toBe('Pay $199.99 deposit');
    expect(form.querySelector('#payment-step-note')!.textContent).toBe('Payment of $199.99 to Cents Motors, processed securely by our payment provider.');
  });
});

describe('ReserveForm: no car', () => {
  it('says so instead of a form', () => {
    mounted.render(<ReserveForm config={config} car={null} />);
    expect(mounted.host.querySelector('form')).toBeNull();
    expect(mounted.host.querySelector('[role="alert"]')!.textContent).toContain('We could not find that car.');
  });
});

describe('ReserveForm: the journey when the car choices cannot be loaded', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });
  const journeyCar = makeCar({ id: 502, slug: 'journey-car', name: '2019 Mazda CX-5 Maxx', price: 24990 });

  it('says the list could not be loaded, not that the car does not exist, and Try again brings the journey for ?car_id=', async () => {
    window.history.replaceState(null, '', '/checkout-journey?car_id=journey-car');
    stubApi({ '/journey-choices.json': [503, { message: 'busy' }] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mounted.render(<ReserveForm config={config} carChoicesUrl="/journey-choices.json" journey />);
    await settle();
    expect(mounted.host.querySelector('form')).toBeNull();
    expect(mounted.host.textContent).not.toContain('We could not find that car');
    const alert = mounted.host.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('The vehicle list could not be loaded. Please try again.');
    const retry = [...alert.querySelectorAll('button')].find((button) => button.textContent === 'Try again')!;
    expect(retry.type).toBe('button');

    stubApi({ '/journey-choices.json': [200, JSON.parse(encodeCarChoices([journeyCar]))] });
    retry.focus();
    click(retry);
    await settle();
    const form = mounted.host.querySelector('form')!;
    expect(form.textContent).toContain('Buying the 2019 Mazda CX-5 Maxx');
    expect(form.querySelector('#reserve-name')).not.toBeNull();
    expect(mounted.host.querySelector('[data-testid="car-choices-failed"]')).toBeNull();
    expect(document.activeElement).toBe(form.querySelector('h2'));
  });

  it('a list that loads without the car named by ?car_id= still says the car was not found', async () => {
    window.history.replaceState(null, '', '/checkout-journey?car_id=sold-car');
    stubApi({ '/journey-sold-choices.json': [200, JSON.parse(encodeCarChoices([journeyCar]))] });
    mounted.render(<ReserveForm config={config} carChoicesUrl="/journey-sold-choices.json" journey />);
    await settle();
    expect(mounted.host.querySelector('[role="alert"]')!.textContent).toContain('We could not find that car.');
    expect(mounted.host.querySelector('[data-testid="car-choices-failed"]')).toBeNull();
  });
});

describe('ReserveForm: the lead API refusing a field at the last step', () => {
  it('returns to the step holding that field and shows its message there, with what was typed', async () => {
    stubApi({ '/leads': [200, { lead_id: 'lead-11' }] });
    const { form, heading, field } = show();
    fillDetails(field);
    await submit(form);
    expect(heading()).toBe('Deposit');
    click(form.querySelector<HTMLInputElement>('#reserve-terms_conditions')!);
    stubApi({ '/leads': [422, { message: 'Please fix the following errors:', fields: { phone: 'Please enter a valid Australian phone number.' } }] });
    await submit(form);
    expect(heading()).toBe('Your details');
    expect(form.querySelector('#reserve-phone-error')!.textContent).toBe('Please enter a valid Australian phone number.');
    expect(form.querySelector('[data-testid="error-warning"]')!.textContent).toBe('Please fix the following errors:');
    expect(field('phone')!.value).toBe('0412345678');
    expect(document.activeElement).toBe(field('phone'));
  });
});

describe('ReserveForm: a refusal naming a field of a later step', () => {
  it('stays on the step the shopper is on (never jumps ahead without a lead)', async () => {
    stubApi({ '/leads': [422, { message: 'Please fix the following errors:', fields: { finance: 'Please answer Yes or No.' } }] });
    const { form, heading, field } = show(true);
    fillDetails(field);
    await submit(form);
    expect(heading()).toBe('Your details');
    // The field is not on this step: its message is the alert, not a link to nothing.
    expect(form.querySelector('[data-testid="error-warning"]')!.textContent).toBe('Please answer Yes or No.');
    expect(form.querySelector('a[href="#reserve-finance"]')).toBeNull();
  });
});

describe('ReserveForm: the marketing opt-in', () => {
  it.each([
    ['reserve', false],
    ['the checkout journey', true],
  ])('%s shows no opt-in box, so none of its posts claims one (the site default is ticked)', async (_name, journey) => {
    const calls = stubApi({ '/leads': [200, { lead_id: 'lead-12' }] });
    const { form, heading, field } = show(journey);
    fillDetails(field);
    await submit(form);
    if (journey) await submit(form);
    expect(heading()).toBe('Deposit');
    click(form.querySelector<HTMLInputElement>('#reserve-terms_conditions')!);
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      assign,
      pathname: '/cars/car-42/checkout',
      search: '',
      href: 'https://reserve.example.com.au/cars/car-42/checkout',
    });
    await submit(form);
    expect(assign).toHaveBeenCalledWith('/success');
    expect(form.querySelector('input[name="opt_in"], #reserve-opt_in')).toBeNull();
    expect(calls).toHaveLength(journey ? 3 : 2);
    expect(calls.at(-1)!.body).toMatchObject({ form_completed: true });
    for (const call of calls) expect(call.body).not.toHaveProperty('opt_in');
  });
});

describe('ReserveForm: the journey refused 401 "Please sign in to continue." (shop36 item 1)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });
  const journeyCar = makeCar({ id: 503, slug: 'signed-journey-car', name: '2020 Mazda CX-3 Maxx', price: 21990 });

  it('sends the shopper to sign-in with the car in the redirect (the journey has its car only from ?car_id=)', async () => {
    window.history.replaceState(null, '', '/checkout-journey?car_id=signed-journey-car');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    stubApi({
      '/journey-signed-choices.json': [200, JSON.parse(encodeCarChoices([journeyCar]))],
      '/leads': [401, { success: false, error: 'Please sign in to continue.', sign_in: true }],
    });
    mounted.render(<ReserveForm config={config} carChoicesUrl="/journey-signed-choices.json" journey />);
    await settle();
    const form = mounted.host.querySelector('form')!;
    expect(form.textContent).toContain('Buying the 2020 Mazda CX-3 Maxx');
    fillDetails((name) => form.querySelector<HTMLInputElement>(`#reserve-${name}`));
    await submit(form);
    expect(assign).toHaveBeenCalledTimes(1);
    const signIn = new URL(String(assign.mock.calls[0]![0]), 'https://dealer.example');
    expect(signIn.pathname).toBe('/sign-in');
    expect(signIn.searchParams.get('type')).toBe('checkout');
    expect(signIn.searchParams.get('redirect')).toBe('/checkout-journey?car_id=signed-journey-car');
  });

  it('without ?car_id= the journey has no car and no form, so no action of it can be refused', async () => {
    window.history.replaceState(null, '', '/checkout-journey');
    const calls = stubApi({ '/journey-unnamed-choices.json': [200, JSON.parse(encodeCarChoices([journeyCar]))] });
    mounted.render(<ReserveForm config={config} carChoicesUrl="/journey-unnamed-choices.json" journey />);
    await settle();
    expect(mounted.host.querySelector('form')).toBeNull();
    expect(mounted.host.querySelector('[role="alert"]')!.textContent).toContain('We could not find that car.');
    expect(calls.map((call) => call.path)).toEqual(['/journey-unnamed-choices.json']);
  });
});

describe('ReserveForm: back from sign-in after a later step was refused 401 (the session ended while the shopper went on)', () => {
  forgetSignInAfterEach();
  const journeyCar = makeCar({ id: 504, slug: 'kept-journey-car', name: '2018 Mazda 3 Touring', price: 19990 });
  const choices = { '/kept-journey-choices.json': [200, JSON.parse(encodeCarChoices([journeyCar]))] } as Record<string, [number, unknown]>;

  /** The journey at /checkout-journey?car_id=kept-journey-car, hydrated; its form and helpers. */
  async function journey() {
    mounted.render(<ReserveForm config={config} carChoicesUrl="/kept-journey-choices.json" journey />);
    await settle();
    const form = mounted.host.querySelector('form')!;
    return {
      form,
      heading: () => form.querySelector('h2')!.textContent,
      field: (name: string) => form.querySelector<HTMLInputElement>(`#reserve-${name}`),
      choice: (name: string, value: string) => form.querySelector<HTMLInputElement>(`input[name="reserve-${name}"][value="${value}"]`)!,
    };
  }

  /** Shopper A sends the details (lead-kept), chooses trade-in Yes and finance No, then Next is refused 401: A goes to sign-in (the page's session ends). */
  async function refusedAtOptions() {
    sessionStorage.clear();
    signIn(SHOPPER_A);
    window.history.replaceState(null, '', '/checkout-journey?car_id=kept-journey-car');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    stubApi({ ...choices, '/leads': [200, { lead_id: 'lead-kept' }] });
    const { form, heading, field, choice } = await journey();
    fillDetails(field);
    fill(field('message')!, 'Keep this note');
    await submit(form);
    expect(heading()).toBe('Trade-in and finance');
    click(choice('do-you-have-a-trade-in', 'Yes'));
    click(choice('finance', 'No'));
    stubApi({ ...choices, '/leads': SIGN_IN_401 });
    await submit(form);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(new URL(String(assign.mock.calls[0]![0]), 'https://dealer.example').pathname).toBe('/sign-in');
    mounted.reset();
  }

  /** Back from sign-in as `shopper`, after refusedAtOptions. */
  async function backAs(shopper: { user_id: string; phone: string }) {
    await refusedAtOptions();
    signIn(shopper);
  }

  it('another shopper signing in on the tab gets nothing kept of it: the details step, the note not kept, and a new lead', async () => {
    await backAs(SHOPPER_B);
    const calls = stubApi({ ...choices, '/leads': [201, { lead_id: 'lead-b' }] });
    const { form, heading, field } = await journey();
    expect(heading()).toBe('Your details');
    expect(field('message')!.value).toBe('');
    expect(sessionStorage.getItem('kept_forms')).toBeNull();
    fill(field('name')!, 'Bo');
    fill(field('email')!, 'bo@example.com');
    fill(field('phone')!, '0412345679');
    fill(field('postcode')!, '4000');
    await submit(form);
    const sent = calls.find((call) => call.path === '/leads')!.body as Record<string, unknown>;
    expect(sent.lead_id).toBeUndefined();
    expect(sent).toMatchObject({ name: 'Bo', email: 'bo@example.com' });
  });

  it('opens at the refused step with its answers, every earlier value in place and the same lead; nothing is sent until Next', async () => {
    await backAs(SHOPPER_A);
    const calls = stubApi({ ...choices, '/leads': [200, { lead_id: 'lead-kept' }] });
    const { form, heading, choice } = await journey();
    expect(heading()).toBe('Trade-in and finance');
    expect(form.querySelector('.form-steps li[aria-current="step"]')!.textContent).toBe('Trade-in and finance');
    expect(choice('do-you-have-a-trade-in', 'Yes').checked).toBe(true);
    expect(choice('finance', 'No').checked).toBe(true);
    expect(form.querySelector('[aria-invalid="true"]')).toBeNull();
    expect(calls.filter((call) => call.path === '/leads')).toEqual([]);
    expect(sessionStorage.getItem('kept_forms')).toBeNull();

    await submit(form);
    expect(heading()).toBe('Deposit');
    expect(calls.find((call) => call.path === '/leads')!.body).toMatchObject({
      lead_id: 'lead-kept',
      name: 'Sam',
      email: 'sam@example.com',
      phone: '0412345678',
      postcode: '4000',
      message: 'Keep this note',
      'do-you-have-a-trade-in': 'Yes',
      finance: 'No',
    });
  });

  it('kept details that no longer pass open at the details step with their messages, the later answers still kept', async () => {
    await backAs(SHOPPER_A);
    const stored = JSON.parse(sessionStorage.getItem('kept_forms')!) as Record<string, { values: Record<string, unknown> }>;
    for (const entry of Object.values(stored)) entry.values.email = 'sam@';
    sessionStorage.setItem('kept_forms', JSON.stringify(stored));
    const calls = stubApi({ ...choices, '/leads': [200, { lead_id: 'lead-kept' }] });
    const { form, heading, field, choice } = await journey();
    expect(heading()).toBe('Your details');
    expect(field('email')!.value).toBe('sam@');
    expect(form.querySelector('#reserve-email-error')!.textContent).toBe(FORM_MESSAGES.email);
    expect(field('name')!.value).toBe('Sam');
    expect(document.activeElement).toBe(field('email'));
    expect(calls.filter((call) => call.path === '/leads')).toEqual([]);

    fill(field('email')!, 'sam@example.com');
    await submit(form);
    expect(heading()).toBe('Trade-in and finance');
    expect(choice('do-you-have-a-trade-in', 'Yes').checked).toBe(true);
    expect(calls.find((call) => call.path === '/leads')!.body).toMatchObject({ lead_id: 'lead-kept', email: 'sam@example.com' });
  });

  it('a reserve page refused at the deposit opens at the deposit with the terms as ticked, and reserving completes the same lead', async () => {
    const page = { pathname: '/cars/car-42/checkout', search: '', href: 'https://reserve.example.com.au/cars/car-42/checkout' };
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, ...page, assign });
    signIn(SHOPPER_A);
    stubApi({ '/leads': [200, { lead_id: 'lead-deposit' }] });
    const first = show();
    fillDetails(first.field);
    await submit(first.form);
    expect(first.heading()).toBe('Deposit');
    click(first.form.querySelector<HTMLInputElement>('#reserve-terms_conditions')!);
    stubApi({ '/leads': SIGN_IN_401 });
    await submit(first.form);
    expect(String(assign.mock.calls[0]![0])).toMatch(/^\/sign-in\?type=checkout&redirect=%2Fcars%2Fcar-42%2Fcheckout/);
    mounted.reset();
    signIn(SHOPPER_A);

    const calls = stubApi({ '/leads': [200, { lead_id: 'lead-deposit' }] });
    const { form, heading, button } = show();
    await settle();
    expect(heading()).toBe('Deposit');
    expect(button()).toBe('Reserve for $200');
    expect(form.querySelector<HTMLInputElement>('#reserve-terms_conditions')!.checked).toBe(true);
    await submit(form);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ lead_id: 'lead-deposit', form_completed: true, name: 'Sam' });
    expect(assign).toHaveBeenLastCalledWith('/success');
  });
});
