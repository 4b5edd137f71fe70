/**
 * The `feed` log line names where its problems are reported: the report beside the file in
 * the inbox (processed/ or rejected/), so an operator reading `problems=2` on the terminal
 * knows where to look. A feed without problems has no report and no path.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LogFields } from '../log.ts';
import { intakeFile } from './inbox.ts';

const FIXTURE = resolve(import.meta.dirname, '../../../tests/fixtures/tenants/pipeline-motors');
const SLUG = 'pipeline-motors';
const root = mkdtempSync(join(tmpdir(), 'feed-report-path-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the feed line of a dropped file', () => {
  it('names the report of its problems (processed/<time>-<file>.report.txt), and none when it has none', async () => {
    const tenantDir = join(root, 'tenants', SLUG);
    cpSync(FIXTURE, tenantDir, { recursive: true });
    const inbox = join(root, 'feeds', SLUG);
    mkdirSync(inbox, { recursive: true });
    const stock = JSON.parse(readFileSync(join(tenantDir, 'stock.json'), 'utf8')) as Record<string, unknown>[];
    const events: LogFields[] = [];
    const options = { sitesDir: join(root, 'sites'), guard: false as const };
    writeFileSync(join(inbox, 'clean.json'), JSON.stringify(stock));
    await intakeFile(tenantDir, SLUG, join(inbox, 'clean.json'), (fields) => events.push(fields), options);
    writeFileSync(join(inbox, 'price.json'), JSON.stringify([...stock, { ...stock[0], id: 999, slug: 'bad-one', status: 'gone' }]));
    await intakeFile(tenantDir, SLUG, join(inbox, 'price.json'), (fields) => events.push(fields), options);
    const [clean, problems] = events.filter((event) => event.event === 'feed');
    expect(clean).toMatchObject({ outcome: 'accepted', problems: 0 });
    expect(clean).not.toHaveProperty('report');
    expect(problems).toMatchObject({ level: 'warn', outcome: 'accepted', problems: 1 });
    expect(problems?.report).toMatch(new RegExp(`^${join(inbox, 'processed')}/[\\dTZ-]+-price\\.json\\.report\\.txt$`));
    expect(existsSync(String(problems?.report))).toBe(true);
  });
});
