/**
 * Lead API: no online estimate for a car over the site's maximum age or kilometres (spec trade-in
 * FAQ; issue 14, audit 2.99). The server decides: update-eval gives no offer price and says why,
 * the adjustments call refuses, and the shopper's lead is still stored with the evaluation.
 * The registration lookup is replaced so the car's year is exact ('Y2019' finds a 2019 car); the
 * clock is fixed at 2026-06-15 (site alpha: default limits 7 years, 100,000 km; Brisbane time).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { demoRegoLookup } from '../../src/server/features/trade-in/valuation.ts';
import { tempDir, testApp, testDatabase, writeTestTenants } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const NOW = Date.UTC(2026, 5, 15, 2);
const OFFER = 12_300;
const CONTACT = { userEmail: '', cName: 'Jo Citizen', cEmail: 'jo@example.com', cPhone: '0412 555 111' };
const ANSWERS = { service_history: 'Full service history', number_of_keys: '2', car_condition: 'Good' };

describe('2.99: the server gives no online offer over the age or km limit, and still takes the lead', () => {
  let app: LeadApi;
  let folder: ReturnType<typeof tempDir>;
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let clock = NOW;

  beforeAll(async () => {
    folder = tempDir('trade-in-limits-');
    writeTestTenants(`${folder.dir}/tenants`);
    database = await testDatabase('sqlite', folder.dir);
    app = await testApp(database.db, `${folder.dir}/tenants`, {
      now: () => clock,
      adapters: {
        valuation: {
          lookup: async (tenant, rego, state) => demoRegoLookup('ONE1', state, [], 2026).map((car) => ({ ...car, Registration: rego, Year: Number(rego.slice(1)) })),
          value: async () => ({ offerPrice: OFFER, retailPrice: 15_000, basis: 'test' }),
        },
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.stop();
    folder?.remove();
  });

  const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, headers: ALPHA, payload: payload as object });
  async function value(rego: string, km: number) {
    const [found] = (await post('/api/eval-expert/enter-vin', { rego, state: 'qld' })).json();
    const evalid = found.EvalID as string;
    const response = await post('/api/eval-expert/update-eval', { evalid, km, ...CONTACT });
    expect(response.statusCode).toBe(200);
    return { evalid, result: response.json()[0] };
  }

  it('within the limits, and exactly at them (7 years, 100,000 km): the offer is made', async () => {
    expect((await value('Y2024', 40_000)).result).toMatchObject({ OfferPrice: OFFER, offer_price: OFFER });
    const atLimit = await value('Y2019', 100_000);
    expect(atLimit.result).toMatchObject({ Year: 2019, OfferPrice: OFFER });
    expect(atLimit.result.offer_withheld).toBeUndefined();
    expect((await app.stores.evaluations.get('alpha', atLimit.evalid))?.offer_price).toBe(OFFER);
  });

  it('over the age: no offer, a message naming the limit, the details kept and the lead stored', async () => {
    const { evalid, result } = await value('Y2018', 40_000);
    expect(result).toMatchObject({ Year: 2018, KM: 40_000, OfferPrice: null, offer_price: null, offer_withheld: { reason: 'age', limit: 7 } });
    expect(result.offer_withheld.message).toContain('over 7 years old');
    const stored = await app.stores.evaluations.get('alpha', evalid);
    expect(stored).toMatchObject({ km: 40_000, offer_price: null, contact: { name: 'Jo Citizen', email: 'jo@example.com' } });

    const adjusted = await post('/api/trade-in/adjustments', { id: evalid, answers: ANSWERS });
    expect(adjusted.statusCode).toBe(422);
    expect(adjusted.json().error).toContain('over 7 years old');
    expect((await app.stores.evaluations.get('alpha', evalid))?.offer_price).toBeNull();

    const lead = await post('/api/leads', {
      category: 'Trade-in Enquiry',
      'First Name': 'Jo',
      last_name: 'Citizen',
      postcode: '4000',
      'Mobile Number': '0412 555 111',
      'Email Address': 'jo@example.com',
      location_id: 101,
      evalid,
      odometer: '85,000',
      service_history: 'Full service history',
      number_of_keys: '2',
      car_condition: 'Good',
      message: 'Tidy car',
      custom_params: { trade_in_vehicle: '2018 Toyota', offer_withheld: true },
      hidden_field: '',
    });
    expect(lead.statusCode).toBe(201);
    const saved = await app.stores.leads.get('alpha', lead.json().lead_id);
    expect(saved?.data).toMatchObject({ evalid, 'First Name': 'Jo' });
    expect((saved?.data.custom_params as Record<string, unknown>).offer_price).toBeUndefined();
  });

  it('over the kilometres: no offer, and an offer made earlier on the same evaluation is cleared', async () => {
    const { evalid } = await value('Y2023', 90_000);
    expect((await app.stores.evaluations.get('alpha', evalid))?.offer_price).toBe(OFFER);
    const again = await post('/api/eval-expert/update-eval', { evalid, km: 100_001, ...CONTACT });
    const [result] = again.json();
    expect(result).toMatchObject({ OfferPrice: null, offer_withheld: { reason: 'km', limit: 100_000 } });
    expect(result.offer_withheld.message).toContain('more than 100,000 km');
    expect(await app.stores.evaluations.get('alpha', evalid)).toMatchObject({ km: 100_001, offer_price: null });
  });

  it('the adjustments call by rego refuses an over-limit car with the same message', async () => {
    const byKm = await post('/api/trade-in/adjustments', { rego: 'Y2023', regoState: 'qld', km: 150_000, answers: ANSWERS });
    expect(byKm.statusCode).toBe(422);
    expect(byKm.json().error).toContain('more than 100,000 km');
    const byAge = await post('/api/trade-in/adjustments', { rego: 'Y2010', regoState: 'qld', km: 10_000, answers: ANSWERS });
    expect(byAge.statusCode).toBe(422);
    expect(byAge.json().error).toContain('over 7 years old');
    expect((await post('/api/trade-in/adjustments', { rego: 'Y2020', regoState: 'qld', km: 10_000, answers: ANSWERS })).json().offer_price).toBe(OFFER);
  });

  it("a trade-in lead's answers do not adjust the offer of a car over the limit by now: the adjustments call's rule", async () => {
    const { evalid } = await value('Y2019', 50_000);
    const adjusted = await post('/api/trade-in/adjustments', { id: evalid, answers: ANSWERS });
    expect(adjusted.statusCode).toBe(200);
    clock = Date.UTC(2027, 5, 15, 2);
    try {
      const other = { service_history: 'No service history', number_of_keys: '1', car_condition: 'Poor' };
      expect((await post('/api/trade-in/adjustments', { id: evalid, answers: other })).statusCode).toBe(422);
      const lead = await post('/api/leads', { category: 'Trade-in Enquiry', 'First Name': 'Jo', 'Email Address': 'jo@example.com', 'Mobile Number': '0412555111', postcode: '4000', odometer: 50000, comments: 'Garaged.', evalid, car_id: '1', ...other });
      expect(lead.statusCode, lead.body).toBe(201);
      expect((await app.stores.evaluations.get('alpha', evalid))?.offer_price).toBe(adjusted.json().offer_price);
    } finally {
      clock = NOW;
    }
  });
});
