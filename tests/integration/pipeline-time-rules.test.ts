/**
 * The time rules a page is built with (spec §9: a car is a 'New Arrival' for 8 days) refresh
 * without a stock change: a tenant whose stock stays as released is rebuilt in full at least
 * once every 24 hours (docs/pipeline.md "Incremental releases"), so no car page goes on calling
 * a car new after its 8 days. The pipeline-motors fixture's newest car (id 112) was
 * created on 13 November, 00:00 UTC: new at the first build, no longer new two days later.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildTenant } from '../../src/pipeline/release/run.ts';
import { workspace } from '../support/pipeline-env.ts';

const FIRST = Date.parse('2026-11-21T00:00:00Z');
const DAY = 86_400_000;
const ws = workspace('time-rules');
const SLUG = 'time-rules-motors';
const NEWEST = '2022-subaru-outback-awd-pm12';

/** The vehicle tag the live release's page of `car` shows, or null. */
function liveTag(car: string): string | null {
  const page = join(ws.sites, SLUG, 'current', 'cars', car, 'index.html');
  expect(existsSync(page), page).toBe(true);
  return /data-testid="vehicle-tag">([^<]*)</.exec(readFileSync(page, 'utf8'))?.[1] ?? null;
}

beforeAll(() => ws.addTenant(SLUG));
afterAll(() => ws.remove());

describe('time rules without a stock change', () => {
  it("a car page stops saying 'New Arrival' after its 8 days though the stock stays as released", { timeout: 300_000 }, async () => {
    const tenantDir = join(ws.tenants, SLUG);
    const first = await rebuildTenant({ tenantDir, sitesDir: ws.sites, now: FIRST });
    expect(first.outcome).toBe('published');
    expect(liveTag(NEWEST)).toBe('New Arrival');

    // Half a day on: the stock as released, no full build due yet: nothing to do.
    const soon = await rebuildTenant({ tenantDir, sitesDir: ws.sites, now: FIRST + DAY / 2 });
    expect(soon.outcome).toBe('unchanged');

    // Two days on, the same stock: the periodic full build, with the build's clock.
    const later = await rebuildTenant({ tenantDir, sitesDir: ws.sites, now: FIRST + 2 * DAY });
    expect(later).toMatchObject({ outcome: 'published', mode: 'full' });
    expect(liveTag(NEWEST)).toBeNull();
  });
});
