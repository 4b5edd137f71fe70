/**
 * The service booking's Vehicle Make is free text (docs/decisions.md "The static manufacturer
 * list"): the lead API bounds it (CAR_LEAD_MAX.make on any post, the service form's 60 on the
 * post completing it) and stores it as one line; the dealer's ADF writes it escaped in its one
 * make element and the lead e-mail in its one 'Vehicle named' line. No text message carries it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLeadApi, stopLeadApi, type LeadApiSuite } from '../../../tests/support/server-helpers.ts';
import { CAR_LEAD_MAX } from '../../schemas/car-lead-bounds.ts';
import { FORM_MESSAGES } from '../../schemas/forms/messages.ts';
import { leadAdf } from './formats.ts';
import { leadEmailText } from './lead-email.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const booking = {
  name: 'Jo',
  email: 'jo@example.com',
  phone: '0412 345 678',
  postcode: '4000',
  category: 'Service Booking',
  location: 'alpha-brisbane',
  Model: '3',
  Year: 2019,
};
/** Markup, an XML end tag, a line break and a right-to-left override, as a shopper may type or post them. */
const HOSTILE = 'Kia</make><make>Forged & "x"\r\nPhone: 0400 000 000\u202E';

let suite: LeadApiSuite;

beforeAll(async () => {
  suite = await startLeadApi('sqlite', 'service-make-');
}, 60_000);

afterAll(() => stopLeadApi(suite ?? {}));

const post = (payload: object) => suite.app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload });

describe("the service booking's Vehicle Make", () => {
  it("is bounded: the service form's 60 characters on the completing post, the API's on a step", async () => {
    const completed = await post({ ...booking, 'Vehicle Make': 'K'.repeat(61) });
    expect([completed.statusCode, completed.json().fields?.['Vehicle Make']]).toEqual([422, FORM_MESSAGES.tooLong(60)]);
    const step = await post({ ...booking, 'Vehicle Make': 'K'.repeat(CAR_LEAD_MAX.make + 1), form_completed: false });
    expect([step.statusCode, step.json().fields?.['Vehicle Make']]).toEqual([400, FORM_MESSAGES.tooLong(CAR_LEAD_MAX.make)]);
  });

  it('is stored as one line and reaches the dealer escaped, one element and one line', async () => {
    const created = await post({ ...booking, 'Vehicle Make': HOSTILE });
    expect(created.statusCode, created.body).toBe(201);
    const lead = (await suite.app.stores.leads.get('alpha', String(created.json().lead_id)))!;
    const make = lead.data['Vehicle Make'];
    expect(make).toBe('Kia</make><make>Forged & "x" Phone: 0400 000 000');

    const tenant = suite.app.tenants.get('alpha');
    const xml = leadAdf(lead, tenant, undefined);
    expect(xml.match(/<make>/g)).toHaveLength(1);
    expect(xml).toContain('<make>Kia&lt;/make&gt;&lt;make&gt;Forged &amp; &quot;x&quot; Phone: 0400 000 000</make>');

    const email = leadEmailText(lead, tenant, undefined, undefined, [], {}, 'ADF/XML');
    const named = email.split('\n').filter((line) => line.includes('Forged'));
    expect(named).toEqual([`Vehicle named: 2019 ${make} 3`]);
    expect(email.split('\n').filter((line) => line.startsWith('Phone:'))).toHaveLength(1);
  });
});
