/**
 * Export a tenant's leads as CSV:
 *   npx node scripts/export-leads.ts --tenant <slug> [--out leads.csv] [--from 2026-01-01] [--to 2026-02-01]
 * Reads the same database settings as the API (DATABASE_URL, else SQLITE_FILE; see
 * docs/lead-api.md). Writes to stdout without --out. Dates are UTC days; --to is exclusive.
 */
import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { environment, settingsOrExit } from '../src/config/env.ts';
import { loadConfig } from '../src/config/server.ts';
import { openDatabase } from '../src/server/database.ts';
import { leadCsvHeader, leadCsvRow } from '../src/server/features/leads/lead-export.ts';
import { openStores } from '../src/server/stores.ts';

const { values } = parseArgs({ options: { tenant: { type: 'string' }, out: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } } });
const day = (text: string | undefined, name: string): number | undefined => {
  if (text === undefined) return undefined;
  const time = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(time)) {
    console.error(`--${name} expects a date such as 2026-01-31, got "${text}"`);
    process.exit(2);
  }
  return time;
};
if (!values.tenant || !/^[a-z0-9-]+$/.test(values.tenant)) {
  console.error('usage: npx node scripts/export-leads.ts --tenant <slug> [--out file.csv] [--from YYYY-MM-DD] [--to YYYY-MM-DD]');
  process.exit(2);
}
const from = day(values.from, 'from');
const to = day(values.to, 'to');

const config = settingsOrExit(() => loadConfig(environment(), process.cwd(), { tool: true }));
const db = await openDatabase(config.database);
const stores = openStores(db);
const out = values.out ? createWriteStream(values.out) : process.stdout;
const write = (text: string) => new Promise<void>((resolve, reject) => (out.write(text) ? resolve() : out.once('drain', resolve).once('error', reject)));

await write(leadCsvHeader());
let count = 0;
// Page by (created_at, id) so a large export never holds every lead in memory.
let cursor: { from: number; afterId: string } = { from: from ?? 0, afterId: '' };
for (;;) {
  const page = await stores.leadPages.listLeads(values.tenant, { from: cursor.from, to, afterId: cursor.afterId, limit: 1000 });
  for (const lead of page) await write(leadCsvRow(lead));
  count += page.length;
  if (page.length < 1000) break;
  const last = page[page.length - 1]!;
  cursor = { from: last.created_at, afterId: last.id };
}
await db.close();
if (values.out) {
  await new Promise<void>((resolve) => (out as ReturnType<typeof createWriteStream>).end(resolve));
  console.error(`wrote ${count} leads of ${values.tenant} to ${values.out}`);
}
