/**
 * A dropped feed's records are parsed once: by the intake's reader (the worker thread's feed
 * check); the mass-change guard and the release (its load and its full build) use that parse,
 * handed along through the pipeline state, so the main thread parses them not at all. Counted
 * on parseStock (the one way a record becomes a Car); the live site still shows the feed. The
 * intake and the release share one fixed clock: on the real one, the hours when the intake's
 * model-year limit (the earliest zone's year) is ahead of the dealer's would make the build parse again.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type * as Stock from '../../src/lib/vehicle/stock.ts';
import { intakeFile } from '../../src/pipeline/intake/inbox.ts';
import { silentLogger } from '../../src/pipeline/log.ts';
import { rebuildTenant } from '../../src/pipeline/release/run.ts';
import { openPipelineState } from '../../src/pipeline/state/store.ts';
import { fixtureStock, workspace } from '../support/pipeline-env.ts';

/** The records every parseStock call of this thread was given. */
const parsed = vi.hoisted(() => [] as unknown[]);
vi.mock('../../src/lib/vehicle/stock.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof Stock>();
  return {
    ...actual,
    parseStock: (tenant: string, data: unknown) => {
      parsed.push(data);
      return actual.parseStock(tenant, data);
    },
  };
});

const SLUG = 'parse-once-motors';
const MARKER = 'PARSE-ONCE-9';
const NOW = Date.parse('2026-11-21T00:00:00Z');
const ws = workspace('parse-once');
afterAll(() => ws.remove());

/** parseStock calls of this thread whose records hold the dropped feed's marked car. */
const parsesOfFeed = () => parsed.filter((data) => Array.isArray(data) && data.some((record) => (record as { id?: unknown }).id === MARKER)).length;

describe('a dropped feed', () => {
  it('is parsed once, by the reader, before and while its release is built', { timeout: 600_000 }, async () => {
    const tenantDir = ws.addTenant(SLUG);
    const state = await openPipelineState({ dataDir: join(ws.sites, '.pipeline') });
    try {
      const stock = fixtureStock();
      const feed = [...stock, { ...stock[0], id: MARKER, slug: 'parse-once-car', stocknum: MARKER, vin: null }];
      const folder = join(ws.inbox, SLUG);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'feed.json'), JSON.stringify(feed));
      const intake = await intakeFile(tenantDir, SLUG, join(folder, 'feed.json'), silentLogger, { sitesDir: ws.sites, state, now: NOW });
      expect(intake).toMatchObject({ accepted: true, valid: feed.length });
      // The guard compared the feed's cars with the seeded stock without parsing the feed again.
      expect(parsesOfFeed()).toBe(0);
      const snapshot = await state.stock.get(SLUG, tenantDir);
      expect(state.stock.parsed(SLUG, snapshot!)?.cars.map((car) => car.id)).toContain(MARKER);

      const result = await rebuildTenant({ tenantDir, sitesDir: ws.sites, state, now: NOW });
      expect(result).toMatchObject({ outcome: 'published', mode: 'full' });
      // Neither the release's load nor its full build parsed the feed.
      expect(parsesOfFeed()).toBe(0);
      expect(readFileSync(join(ws.sites, SLUG, 'current', 'cars', 'parse-once-car', 'index.html'), 'utf8')).toContain('<html');
    } finally {
      await state.close();
    }
  });
});
