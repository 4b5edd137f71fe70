/**
 * A Meilisearch tenant's pages carry a tenant token the build mints (its lifetime
 * MEILI_TOKEN_TTL_DAYS, 1 to 366 days; the expiry rounded up as page-data.ts tokenExpiry does).
 * With unchanged stock, only the pipeline's renewal rule rebuilds the tenant and re-mints it:
 * the tenant is asked for every PIPELINE_DEFAULTS.refreshMs, and its release is a full build
 * once its last full build is as old as the renewal age (run.ts searchTokenRenewalMs). This simulates 90 days of asks and
 * checks that the live pages' token is still valid at every ask, for lifetimes the build accepts.
 */
import { describe, expect, it } from 'vitest';
import { PIPELINE_DEFAULTS } from '../../config/pipeline.ts';
import { tokenExpiry } from '../../search/build-time/page-data.ts';
import { searchTokenRenewalMs } from './run.ts';

const DAY = 86_400_000;

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
