/**
 * Issue 16: the reserved overlay through the pipeline's stock reading. A paid reservation's
 * overlay marks the car reserved wherever stock is read; the next feed does not undo it until
 * the feed itself shows the car reserved or sold (the dealer's system caught up); it never
 * changes the configuration hash (no forced full build).
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OVERLAY_FILE, readReservationOverlay } from '../../src/lib/vehicle/reservation-overlay.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { tenantConfigHash } from '../../src/pipeline/release/config-hash.ts';
import { settleReservations } from '../../src/pipeline/intake/inbox.ts';
import { tempDir } from '../support/server-helpers.ts';

const folder = tempDir('overlay-pipeline-');
// An accepted feed (the pipeline keeps it in its state; here the temporary folder's stock.json stands in).
const writeStock = (dir: string, records: readonly unknown[]) => {
  writeFileSync(join(dir, 'stock.json'), JSON.stringify(records));
  settleReservations(dir, records);
};
afterAll(() => folder.remove());

describe('reserved overlay in the pipeline (issue 16)', () => {
  it('keeps a paid car reserved across feeds until the feed catches up, without touching the config hash', () => {
    const dir = join(folder.dir, 'payments-demo');
    cpSync('tests/fixtures/tenants/payments-demo', dir, { recursive: true });
    const stock = loadTenant(dir).cars;
    const car = stock[0]!;
    const id = String(car.id);
    expect(car.reserved ?? false).toBe(false);
    const hash = tenantConfigHash(dir);

    writeFileSync(join(dir, OVERLAY_FILE), JSON.stringify({ [id]: { reference: 'pi_test', reserved_at: '2026-11-21T00:00:00.000Z' } }));
    expect(loadTenant(dir).visible.find((each) => String(each.id) === id)?.reserved).toBe(true);
    expect(tenantConfigHash(dir)).toBe(hash);

    // The dealer's next feed still says in stock: the overlay stays.
    const records = stock.map((each) => ({ ...each }));
    writeStock(dir, records);
    expect(readReservationOverlay(dir)[id]).toBeDefined();
    expect(loadTenant(dir).cars.find((each) => String(each.id) === id)?.reserved).toBe(true);

    // The feed shows it reserved: caught up, the entry goes; later the feed decides alone.
    writeStock(dir, records.map((each) => (String(each.id) === id ? { ...each, reserved: true } : each)));
    expect(readReservationOverlay(dir)).toEqual({});
    writeStock(dir, records);
    expect(loadTenant(dir).cars.find((each) => String(each.id) === id)?.reserved ?? false).toBe(false);
  });

  it('N8: two processes changing the overlay at once (the API marking a car, the pipeline settling a feed) lose no entry', async () => {
    const dir = join(folder.dir, 'race');
    mkdirSync(dir);
    const count = 150;
    const writer = (tag: string) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, ['tests/support/overlay-writer.ts', dir, tag, String(count)], { stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (chunk) => (stderr += chunk));
        child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`writer ${tag} exited ${code}: ${stderr}`))));
      });
    await Promise.all([writer('api'), writer('pipeline')]);
    const overlay = readReservationOverlay(dir);
    const missing = ['api', 'pipeline'].flatMap((tag) => Array.from({ length: count }, (_, n) => `${tag}-${n}`)).filter((id) => !overlay[id]);
    expect(missing).toEqual([]);
  }, 60_000);
});
