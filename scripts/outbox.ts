/**
 * Operator command for the lead delivery outbox (issue 13 M14):
 *   npm run outbox -- status                       pending / dead-letter counts and oldest pending, per tenant
 *   npm run outbox -- dead [--tenant <slug>]       the dead-letter deliveries, with their last error
 *   npm run outbox -- retry [--tenant <slug>] [--lead <id>]   put dead-letter deliveries back in the queue
 * Reads the same database settings as the API (docs/lead-api.md). A running API picks the
 * retried jobs up within DELIVERY_POLL_MS.
 */
import { parseArgs } from 'node:util';
import { environment, settingsOrExit } from '../src/config/env.ts';
import { loadConfig } from '../src/config/server.ts';
import { openDatabase } from '../src/server/database.ts';
import { openStores } from '../src/server/stores.ts';

const USAGE = 'usage: npm run outbox -- status | dead [--tenant <slug>] | retry [--tenant <slug>] [--lead <id>]';
const { values, positionals } = parseArgs({ allowPositionals: true, options: { tenant: { type: 'string' }, lead: { type: 'string' } } });
const command = positionals[0];
if (!command || !['status', 'dead', 'retry'].includes(command) || (values.tenant !== undefined && !/^[a-z0-9-]+$/.test(values.tenant))) {
  console.error(USAGE);
  process.exit(2);
}

const config = settingsOrExit(() => loadConfig(environment(), process.cwd(), { tool: true }));
const db = await openDatabase(config.database);
const stores = openStores(db);
try {
  if (command === 'status') {
    const health = await stores.outbox.deliveryHealth();
    const rows = Object.entries(health).map(([tenant, entry]) => ({ tenant, ...entry, oldest_pending_at: entry.oldest_pending_at === null ? null : new Date(entry.oldest_pending_at).toISOString() }));
    console.log(JSON.stringify(rows, null, 2));
  } else if (command === 'dead') {
    console.log(JSON.stringify(await stores.outbox.deadDeliveries(values.tenant), null, 2));
  } else {
    const count = await stores.outbox.retryDeadDeliveries({ tenant: values.tenant, leadId: values.lead });
    console.log(`${count} dead-letter deliveries put back in the queue${values.tenant ? ` for ${values.tenant}` : ''}${values.lead ? ` (lead ${values.lead})` : ''}`);
  }
} finally {
  await db.close();
}
