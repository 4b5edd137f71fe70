/**
 * What the pipeline's periodic asks bring about for a tenant whose stock does not change: it asks
 * for every tenant every PIPELINE_DEFAULTS.refreshMs, and a job then builds it in full only when
 * a rule of the release table (decide.ts) says so. Simulated over 90 days of asks:
 * - a full build at least once every 24 h (docs/pipeline.md), so the pages' time rules (New
 *   Arrival, 8 days) follow the clock: the periodic full build (REBUILD_DEFAULTS.fullEveryMs);
 * - a Meilisearch tenant's pages carry a tenant token the build mints (its lifetime
 *   MEILI_TOKEN_TTL_DAYS, 1 to 366 days; the expiry rounded up as page-data.ts tokenExpiry does),
 *   re-minted by a full build once the last is as old as the renewal age (run.ts
 *   searchTokenRenewalMs): the live pages' token is valid at every ask.
 */
import { describe, expect, it } from 'vitest';
import { PIPELINE_DEFAULTS } from '../../config/pipeline.ts';
import { tokenExpiry } from '../../search/build-time/page-data.ts';
import { REBUILD_DEFAULTS, searchTokenRenewalMs } from './run.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;

/**
 * The longest time between two full builds of an unchanged tenant: the first at `offset` after
 * an ask (a feed's job), every later job `delays[k]` after its ask (debounce, a queue's wait).
 */
function longestGap(offset: number, delays: readonly number[]): number {
  const every = PIPELINE_DEFAULTS.refreshMs;
  let built = offset;
  let longest = 0;
  for (let ask = every, k = 0; ask < 90 * DAY; ask += every, k += 1) {
    const job = ask + delays[k % delays.length]!;
    if (job - built >= REBUILD_DEFAULTS.fullEveryMs) {
      longest = Math.max(longest, job - built);
      built = job;
    }
  }
  return longest;
}

/** The first ask at which the live token has expired, or null when none has. */
function firstExpiredAsk(ttlDays: number, renewAfterMs: number, start: number): { at: number; expiredAt: number; builtAt: number } | null {
  let builtAt = start;
  let expiry = tokenExpiry(builtAt, ttlDays).getTime();
  for (let at = start + PIPELINE_DEFAULTS.refreshMs; at < start + 90 * DAY; at += PIPELINE_DEFAULTS.refreshMs) {
    if (at >= expiry) return { at, expiredAt: expiry, builtAt };
    if (at - builtAt >= renewAfterMs) {
      builtAt = at;
      expiry = tokenExpiry(builtAt, ttlDays).getTime();
    }
  }
  return null;
}

describe('an unchanged tenant is built in full at least once every 24 hours', () => {
  it('whenever its last full build came, with jobs up to 59 minutes after their asks', () => {
    const delays = [0, 59 * MINUTE, 5 * MINUTE, 0, 30 * MINUTE, 1_000, 59 * MINUTE, 0];
    for (let offset = 0; offset < PIPELINE_DEFAULTS.refreshMs; offset += 7 * MINUTE) {
      const gap = longestGap(offset, delays);
      expect(gap, `first full build ${offset / MINUTE} minutes after an ask: ${(gap / 3_600_000).toFixed(2)} hours between two`).toBeLessThanOrEqual(DAY);
    }
  });
});

describe("the pipeline renews a Meilisearch tenant's build-minted token before it expires", () => {
  it('refuses a lifetime outside 1 to 366 days, naming the variable', () => {
    for (const given of ['0.5', '0', '400', 'thirty']) {
      expect(() => searchTokenRenewalMs({ env: { MEILI_TOKEN_TTL_DAYS: given } })).toThrow(
        `MEILI_TOKEN_TTL_DAYS: expected a number of days from 1 to 366 (got ${given})`,
      );
    }
    expect(searchTokenRenewalMs({ env: {} })).toBe(7 * DAY);
  });

  for (const ttlDays of [1, 2, 5, 7, 9, 10, 30, 366]) {
    it(`MEILI_TOKEN_TTL_DAYS=${ttlDays}`, () => {
      const renewAfter = searchTokenRenewalMs({ env: { MEILI_TOKEN_TTL_DAYS: String(ttlDays) } });
      // Starts at several points of the expiry's rounding window (a quarter of the lifetime).
      for (const offset of [0, 0.1, 0.5, 0.9]) {
        const start = Date.UTC(2026, 11, 1) + (offset * (ttlDays * DAY)) / 4;
        const expired = firstExpiredAsk(ttlDays, renewAfter, start);
        expect(
          expired &&
            `token minted ${(expired.builtAt - start) / DAY} days in expired ${(expired.expiredAt - start) / DAY} days in; asked again ${(expired.at - start) / DAY} days in`,
        ).toBeNull();
      }
    });
  }
});
