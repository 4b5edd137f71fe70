/**
 * Lead API: a site with site.json `features.trade_in: false` has no valuation service, so the
 * server refuses its valuation calls (enter-vin, manual-entry, image-upload, update-eval,
 * adjustments) and the instant offer's leads (the trade-in lead naming an evaluation, the
 * acceptance of an offer) whatever a page or an old link sends; a site with the feature on is
 * answered. A trade-in enquiry from the contact page, where that site sends shoppers, is taken.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { TRADE_IN_NOT_OFFERED } from '../../src/schemas/api/trade-in.ts';
import { tempDir, testApp, testDatabase, tradeInLead, writeTestTenants } from '../support/server-helpers.ts';
import { writeTenantFolder } from '../support/tenant-folder.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const GAMMA = { host: 'gamma.localhost:4321' };

describe('features.trade_in false: the lead API values no car for that site', () => {
  let app: LeadApi;
  let folder: ReturnType<typeof tempDir>;
  let database: Awaited<ReturnType<typeof testDatabase>>;

  beforeAll(async () => {
    folder = tempDir('trade-in-off-');
    const tenants = `${folder.dir}/tenants`;
    writeTestTenants(tenants);
    writeTenantFolder(join(tenants, 'gamma'), {
      site: { slug: 'gamma', name: 'Gamma Autos', url: 'https://gamma-autos.example', features: { trade_in: false } },
      stock: [],
    });
    database = await testDatabase('sqlite', folder.dir);
    app = await testApp(database.db, tenants);
  });
  afterAll(async () => {
    await app?.close();
    await database?.stop();
    folder?.remove();
  });

  const post = (headers: Record<string, string>, url: string, payload: object) => app.inject({ method: 'POST', url, headers, payload });

  it('POST /api/eval-expert/enter-vin: 404 with the not-offered message where trade_in is false, answered where it is on', async () => {
    const off = await post(GAMMA, '/api/eval-expert/enter-vin', { rego: 'ABC123', state: 'qld' });
    expect(off.statusCode).toBe(404);
    expect(off.json()).toMatchObject({ success: false, error: TRADE_IN_NOT_OFFERED });

    const on = await post(ALPHA, '/api/eval-expert/enter-vin', { rego: 'ABC123', state: 'qld' });
    expect(on.statusCode).toBe(200);
    expect(Array.isArray(on.json())).toBe(true);
  });

  it('refuses the rest of the chain and the adjustments the same way', async () => {
    const calls: [string, object][] = [
      ['/api/eval-expert/manual-entry', { desc: 'A car', evalid: 'e1' }],
      ['/api/eval-expert/update-eval', { evalid: 'e1', km: 1000, cName: 'Jo', cEmail: 'jo@example.com', cPhone: '0412 555 111' }],
      ['/api/trade-in/adjustments', { rego: 'ABC123', regoState: 'qld', km: 1000, answers: {} }],
    ];
    for (const [url, payload] of calls) {
      const response = await post(GAMMA, url, payload);
      expect([url, response.statusCode, response.json().error]).toEqual([url, 404, TRADE_IN_NOT_OFFERED]);
    }
    const upload = await app.inject({
      method: 'POST',
      url: '/api/eval-expert/image-upload?evalid=e1',
      headers: { ...GAMMA, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect([upload.statusCode, upload.json().error]).toEqual([404, TRADE_IN_NOT_OFFERED]);
  });

  it("POST /api/leads: the instant offer's trade-in lead and an offer's acceptance answer 404 as the valuation calls do; nothing is stored", async () => {
    const contact = { name: 'Jo', email: 'jo@example.com', phone: '0412 345 678', postcode: '4000' };
    const valued = tradeInLead('e1');
    const enquiry = await post(GAMMA, '/api/leads', { ...contact, message: 'Hello', category: 'General Enquiry' });
    expect(enquiry.statusCode).toBe(201);
    const stored = await app.stores.leads.count('gamma');
    const calls: object[] = [
      { ...valued, form_completed: false },
      { ...valued, form_completed: true },
      { lead_id: enquiry.json().lead_id, email: 'jo@example.com', form_completed: true, offer_accepted: true },
    ];
    for (const payload of calls) {
      const response = await post(GAMMA, '/api/leads', payload);
      expect([response.statusCode, response.json()]).toEqual([404, { success: false, error: TRADE_IN_NOT_OFFERED }]);
    }
    expect(await app.stores.leads.count('gamma')).toBe(stored);
    expect((await app.stores.leads.get('gamma', enquiry.json().lead_id))!.offer_accepted).toBe(false);

    // A site that values cars takes the lead of an evaluation it made.
    const [found] = (await post(ALPHA, '/api/eval-expert/enter-vin', { rego: 'OFF120', state: 'qld' })).json() as { EvalID: string }[];
    const on = await post(ALPHA, '/api/leads', { ...tradeInLead(found!.EvalID), form_completed: false });
    expect(on.statusCode).toBe(201);
  });

  it('POST /api/leads: a Trade-in Enquiry from the contact page (no evaluation) is taken: the page without valuation sends shoppers there', async () => {
    const response = await post(GAMMA, '/api/leads', {
      name: 'Jo',
      email: 'jo@example.com',
      phone: '0412 555 111',
      postcode: '4000',
      category: 'Trade-in Enquiry',
      message: 'I have a ute to trade.',
    });
    expect(response.statusCode).toBe(201);
  });
});
