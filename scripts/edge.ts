#!/usr/bin/env node
/**
 * The edge in Node (issue 33; docs/deploy.md "The edge"): serves shoppers from the bucket the
 * pipeline publishes to (`--publisher s3`), with the same handler as the Cloudflare Worker of
 * the CDN recipe (src/edge/edge.ts).
 *   npm run edge [-- --port 4330] [--host 127.0.0.1]
 * Bucket settings: S3_BUCKET, S3_ENDPOINT, S3_FORCE_PATH_STYLE, S3_REGION, S3_PREFIX; the edge's:
 * EDGE_PORT, EDGE_HOST, EDGE_POINTER_TTL_MS, EDGE_READ_TIMEOUT_MS, EDGE_COPY_MB,
 * EDGE_ALLOW_LOCALHOST (<slug>.localhost in production).
 */
import { parseArgs } from 'node:util';
import { environment, settingsOrExit, settingsOrExitAsync } from '../src/config/env.ts';
import { checkProduction } from '../src/config/production.ts';
import { logFormatFor } from '../src/config/log.ts';
import { edgeSettings } from '../src/config/publish.ts';
import { createLogger } from '../src/pipeline/log.ts';
import { platformFromSettings } from '../src/pipeline/service/platform.ts';
import { staleReporter, startEdge } from '../src/edge/node-edge.ts';

// The production check shared by every process (src/config/production.ts): before anything else is read or started.
settingsOrExit(() => checkProduction('edge'));
const env = environment();
const settings = settingsOrExit(() => edgeSettings(env));
// The bucket of the publish settings (a bad or missing S3_BUCKET stops here, naming it).
const { store } = await settingsOrExitAsync(() => platformFromSettings({ env, store: true }));
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: String(settings.port) },
    host: { type: 'string', default: settings.host },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log('usage: npm run edge [-- --port 4330] [--host 127.0.0.1]   (bucket from S3_BUCKET, S3_ENDPOINT, ...; docs/deploy.md)');
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port: expected a port number (got ${values.port})`);
  process.exit(2);
}
const log = createLogger({ format: settingsOrExit(() => logFormatFor()), base: { pid: process.pid } });
const edge = await startEdge({
  store: store!,
  port,
  host: values.host,
  pointerTtlMs: settings.pointerTtlMs,
  allowLocalhost: settings.allowLocalhost,
  readTimeoutMs: settings.readTimeoutMs,
  copyBytes: settings.copyMegabytes * 1024 * 1024,
  onError: (error, request) => log({ level: 'error', event: 'edge-error', url: request.url, reason: error.message }),
  onStale: staleReporter((fields) => log({ level: 'warn', event: 'edge-stale', ...fields })),
});
log({ event: 'edge-started', url: edge.url, bucket: store!.location });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void edge.close().then(() => process.exit(0));
  });
}
