#!/usr/bin/env node
/**
 * Dry run of a feed file (issue 18 §3, docs/pipeline.md "Checking a feed"): how the file
 * maps for a tenant - detected format, separator and encoding, each column and the Car
 * field it feeds (or 'ignored'), the first rows as Car records, every problem with its row
 * and column, and what the mass-change guard would say. Changes nothing.
 *
 *   npm run feed:check -- --tenant <slug> [--tenants tenants] [--sites dist] [--rows 3] <file>
 *
 * Exit status: 0 the feed would be taken in, 1 it would be rejected or held, 2 usage.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatFeedCheck } from '../src/pipeline/intake/read/feed-check.ts';
import { assessFeedCheck, checkFeedFile } from '../src/pipeline/intake/inbox.ts';
import { GUARD_DEFAULTS } from '../src/pipeline/intake/guard.ts';
import { existingState } from '../src/pipeline/service/platform.ts';
import { environment, settingsOrExit, settingsOrExitAsync } from '../src/config/env.ts';
import { checkProduction } from '../src/config/production.ts';
import { pipelineSettings, statePlace } from '../src/config/pipeline.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    tenant: { type: 'string' },
    tenants: { type: 'string', default: 'tenants' },
    sites: { type: 'string', default: 'dist' },
    rows: { type: 'string', default: '3' },
    help: { type: 'boolean', short: 'h' },
  },
});
const usage = 'usage: npm run feed:check -- --tenant <slug> [--tenants tenants] [--sites dist] [--rows 3] <file>';
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const file = positionals[0];
if (!values.tenant || !file || positionals.length > 1) {
  console.error(usage);
  process.exit(2);
}
const tenantDir = resolve(values.tenants, values.tenant);
if (!existsSync(join(tenantDir, 'site.json'))) {
  console.error(`no tenant "${values.tenant}": ${join(tenantDir, 'site.json')} does not exist (--tenants names the folder of tenant folders)`);
  process.exit(2);
}
if (!existsSync(file)) {
  console.error(`no such file: ${file}`);
  process.exit(2);
}
// Read as the intake reads it now: the model year held to this clock's.
const check = checkFeedFile(tenantDir, values.tenant, file, readFileSync(file), Date.now());
// The guard compares with the accepted stock (the pipeline state of --sites when it has one, else the tenant's stock.json); nothing is written.
// The production check every process shares (src/config/production.ts): before the state is opened.
settingsOrExit(() => checkProduction('command'));
const env = environment();
// Found as the pipeline finds it (statePlace); opened only where there is one (existingState): a dry run creates no state.
const place = settingsOrExit(() => statePlace(env, pipelineSettings(env), { sites: values.sites }));
const state = await settingsOrExitAsync(() => existingState(env, { dataDir: place.data, ...place.state }));
const guard = (await assessFeedCheck(tenantDir, values.tenant, check, { sitesDir: resolve(values.sites), guard: GUARD_DEFAULTS, state })) ?? undefined;
await state?.close();
const held = Boolean(guard?.held);
const outcome = !check.result.ok
  ? 'the pipeline would reject this file'
  : held
    ? 'the pipeline would hold this file for an operator'
    : 'the pipeline would take this file in';
process.stdout.write(formatFeedCheck(check, { sample: Math.max(0, Number(values.rows) || 0), guard, outcome: `${outcome} (dry run: nothing was changed)` }));
process.exit(check.result.ok && !held ? 0 : 1);
