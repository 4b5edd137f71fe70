// @vitest-environment happy-dom
/**
 * A vehicle page's Get Finance link on the finance form (docs/forms.md Pages: the URL's
 * preferredDealership, vehiclePriceBudget, car_id, car_type and vin prefill and travel in
 * custom_params): on a site with one dealership (no dealership select) the link's dealership
 * still travels with the lead, and the linked car's dealership routes it; when the car list
 * fails to load, the link's dealership (the car's) routes it, if it is one of the site's (its
 * dealerships, locations' or cars', as the lead API's list).
 */
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeCarChoices, formSiteConfig } from '../../lib/forms/form-config.ts';
import { leadDealershipSlugs } from '../../lib/locations/locations.ts';
import { financeHref } from '../../lib/vehicle/vehicle-actions.ts';
import { SiteSchema } from '../../schemas/site.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click, fill, settle, stubApi, submit, typeKeys } from '../../../tests/support/form-events.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';
import FinanceForm from './FinanceForm.tsx';

const mounted = mountRoot();
afterEach(() => vi.unstubAllGlobals());

const site = v.parse(SiteSchema, {
  slug: 'finance-motors',
  template: 'used-group',
  name: 'Finance Motors',
  url: 'https://finance.example.com.au',
  phone: '+61 7 3555 0100',
  dealerships: [{ id: 1, slug: 'finance-north', name: 'Finance Motors North' }],
});
const car = makeCar({ id: 7, slug: 'car-7', price: 24990, vin: 'JT1', dealership_slug: 'finance-north' });
/** The dealerships the lead API takes for this site and its car (as FinancePage passes them). */
const dealershipSlugs = [...leadDealershipSlugs(site, [car])];

/** Fill in the finance form's contact fields and send it. */
async function sendContact(form: HTMLFormElement) {
  const field = (name: string) => form.querySelector<HTMLInputElement>(`#finance-form-${name}`)!;
  fill(field('name'), 'Jo');
  fill(field('email'), 'jo@example.com');
  fill(field('phone'), '0412345678');
  fill(field('postcode'), '4000');
  await submit(form);
}

describe('FinanceForm from a Get Finance link on a single-dealership site', () => {
  it('sends the link dealership in custom_params and the car dealership as the lead dealership', async () => {
    const link = new URL(financeHref(car), 'https://finance.example.com.au');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: link.pathname, search: link.search, href: link.href });
    const calls = stubApi({ '/single-dealership-choices.json': [200, JSON.parse(encodeCarChoices([car]))], '/leads': [201, { lead_id: 'lead-1' }] });
    mounted.render(
      <FinanceForm config={formSiteConfig(site)} variant="finance" carChoicesUrl="/single-dealership-choices.json" dealershipSlugs={dealershipSlugs} />,
    );
    await settle();
    const form = mounted.host.querySelector('form')!;
    expect(form.querySelector('#finance-form-preferredDealership')).toBeNull();
    await sendContact(form);
    const lead = calls.find((call) => call.path === '/leads')!.body as Record<string, unknown>;
    expect(lead.custom_params).toMatchObject({ preferredDealership: 'finance-north', vehiclePriceBudget: 24990, vin: 'JT1', car_type: 'used' });
    expect(lead).toMatchObject({ car_id: '7', dealership_slug: 'finance-north' });
    expect(assign).toHaveBeenCalledWith('/success');
  });

  it('a budget typed key by key with cents keeps them as typed and sends its whole dollars', async () => {
    vi.stubGlobal('location', { ...window.location, assign: vi.fn(), pathname: '/finance', search: '', href: 'https://finance.example.com.au/finance' });
    const calls = stubApi({ '/typed-budget-choices.json': [200, JSON.parse(encodeCarChoices([car]))], '/leads': [201, { lead_id: 'lead-2' }] });
    mounted.render(
      <FinanceForm config={formSiteConfig(site)} variant="finance" carChoicesUrl="/typed-budget-choices.json" dealershipSlugs={dealershipSlugs} />,
    );
    await settle();
    const form = mounted.host.querySelector('form')!;
    const budget = form.querySelector<HTMLInputElement>('#finance-form-vehiclePriceBudget')!;
    // A keypad with a point: a phone's numeric keypad has none to type the cents with.
    expect(budget.inputMode).toBe('decimal');
    typeKeys(budget, '30000.50');
    expect(budget.value).toBe('$30,000.50');
    await sendContact(form);
    const lead = calls.find((call) => call.path === '/leads')!.body as Record<string, unknown>;
    expect(lead.custom_params).toMatchObject({ vehiclePriceBudget: 30000 });
  });

  it("fills a blank budget with the price the car's page leads with: its drive-away total, not the excl. government charges price", async () => {
    const egc = makeCar({ id: 8, slug: 'car-8', price: 40000, price_type: 'Excl. Govt. Charges', drive_away_price: 44500 });
    vi.stubGlobal('location', { ...window.location, pathname: '/finance', search: '?car_id=8', href: 'https://finance.example.com.au/finance?car_id=8' });
    stubApi({ '/budget-choices.json': [200, JSON.parse(encodeCarChoices([egc]))] });
    mounted.render(<FinanceForm config={formSiteConfig(site)} variant="finance" carChoicesUrl="/budget-choices.json" dealershipSlugs={dealershipSlugs} />);
    await settle();
    expect(mounted.host.querySelector<HTMLInputElement>('#finance-form-vehiclePriceBudget')!.value).toBe('$44,500');
  });
});

describe('FinanceForm when the car choices cannot be loaded', () => {
  afterEach(() => vi.restoreAllMocks());
  const linked = makeCar({ id: 9, slug: 'car-9', name: '2022 Toyota RAV4', price: 38000 });

  it('a link naming a car: a quiet note with Try again; after Try again the car and its budget are filled as on a first load', async () => {
    vi.stubGlobal('location', { ...window.location, pathname: '/finance', search: '?car_id=9', href: 'https://finance.example.com.au/finance?car_id=9' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ '/note-choices.json': [503, { message: 'busy' }] });
    mounted.render(<FinanceForm config={formSiteConfig(site)} variant="finance" carChoicesUrl="/note-choices.json" dealershipSlugs={dealershipSlugs} />);
    await settle();
    const form = mounted.host.querySelector('form')!;
    const note = form.querySelector('[data-testid="car-choices-failed"]')!;
    expect(note.getAttribute('role')).toBe('status');
    expect(note.textContent).toContain('The vehicle list could not be loaded. Please try again.');
    expect(form.querySelector('[role="alert"]')).toBeNull();
    const budget = form.querySelector<HTMLInputElement>('#finance-form-vehiclePriceBudget')!;
    expect(budget.value).toBe('');

    stubApi({ '/note-choices.json': [200, JSON.parse(encodeCarChoices([linked]))] });
    const retry = note.querySelector('button')!;
    expect(retry.textContent).toBe('Try again');
    retry.focus();
    click(retry);
    await settle();
    expect(form.querySelector('[data-testid="car-choices-failed"]')).toBeNull();
    const line = [...form.querySelectorAll('p')].find((each) => each.textContent === 'Finance for the 2022 Toyota RAV4');
    expect(line).toBeDefined();
    expect(document.activeElement).toBe(line);
    expect(budget.value).toBe('$38,000');
  });

  /** Send the finance form from `link` with the car choices failing; the lead posted. */
  async function sendWithoutList(link: URL) {
    vi.stubGlobal('location', { ...window.location, assign: vi.fn(), pathname: link.pathname, search: link.search, href: link.href });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = stubApi({ '/failed-dealer-choices.json': [503, { message: 'busy' }], '/leads': [201, { lead_id: 'lead-2' }] });
    mounted.render(
      <FinanceForm config={formSiteConfig(site)} variant="finance" carChoicesUrl="/failed-dealer-choices.json" dealershipSlugs={dealershipSlugs} />,
    );
    await settle();
    const form = mounted.host.querySelector('form')!;
    expect(form.querySelector('[data-testid="car-choices-failed"]')).not.toBeNull();
    await sendContact(form);
    return calls.find((call) => call.path === '/leads')!.body as Record<string, unknown>;
  }

  it("a Get Finance link on a single-dealership site: the link's dealership (the car's) is still the lead's dealership", async () => {
    const lead = await sendWithoutList(new URL(financeHref(car), 'https://finance.example.com.au'));
    expect(lead).not.toHaveProperty('car_id');
    expect(lead.custom_params).toMatchObject({ preferredDealership: 'finance-north', linked_car_id: '7' });
    expect(lead).toMatchObject({ dealership_slug: 'finance-north' });
  });

  it("a link naming a dealership that is not this site's: it travels in custom_params only, not as the lead's dealership", async () => {
    const lead = await sendWithoutList(new URL('/finance?preferredDealership=elsewhere&car_id=7', 'https://finance.example.com.au'));
    expect(lead.custom_params).toMatchObject({ preferredDealership: 'elsewhere', linked_car_id: '7' });
    expect(lead).not.toHaveProperty('dealership_slug');
  });

  it("a dealership known only from the site's cars (not in site.json) is still the lead's, as the lead API takes it", async () => {
    const other = makeCar({ id: 8, slug: 'car-8', dealership_slug: 'finance-south' });
    const link = new URL(financeHref(other), 'https://finance.example.com.au');
    vi.stubGlobal('location', { ...window.location, assign: vi.fn(), pathname: link.pathname, search: link.search, href: link.href });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = stubApi({ '/failed-south-choices.json': [503, { message: 'busy' }], '/leads': [201, { lead_id: 'lead-3' }] });
    const withSouth = [...leadDealershipSlugs(site, [car, other])];
    mounted.render(<FinanceForm config={formSiteConfig(site)} variant="finance" carChoicesUrl="/failed-south-choices.json" dealershipSlugs={withSouth} />);
    await settle();
    await sendContact(mounted.host.querySelector('form')!);
    const lead = calls.find((call) => call.path === '/leads')!.body as Record<string, unknown>;
    expect(lead.custom_params).toMatchObject({ preferredDealership: 'finance-south', linked_car_id: '8' });
    expect(lead).toMatchObject({ dealership_slug: 'finance-south' });
  });

  it('no car in the link: no note (the form needs no car)', async () => {
    vi.stubGlobal('location', { ...window.location, pathname: '/finance', search: '', href: 'https://finance.example.com.au/finance' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ '/no-car-choices.json': [503, { message: 'busy' }] });
    mounted.render(<FinanceForm config={formSiteConfig(site)} variant="finance" carChoicesUrl="/no-car-choices.json" dealershipSlugs={dealershipSlugs} />);
    await settle();
    expect(mounted.host.querySelector('[data-testid="car-choices-failed"]')).toBeNull();
  });
});

describe('FinanceForm when the session ended while the shopper typed (a gated 401 sends them to sign-in)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('what was typed is put back when the shopper comes back from sign-in, and nothing is sent until they press send again', async () => {
    const assign = vi.fn();
    const page = {
      ...window.location,
      assign,
      pathname: '/finance',
      search: '',
      origin: 'https://finance.example.com.au',
      href: 'https://finance.example.com.au/finance',
    };
    vi.stubGlobal('location', page);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = stubApi({
      '/kept-choices.json': [200, JSON.parse(encodeCarChoices([car]))],
      '/leads': [401, { success: false, error: 'Please sign in to continue.', sign_in: true }],
    });
    const form = () => mounted.host.querySelector('form')!;
    const field = (name: string) => form().querySelector<HTMLInputElement | HTMLTextAreaElement>(`#finance-form-${name}`)!;
    const show = () =>
      mounted.render(<FinanceForm config={formSiteConfig(site)} variant="finance" carChoicesUrl="/kept-choices.json" dealershipSlugs={dealershipSlugs} />);
    show();
    await settle();
    fill(field('message'), 'Looking for a 5 year loan');
    typeKeys(field('vehiclePriceBudget') as HTMLInputElement, '30000');
    await sendContact(form());
    expect(assign).toHaveBeenCalledWith('/sign-in?type=finance&redirect=%2Ffinance&back=%2F');
    expect(calls.filter((call) => call.path === '/leads')).toHaveLength(1);

    // Signed in again, the shopper is back on /finance: a fresh page with the form as typed.
    mounted.reset();
    calls = stubApi({ '/kept-choices.json': [200, JSON.parse(encodeCarChoices([car]))], '/leads': [201, { lead_id: 'lead-kept' }] });
    show();
    await settle();
    expect(field('name').value).toBe('Jo');
    expect(field('email').value).toBe('jo@example.com');
    expect(field('phone').value).toBe('0412345678');
    expect(field('postcode').value).toBe('4000');
    expect(field('vehiclePriceBudget').value).toBe('$30,000');
    expect(field('message').value).toBe('Looking for a 5 year loan');
    expect(calls.filter((call) => call.path === '/leads')).toHaveLength(0);
    // Put back once: nothing is left on the device for the next visit.
    expect(sessionStorage.getItem('kept_forms')).toBeNull();

    await submit(form());
    const lead = calls.find((call) => call.path === '/leads')!.body as Record<string, unknown>;
    expect(lead).toMatchObject({ name: 'Jo', email: 'jo@example.com', message: 'Looking for a 5 year loan' });
    expect(assign).toHaveBeenLastCalledWith('/success');
  });
});
