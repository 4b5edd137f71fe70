#!/usr/bin/env node
/**
 * Build dealer sites from tenant folders (DESIGN §3).
 *
 *   npm run build -- [--tenants <dir>] [--tenant <slug>] [--out <dir>] [--now <ISO date>] [--jobs <n>] [--per-tenant]
 *
 * Every tenant folder of --tenants (default tenants/; repeat it to build the tenants of several
 * folders together) is built into <out>/<slug>/ (default dist/). --tenant builds one of them. A tenant whose site.json is bad fails alone; the
 * command builds the others and then exits 1. Several tenants share one compile (the fleet
 * build, src/builder/render/fleet.ts); --per-tenant gives each its own Astro build instead.
 */
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { buildTenant, type TenantBuildResult, buildFleet, renderSettings } from '../src/builder/render/index.ts';
import { leadDestinationNotice, listTenantDirs, skippedTenantFolders } from '../src/lib/site/tenant.ts';
import { thisMachine } from '../src/config/machine.ts';
import { nowFlag, settingsOrExit } from '../src/config/env.ts';
import { releaseFolderParts } from '../src/pipeline/state/release-dirs.ts';

const { values } = parseArgs({
  options: {
    tenants: { type: 'string', multiple: true },
    tenant: { type: 'string', multiple: true },
    out: { type: 'string', default: 'dist' },
    now: { type: 'string' },
    jobs: { type: 'string' },
    'per-tenant': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log('usage: npm run build -- [--tenants <dir>] [--tenant <slug> ...] [--out <dir>] [--now <ISO date>] [--jobs <n>] [--per-tenant]');
  process.exit(0);
}

const tenantsRoots = (values.tenants?.length ? values.tenants : ['tenants']).map((root) => resolve(root));
const outRoot = resolve(values.out);
const now = settingsOrExit(() => nowFlag(values.now));
// A bad count would start no build at all and report success, so it stops here, before any tenant is read.
if (values.jobs !== undefined && !(/^\d+$/.test(values.jobs) && Number(values.jobs) >= 1)) {
  console.error(`--jobs: "${values.jobs}" is not a number of builds at once (expected a whole number of 1 or more, e.g. --jobs 2)`);
  process.exit(2);
}

let dirs: string[] = [];
// Folders that are not tenants (no site.json, or a 'Site.json') are named, not skipped in silence.
const skipped: { dir: string; note: string }[] = [];
try {
  for (const root of tenantsRoots) {
    dirs.push(...listTenantDirs(root));
    skipped.push(...skippedTenantFolders(root));
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const slugOf = (dir: string) => dir.split(/[\\/]/).pop() ?? dir;
const seenSlugs = new Map<string, string>();
for (const dir of dirs) {
  const other = seenSlugs.get(slugOf(dir));
  if (other) {
    console.error(`two tenant folders named ${slugOf(dir)}: ${other} and ${dir} (a slug is a folder name and must be unique)`);
    process.exit(2);
  }
  seenSlugs.set(slugOf(dir), dir);
}
const tenantsRoot = tenantsRoots.join(', ');
for (const { dir, note } of skipped) if (!values.tenant?.length || values.tenant.includes(slugOf(dir))) console.log(`  ! ${note}`);
if (values.tenant?.length) {
  const wanted = new Set(values.tenant);
  const found = dirs.filter((dir) => wanted.has(dir.split('/').pop() ?? ''));
  const missing = [...wanted].filter((slug) => !found.some((dir) => dir.endsWith(`/${slug}`)));
  if (missing.length) {
    console.error(`tenant not found in ${tenantsRoot}: ${missing.join(', ')} (a tenant is a folder holding site.json)`);
    process.exit(2);
  }
  dirs = found;
}
if (dirs.length === 0) {
  console.error(`no tenant folders (with a site.json) in ${tenantsRoot}`);
  process.exit(2);
}

// A tenant folder of the output holding the pipeline's releases (npm start publishes into dist/)
// is not built: Astro empties its output folder, which would delete the live site and its
// rollback history. That tenant stops; the others are built.
const refused: string[] = [];
dirs = dirs.filter((dir) => {
  const site = join(outRoot, slugOf(dir));
  if (!releaseFolderParts(site).length) return true;
  refused.push(slugOf(dir));
  console.log(
    `✗ ${slugOf(dir)}: ${site} holds the pipeline's releases (current, releases/, manifests/); a build would empty it, the live site and its rollback history included: not built. Build into another folder (--out <dir>), or let the pipeline publish the tenant (npm start or npm run pipeline publishes a changed tenants/${slugOf(dir)}/ within seconds).`,
  );
  return false;
});

// Astro's build is mostly single-threaded; one job per core keeps both cores busy.
const jobs = Math.max(1, Math.min(Math.max(1, dirs.length), Number(values.jobs ?? thisMachine().cores)));
const log = (line: string) => console.log(line);
// Which engines may render (DEALER_RENDER, DEALER_SPLIT_RENDER_MIN_CARS): read once, passed to every render.
let settings: ReturnType<typeof renderSettings>;
try {
  settings = renderSettings();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
let results: TenantBuildResult[] = [];
if (dirs.length > 1 && !values['per-tenant']) {
  const fleet = await buildFleet({ dirs, outRoot, now, jobs, log, settings });
  results = fleet.results;
  if (fleet.compiledWith) {
    const kept = Object.values(fleet.renderedWith).filter((how) => how === 'kept-renderer').length;
    log(`fleet: compiled once with ${fleet.compiledWith} (${fleet.compileSeconds.toFixed(1)} s), ${kept} tenant(s) rendered from that compile${fleet.fallbacks.length ? `, ${fleet.fallbacks.length} built with Astro instead` : ''}`);
  }
} else if (dirs.length) {
  const queue = [...dirs];
  const worker = async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) results.push(await buildTenant({ dir, outRoot, now, log, settings }));
  };
  await Promise.all(Array.from({ length: jobs }, worker));
}

// A built tenant whose leads would go nowhere (no site e-mail, no lead-delivery.json destination) is
// reported, from the files the build loaded (a bad lead-delivery.json failed the tenant, said once).
for (const result of results) {
  const notice = result.ok && result.tenant ? leadDestinationNotice(result.tenant) : undefined;
  if (notice) console.log(`  ! ${result.slug}: ${notice}`);
}

const failed = [...results.filter((result) => !result.ok).map((result) => result.slug), ...refused];
const tried = results.length + refused.length;
console.log(`built ${tried - failed.length} of ${tried} tenant(s) into ${outRoot}${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
process.exit(failed.length ? 1 : 0);
