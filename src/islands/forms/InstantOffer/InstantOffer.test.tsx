// @vitest-environment happy-dom
/**
 * The instant offer's steps in the browser (issue 36 item 4): what each step shows, a bad
 * answer gets its message and keeps what was typed, and the lookup's answer moves the
 * shopper to the candidate list, the photos, the details or the not-found panel.
 */
import { act } from 'react';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeCarChoices, formSiteConfig } from '../../../lib/forms/form-config.ts';
import { INSTANT_OFFER_ERROR, NOT_FOUND_MESSAGES } from '../../../lib/forms/instant-offer.ts';
import { NO_OFFER_TO_ACCEPT, UpdateEvalSchema } from '../../../schemas/api/trade-in.ts';
import { fieldErrors } from '../../../schemas/forms/fields.ts';
import { FORM_MESSAGES, LEAD_MESSAGES } from '../../../schemas/forms/messages.ts';
import { SiteSchema } from '../../../schemas/site.ts';
import { CarSchema } from '../../../schemas/car.ts';
import { mountRoot } from '../../../../tests/support/mount-root.ts';
import {
  click,
  fill,
  forgetSignInAfterEach,
  settle,
  SHOPPER_A,
  SHOPPER_B,
  SIGN_IN_401,
  stubApi,
  submit,
  typeKeys,
} from '../../../../tests/support/form-events.ts';
import { PREFILL_KEY, prefilled } from '../../../stores/prefill.ts';
import { signIn, signOut } from '../../../stores/session.ts';
import InstantOffer from './InstantOffer.tsx';

const mounted = mountRoot();
afterEach(() => vi.unstubAllGlobals());

const config = (features: Record<string, unknown> = {}) =>
  formSiteConfig(
    v.parse(SiteSchema, {
      slug: 'offer-motors',
      template: 'used-group',
      name: 'Offer Motors',
      url: 'https://offer.example.com.au',
      phone: '+61 7 3555 0100',
      features,
    }),
  );

function show(features: Record<string, unknown> = {}) {
  mounted.render(<InstantOffer config={config(features)} mode="instant-offer" locations={[]} />);
  const form = mounted.host.querySelector('form')!;
  return {
    form,
    heading: () => form.querySelector('h2')!.textContent,
    input: (name: string) => form.querySelector<HTMLInputElement>(`#instant-offer-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}`)!,
  };
}

/** Answer the details step completely (the vehicle, its state and the contact details). */
function fillDetails(
  input: (name: string) => HTMLInputElement,
  details: { odometer?: string; odometerKeys?: string; service?: string; keys?: string; condition?: string; comments?: string } = {},
) {
  fill(input('postcode'), '4000');
  if (details.odometerKeys === undefined) fill(input('odometer'), details.odometer ?? '50000');
  else typeKeys(input('odometer'), details.odometerKeys);
  fill(input('service_history') as unknown as HTMLSelectElement, details.service ?? 'Full service history');
  fill(input('number_of_keys') as unknown as HTMLSelectElement, details.keys ?? '2');
  fill(input('car_condition') as unknown as HTMLSelectElement, details.condition ?? 'Good');
  fill(input('comments') as unknown as HTMLTextAreaElement, details.comments ?? 'One owner.');
  fill(input('First Name'), 'Jo');
  fill(input('Email Address'), 'jo@example.com');
  fill(input('Mobile Number'), '0412345678');
}

describe('InstantOffer: step 1, the registration', () => {
  it('shows rego and state, the step list and Get My Offer', () => {
    const { form, heading } = show();
    expect(heading()).toBe('Your vehicle');
    expect(form.querySelector('#instant-offer-rego')).not.toBeNull();
    expect(form.querySelector('select#instant-offer-state')).not.toBeNull();
    expect([...form.querySelectorAll('.form-steps li')].map((item) => item.textContent)).toEqual(['Your vehicle', 'Photos of your car', 'A few more details']);
    expect(form.querySelector('button[type="submit"]')!.textContent).toBe('Get My Offer');
  });

  it('a bad registration gets its message beside the field and keeps what was typed; nothing is sent', async () => {
    const calls = stubApi({});
    const { form, input, heading } = show();
    fill(input('rego'), 'AB#12');
    await submit(form);
    expect(form.querySelector('#instant-offer-rego-error')!.textContent).toBe('Please enter a registration of letters and digits.');
    expect(input('rego').value).toBe('AB#12');
    expect(input('rego').getAttribute('aria-invalid')).toBe('true');
    expect(heading()).toBe('Your vehicle');
    expect(calls).toEqual([]);
  });

  it('a blank registration is required', async () => {
    stubApi({});
    const { form } = show();
    await submit(form);
    expect(form.querySelector('#instant-offer-rego-error')!.textContent).toBe(FORM_MESSAGES.required);
  });
});

describe('InstantOffer: the lookup moves the shopper on', () => {
  it('several builds: the candidate list, which needs a choice, then the details', async () => {
    const calls = stubApi({
      '/eval-expert/enter-vin': [200, [{ evalid: 'E1', VechielDescriptions: [{ Description: 'Mazda 3 Maxx' }, { Description: 'Mazda 3 Touring' }] }]],
      '/eval-expert/manual-entry': [200, [{ EvalID: 'E1', VIN: 'VIN1', Year: 2019, Make: 'Mazda', Model: '3' }]],
    });
    const { form, input, heading } = show({ instant_offer_images: false });
    fill(input('rego'), 'abc123');
    await submit(form);
    expect(calls[0]).toEqual({ path: '/eval-expert/enter-vin', body: { rego: 'ABC123', state: 'qld' } });
    expect(heading()).toBe('Choose your car');
    const radios = [...form.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((radio) => radio.value)).toEqual(['Mazda 3 Maxx', 'Mazda 3 Touring']);
    await submit(form);
    expect(form.querySelector('#instant-offer-desc-error')!.textContent).toBe(FORM_MESSAGES.chooseCar);
    expect(heading()).toBe('Choose your car');
    click(radios[1]!);
    await submit(form);
    expect(calls[1]).toEqual({ path: '/eval-expert/manual-entry', body: { desc: 'Mazda 3 Touring', evalid: 'E1' } });
    expect(heading()).toBe('A few more details');
    // Whole kilometres: no point on its keypad (a point typed on a keyboard stays with its fraction, which is not read).
    expect(form.querySelector<HTMLInputElement>('#instant-offer-odometer')!.inputMode).toBe('numeric');
    expect(form.querySelector('button[type="submit"]')!.textContent).toBe('Submit');
  });

  it('one match with photos on: straight to the photo step, which refuses an 11th photo', async () => {
    stubApi({ '/eval-expert/enter-vin': [200, [{ EvalID: 77, VIN: 'VIN7', Year: 2020, Make: 'Toyota', Model: 'Corolla' }]] });
    const { form, input, heading } = show();
    fill(input('rego'), 'XYZ789');
    await submit(form);
    expect(heading()).toBe('Photos of your car');
    expect(form.textContent).toContain('0 of 10 photos uploaded');
    const files = input('images');
    const chosen = Array.from({ length: 11 }, (_, index) => new File(['x'], `car-${index}.jpg`, { type: 'image/jpeg' }));
    Object.defineProperty(files, 'files', { value: chosen, configurable: true });
    // The file input's change reports the problem without any upload.
    await act(async () => {
      files.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(form.querySelector('[data-testid="image-alert"]')!.textContent).toBe(FORM_MESSAGES.tooManyImages);
  });

  it('no match: the not-found panel with the phone and Back, which returns to step 1 with the rego kept', async () => {
    stubApi({ '/eval-expert/enter-vin': [200, []] });
    const { form, input, heading } = show();
    fill(input('rego'), 'NOPE1');
    await submit(form);
    expect(heading()).toBe(NOT_FOUND_MESSAGES.title);
    const panel = form.querySelector('[data-testid="not-found-panel"]')!;
    expect(panel.querySelector('a[href^="tel:"]')!.textContent).toContain('Call');
    expect(form.querySelector('.form-steps')).toBeNull();
    click([...panel.querySelectorAll('button')].find((button) => button.textContent === 'Back')!);
    expect(heading()).toBe('Your vehicle');
    expect(input('rego').value).toBe('NOPE1');
  });
});

describe('InstantOffer: the details step', () => {
  it('missing details are listed and what was typed stays', async () => {
    stubApi({ '/eval-expert/enter-vin': [200, [{ EvalID: 5, Year: 2018, Make: 'Ford', Model: 'Ranger' }]] });
    const { form, input, heading } = show({ instant_offer_images: false });
    fill(input('rego'), 'FORD18');
    await submit(form);
    expect(heading()).toBe('A few more details');
    expect(form.textContent).toContain('Vehicle: 2018 Ford Ranger');
    fill(input('postcode'), '40');
    fill(input('First Name'), 'Jo');
    await submit(form);
    expect(form.querySelector('#instant-offer-postcode-error')!.textContent).toBe(FORM_MESSAGES.postcode);
    expect(form.querySelector('[data-testid="form-errors"]')).not.toBeNull();
    expect(input('postcode').value).toBe('40');
    expect(input('First Name').value).toBe('Jo');
    expect(heading()).toBe('A few more details');
  });
});

/** Towards a car (/cars/trade-in): the registration, then the details, each step sent; what the odometer field showed before sending. */
async function tradeIn(
  routes: Record<string, [number, unknown]>,
  options: { rego: string; details?: Parameters<typeof fillDetails>[1]; carChoicesUrl?: string },
) {
  const calls = stubApi(routes);
  mounted.render(<InstantOffer config={config({ instant_offer_images: false })} mode="trade-in" locations={[]} carChoicesUrl={options.carChoicesUrl} />);
  const form = mounted.host.querySelector('form')!;
  const input = (name: string) => form.querySelector<HTMLInputElement>(`#instant-offer-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}`)!;
  fill(input('rego'), options.rego);
  await submit(form);
  fillDetails(input, options.details);
  const odometer = input('odometer').value;
  await submit(form);
  return { calls, form, odometer };
}

describe('InstantOffer towards a car (/cars/trade-in) when no price can be given online', () => {
  const withheld: Record<string, [number, unknown]> = {
    '/eval-expert/enter-vin': [200, [{ EvalID: 9, Year: 2004, Make: 'Holden', Model: 'Commodore' }]],
    '/eval-expert/update-eval': [
      200,
      [{ EvalID: 9, Year: 2004, Make: 'Holden', Model: 'Commodore', offer_withheld: { message: 'We cannot value this car online.' } }],
    ],
    '/leads': [201, { success: true, lead_id: 'L9' }],
  };

  it('sends the lead as complete, so the dealer receives it (there is no Accept Offer step to complete it)', async () => {
    const { calls } = await tradeIn(withheld, {
      rego: 'OLD121',
      details: { odometer: '250000', service: 'Partial service history', keys: '1', condition: 'Fair', comments: 'Old but honest.' },
    });
    const lead = calls.find((call) => call.path === '/leads');
    expect(lead, JSON.stringify(calls.map((call) => call.path))).toBeDefined();
    // sms_from (spec §7) is the site's sender ID: 'Offer Motors' gives its whole words that fit in 11 characters.
    expect(lead!.body).toMatchObject({ form_completed: true, sms_from: 'Offer', custom_params: { offer_withheld: true } });
  });

  it('shows the odometer as the person entered it, once (not "250,000 kms km")', async () => {
    const { form, odometer: entered } = await tradeIn(withheld, { rego: 'OLD121', details: { odometer: '250000' } });
    const terms = [...form.querySelectorAll('[data-testid="offer-withheld"] dt')];
    const odometer = terms.find((term) => term.textContent === 'Odometer')?.nextElementSibling?.textContent;
    expect(entered).toBe('250,000 kms');
    expect(odometer).toBe('250,000 kms');
  });

  it("reads a kilometre reading typed key by key with a fraction as its whole km (not '45000.5' as 450,005 km)", async () => {
    const { calls, form, odometer: entered } = await tradeIn(withheld, { rego: 'OLD121', details: { odometerKeys: '45000.5' } });
    expect(entered).toBe('45,000.5 kms');
    const terms = [...form.querySelectorAll('[data-testid="offer-withheld"] dt')];
    expect(terms.find((term) => term.textContent === 'Odometer')?.nextElementSibling?.textContent).toBe('45,000 kms');
    expect(calls.find((call) => call.path === '/eval-expert/update-eval')!.body).toMatchObject({ km: 45000 });
    expect(calls.find((call) => call.path === '/leads')!.body).toMatchObject({ odometer: 45000 });
  });
});

describe('InstantOffer towards a car (/cars/trade-in) with an offer', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it("sets the offer against the price the car's page shows first (the drive-away total, labelled), not the excl. government charges price", async () => {
    const car = v.parse(CarSchema, {
      id: 77,
      slug: 'car-77',
      name: '2024 Kia Sportage',
      status: 'in_stock',
      car_type: 'new',
      price: 40000,
      price_type: 'Excl. Govt. Charges',
      drive_away_price: 44500,
    });
    history.replaceState(null, '', '/cars/trade-in?car_id=77');
    const routes: Record<string, [number, unknown]> = {
      '/car-choices.json': [200, JSON.parse(encodeCarChoices([car]))],
      '/eval-expert/enter-vin': [200, [{ EvalID: 6, Year: 2019, Make: 'Mazda', Model: '3' }]],
      '/eval-expert/update-eval': [200, [{ EvalID: 6, Year: 2019, Make: 'Mazda', Model: '3', OfferPrice: 10000 }]],
      '/trade-in/adjustments': [200, { offer_price: 10000, OfferPrice: 10000 }],
      '/leads': [201, { success: true, lead_id: 'L6' }],
    };
    const { form } = await tradeIn(routes, { rego: 'MAZ019', carChoicesUrl: '/car-choices.json' });
    const summary = form.querySelector('.offer-summary')?.textContent ?? '';
    expect(summary, form.textContent ?? '').toContain('2024 Kia Sportage$44,500 Drive Away');
    expect(form.querySelector('[data-testid="reduced-price"]')?.textContent).toBe('$34,500');
    expect(form.textContent).not.toContain('$40,000');
  });
});

describe('InstantOffer towards a car (/cars/trade-in) when the car choices cannot be loaded', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    history.replaceState(null, '', '/');
  });
  const car = v.parse(CarSchema, { id: 78, slug: 'car-78', name: '2023 Kia Seltos', status: 'in_stock', car_type: 'used', price: 30000 });
  const valuation: Record<string, [number, unknown]> = {
    '/eval-expert/enter-vin': [200, [{ EvalID: 4, Year: 2019, Make: 'Mazda', Model: '3' }]],
    '/eval-expert/update-eval': [200, [{ EvalID: 4, Year: 2019, Make: 'Mazda', Model: '3', OfferPrice: 10000 }]],
    '/trade-in/adjustments': [200, { offer_price: 10000, OfferPrice: 10000 }],
    '/leads': [201, { success: true, lead_id: 'L4' }],
  };

  it('says so with Try again and sends nothing without the car; after Try again the valuation is towards the car of ?car_id=', async () => {
    history.replaceState(null, '', '/cars/trade-in?car_id=78');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = stubApi({ ...valuation, '/offer-choices.json': [503, { message: 'busy' }] });
    mounted.render(<InstantOffer config={config({ instant_offer_images: false })} mode="trade-in" locations={[]} carChoicesUrl="/offer-choices.json" />);
    await settle();
    const form = mounted.host.querySelector('form')!;
    const notice = () => form.querySelector('[data-testid="car-choices-failed"]');
    expect(notice()!.getAttribute('role')).toBe('alert');
    expect(notice()!.textContent).toContain('The vehicle list could not be loaded. Please try again.');
    const input = (name: string) => form.querySelector<HTMLInputElement>(`#instant-offer-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}`)!;
    fill(input('rego'), 'MAZ019');
    await submit(form);
    fillDetails(input);
    await submit(form);
    expect(failing.map((call) => call.path)).not.toContain('/leads');
    expect(failing.map((call) => call.path)).not.toContain('/eval-expert/update-eval');
    const retry = notice()!.querySelector('button')!;
    expect(retry.textContent).toBe('Try again');
    expect(document.activeElement).toBe(retry);

    const calls = stubApi({ ...valuation, '/offer-choices.json': [200, JSON.parse(encodeCarChoices([car]))] });
    click(retry);
    await settle();
    expect(notice()).toBeNull();
    const towards = [...form.querySelectorAll('p')].find((line) => line.textContent === 'Trade-in valuation towards the 2023 Kia Seltos');
    expect(towards).toBeDefined();
    expect(document.activeElement).toBe(towards);
    await submit(form);
    expect(calls.find((call) => call.path === '/leads')?.body).toMatchObject({ car_id: '78' });
  });

  it('without ?car_id= the valuation needs no car: no message, and the lead is sent', async () => {
    history.replaceState(null, '', '/cars/trade-in');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls, form } = await tradeIn({ ...valuation, '/unneeded-choices.json': [503, {}] }, { rego: 'MAZ019', carChoicesUrl: '/unneeded-choices.json' });
    expect(form.querySelector('[data-testid="car-choices-failed"]')).toBeNull();
    expect(calls.map((call) => call.path)).toContain('/leads');
  });
});

describe('InstantOffer remembers the contact details for the next form (spec §3 Stored locally)', () => {
  it('the first name, email and mobile typed here are prefilled into the next form', async () => {
    stubApi({
      '/eval-expert/enter-vin': [200, [{ EvalID: 7, Year: 2019, Make: 'Mazda', Model: '3' }]],
      '/eval-expert/update-eval': [200, [{ EvalID: 7, Year: 2019, Make: 'Mazda', Model: '3', OfferPrice: 12000 }]],
      '/leads': [201, { success: true, lead_id: 'L7' }],
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/sell-my-car', search: '', href: 'https://offer.example.com.au/sell-my-car' });
    const { form, input } = show({ instant_offer_images: false });
    fill(input('rego'), 'MAZ019');
    await submit(form);
    fillDetails(input);
    fill(input('last_name'), 'Bloggs');
    await submit(form);
    expect(assign, form.textContent ?? '').toHaveBeenCalledWith('/success');
    expect(prefilled({ name: '', last_name: '', email: '', phone: '', postcode: '' })).toEqual({
      name: 'Jo',
      last_name: 'Bloggs',
      email: 'jo@example.com',
      phone: '0412345678',
      postcode: '4000',
    });
  });
});

describe('InstantOffer: the lead API refusing a field of the details step', () => {
  it('shows its message beside the field, keeps what was typed and stays on the step', async () => {
    stubApi({
      '/eval-expert/enter-vin': [200, [{ EvalID: 8, Year: 2019, Make: 'Mazda', Model: '3' }]],
      '/eval-expert/update-eval': [200, [{ EvalID: 8, Year: 2019, Make: 'Mazda', Model: '3', OfferPrice: 12000 }]],
      '/leads': [422, { message: 'Please fix the following errors:', fields: { 'Mobile Number': 'Please enter a valid Australian mobile number.' } }],
    });
    const { form, input, heading } = show({ instant_offer_images: false });
    fill(input('rego'), 'MAZ019');
    await submit(form);
    fillDetails(input);
    await submit(form);
    expect(heading()).toBe('A few more details');
    expect(form.querySelector('#instant-offer-Mobile-Number-error')?.textContent).toBe('Please enter a valid Australian mobile number.');
    expect(input('Mobile Number').value).toBe('0412345678');
  });
});

describe('InstantOffer: the valuation call (update-eval) and the contact fields', () => {
  const routes: Record<string, [number, unknown]> = {
    '/eval-expert/enter-vin': [200, [{ EvalID: 11, Year: 2019, Make: 'Mazda', Model: '3' }]],
    '/eval-expert/update-eval': [200, [{ EvalID: 11, Year: 2019, Make: 'Mazda', Model: '3', OfferPrice: 12000 }]],
    '/leads': [201, { success: true, lead_id: 'L11' }],
  };

  /** The details step reached, and fetch answering update-eval as the lead API checks it (UpdateEvalSchema; a refusal is a 400 with the field messages). */
  async function detailsWithServerCheck(answers: Record<string, [number, unknown]>) {
    const calls = stubApi(answers);
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const checked = String(url).endsWith('/eval-expert/update-eval') ? v.safeParse(UpdateEvalSchema, JSON.parse(String(init.body))) : undefined;
      if (checked && !checked.success) {
        calls.push({ path: '/eval-expert/update-eval', body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ success: false, error: LEAD_MESSAGES.fixErrors, fields: fieldErrors(checked.issues) }), { status: 400 });
      }
      return stubbed(url, init);
    });
    vi.stubGlobal('location', { ...window.location, assign: vi.fn(), pathname: '/sell-my-car', search: '', href: 'https://offer.example.com.au/sell-my-car' });
    const shown = show({ instant_offer_images: false });
    fill(shown.input('rego'), 'MAZ019');
    await submit(shown.form);
    fillDetails(shown.input);
    return { ...shown, calls };
  }

  it('a First Name and a Last Name of 60 characters each, which the form accepts, are accepted by the valuation call too', async () => {
    const { form, input, calls } = await detailsWithServerCheck(routes);
    fill(input('First Name'), 'J'.repeat(60));
    fill(input('last_name'), 'B'.repeat(60));
    await submit(form);
    expect(form.querySelector('[data-testid="error-warning"]')?.textContent ?? '').toBe('');
    expect(calls.map((call) => call.path)).toEqual(['/eval-expert/enter-vin', '/eval-expert/update-eval', '/leads']);
    expect(calls[1]!.body).toMatchObject({ cName: `${'J'.repeat(60)} ${'B'.repeat(60)}` });
  });

  it('the valuation call refusing the name, mobile or email shows each message at the field the shopper filled, focused on the first', async () => {
    const { form, input } = await detailsWithServerCheck({
      ...routes,
      '/eval-expert/update-eval': [
        400,
        {
          success: false,
          error: LEAD_MESSAGES.fixErrors,
          fields: { cName: FORM_MESSAGES.tooLong(100), cPhone: FORM_MESSAGES.phone, cEmail: FORM_MESSAGES.email },
        },
      ],
    });
    await submit(form);
    expect(form.querySelector('#instant-offer-First-Name-error')?.textContent).toBe(FORM_MESSAGES.tooLong(100));
    expect(form.querySelector('#instant-offer-Mobile-Number-error')?.textContent).toBe(FORM_MESSAGES.phone);
    expect(form.querySelector('#instant-offer-Email-Address-error')?.textContent).toBe(FORM_MESSAGES.email);
    expect(document.activeElement).toBe(input('First Name'));
    expect(input('First Name').value).toBe('Jo');
  });
});

describe('InstantOffer: the lead API refusing the offer acceptance', () => {
  it('shows its reason in the alert (the Accept step shows no field), not only the summary heading', async () => {
    const { form } = await tradeIn(
      {
        '/eval-expert/enter-vin': [200, [{ EvalID: 12, Year: 2019, Make: 'Mazda', Model: '3' }]],
        '/eval-expert/update-eval': [200, [{ EvalID: 12, Year: 2019, Make: 'Mazda', Model: '3', OfferPrice: 12000 }]],
        '/trade-in/adjustments': [200, { offer_price: 12000, OfferPrice: 12000 }],
        '/leads': [201, { success: true, lead_id: 'L12' }],
      },
      { rego: 'MAZ019' },
    );
    stubApi({ '/leads': [422, { success: false, error: LEAD_MESSAGES.fixErrors, fields: { offer_accepted: NO_OFFER_TO_ACCEPT } }] });
    await submit(form);
    const alert = form.querySelector<HTMLElement>('[data-testid="error-warning"]');
    expect(alert?.textContent).toBe(NO_OFFER_TO_ACCEPT);
    expect(document.activeElement).toBe(alert);
  });
});

describe('InstantOffer towards a car (/cars/trade-in): the adjustments call failing', () => {
  const routes = (adjustments: [number, unknown]): Record<string, [number, unknown]> => ({
    '/eval-expert/enter-vin': [200, [{ EvalID: 6, Year: 2019, Make: 'Mazda', Model: '3' }]],
    '/eval-expert/update-eval': [200, [{ EvalID: 6, Year: 2019, Make: 'Mazda', Model: '3', OfferPrice: 10000 }]],
    '/trade-in/adjustments': adjustments,
    '/leads': [201, { success: true, lead_id: 'L6' }],
  });

  it('shows the instant offer failure (spec §8), sends no lead and no offer that ignores the answers; the details stay', async () => {
    const { calls, form } = await tradeIn(routes([500, { success: false, error: LEAD_MESSAGES.unexpected }]), {
      rego: 'MAZ019',
      details: { condition: 'Poor' },
    });
    expect(calls.map((call) => call.path)).not.toContain('/leads');
    await settle();
    expect(form.querySelector('[data-testid="error-warning"]')?.textContent).toBe('An error occurred while submitting the form. Please try again.');
    expect(form.textContent).not.toContain('$10,000');
    expect(form.querySelector<HTMLSelectElement>('#instant-offer-car_condition')?.value).toBe('Poor');
  });

  it('with the adjusted offer: the lead carries it and the answers it was computed from', async () => {
    const { calls } = await tradeIn(routes([200, { offer_price: 8500, OfferPrice: 8500 }]), { rego: 'MAZ019', details: { condition: 'Poor' } });
    expect(calls.find((call) => call.path === '/trade-in/adjustments')!.body).toMatchObject({ id: '6', answers: { car_condition: 'Poor' } });
    expect(calls.find((call) => call.path === '/leads')!.body).toMatchObject({ car_condition: 'Poor', custom_params: { offer_price: 8500 } });
  });

  it("sends the comments under the spec's name (§3 Instant offer: comments), once: the lead API maps it to the message", async () => {
    const { calls } = await tradeIn(routes([200, { offer_price: 8500, OfferPrice: 8500 }]), { rego: 'MAZ019', details: { comments: 'Garaged.' } });
    const lead = calls.find((call) => call.path === '/leads')!.body as Record<string, unknown>;
    expect(lead.comments).toBe('Garaged.');
    expect(lead).not.toHaveProperty('message');
  });
});

describe("InstantOffer: a call's failure says the same at every step (spec §8 instant offer failure)", () => {
  const UNEXPECTED: [number, unknown] = [500, { success: false, error: LEAD_MESSAGES.unexpected }];
  const ok: Record<string, [number, unknown]> = {
    '/eval-expert/enter-vin': [200, [{ EvalID: 6, Year: 2019, Make: 'Mazda', Model: '3' }]],
    '/eval-expert/update-eval': [200, [{ EvalID: 6, Year: 2019, Make: 'Mazda', Model: '3', OfferPrice: 10000 }]],
    '/trade-in/adjustments': [200, { offer_price: 10000, OfferPrice: 10000 }],
    '/leads': [201, { success: true, lead_id: 'L6' }],
  };
  const alert = (form: HTMLFormElement) => form.querySelector('[data-testid="error-warning"]')?.textContent;

  it.each(['/eval-expert/update-eval', '/trade-in/adjustments', '/leads'])('%s answering 500 with no reason of its own: the fallback text', async (path) => {
    const { form } = await tradeIn({ ...ok, [path]: UNEXPECTED }, { rego: 'MAZ019' });
    await settle();
    expect(alert(form)).toBe('An error occurred while submitting the form. Please try again.');
  });

  it('the lookup (enter-vin) and the acceptance answering 500: the fallback text too', async () => {
    stubApi({ '/eval-expert/enter-vin': UNEXPECTED });
    const { form, input } = show();
    fill(input('rego'), 'MAZ019');
    await submit(form);
    await settle();
    expect(alert(form)).toBe('An error occurred while submitting the form. Please try again.');
    const offered = await tradeIn(ok, { rego: 'MAZ019' });
    stubApi({ '/leads': UNEXPECTED });
    await submit(offered.form);
    await settle();
    expect(alert(offered.form)).toBe('An error occurred while submitting the form. Please try again.');
  });

  it("a call's own reason is shown as it says", async () => {
    const { form } = await tradeIn({ ...ok, '/eval-expert/update-eval': [409, { success: false, error: 'This valuation has expired.' }] }, { rego: 'MAZ019' });
    await settle();
    expect(alert(form)).toBe('This valuation has expired.');
  });
});

describe('InstantOffer: back from sign-in after a step was refused 401 (the session ended while the shopper went on)', () => {
  forgetSignInAfterEach();
  const builds = (evalid: string, descriptions: string[]) =>
    [200, [{ evalid, VechielDescriptions: descriptions.map((Description) => ({ Description })) }]] as [number, unknown];
  const lookedUp = (evalid: string): Record<string, [number, unknown]> => ({
    '/eval-expert/enter-vin': builds(evalid, ['Mazda 3 Maxx', 'Mazda 3 Touring']),
    '/eval-expert/manual-entry': [200, [{ EvalID: evalid, VIN: `VIN-${evalid}`, Year: 2019, Make: 'Mazda', Model: '3' }]],
  });

  /** Shopper A on /sell-my-car: looks up ABC123, chooses the Touring, passes the photos, fills the details; Submit is refused 401 and A goes to sign-in. */
  async function refusedAtDetails() {
    sessionStorage.clear();
    localStorage.removeItem(PREFILL_KEY);
    signIn(SHOPPER_A);
    window.history.replaceState(null, '', '/sell-my-car');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    stubApi(lookedUp('E1'));
    const { form, input, heading } = show();
    fill(input('rego'), 'abc123');
    await submit(form);
    click(form.querySelector<HTMLInputElement>('input[type="radio"][value="Mazda 3 Touring"]')!);
    await submit(form);
    expect(heading()).toBe('Photos of your car');
    await submit(form);
    expect(heading()).toBe('A few more details');
    fillDetails(input);
    fill(input('last_name'), 'Lee');
    stubApi({ '/eval-expert/update-eval': SIGN_IN_401 });
    await submit(form);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(new URL(String(assign.mock.calls[0]![0]), 'https://offer.example.com.au').pathname).toBe('/sign-in');
    mounted.reset();
  }

  /** The form mounted again, back from sign-in as `shopper`, answering `routes`. */
  async function backAs(shopper: { user_id: string; phone: string } | null, routes: Record<string, [number, unknown]>) {
    if (shopper) signIn(shopper);
    else signOut();
    const calls = stubApi(routes);
    const shown = show();
    await settle();
    return { ...shown, calls };
  }

  it('opens at the step the shopper was on: the lookup and the choice asked again with the kept values, the details in place, nothing else sent', async () => {
    await refusedAtDetails();
    const { form, input, heading, calls } = await backAs(SHOPPER_A, lookedUp('E2'));
    expect(heading()).toBe('A few more details');
    expect(form.querySelector('.form-steps li[aria-current="step"]')!.textContent).toBe('A few more details');
    expect(calls).toEqual([
      { path: '/eval-expert/enter-vin', body: { rego: 'ABC123', state: 'qld' } },
      { path: '/eval-expert/manual-entry', body: { desc: 'Mazda 3 Touring', vin: undefined, evalid: 'E2' } },
    ]);
    expect(form.textContent).toContain('Vehicle: Mazda 3 Touring');
    expect(input('First Name').value).toBe('Jo');
    expect(input('last_name').value).toBe('Lee');
    expect(input('postcode').value).toBe('4000');
    expect(form.querySelector('[data-testid="error-warning"]')?.textContent ?? '').toBe('');
    expect(sessionStorage.getItem('kept_forms')).toBeNull();

    const more = stubApi({ '/eval-expert/update-eval': [200, [{ EvalID: 'E2', Year: 2019, Make: 'Mazda', Model: '3', OfferPrice: 9000 }]] });
    await submit(form);
    expect(more[0]).toMatchObject({ path: '/eval-expert/update-eval', body: { evalid: 'E2', cName: 'Jo Lee', cPhone: '0412345678' } });
  });

  it('the lookup failing: step 1 with the instant offer failure and the registration kept; nothing more is asked', async () => {
    await refusedAtDetails();
    const { form, input, heading, calls } = await backAs(SHOPPER_A, { '/eval-expert/enter-vin': [500, { success: false, error: LEAD_MESSAGES.unexpected }] });
    expect(heading()).toBe('Your vehicle');
    expect(input('rego').value).toBe('abc123');
    expect(form.querySelector('[data-testid="error-warning"]')?.textContent).toBe(INSTANT_OFFER_ERROR);
    expect(calls.map((call) => call.path)).toEqual(['/eval-expert/enter-vin']);
  });

  it("the car's answer differs (the chosen build is no longer listed): the choose step, nothing chosen, with the failure text", async () => {
    await refusedAtDetails();
    const { form, heading, calls } = await backAs(SHOPPER_A, { ...lookedUp('E3'), '/eval-expert/enter-vin': builds('E3', ['Mazda 3 SP25', 'Mazda 3 Pure']) });
    expect(heading()).toBe('Choose your car');
    expect([...form.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter((radio) => radio.checked)).toEqual([]);
    expect(form.querySelector('[data-testid="error-warning"]')?.textContent).toBe(INSTANT_OFFER_ERROR);
    expect(calls.map((call) => call.path)).toEqual(['/eval-expert/enter-vin']);
  });

  it('the registration now names one car where the shopper chose a build: step 1 with the failure text, the choice dropped', async () => {
    await refusedAtDetails();
    const { form, input, heading, calls } = await backAs(SHOPPER_A, {
      '/eval-expert/enter-vin': [200, [{ EvalID: 'E5', VIN: 'VIN5', Year: 2019, Make: 'Mazda', Model: '3' }]],
    });
    expect(heading()).toBe('Your vehicle');
    expect(input('rego').value).toBe('abc123');
    expect(form.querySelector('[data-testid="error-warning"]')?.textContent).toBe(INSTANT_OFFER_ERROR);
    expect(calls.map((call) => call.path)).toEqual(['/eval-expert/enter-vin']);
    stubApi({ '/eval-expert/enter-vin': [200, [{ EvalID: 'E5', VIN: 'VIN5', Year: 2019, Make: 'Mazda', Model: '3' }]] });
    await submit(form);
    expect(heading()).toBe('Photos of your car');
    await submit(form);
    expect(form.textContent).toContain('Vehicle: 2019 Mazda 3');
  });

  it('another shopper signing in on the tab gets nothing kept: step 1, blank, nothing asked', async () => {
    await refusedAtDetails();
    const { input, heading, calls } = await backAs(SHOPPER_B, lookedUp('E4'));
    expect(heading()).toBe('Your vehicle');
    expect(input('rego').value).toBe('');
    expect(calls).toEqual([]);
  });

  it('refused at Accept Offer (/cars/trade-in): the valuation asked again, the offer shown, and accepting completes the same lead', async () => {
    sessionStorage.clear();
    signIn(SHOPPER_A);
    window.history.replaceState(null, '', '/cars/trade-in');
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const valued = (evalId: number): Record<string, [number, unknown]> => ({
      '/eval-expert/enter-vin': [200, [{ EvalID: evalId, Year: 2019, Make: 'Mazda', Model: '3' }]],
      '/eval-expert/update-eval': [200, [{ EvalID: evalId, Year: 2019, Make: 'Mazda', Model: '3', OfferPrice: 10000 }]],
      '/trade-in/adjustments': [200, { offer_price: 9500, OfferPrice: 9500 }],
    });
    const { form } = await tradeIn({ ...valued(6), '/leads': [201, { success: true, lead_id: 'L6' }] }, { rego: 'MAZ019' });
    expect(form.querySelector('[data-testid="offer-price"]')?.textContent).toContain('$9,500');
    stubApi({ '/leads': SIGN_IN_401 });
    await submit(form);
    expect(assign).toHaveBeenCalledTimes(1);
    mounted.reset();

    signIn(SHOPPER_A);
    const calls = stubApi({ ...valued(7), '/leads': [200, { success: true, lead_id: 'L6' }] });
    mounted.render(<InstantOffer config={config({ instant_offer_images: false })} mode="trade-in" locations={[]} />);
    await settle();
    const back = mounted.host.querySelector('form')!;
    expect(back.getAttribute('data-step')).toBe('done');
    expect(back.querySelector('[data-testid="offer-price"]')?.textContent).toContain('$9,500');
    expect(calls.map((call) => call.path)).toEqual(['/eval-expert/enter-vin', '/eval-expert/update-eval', '/trade-in/adjustments']);
    expect(calls[1]!.body).toMatchObject({ evalid: '7', km: 50000, cEmail: 'jo@example.com' });
    await submit(back);
    const leads = calls.filter((call) => call.path === '/leads');
    expect(leads).toHaveLength(1);
    expect(leads[0]!.body).toMatchObject({ lead_id: 'L6', offer_accepted: true, form_completed: true });
  });
});
