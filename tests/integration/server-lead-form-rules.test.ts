/**
 * Lead API: a post that completes a form is held to that form's own rules (src/schemas/forms/
 * lead-forms.ts) with the site's settings, as the browser holds it: required contact fields,
 * Comments, the contact page's selects, the service booking's vehicle, interval and type, the
 * instant offer's final step, the finance application's Employment Status; select values
 * outside the site's options; the trade-in Mobile Number; the form's own messages.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { FORM_MESSAGES, LEAD_MESSAGES } from '../../src/schemas/forms/messages.ts';
import { NOT_AN_OPTION } from '../../src/schemas/forms/lead-forms.ts';
import { startLeadApi, stopLeadApi, tradeInLead, type LeadApiSuite } from '../support/server-helpers.ts';
import { writeTenantFolder } from '../support/tenant-folder.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const SERVICE = { host: 'service.localhost:4321' };
const contact = { name: 'Jo', email: 'jo@example.com', phone: '0412 345 678', postcode: '4000' };
const required = FORM_MESSAGES.required;

describe('lead API: the form rules of a completed form', () => {
  let app: LeadApi;
  let suite: LeadApiSuite | undefined;

  beforeAll(async () => {
    suite = await startLeadApi('sqlite', 'lead-form-rules-', (tenants) =>
      writeTenantFolder(join(tenants, 'service'), {
        site: {
          slug: 'service',
          name: 'Service Motors',
          url: 'https://service-motors.example',
          service: { intervals: ['15,000 km', '30,000 km'], interval_required: true, types: ['Logbook service', 'Major service'] },
        },
        stock: [],
      }),
    );
    app = suite.app;
  });
  afterAll(() => stopLeadApi(suite ?? {}));

  const post = (headers: Record<string, string>, payload: object) => app.inject({ method: 'POST', url: '/api/leads', headers, payload });
  const evaluation = async (headers: Record<string, string>) => {
    const found = await app.inject({ method: 'POST', url: '/api/eval-expert/enter-vin', headers, payload: { rego: 'FRM120', state: 'qld' } });
    expect(found.statusCode, found.body).toBe(200);
    return String((found.json() as { EvalID?: string }[])[0]!.EvalID);
  };
  const refusedWith = async (headers: Record<string, string>, payload: object, fields: Record<string, string>) => {
    const response = await post(headers, payload);
    expect([response.statusCode, response.json()]).toEqual([422, { success: false, error: LEAD_MESSAGES.fixErrors, fields }]);
  };

  it('an enquiry needs the name, e-mail and phone, and the Comments (enquiry_comments_required, on by default)', async () => {
    const before = await app.stores.leads.count('alpha');
    await refusedWith(
      ALPHA,
      { email: 'jo@example.com', postcode: '4000', category: 'General Enquiry', form_completed: true, car_id: 1 },
      { name: required, phone: required, message: required },
    );
    await refusedWith(
      ALPHA,
      { phone: '0412 345 678', postcode: '4000', category: 'General Enquiry', car_id: 1 },
      { name: required, email: required, message: required },
    );
    expect(await app.stores.leads.count('alpha')).toBe(before);
    expect((await post(ALPHA, { ...contact, message: 'Hello', category: 'General Enquiry', form_completed: true, car_id: 1 })).statusCode).toBe(201);
  });

  it('the contact page (a lead about no car) needs the location on a site with locations', async () => {
    await refusedWith(
      ALPHA,
      { ...contact, message: 'Hello', category: 'General Enquiry', subcategory: 'Contact Us', form_completed: true },
      { location: required },
    );
    expect(
      (await post(ALPHA, { ...contact, message: 'Hello', category: 'General Enquiry', subcategory: 'Contact Us', location: 'alpha-sydney' })).statusCode,
    ).toBe(201);
  });

  it('a service booking needs make, model and year, and the interval and type the site configures, from its list', async () => {
    const booking = { ...contact, category: 'Service Booking', form_completed: true };
    await refusedWith(
      SERVICE,
      { ...booking, 'Service Type': 'Free oil change for life' },
      { 'Vehicle Make': required, Model: required, Year: required, 'Service Interval': required, 'Service Type': NOT_AN_OPTION },
    );
    const vehicle = { 'Vehicle Make': 'Mazda', Model: '3', Year: 2019 };
    await refusedWith(
      SERVICE,
      { ...booking, ...vehicle, 'Service Interval': '1,000,000 km', 'Service Type': 'Logbook service' },
      { 'Service Interval': NOT_AN_OPTION },
    );
    const halfYear = await post(SERVICE, { ...booking, ...vehicle, Year: '2019.5', 'Service Interval': '15,000 km', 'Service Type': 'Logbook service' });
    expect([halfYear.statusCode, halfYear.json().fields]).toEqual([400, { Year: 'Please enter a year such as 2019.' }]);
    expect((await post(SERVICE, { ...booking, ...vehicle, 'Service Interval': '15,000 km', 'Service Type': 'Logbook service' })).statusCode).toBe(201);
  });

  it('a service booking sent step by step is held to the rules when its last step completes it, with what the steps stored', async () => {
    const first = await post(SERVICE, { ...contact, category: 'Service Booking', form_completed: false, custom_params: { lead_status: 'Incomplete' } });
    expect(first.statusCode).toBe(201);
    const id = first.json().lead_id as string;
    expect((await post(SERVICE, { lead_id: id, 'Vehicle Make': 'Mazda', Model: '3', Year: 2019, form_completed: false })).statusCode).toBe(200);
    await refusedWith(SERVICE, { lead_id: id, 'Service Interval': '15,000 km', form_completed: true }, { 'Service Type': required });
    expect((await post(SERVICE, { lead_id: id, 'Service Interval': '15,000 km', 'Service Type': 'Major service', form_completed: true })).statusCode).toBe(200);
  });

  it("the instant offer's lead needs its final step's details; its Mobile Number is a mobile", async () => {
    const evalid = await evaluation(ALPHA);
    const { odometer: _o, service_history: _s, number_of_keys: _n, car_condition: _c, message: _m, ...withoutDetails } = tradeInLead(evalid);
    await refusedWith(
      ALPHA,
      { ...withoutDetails, form_completed: true },
      { odometer: required, service_history: required, number_of_keys: required, car_condition: required, message: required },
    );
    const landline = await post(ALPHA, { ...tradeInLead(evalid), 'Mobile Number': '07 3000 1111' });
    expect([landline.statusCode, landline.json().fields]).toEqual([400, { 'Mobile Number': FORM_MESSAGES.mobile }]);
    const lots = await post(ALPHA, { ...tradeInLead(evalid), odometer: 'lots' });
    expect([lots.statusCode, lots.json().fields]).toEqual([400, { odometer: FORM_MESSAGES.number }]);
    expect((await post(ALPHA, { ...tradeInLead(evalid), form_completed: true })).statusCode).toBe(201);
  });

  it('the finance application needs an Employment Status from its list', async () => {
    const apply = { ...contact, category: 'Finance Enquiry', subcategory: 'Apply for Finance', form_completed: true };
    await refusedWith(ALPHA, apply, { employment_status: required });
    await refusedWith(ALPHA, { ...apply, custom_params: { employment_status: 'Astronaut' } }, { employment_status: NOT_AN_OPTION });
    expect((await post(ALPHA, { ...apply, custom_params: { employment_status: 'Casual' } })).statusCode).toBe(201);
  });

  it('a step of a multi-step form (form_completed false) is not held to the whole form', async () => {
    expect((await post(SERVICE, { ...contact, category: 'Service Booking', form_completed: false })).statusCode).toBe(201);
    expect((await post(ALPHA, { ...contact, category: 'Reserve', car_id: 1, form_completed: false })).statusCode).toBe(201);
  });
});
