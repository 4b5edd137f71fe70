/**
 * A release stops on a tenant file the lead API could not load: a bad lead-delivery.json fails
 * the job before any build, naming the file once (the live release stays), as the build does.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rebuildTenant } from './run.ts';

const FIXTURE = resolve(import.meta.dirname, '../../../tests/fixtures/tenants/pipeline-motors');
const root = mkdtempSync(join(tmpdir(), 'release-tenant-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a release of a tenant with a bad lead-delivery.json', () => {
  it('fails before building, naming the file and the field once', async () => {
    const tenantDir = join(root, 'tenants', 'pipeline-motors');
    cpSync(FIXTURE, tenantDir, { recursive: true });
    const file = join(tenantDir, 'lead-delivery.json');
    writeFileSync(file, JSON.stringify({ destinations: [{ id: 'crm', type: 'webhook', url: 'crm.example/leads' }] }));
    const result = await rebuildTenant({ tenantDir, sitesDir: join(root, 'sites'), log: () => {} });
    expect(result).toMatchObject({
      outcome: 'failed',
      reason: `${file}: field destinations.0.url: expected an http(s) URL, e.g. https://crm.example.com/leads (got "crm.example/leads")`,
    });
  });
});
