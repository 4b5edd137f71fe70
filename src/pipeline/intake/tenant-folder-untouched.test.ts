/**
 * docs/pipeline.md "Tenant folders": the pipeline never writes into `tenants/` (they may be
 * deployed read-only with the code). Taking a feed in settles the reserved overlay of the tenant
 * folder only when that overlay has an entry the feed now reflects; otherwise nothing in the
 * folder is created, even for a moment (a lock file), so its modification time stays as it was.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { intakeFile } from './inbox.ts';
import { readReservationOverlay, writeReservationOverlay } from '../../lib/vehicle/reservation-overlay.ts';

const FIXTURE = resolve(import.meta.dirname, '../../../tests/fixtures/tenants/pipeline-motors');
const SLUG = 'pipeline-motors';
let root = '';
let tenantDir = '';

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tenant-untouched-'));
  tenantDir = join(root, 'tenants', SLUG);
  cpSync(FIXTURE, tenantDir, { recursive: true });
  mkdirSync(join(root, 'inbox', SLUG), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Drop a feed of `records` and take it in. */
async function takeIn(name: string, records: unknown[]) {
  const file = join(root, 'inbox', SLUG, name);
  writeFileSync(file, JSON.stringify(records));
  return intakeFile(tenantDir, SLUG, file, () => {}, { sitesDir: join(root, 'sites'), guard: false });
}

describe('taking a feed in', () => {
  it('writes nothing into the tenant folder when its reserved overlay has nothing to settle', async () => {
    const stock = JSON.parse(readFileSync(join(tenantDir, 'stock.json'), 'utf8')) as Record<string, unknown>[];
    const past = new Date('2026-01-01T00:00:00Z');
    utimesSync(tenantDir, past, past);
    const result = await takeIn(
      'feed.json',
      stock.map((car) => ({ ...car, price: 12_345 })),
    );
    expect(result?.accepted).toBe(true);
    expect(statSync(tenantDir).mtimeMs).toBe(past.getTime());
  });

  it('settles an overlay entry the feed now reflects (the reserved car comes back reserved)', async () => {
    const stock = JSON.parse(readFileSync(join(tenantDir, 'stock.json'), 'utf8')) as Record<string, unknown>[];
    writeReservationOverlay(tenantDir, { '101': { reference: 'RSV-1', reserved_at: '2026-12-06T00:00:00Z' } });
    const result = await takeIn(
      'feed.json',
      stock.map((car) => (car.id === 101 ? { ...car, reserved: true } : car)),
    );
    expect(result?.accepted).toBe(true);
    expect(readReservationOverlay(tenantDir)).toEqual({});
  });
});
