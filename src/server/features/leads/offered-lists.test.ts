/**
 * POST /api/leads: a select's value is one its form offers. A location or dealership is checked
 * against the list the lead's form offers (the contact page's selects, the service form's
 * service locations, the instant offer's buying locations), not against all the site's; a form
 * with no such list (the vehicle page's) takes only a location of the site, not another site's; the
 * instant offer's condition answers are their selects' options; condition answers belong to an
 * evaluation of the site (the post's own, or the one its lead named).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLeadApi, stopLeadApi, tradeInLead, type LeadApiSuite } from '../../../../tests/support/server-helpers.ts';
import { writeTenantFolder } from '../../../../tests/support/tenant-folder.ts';
import { LEAD_MESSAGES } from '../../../schemas/forms/messages.ts';
import { NOT_AN_OPTION } from '../../../schemas/forms/lead-forms.ts';
import { ANSWERS_WITHOUT_OFFER } from '../../../schemas/api/trade-in.ts';
import { adjustOffer } from '../../../lib/forms/trade-in-adjustments.ts';

const LISTS = { host: 'lists.localhost:4321' };
const ALPHA = { host: 'alpha.localhost:4321' };
const contact = { name: 'Jo', email: 'jo@example.com', phone: '0412 345 678', postcode: '4000' };
const hours = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open', open: '09:00', close: '17:00' }));
const location = (id: number, slug: string, dealership: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `${slug} yard`,
  slug,
  dealership_slug: dealership,
  address: { street: '1 Main St', city: 'Brisbane', state: 'QLD', postcode: '4000' },
  contact_detail: { phone: '+61 7 3000 1111', opening_hours: hours },
  ...extra,
});

let suite: LeadApiSuite;

beforeAll(async () => {
  suite = await startLeadApi('sqlite', 'lead-offered-lists-', (tenants) =>
    writeTenantFolder(join(tenants, 'lists'), {
      site: {
        slug: 'lists',
        name: 'Lists Motors',
        url: 'https://lists-motors.example',
        dealerships: [
          { id: 31, slug: 'lists-north', name: 'Lists North' },
          { id: 32, slug: 'lists-south', name: 'Lists South' },
        ],
        locations: [
          location(301, 'lists-sales', 'lists-north'),
          location(302, 'lists-service', 'lists-south', { location_type: 'service' }),
          location(303, 'lists-buying', 'lists-north', { location_subtype: ['buying'] }),
          // Part of the site (a car's leads may name it), offered by no form.
          location(304, 'lists-hidden', 'lists-south', { visible: false }),
        ],
      },
      // A feed car's dealership: the site's (its vehicle page sends it), never one of the contact page's choices.
      stock: [
        {
          id: 31,
          slug: 'lists-car',
          name: 'lists-car',
          status: 'in_stock',
          car_type: 'used',
          make: 'Mazda',
          model: '3',
          year: 2020,
          price: 19_990,
          dealership_slug: 'lists-feed',
        },
      ],
    }),
  );
}, 60_000);

afterAll(() => stopLeadApi(suite ?? {}));

const post = (headers: Record<string, string>, url: string, payload: object) => suite.app.inject({ method: 'POST', url, headers, payload });
const refused = async (headers: Record<string, string>, payload: object, fields: Record<string, string>) => {
  const response = await post(headers, '/api/leads', payload);
  expect([response.statusCode, response.json()]).toEqual([422, { success: false, error: LEAD_MESSAGES.fixErrors, fields }]);
};
const created = async (headers: Record<string, string>, payload: object) => {
  const response = await post(headers, '/api/leads', payload);
  expect(response.statusCode, response.body).toBe(201);
  return String(response.json().lead_id);
};

describe("a location or dealership is one the lead's form offers", () => {
  const contactPage = { ...contact, message: 'Hello', category: 'General Enquiry', subcategory: 'Contact Us', dealership_slug: 'lists-north' };

  it("the contact page's location select: a location of the site it does not list is refused", async () => {
    const before = await suite.app.stores.leads.count('lists');
    await refused(LISTS, { ...contactPage, location: 'lists-hidden' }, { location: NOT_AN_OPTION });
    expect(await suite.app.stores.leads.count('lists')).toBe(before);
    await created(LISTS, { ...contactPage, location: 'lists-service' });
  });

  it("the contact page's dealership select: a dealership of the site's stock it does not list is refused", async () => {
    await refused(LISTS, { ...contactPage, location: 'lists-sales', dealership_slug: 'lists-feed' }, { dealership_slug: NOT_AN_OPTION });
    // The vehicle page's enquiry sends its car's dealership.
    await created(LISTS, { ...contact, message: 'Hello', category: 'General Enquiry', car_id: 31, dealership_slug: 'lists-feed' });
  });

  it('the service form offers its service locations: a sales yard is refused, on a step and on the last post', async () => {
    const booking = { ...contact, category: 'Service Booking', 'Vehicle Make': 'Mazda', Model: '3', Year: 2019 };
    await refused(LISTS, { ...booking, location: 'lists-sales', form_completed: false }, { location: NOT_AN_OPTION });
    const leadId = await created(LISTS, { ...booking, location: 'lists-service', form_completed: false });
    const step = await post(LISTS, '/api/leads', { lead_id: leadId, location: 'lists-sales', form_completed: true });
    expect([step.statusCode, step.json().fields]).toEqual([422, { location: NOT_AN_OPTION }]);
    expect((await post(LISTS, '/api/leads', { lead_id: leadId, location: 'lists-service', form_completed: true })).statusCode).toBe(200);
  });

  it("the instant offer's lead names one of its buying locations", async () => {
    const [found] = (await post(LISTS, '/api/eval-expert/enter-vin', { rego: 'LST301', state: 'qld' })).json();
    const evalid = String(found.EvalID);
    await refused(LISTS, { ...tradeInLead(evalid), location_id: 301 }, { location_id: NOT_AN_OPTION });
    await created(LISTS, { ...tradeInLead(evalid), location_id: 303 });
  });
});

describe("the instant offer's condition answers", () => {
  async function valuedEvaluation(rego: string): Promise<{ evalid: string; base: number }> {
    const [found] = (await post(ALPHA, '/api/eval-expert/enter-vin', { rego, state: 'QLD' })).json();
    const evalid = String(found.EvalID);
    const body = { evalid, km: '85,000', userEmail: '', cName: 'Jo Citizen', cEmail: 'jo@example.com', cPhone: '0412 555 111' };
    const [valued] = (await post(ALPHA, '/api/eval-expert/update-eval', body)).json();
    return { evalid, base: valued.OfferPrice as number };
  }

  it("are their selects' options, on every post", async () => {
    const { evalid } = await valuedEvaluation('abc 123');
    await refused(
      ALPHA,
      { ...tradeInLead(evalid), number_of_keys: '7', car_condition: 'Mint' },
      { number_of_keys: NOT_AN_OPTION, car_condition: NOT_AN_OPTION },
    );
  });

  it('belong to an evaluation of the site: a post with answers that neither names one nor continues a lead that did is refused', async () => {
    const answers = { service_history: 'No service history', number_of_keys: '1', car_condition: 'Poor' };
    const { evalid: _evalid, ...withoutEvaluation } = tradeInLead('unused');
    await refused(
      ALPHA,
      { ...withoutEvaluation, form_completed: false },
      { service_history: ANSWERS_WITHOUT_OFFER, number_of_keys: ANSWERS_WITHOUT_OFFER, car_condition: ANSWERS_WITHOUT_OFFER },
    );
    // A later step of an enquiry (no evaluation) claiming answers.
    const enquiry = await created(ALPHA, { ...contact, message: 'Hello', category: 'General Enquiry', location: 'alpha-brisbane', form_completed: false });
    await refused(
      ALPHA,
      { lead_id: enquiry, ...answers },
      { service_history: ANSWERS_WITHOUT_OFFER, number_of_keys: ANSWERS_WITHOUT_OFFER, car_condition: ANSWERS_WITHOUT_OFFER },
    );
  });

  it("a later post's answers are checked against its lead's evaluation: an adjusted offer follows them, as the first post's", async () => {
    const { evalid, base } = await valuedEvaluation('abc 124');
    const first = { service_history: 'Full service history', number_of_keys: '2', car_condition: 'Good' } as const;
    expect((await post(ALPHA, '/api/trade-in/adjustments', { id: evalid, answers: first })).statusCode).toBe(200);
    const leadId = await created(ALPHA, { ...tradeInLead(evalid), ...first, car_id: '1', form_completed: false });
    const later = { service_history: 'No service history', number_of_keys: '1', car_condition: 'Poor' } as const;
    const step = await post(ALPHA, '/api/leads', { lead_id: leadId, ...later, form_completed: false });
    expect(step.statusCode, step.body).toBe(200);
    expect((await suite.app.stores.evaluations.get('alpha', evalid))?.offer_price).toBe(adjustOffer(base, later).offer);
    // An answer no adjustment knows is refused beside its field, as on the first post.
    const unknown = await post(ALPHA, '/api/leads', { lead_id: leadId, ...later, car_condition: 'Mint', form_completed: false });
    expect([unknown.statusCode, Object.keys(unknown.json().fields)]).toEqual([422, ['car_condition']]);
  });
});

describe('forms that offer no location list of their own take only a location of the site', () => {
  const vehiclePage = {
    enquiry: { ...contact, message: 'Hello', category: 'General Enquiry', car_id: 1 },
    'test drive': { ...contact, category: 'Test Drive', car_id: 1 },
    'request photos': { ...contact, category: 'Request Photos', car_id: 1, message: 'Please send photos for this car' },
    finance: { ...contact, category: 'Finance Enquiry', subcategory: 'Finance Enquiry', car_id: 1, message: 'Hello' },
  };
  const ANOTHER_SITE = 'This location is not part of this site.';

  it("the vehicle page's forms: another site's location (by slug or id, in either field) is refused beside its field; the site's own is taken", async () => {
    for (const [form, body] of Object.entries(vehiclePage)) {
      const before = await suite.app.stores.leads.count('alpha');
      // beta-perth (201) is the beta site's.
      for (const other of [{ location: 'beta-perth' }, { location: '201' }, { location_id: 201 }, { location_id: 'beta-perth' }]) {
        const response = await post(ALPHA, '/api/leads', { ...body, ...other });
        const [field] = Object.keys(other);
        expect([response.statusCode, response.json().fields], `${form} ${JSON.stringify(other)}`).toEqual([422, { [field!]: ANOTHER_SITE }]);
      }
      expect(await suite.app.stores.leads.count('alpha'), form).toBe(before);
      await created(ALPHA, { ...body, location: 'alpha-brisbane', location_id: 101 });
    }
  });
});
