/** npm start's terminal (LOCAL_LOG): an accepted lead is one line (tenant, category, id), with none for each request and never the shopper's details. */
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/server.ts';
import { tempDir, writeTestTenants } from '../../tests/support/server-helpers.ts';
import { LOCAL_LOG, startApiProcess, type ApiProcess } from './process.ts';

const folder = tempDir('api-local-log-');
const tenantsDir = join(folder.dir, 'tenants');
writeTestTenants(tenantsDir);
let running: ApiProcess | undefined;
afterAll(async () => {
  await running?.stop();
  folder.remove();
});

describe("npm start's log of the lead API", () => {
  // Fault: npm start logged warnings only, so a lead sent from a demo site left no trace at its terminal.
  it('says each accepted lead in one line, writes none for each request, and no personal data', async () => {
    const config = {
      ...loadConfig({
        // LOG_LEVEL unset, as npm start runs: the settings' default level (info).
        TENANTS_DIR: tenantsDir,
        SQLITE_FILE: join(folder.dir, 'leads.sqlite'),
        LOG_FORMAT: 'pretty',
        NODE_ENV: 'test',
        DELIVERY_WORKER: 'false',
      }),
      host: '127.0.0.1',
      port: 0,
    };
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
      written.push(String(text));
      return true;
    });
    try {
      running = await startApiProcess(config, { watchTenants: false, logRequests: LOCAL_LOG.requests });
      written.length = 0;
      const shopper = {
        name: 'Quenby',
        last_name: 'Farthingale',
        email: 'quenby.f@example.com',
        phone: '0412 987 654',
        postcode: '4000',
        message: 'Ring after 5 please',
      };
      const response = await running.app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: { host: 'alpha.localhost:4321' },
        payload: { ...shopper, category: 'General Enquiry', location: 'alpha-sydney' },
      });
      expect(response.statusCode).toBe(201);
      const id = (response.json() as { lead_id: string }).lead_id;
      await running.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'alpha.localhost:4321' } });
      const stored = written.filter((line) => line.includes('lead stored'));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toContain('tenant=alpha');
      expect(stored[0]).toContain(`lead=${id}`);
      expect(stored[0]).toContain('category="General Enquiry"');
      const text = written.join('');
      expect(text).not.toMatch(/incoming request|request completed/);
      for (const detail of ['Quenby', 'Farthingale', 'quenby.f@example.com', '0412', '987 654', 'Ring after']) expect(text).not.toContain(detail);
    } finally {
      spy.mockRestore();
    }
  });
});
