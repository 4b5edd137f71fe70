/**
 * A release's problems (its prepared tenant's: a search page lost to another page of its path,
 * a photo fault, a skipped stock record) are where the operator and the dealer read the
 * release's outcome: the `release` log line (warn, with their count) and the tenant's status
 * (its last success, which the operator page and /status.json show), bounded like a feed's
 * report, and gone once a release has none. The Astro build is stood in for by a writer of the
 * pages the checks ask for: what is under test is what the job reports, not the pages.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { LogFields } from '../log.ts';
import { collectOperatorStatus, renderOperatorPage } from '../service/operator.ts';
import { STATUS_REPORT_MAX } from '../state/records.ts';
import { readStatus, releaseProblems } from '../state/status.ts';
import { FIXTURE } from '../../../tests/support/pipeline-env.ts';
import { releaseJobGround } from '../../../tests/support/release-build.ts';
import { rebuildTenant } from './run.ts';

vi.mock('./build.ts', async (importOriginal) => {
  const { checkedPages, standInBuild } = await import('../../../tests/support/release-build.ts');
  return { ...(await importOriginal<typeof import('./build.ts')>()), ...standInBuild(checkedPages) };
});

const SLUG = 'yard-motors';
const LOST =
  'yard-motors: search page /search/toyota is the make page "Toyota"; the location page "Toyota Yard" has the same path and is not built (its cars are still found from the all-stock page): give the location another slug';
const ground = releaseJobGround('release-problems', SLUG);
const { root, tenants, sites, tenantDir } = ground;

/** The fixture's stock with its first car (a Toyota) at a location of slug `slug`. */
function stockAt(slug: string): void {
  const [first, ...rest] = JSON.parse(readFileSync(join(FIXTURE, 'stock.json'), 'utf8')) as Record<string, unknown>[];
  writeFileSync(join(tenantDir, 'stock.json'), JSON.stringify([{ ...first, location: { id: 9, name: 'Toyota Yard', slug } }, ...rest]));
}

/** One job of the tenant: its result and its `release` log line. */
async function release() {
  const events: LogFields[] = [];
  const result = await rebuildTenant({
    tenantDir,
    sitesDir: sites,
    state: ground.state,
    env: {},
    renderers: join(root, 'renderers'),
    log: (fields) => events.push(fields),
  });
  return { result, line: events.find((event) => event.event === 'release') };
}

/** The operator's view of the tenant: its /status.json entry and its row of /status. */
async function operatorView() {
  const status = await collectOperatorStatus(tenants, sites, { waiting: 0, running: 0, debouncing: 0 }, Date.now(), ground.state);
  return { tenant: status.tenants[0]!, page: renderOperatorPage(status, 'csrf') };
}

describe("a release's problems", () => {
  it('a lost search page: in the release line (warn, counted), the status and the operator page; a later release without problems clears them', async () => {
    stockAt('toyota');
    const first = await release();
    expect(first.result).toMatchObject({ outcome: 'published' });
    expect(first.line).toMatchObject({ level: 'warn', outcome: 'published', problems: 1 });
    const success = { release: first.result.release, problems: 1, report: `- ${LOST}\n` };
    expect((await ground.state.tenants.status(SLUG))?.lastSuccess).toMatchObject(success);
    expect(readStatus(sites, SLUG)?.lastSuccess).toMatchObject(success);
    const view = await operatorView();
    expect(view.tenant.lastSuccess).toMatchObject(success);
    expect(view.page).toContain(`1 problem in release <code>${first.result.release}</code>`);
    expect(view.page).toContain(LOST.replaceAll('"', '&quot;'));

    stockAt('toyota-yard');
    const second = await release();
    expect(second.result).toMatchObject({ outcome: 'published' });
    expect(second.line).not.toHaveProperty('level');
    expect(second.line).not.toHaveProperty('problems');
    const cleared = (await ground.state.tenants.status(SLUG))?.lastSuccess;
    expect(cleared).toMatchObject({ release: second.result.release });
    expect(cleared).not.toHaveProperty('problems');
    expect(cleared).not.toHaveProperty('report');
    expect((await operatorView()).page).not.toContain('problem');
  }, 120_000);

  it('are kept to STATUS_REPORT_MAX characters, whole lines, saying how many there were', () => {
    const lines = Array.from(
      { length: 2000 },
      (_, n) => `${SLUG}: car ${n}: photo https://photos.example.com/${'x'.repeat(40)}/${n}.jpg: 404 (placeholder shown; tried again next build)`,
    );
    const { problems, report } = releaseProblems(lines);
    expect(problems).toBe(2000);
    expect(report!.length).toBeLessThanOrEqual(STATUS_REPORT_MAX);
    expect(report).toMatch(/\n\.\.\. and \d+ more \(2000 problems in all\)\n$/);
    expect(
      report!
        .split('\n')
        .filter((line) => line.startsWith('- '))
        .every((line) => lines.includes(line.slice(2))),
    ).toBe(true);
    expect(releaseProblems([])).toEqual({});
  });
});
