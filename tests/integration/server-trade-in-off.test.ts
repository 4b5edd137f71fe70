/**
 * Lead API: a site with site.json `features.trade_in: false` has no valuation service, so the
 * server refuses its valuation calls (enter-vin, manual-entry, image-upload, update-eval,
 * adjustments) whatever a page or an old link sends; a site with the feature on is answered.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { TRADE_IN_NOT_OFFERED } from '../../src/schemas/api/trade-in.ts';
import { tempDir, testApp, testDatabase, writeTestTenants } from '../support/server-helpers.ts';
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
});
