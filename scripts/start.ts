#!/usr/bin/env node
/**
 * `npm start`: publish every demo tenant of tenants/ as a release under dist/ (the operations
 * pipeline, once), then serve them all with the lead API on one port
 * (http://<slug>.localhost:4321/; PORT / HOST to change) while the pipeline keeps running:
 * a stock file dropped in feeds/<slug>/ (or a signed push to its webhook) is live in the
 * browser a few seconds later, with no restart. A tenant that fails is reported; the others
 * are served.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const pipelineArgs = ['scripts/pipeline.ts', '--tenants', 'tenants', '--sites', 'dist', '--inbox', 'feeds'];
const first = spawnSync(process.execPath, [...pipelineArgs, '--once'], { stdio: 'inherit' });
if (first.status !== 0) console.error('some tenants failed to publish (see above); serving the ones that did');

const pipeline = spawn(process.execPath, pipelineArgs, { stdio: 'inherit' });
pipeline.on('exit', (code, signal) => {
  if (signal !== 'SIGTERM' && signal !== 'SIGINT') console.error(`the pipeline stopped (${signal ?? `exit ${code}`}); sites stay served, feeds are not taken in`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => pipeline.kill(signal));

process.argv.splice(2, process.argv.length, '--dir', 'dist', '--tenants', 'tenants');
await import('./serve.ts');
