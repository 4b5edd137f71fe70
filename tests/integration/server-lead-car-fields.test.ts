/**
 * Lead API: what a lead carries from its car and its instant offer.
 * A feed car with long values (make, model, stock number) still gets its leads; the stock
 * reader bounds those values at what the lead API takes. The instant offer's condition answers
 * and its offer agree as stored (the server applies the answers through the adjustments code).
 * The instant offer's 'comments' (spec §3) is taken as the message.
 */
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { CarSchema } from '../../src/schemas/car.ts';
import { LeadSubmissionSchema } from '../../src/schemas/lead.ts';
import { leadCar } from '../../src/lib/forms/form-config.ts';
import { buildLeadPayload } from '../../src/lib/forms/lead-payload.ts';
import { parseStock } from '../../src/lib/vehicle/stock.ts';
import { adjustOffer } from '../../src/lib/forms/trade-in-adjustments.ts';
import { tradeInConditionLines } from '../../src/server/leads/formats.ts';
import { car, tempDir, testApp, testDatabase, writeTestTenants } from '../support/server-helpers.ts';
import { writeTenantFolder } from '../support/tenant-folder.ts';

const GAMMA = { host: 'gamma.localhost:4321' };
const ALPHA = { host: 'alpha.localhost:4321' };
const LONG_MODEL = 'Sprinter 519 CDI High Roof Long Wheelbase Cab Chassis Dual Cab';
const LONG_STOCK = 'STK-2026-BRISBANE-NORTH-YARD-000012345-USED';
const LONG_DEALERSHIP = 'gamma-brisbane-north-commercial-vehicles-and-light-trucks-division';
const longCar = car(5, 'gamma-sprinter-5', {
  make: 'Mercedes-Benz Vans and Light Commercial',
  model: LONG_MODEL,
  stocknum: LONG_STOCK,
  dealership_id: 33,
  dealership_slug: LONG_DEALERSHIP,
});
const page = { url: 'https://gamma.example/cars/gamma-sprinter-5', userAgent: 'test', visitedPages: [] };
const contact = { name: 'Jo', email: 'jo@example.com', phone: '0412345678', postcode: '4000', message: 'Is it still there?' };

describe('a car with long feed values', () => {
  it('is read from the feed and its lead passes the lead API schema', () => {
    const parsed = v.parse(CarSchema, longCar);
    const body = buildLeadPayload({ values: contact, category: 'General Enquiry', car: leadCar(parsed), page });
    const result = v.safeParse(LeadSubmissionSchema, body);
    expect(result.success, JSON.stringify(result.issues?.map((issue) => [v.getDotPath(issue), issue.message]))).toBe(true);
    expect(result.output).toMatchObject({ 'Vehicle Model': LONG_MODEL, stock_number: LONG_STOCK, car_id: '5', dealership_slug: LONG_DEALERSHIP });
  });

  it('over the bounds the lead API takes, is a bad record: skipped and reported with its field', () => {
    const over = [
      car(6, 'a-6', { model: 'M'.repeat(201) }),
      car(7, 'a-7', { stocknum: 'S'.repeat(101) }),
      car(8, 'a-8', { make: 'K'.repeat(101) }),
      car(9, 'a-9', { dealership_slug: 'd'.repeat(121) }),
      { ...car(0, 'a-10'), id: 'i'.repeat(81) },
      car(11, 'a-11', { dealership_id: 'x'.repeat(81) }),
      car(12, 'a-12', { dealership_id: ' 12 ' }),
      car(13, 'a-13', { dealership_id: '' }),
    ];
    const parsed = parseStock('t', over);
    expect(parsed.cars.map((entry) => entry.slug)).toEqual(['a-13']);
    // A blank dealership id names none: the car is kept and its leads send none.
    const body = buildLeadPayload({ values: contact, category: 'General Enquiry', car: leadCar(parsed.cars[0]!), page });
    expect(body).not.toHaveProperty('car_dealership_id');
    expect(v.safeParse(LeadSubmissionSchema, body).success).toBe(true);
    expect(parsed.problems.map((problem) => [problem.field, problem.outcome])).toEqual([
      ['model', 'record skipped'],
      ['stocknum', 'record skipped'],
      ['make', 'record skipped'],
      ['dealership_slug', 'record skipped'],
      ['id', 'record skipped'],
      ['dealership_id', 'record skipped'],
      ['dealership_id', 'record skipped'],
    ]);
  });
});

describe("POST /api/leads: car fields, the instant offer's answers, comments", () => {
  let app: LeadApi;
  let folder: ReturnType<typeof tempDir>;
  let database: Awaited<ReturnType<typeof testDatabase>>;

  beforeAll(async () => {
    folder = tempDir('lead-car-fields-');
    writeTestTenants(`${folder.dir}/tenants`);
    writeTenantFolder(join(folder.dir, 'tenants', 'gamma'), {
      site: { slug: 'gamma', name: 'Gamma Trucks', url: 'https://gamma.example', dealerships: [{ id: 33, slug: LONG_DEALERSHIP, name: 'Gamma North' }] },
      stock: [longCar],
    });
    database = await testDatabase('sqlite', folder.dir);
    app = await testApp(database.db, `${folder.dir}/tenants`);
  });
  afterAll(async () => {
    await app?.close();
    await database?.stop();
    folder?.remove();
  });

  const post = (headers: Record<string, string>, url: string, payload: unknown) => app.inject({ method: 'POST', url, headers, payload: payload as object });

  it('a lead about a feed car with long values is accepted, with its values whole', async () => {
    const parsed = v.parse(CarSchema, longCar);
    const body = buildLeadPayload({ values: contact, category: 'General Enquiry', car: leadCar(parsed), page });
    const response = await post(GAMMA, '/api/leads', body);
    expect(response.statusCode, response.body).toBe(201);
    const stored = await app.stores.leads.get('gamma', response.json().lead_id);
    expect(stored?.data).toMatchObject({ car_id: '5', stock_number: LONG_STOCK, 'Vehicle Model': LONG_MODEL });
  });

  it("'comments' (the instant offer's name, spec §3) is stored as the message; both at once must agree", async () => {
    const response = await post(ALPHA, '/api/leads', {
      name: 'Jo',
      email: 'jo@example.com',
      phone: '0412 555 111',
      location: 'alpha-sydney',
      postcode: '4000',
      comments: 'One owner.',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await app.stores.leads.get('alpha', response.json().lead_id))?.data).toMatchObject({ message: 'One owner.' });
    const both = await post(ALPHA, '/api/leads', {
      name: 'Jo',
      email: 'jo@example.com',
      phone: '0412 555 111',
      location: 'alpha-sydney',
      postcode: '4000',
      comments: 'One owner.',
      message: 'Two owners.',
    });
    expect(both.statusCode).toBe(400);
    expect(Object.keys(both.json().fields)).toEqual(['comments']);
  });

  async function valuedEvaluation(rego: string): Promise<{ evalid: string; base: number }> {
    const [found] = (await post(ALPHA, '/api/eval-expert/enter-vin', { rego, state: 'QLD' })).json();
    const evalid = found.EvalID as string;
    const [valued] = (
      await post(ALPHA, '/api/eval-expert/update-eval', {
        evalid,
        km: '85,000',
        userEmail: '',
        cName: 'Jo Citizen',
        cEmail: 'jo@example.com',
        cPhone: '0412 555 111',
      })
    ).json();
    return { evalid, base: valued.OfferPrice as number };
  }
  const tradeInLead = (evalid: string, answers: Record<string, string>) => ({
    category: 'Trade-in Enquiry',
    'First Name': 'Jo',
    'Email Address': 'jo@example.com',
    'Mobile Number': '0412555111',
    postcode: '4000',
    odometer: 85000,
    comments: 'Garaged.',
    evalid,
    ...answers,
  });
  /** The /cars/trade-in lead: towards car 1 of alpha. */
  const towardsCar = (evalid: string, answers: Record<string, string>) => ({ ...tradeInLead(evalid, answers), car_id: '1' });

  it("a Request Photos lead sent without a message is stored with the form's hidden default text (spec §5), as the form sends it", async () => {
    const photos = { category: 'Request Photos', car_id: '1', name: 'Jo', email: 'jo@example.com', phone: '0412 555 111', postcode: '4000' };
    const stored = async (payload: Record<string, unknown>) => {
      const response = await post(ALPHA, '/api/leads', payload);
      expect(response.statusCode, response.body).toBe(201);
      return (await app.stores.leads.get('alpha', response.json().lead_id))?.data.message;
    };
    expect(await stored(photos)).toBe('Please send photos for this car');
    expect(await stored({ ...photos, message: '  ' })).toBe('Please send photos for this car');
    expect(await stored({ ...photos, category: 'request photos' })).toBe('Please send photos for this car');
    expect(await stored({ ...photos, message: 'The interior, please.' })).toBe('The interior, please.');
  });

  it('an offer the adjustments call never adjusted is kept, towards a car too: the evaluation decides, not the lead (docs/forms.md)', async () => {
    const { evalid, base } = await valuedEvaluation('abc 123');
    const answers = { service_history: 'No service history', number_of_keys: '1', car_condition: 'Poor' } as const;
    const response = await post(ALPHA, '/api/leads', towardsCar(evalid, answers));
    expect(response.statusCode, response.body).toBe(201);
    expect((await app.stores.evaluations.get('alpha', evalid))?.offer_price).toBe(base);
    const stored = await app.stores.leads.get('alpha', response.json().lead_id);
    expect(tradeInConditionLines(stored!)).toEqual(['Service history: No service history', 'Keys: 1', 'Condition: Poor']);
  });

  it('answers that differ from the ones the stored offer was adjusted by: the offer follows the posted answers', async () => {
    const { evalid, base } = await valuedEvaluation('abc 123');
    const first = { service_history: 'Full service history', number_of_keys: '2', car_condition: 'Excellent' } as const;
    expect((await post(ALPHA, '/api/trade-in/adjustments', { id: evalid, answers: first })).statusCode).toBe(200);
    const posted = { service_history: 'Partial service history', number_of_keys: '2', car_condition: 'Fair' } as const;
    expect((await post(ALPHA, '/api/leads', tradeInLead(evalid, posted))).statusCode).toBe(201);
    expect((await app.stores.evaluations.get('alpha', evalid))?.offer_price).toBe(adjustOffer(base, posted).offer);
  });

  it('/sell-my-car (no car, offer never adjusted) keeps the unadjusted instant offer (docs/forms.md)', async () => {
    const { evalid, base } = await valuedEvaluation('abc 123');
    const answers = { service_history: 'No service history', number_of_keys: '1', car_condition: 'Poor' };
    expect((await post(ALPHA, '/api/leads', tradeInLead(evalid, answers))).statusCode).toBe(201);
    expect((await app.stores.evaluations.get('alpha', evalid))?.offer_price).toBe(base);
  });

  it('a lead the write refuses (a later step of a lead not stored) leaves the offer as it was: it follows the answers only with a stored lead', async () => {
    const { evalid, base } = await valuedEvaluation('abc 123');
    const first = { service_history: 'Full service history', number_of_keys: '2', car_condition: 'Good' } as const;
    expect((await post(ALPHA, '/api/trade-in/adjustments', { id: evalid, answers: first })).statusCode).toBe(200);
    const answers = { service_history: 'No service history', number_of_keys: '1', car_condition: 'Poor' };
    const response = await post(ALPHA, '/api/leads', { ...towardsCar(evalid, answers), lead_id: '00000000-0000-4000-8000-000000000000' });
    expect(response.statusCode, response.body).toBe(404);
    expect((await app.stores.evaluations.get('alpha', evalid))?.offer_price).toBe(adjustOffer(base, first).offer);
  });

  it('answers no adjustment knows are refused beside their field (an offer could not follow them)', async () => {
    const { evalid } = await valuedEvaluation('abc 123');
    const first = { service_history: 'Full service history', number_of_keys: '2', car_condition: 'Good' };
    expect((await post(ALPHA, '/api/trade-in/adjustments', { id: evalid, answers: first })).statusCode).toBe(200);
    const response = await post(ALPHA, '/api/leads', towardsCar(evalid, { service_history: 'Some', number_of_keys: '2', car_condition: 'Good' }));
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().fields)).toEqual(['service_history']);
  });
});
