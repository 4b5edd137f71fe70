/**
 * Lead API: the trade-in adjustments answers call (issue 14, audit 7.19) — by the evaluation's
 * id (the adjusted offer is stored on it) or by rego and regoState (valued afresh, stored nowhere).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { tempDir, testApp, testDatabase, writeTestTenants } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const ANSWERS = { service_history: 'No service history', number_of_keys: '1', car_condition: 'Excellent' };

describe('7.19: POST /api/trade-in/adjustments', () => {
  let app: LeadApi;
  let folder: ReturnType<typeof tempDir>;
  let database: Awaited<ReturnType<typeof testDatabase>>;

  beforeAll(async () => {
    folder = tempDir('trade-in-adjust-');
    writeTestTenants(`${folder.dir}/tenants`);
    database = await testDatabase('sqlite', folder.dir);
    app = await testApp(database.db, `${folder.dir}/tenants`);
  });
  afterAll(async () => {
    await app?.close();
    await database?.stop();
    folder?.remove();
  });

  const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, headers: ALPHA, payload: payload as object });

  it('by id: adjusts the valuation\'s offer, stores it, and answering again starts from the valuation\'s offer', async () => {
    const [found] = (await post('/api/eval-expert/enter-vin', { rego: 'abc 123', state: 'QLD' })).json();
    const evalid = found.EvalID as string;
    const tooEarly = await post('/api/trade-in/adjustments', { id: evalid, answers: ANSWERS });
    expect(tooEarly.statusCode).toBe(409);
    const [valued] = (await post('/api/eval-expert/update-eval', { evalid, km: '85,000', userEmail: '', cName: 'Jo Citizen', cEmail: 'jo@example.com', cPhone: '0412 555 111' })).json();
    const base = valued.OfferPrice as number;

    const adjusted = await post('/api/trade-in/adjustments', { id: evalid, answers: ANSWERS });
    expect(adjusted.statusCode).toBe(200);
    const body = adjusted.json();
    expect(body.base_offer_price).toBe(base);
    expect(body.adjustments.map((entry: { question: string }) => entry.question)).toEqual(['service_history', 'number_of_keys', 'car_condition']);
    const expected = Math.max(500, Math.floor((base + Math.round(base * -0.08) + Math.round(base * -0.02) + Math.round(base * 0.03)) / 10) * 10);
    expect(body.offer_price).toBe(expected);
    expect((await app.stores.evaluations.get('alpha', evalid))?.offer_price).toBe(expected);

    const again = (await post('/api/trade-in/adjustments', { id: evalid, answers: { service_history: 'Full service history', number_of_keys: '2', car_condition: 'Good' } })).json();
    expect(again.base_offer_price).toBe(base);
    expect(again.offer_price).toBe(Math.floor(base / 10) * 10);
  });

  it('by rego and regoState: values the car and adjusts, storing nothing', async () => {
    const response = await post('/api/trade-in/adjustments', { rego: 'ABC123', regoState: 'qld', km: 60_000, answers: ANSWERS });
    expect(response.statusCode).toBe(200);
    expect(response.json().offer_price).toBeGreaterThanOrEqual(500);
    expect(response.json().base_offer_price).toBeGreaterThanOrEqual(500);
  });

  it('refuses unknown answers, unknown ids and plates with messages naming the field', async () => {
    const bad = await post('/api/trade-in/adjustments', { id: 'x', answers: { service_history: 'Some', number_of_keys: '2' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ 'answers.service_history': expect.stringContaining('Service History'), 'answers.car_condition': expect.stringContaining('Condition') });
    expect((await post('/api/trade-in/adjustments', { id: 'no-such-evaluation', answers: ANSWERS })).statusCode).toBe(404);
    expect((await post('/api/trade-in/adjustments', { rego: 'NOMATCH', regoState: 'vic', km: 1000, answers: ANSWERS })).statusCode).toBe(404);
    const missing = await post('/api/trade-in/adjustments', { rego: 'ABC123', answers: ANSWERS });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual(expect.arrayContaining(['regoState', 'km']));
  });
});
