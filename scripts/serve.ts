#!/usr/bin/env node
/**
 * Serve built tenant sites (and the lead API under /api) on one port:
 *
 *   npm run serve -- [--dir dist] [--tenants tenants] [--port 4321] [--host 127.0.0.1]
 *
 * Each tenant answers at http://<slug>.localhost:<port>/; the bare host lists them.
 * PORT and HOST environment variables are used when the flags are absent.
 */
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createStaticSitesHandler } from '../src/server/static-sites.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    tenants: { type: 'string', default: 'tenants' },
    port: { type: 'string' },
    host: { type: 'string' },
  },
});
const port = Number(values.port ?? process.env.PORT ?? 4321);
const host = values.host ?? process.env.HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT must be a port number (1-65535), got "${values.port ?? process.env.PORT}"`);
  process.exit(2);
}
const sitesDir = resolve(values.dir);
const handler = createStaticSitesHandler({ sitesDir });
const server = createServer(handler);
server.listen(port, host, () => {
  console.log(`serving ${sitesDir} at http://localhost:${port}/ (tenants at http://<slug>.localhost:${port}/)`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
