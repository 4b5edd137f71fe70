/**
 * Build one tenant: validate its folder, write the bundle, run Astro in a child process,
 * run the post-build steps, and report a one-line summary. Used by scripts/build.ts,
 * the operations pipeline and the benchmarks.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatProblem } from '../lib/vehicle/stock.ts';
import { loadTenant, readOptionalJson, TenantConfigError, type Tenant } from '../lib/site/tenant.ts';
import { shiftTenantFileDates } from '../lib/site/demo-clock.ts';
import type { TenantBundle } from './bundle.ts';
import { parseTenantFile, tenantFileProblems, TENANT_FILE_SCHEMAS } from '../schemas/tenant-files.ts';
import { loadContentPages } from './content.ts';
import { postBuildSteps } from './steps.ts';
import { writePrivateTempFile } from './atomic-file.ts';
import { buildChildEnv } from './child-env.ts';
import { formatPhotoFault, photoOptionsFromEnv, resolveTenantPhotos, type PhotoReport } from '../images/resolve.ts';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Optional JSON files of a tenant folder that are handed to pages as `bundle.extras`. */
const EXTRA_FILES = ['models.json', 'reviews.json', 'offers.json', 'slides.json', 'blog.json', 'products.json', 'brands.json'];

export interface TenantBuildOptions {
  /** Tenant folder. */
  dir: string;
  /** Output root: the site is written to `<outRoot>/<slug>/` unless `outDir` is given. */
  outRoot: string;
  /** Exact output directory (used by the pipeline's release directories). */
  outDir?: string;
  /** Build clock (ms). */
  now: number;
  log?: (line: string) => void;
  /** Log every stock problem (default true). */
  logProblems?: boolean;
  /** Keep Astro's compiled server bundle in this directory (src/build/kept-renderer.ts; the pipeline's incremental releases). */
  keepRenderer?: string;
}

export interface TenantBuildResult {
  slug: string;
  ok: boolean;
  outDir: string;
  read: number;
  skipped: number;
  visible: number;
  pages: number;
  seconds: number;
  /** Peak resident memory of the Astro process, bytes. */
  peakRss: number;
  problems: string[];
  error?: string;
  tenant?: Tenant;
  /** Feed photos: cached, downloaded, transformed, faults (src/images/resolve.ts). */
  photos?: PhotoReport;
}

function countHtml(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) count += countHtml(join(dir, entry.name));
    else if (entry.name.endsWith('.html')) count += 1;
  }
  return count;
}

/** Create the bundle handed to Astro. */
export function createBundle(tenant: Tenant, now: number): TenantBundle {
  const extras: Record<string, unknown> = {};
  for (const name of EXTRA_FILES) {
    // Demo tenants' dated files move with their stock (src/lib/site/demo-clock.ts).
    const data = shiftTenantFileDates(name, readOptionalJson(tenant.dir, name), tenant.dateShift ?? 0);
    if (data === undefined) continue;
    const key = name.replace(/\.json$/, '') as keyof typeof TENANT_FILE_SCHEMAS;
    // Optional files are validated like site.json: a bad one names the file and field path.
    const fileProblems = tenantFileProblems(key, data);
    if (fileProblems.length > 0) throw new TenantConfigError(join(tenant.dir, name), fileProblems);
    extras[key] = key in TENANT_FILE_SCHEMAS ? parseTenantFile(key, data) : data;
  }
  return {
    slug: tenant.slug,
    site: tenant.site,
    cars: tenant.visible,
    buildTime: now,
    tenantDir: tenant.dir,
    content: loadContentPages(tenant.dir, tenant.site),
    extras,
  };
}

function runAstro(env: NodeJS.ProcessEnv): Promise<{ code: number; output: string; peakRss: number }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'scripts', 'astro-build.ts')], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let peakRss = 0;
    const collect = (chunk: Buffer) => {
      const text = chunk.toString();
      const stats = /DEALER_BUILD_STATS (\{.*\})/.exec(text);
      if (stats) peakRss = (JSON.parse(stats[1]) as { maxRSS: number }).maxRSS * 1024;
      output = (output + text).slice(-20_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('close', (code) => done({ code: code ?? 1, output, peakRss }));
  });
}

/** Build one tenant folder; never throws for tenant problems (they are in the result). */
export async function buildTenant(options: TenantBuildOptions): Promise<TenantBuildResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const slug = resolve(options.dir).split('/').pop() ?? options.dir;
  const outDir = resolve(options.outDir ?? join(options.outRoot, slug));
  const base = { slug, outDir, read: 0, skipped: 0, visible: 0, pages: 0, peakRss: 0, problems: [] as string[] };
  const seconds = () => Math.round((performance.now() - started) / 10) / 100;

  let tenant: Tenant;
  try {
    tenant = loadTenant(options.dir, options.now);
  } catch (error) {
    const message = error instanceof TenantConfigError ? error.message : `${(error as Error).message}`;
    log(`✗ ${slug}: ${message}`);
    return { ...base, ok: false, seconds: seconds(), error: message };
  }
  const problems = tenant.problems.map(formatProblem);
  if (options.logProblems !== false) for (const line of problems) log(`  ! ${line}`);
  // Feed photos before the pages: they are rendered with the local variants (docs/images.md).
  const photos = await resolveTenantPhotos(tenant, photoOptionsFromEnv());
  for (const fault of photos.faults) {
    problems.push(formatPhotoFault(fault));
    if (options.logProblems !== false) log(`  ! ${formatPhotoFault(fault)}`);
  }
  if (photos.photos > 0) {
    log(`  ${slug}: photos ${photos.photos}: ${photos.known} cached, ${photos.fetched} downloaded (${Math.round(photos.fetchedBytes / 1024 / 1024)} MB), ${photos.transformed} transformed, ${photos.faults.length} failed; ${photos.seconds.toFixed(1)} s`);
  }

  let bundle: TenantBundle;
  try {
    bundle = createBundle(tenant, options.now);
  } catch (error) {
    const message = error instanceof TenantConfigError ? error.message : `${(error as Error).message}`;
    log(`✗ ${slug}: ${message}`);
    return { ...base, ok: false, seconds: seconds(), error: message };
  }
  // A private temporary directory: never a guessable path in the shared /tmp.
  const bundleTemp = writePrivateTempFile('dealer-bundle-', `${slug}.json`, JSON.stringify(bundle));
  const bundleFile = bundleTemp.path;
  mkdirSync(outDir, { recursive: true });
  const astro = await runAstro(buildChildEnv({
    ASTRO_TELEMETRY_DISABLED: '1',
    DEALER_BUNDLE: bundleFile,
    DEALER_OUT_DIR: outDir,
    DEALER_SITE_URL: tenant.site.url,
    // Separate caches so tenants can build in parallel.
    DEALER_VITE_CACHE: join(REPO_ROOT, '.cache', 'vite', slug),
    DEALER_ASTRO_CACHE: join(REPO_ROOT, '.cache', 'astro', slug),
    ...(options.keepRenderer ? { DEALER_KEEP_RENDERER: resolve(options.keepRenderer) } : {}),
  }));
  bundleTemp.remove();
  if (astro.code !== 0) {
    const message = `Astro build failed (exit ${astro.code}):\n${astro.output.trim().split('\n').slice(-30).join('\n')}`;
    log(`✗ ${slug}: ${message}`);
    return { ...base, read: tenant.read, skipped: tenant.skipped, visible: tenant.visible.length, problems, ok: false, seconds: seconds(), error: message, tenant };
  }
  // The tenant's own static files (logo, banners) sit beside its site.json in public/.
  const tenantPublic = join(tenant.dir, 'public');
  if (existsSync(tenantPublic)) cpSync(tenantPublic, outDir, { recursive: true });
  try {
    for (const step of postBuildSteps) await step.run({ tenant, bundle, outDir });
  } catch (error) {
    const message = `post-build step failed: ${(error as Error).stack ?? String(error)}`;
    log(`✗ ${slug}: ${message}`);
    return { ...base, read: tenant.read, skipped: tenant.skipped, visible: tenant.visible.length, problems, ok: false, seconds: seconds(), error: message, tenant };
  }
  const result: TenantBuildResult = {
    ...base,
    ok: true,
    read: tenant.read,
    skipped: tenant.skipped,
    visible: tenant.visible.length,
    pages: countHtml(outDir),
    seconds: seconds(),
    peakRss: astro.peakRss,
    problems,
    tenant,
    photos,
  };
  log(
    `✓ ${slug}: records read ${result.read}, skipped ${result.skipped}, visible ${result.visible}; pages written ${result.pages}; ${result.seconds.toFixed(1)} s -> ${outDir}`,
  );
  return result;
}
