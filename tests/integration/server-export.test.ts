/** scripts/export-leads.ts: a tenant's leads as CSV, paged, other tenants excluded. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/database.ts';
import { openStores } from '../../src/server/stores.ts';
import { tempDir } from '../support/server-helpers.ts';

describe('export-leads', () => {
  it('writes every lead of the tenant once, across pages with equal timestamps', async () => {
    const folder = tempDir('export-test-');
    try {
      const file = join(folder.dir, 'leads.sqlite');
      const db = await openDatabase({ kind: 'sqlite', file });
      const store = openStores(db);
      await Promise.all(
        Array.from({ length: 1203 }, (_, i) => store.leads.save({ tenant: i % 7 === 0 ? 'beta' : 'alpha', values: { name: `Lead ${i}`, email: `l${i}@example.com`, message: i === 1 ? '=cmd|calc' : 'hi, there' }, destinations: [], now: Date.UTC(2026, 0, 1) + Math.floor(i / 10) })),
      );
      await db.close();
      const out = join(folder.dir, 'alpha.csv');
      const result = spawnSync(process.execPath, ['scripts/export-leads.ts', '--tenant', 'alpha', '--out', out], { env: { ...process.env, SQLITE_FILE: file, DATABASE_URL: '' }, encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
      const lines = readFileSync(out, 'utf8').trim().split('\r\n');
      const expected = Array.from({ length: 1203 }, (_, i) => i).filter((i) => i % 7 !== 0).length;
      expect(lines).toHaveLength(expected + 1);
      expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(expected);
      expect(lines.some((line) => line.includes(',Lead 1,') && line.includes("'=cmd|calc"))).toBe(true);
      const bad = spawnSync(process.execPath, ['scripts/export-leads.ts'], { encoding: 'utf8' });
      expect(bad.status).toBe(2);
      expect(bad.stderr).toMatch(/usage/);
    } finally {
      folder.remove();
    }
  });
});
