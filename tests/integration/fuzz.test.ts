/**
 * Issue 13, the bounded adversarial run at a small count (the full run is `npm run fuzz`,
 * 10,000 requests per target): malformed requests to the lead API, the static sites and the
 * feed webhook, each server in its own process, and hostile files in the feed inbox while
 * another tenant's feed is accepted and published; no crash, no 5xx, no complete request
 * left unanswered, no inbox file left or leaking a secret, nothing written through an inbox
 * folder turned into a link, and every process still answers.
 */
import { describe, expect, it } from 'vitest';
import { passed, runFuzz } from '../support/fuzz-lib.ts';

describe('H3/M13 adversarial run (small)', () => {
  it('H3 200 malformed requests each: 0 crashes, 0 5xx, every process still answers', async () => {
    const reports = await runFuzz({ count: 200, seed: 1313, concurrency: 4, timeLimitMs: 300_000 });
    expect(reports.map((report) => report.target)).toEqual(['lead API (/api/*)', 'static sites', 'feed webhook', 'feed inbox', 'inbox folders']);
    for (const report of reports) {
      expect(report.crashed, report.target).toBeNull();
      expect(report.serverErrors, report.target).toEqual([]);
      expect(report.unanswered, report.target).toEqual([]);
      expect(report.answersAfterwards, report.target).toBe(true);
      expect(passed(report, 200), report.target).toBe(true);
    }
  }, 420_000);
});
