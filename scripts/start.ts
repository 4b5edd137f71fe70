#!/usr/bin/env node
/**
 * `npm start`: build every demo tenant of tenants/ into dist/, then serve them all (and the
 * lead API under /api) on one port: http://<slug>.localhost:4321/ (PORT / HOST to change).
 * A tenant that fails to build is reported and the others are still served.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const build = spawnSync(process.execPath, ['scripts/build.ts', '--tenants', 'tenants', '--out', 'dist'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) console.error('some tenants failed to build (see above); serving the ones that built');
process.chdir(root);
process.argv.splice(2, process.argv.length, '--dir', 'dist', '--tenants', 'tenants');
await import('./serve.ts');
