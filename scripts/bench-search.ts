#!/usr/bin/env node
/**
 * Search benchmark, for 2,000 cars and for all of ../shared/data/au-vehicle-listings.json (read
 * in place, never copied): the embedded index size and query latency in Chromium, the same
 * workload on Orama, Meilisearch sync time and latency, and the search page's JavaScript.
 *
 *   npx node scripts/bench-search.ts [--data <file>] [--sizes 2000,all] [--runs 20] [--skip-meili] [--skip-pages] [--skip-orama]
 *
 * The workload and each figure: docs/benchmarks.md.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { instantMeiliSearch } from '@meilisearch/instant-meilisearch';
import { Meilisearch } from 'meilisearch';
import { create, insertMultiple, save, search as oramaSearch } from '@orama/orama';
import { childEnvironment, environment } from '../src/config/env.ts';
import { parseStock } from '../src/lib/vehicle/stock.ts';
import { loadTenant } from '../src/lib/site/tenant.ts';
import { createStaticSitesHandler } from '../src/server/static-sites.ts';
import { DEFAULT_INDEX } from '../src/search/core/config.ts';
import { toSearchDocuments, type SearchDocument } from '../src/search/core/documents.ts';
import { encodeIndex } from '../src/search/engine/embedded-index.ts';
import type { EngineSearchParams } from '../src/search/engine/engine.ts';
import { syncTenant, tenantFilter, mintTenantToken } from '../src/search/admin/meilisearch.ts';
import { PAGE_FACETS } from '../src/search/build-time/snapshot.ts';
import { startMeilisearch } from '../tests/support/meilisearch-server.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: resolve('../shared/data/au-vehicle-listings.json') },
    sizes: { type: 'string', default: '2000,all' },
    runs: { type: 'string', default: '20' },
    'skip-meili': { type: 'boolean', default: false },
    'skip-pages': { type: 'boolean', default: false },
    'skip-orama': { type: 'boolean', default: false },
  },
});
const RUNS = Math.max(1, Number(values.runs));
const CHROMIUM = { executablePath: environment().CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'] };
const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const SITE = { slug: 'bench', dealerships: [] };

type Request = { indexName: string; params: EngineSearchParams };

const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One InstantSearch search: main query plus one facet query per refined facet (disjunctive faceting). */
function batch(state: { query?: string; refine?: Record<string, string[]>; numeric?: string[]; sort?: string; page?: number }): Request[] {
  const refine = state.refine ?? {};
  const filters = (except?: string) => Object.entries(refine).filter(([facet]) => facet !== except).map(([facet, list]) => list.map((value) => `${facet}:${value}`));
  const indexName = state.sort ? `${DEFAULT_INDEX}:${state.sort}` : DEFAULT_INDEX;
  return [
    { indexName, params: { query: state.query ?? '', facets: [...PAGE_FACETS], facetFilters: filters(), numericFilters: state.numeric ?? [], hitsPerPage: 21, page: state.page ?? 0 } },
    ...Object.keys(refine).map((facet) => ({ indexName, params: { query: state.query ?? '', facets: [facet], facetFilters: filters(facet), numericFilters: state.numeric ?? [], hitsPerPage: 0, page: 0 } })),
  ];
}

/** The mixed workload: browsing, typing, refining, ranges, sorts and deep pages. */
function workload(documents: SearchDocument[]): Request[][] {
  const count = (attribute: keyof SearchDocument) => {
    const counts = new Map<string, number>();
    for (const document of documents) {
      const value = document[attribute];
      if (typeof value === 'string') counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([value]) => value);
  };
  const makes = count('make');
  const bodies = count('body');
  const models = count('model');
  const stock = documents[Math.floor(documents.length / 2)].stocknum ?? 'A';
  return [
    batch({}),
    batch({ page: 3 }),
    batch({ query: makes[0].toLowerCase() }),
    batch({ query: makes[1].slice(0, 3).toLowerCase() }),
    batch({ query: models[0].slice(0, 3).toLowerCase() }),
    batch({ query: `white ${models[1].toLowerCase()}` }),
    batch({ query: stock.slice(0, -1) }),
    batch({ refine: { car_type: ['used'] } }),
    batch({ refine: { make: [makes[0], makes[2]], body: [bodies[0]] } }),
    batch({ refine: { make: [makes[0]], model: [models[0]] }, sort: 'price:desc' }),
    batch({ numeric: ['price>=20000', 'price<=50000'], refine: { car_type: ['used', 'demo'] } }),
    batch({ numeric: ['price>=10000'], sort: 'price:asc', page: 2 }),
    batch({ sort: 'created_at:desc', page: 5 }),
    batch({ query: makes[3].toLowerCase(), refine: { body: [bodies[1]] }, numeric: ['price<=60000'], sort: 'price:desc' }),
  ];
}

/** The embedded engine bundled for the browser, as the island ships it. */
async function engineBundle(): Promise<{ code: string; gzip: number }> {
  const result = await build({
    stdin: {
      // What the island's loader runs (src/search/browser/embedded-loader.ts): the index opened, columns, documents and counts read when first needed.
      contents: "import { openEngine } from './src/search/engine/embedded-index.ts'; globalThis.__bench = { load: openEngine };",
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    target: 'es2022',
  });
  const code = result.outputFiles[0].text;
  return { code, gzip: gzipSync(code).length };
}

async function embeddedInChromium(code: string, indexJson: string, batches: Request[][]) {
  const browser = await chromium.launch(CHROMIUM);
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>bench</title>');
    await page.addScriptTag({ content: code });
    return await page.evaluate(
      ({ json, batches: work, runs }) => {
        const bench = (globalThis as unknown as { __bench: { load: (index: unknown) => { search: (name: string, params: unknown) => unknown } } }).__bench;
        const started = performance.now();
        const engine = bench.load(JSON.parse(json));
        const load = performance.now() - started;
        const first: number[] = [];
        for (const requests of work) {
          const at = performance.now();
          for (const request of requests) engine.search(request.indexName, request.params);
          first.push(performance.now() - at);
        }
        const times: number[] = [];
        for (let run = 0; run < runs; run += 1) {
          for (const requests of work) {
            const at = performance.now();
            for (const request of requests) engine.search(request.indexName, request.params);
            times.push(performance.now() - at);
          }
        }
        return { load, first, times };
      },
      { json: indexJson, batches, runs: RUNS },
    );
  } finally {
    await browser.close();
  }
}

/** The same workload on Orama in Node: exact-match filters on enum copies, full-text on the searchable fields. */
async function oramaFigures(documents: SearchDocument[], batches: Request[][]) {
  const enumFields = ['make', 'model', 'body', 'price_range', 'colour', 'fuel', 'transmission', 'state', 'city', 'location_name', 'dealership_name', 'car_type'];
  const schema: Record<string, string> = { name: 'string', badge: 'string', stocknum: 'string', make_text: 'string', model_text: 'string', colour_text: 'string', price: 'number', created_at: 'number', custom_rank: 'number' };
  for (const field of enumFields) schema[field] = 'enum';
  const started = performance.now();
  const db = create({ schema: schema as never });
  await insertMultiple(
    db,
    documents.map((document) => ({
      ...Object.fromEntries(enumFields.map((field) => [field, (document as unknown as Record<string, unknown>)[field] ?? ''])),
      name: document.name, badge: document.badge ?? '', stocknum: document.stocknum ?? '', make_text: document.make ?? '', model_text: document.model ?? '', colour_text: document.colour ?? '',
      price: document.price ?? 0, created_at: document.created_at, custom_rank: document.custom_rank,
    })) as never,
  );
  const build = performance.now() - started;
  const saved = JSON.stringify(save(db));
  const translate = (request: Request) => {
    const params = request.params;
    const where: Record<string, unknown> = {};
    for (const group of (params.facetFilters ?? []) as string[][]) {
      const [facet] = group[0].split(':');
      where[facet] = { in: group.map((filter) => filter.slice(filter.indexOf(':') + 1)) };
    }
    for (const filter of (params.numericFilters ?? []) as string[]) {
      const [, attribute, operator, value] = /^(\w+)(>=|<=)(\d+)$/.exec(filter) ?? [];
      const current = (where[attribute] ?? {}) as Record<string, number>;
      where[attribute] = { ...current, [operator === '>=' ? 'gte' : 'lte']: Number(value) };
    }
    for (const [attribute, clause] of Object.entries(where)) {
      // Orama takes one operation per filter: a two-sided range is 'between'.
      const range = clause as Record<string, number>;
      if ('gte' in range && 'lte' in range) where[attribute] = { between: [range.gte, range.lte] };
    }
    const sort = request.indexName.split(':').slice(1);
    const facets = Object.fromEntries(([...(params.facets ?? [])] as string[]).filter((facet) => enumFields.includes(facet)).map((facet) => [facet, {}]));
    return {
      term: params.query ?? '',
      properties: ['name', 'make_text', 'model_text', 'badge', 'colour_text', 'stocknum'],
      where,
      facets,
      limit: params.hitsPerPage ?? 21,
      offset: (params.page ?? 0) * (params.hitsPerPage ?? 21),
      sortBy: sort.length === 2 ? { property: sort[0], order: sort[1].toUpperCase() } : { property: 'custom_rank', order: 'DESC' },
    };
  };
  const times: number[] = [];
  for (let run = 0; run < Math.max(3, Math.floor(RUNS / 2)); run += 1) {
    for (const requests of batches) {
      const at = performance.now();
      for (const request of requests) await oramaSearch(db, translate(request) as never);
      times.push(performance.now() - at);
    }
  }
  return { build, gzip: gzipSync(saved).length, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function meiliFigures(documents: SearchDocument[], batches: Request[][]) {
  const server = await startMeilisearch();
  try {
    const admin = new Meilisearch({ host: server.host, apiKey: server.masterKey });
    const index = `${DEFAULT_INDEX}_bench`;
    const filter = tenantFilter({ slug: SITE.slug });
    const full = await syncTenant(admin, { index, site: SITE.slug, filter, documents });
    const unchanged = await syncTenant(admin, { index, site: SITE.slug, filter, documents });
    const changed = documents.map((document, position) => (position % 100 === 0 ? { ...document, price: (document.price ?? 0) + 500 } : document));
    const onePercent = await syncTenant(admin, { index, site: SITE.slug, filter, documents: changed });
    const key = await admin.createKey({ actions: ['search'], indexes: [index], expiresAt: null });
    const token = await mintTenantToken({ searchKey: { uid: key.uid, key: key.key }, index, filter });
    const { searchClient } = instantMeiliSearch(server.host, token, { primaryKey: 'uid', finitePagination: true, meiliSearchParams: { matchingStrategy: 'all' } });
    const run = async (requests: Request[]) => searchClient.search(requests.map((request) => ({ ...request, indexName: request.indexName.replace(DEFAULT_INDEX, index) })) as never);
    for (const requests of batches) await run(requests);
    const times: number[] = [];
    // Vary the page so instant-meilisearch's own response cache is not what we measure.
    for (let round = 0; round < Math.max(3, Math.floor(RUNS / 2)); round += 1) {
      for (const requests of batches) {
        const varied = requests.map((request) => ({ ...request, params: { ...request.params, hitsPerPage: (request.params.hitsPerPage ?? 21) === 0 ? 0 : 21 + (round % 7) } }));
        const at = performance.now();
        await run(varied);
        times.push(performance.now() - at);
      }
    }
    return { full: full.ms, unchanged: unchanged.ms, onePercent: onePercent.ms, updated: onePercent.updated, p50: percentile(times, 50), p95: percentile(times, 95) };
  } finally {
    await server.stop();
  }
}

/** Build a small tenant as an embedded and as a Meilisearch site and weigh the JavaScript the search page downloads. */
async function pageFigures() {
  const work = mkdtempSync(join(tmpdir(), 'bench-pages-'));
  const tenants = join(work, 'tenants');
  const out = join(work, 'dist');
  const server = await startMeilisearch();
  try {
    cpSync('tests/fixtures/tenants/search-demo', join(tenants, 'bench-embedded'), { recursive: true });
    cpSync('tests/fixtures/tenants/search-demo', join(tenants, 'bench-meili'), { recursive: true });
    for (const slug of ['bench-embedded', 'bench-meili']) {
      const file = join(tenants, slug, 'site.json');
      const site = JSON.parse(readFileSync(file, 'utf8'));
      site.slug = slug;
      if (slug === 'bench-meili') site.search = { host: server.host, index: 'Car_bench_pages' };
      writeFileSync(file, JSON.stringify(site));
    }
    const admin = new Meilisearch({ host: server.host, apiKey: server.masterKey });
    const meiliTenant = loadTenant(join(tenants, 'bench-meili'), NOW);
    await syncTenant(admin, { index: 'Car_bench_pages', site: 'bench-meili', filter: tenantFilter(meiliTenant.site), documents: toSearchDocuments(meiliTenant.visible, meiliTenant.site) });
    const key = await admin.createKey({ actions: ['search'], indexes: ['Car_bench_pages'], expiresAt: null });
    const built = spawnSync(process.execPath, ['scripts/build.ts', '--tenants', tenants, '--out', out, '--now', new Date(NOW).toISOString()], {
      env: childEnvironment({ ASTRO_TELEMETRY_DISABLED: '1', MEILI_SEARCH_KEY: key.key, MEILI_SEARCH_KEY_UID: key.uid }),
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`build failed:\n${built.stdout}\n${built.stderr}`);
    const http = createServer(createStaticSitesHandler({ sitesDir: out }));
    await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
    const port = (http.address() as { port: number }).port;
    const browser = await chromium.launch(CHROMIUM);
    const figures: Record<string, { before: number; js: number; files: number; index: number; count: string }> = {};
    try {
      for (const slug of ['bench-embedded', 'bench-meili']) {
        const page = await browser.newPage();
        const urls: string[] = [];
        page.on('request', (request) => urls.push(new URL(request.url()).pathname));
        await page.goto(`http://${slug}.localhost:${port}/search/new-used-and-demo-cars`);
        await page.waitForLoadState('networkidle');
        const gz = (path: string) => gzipSync(readFileSync(join(out, slug, path))).length;
        const scriptsOf = (paths: string[]) => [...new Set(paths.filter((path) => path.endsWith('.js')))];
        // Before interaction: what the page downloads on its own (the island loads when the shopper
        // starts to use it, client:interaction); then point at the results, as a shopper's mouse does.
        await page.waitForTimeout(2_000); // client:idle and client:visible islands load by then
        const before = scriptsOf(urls).reduce((sum, path) => sum + gz(path), 0);
        await page.locator('.search-layout').hover({ position: { x: 8, y: 8 } });
        await page.locator('[data-search-phase="live"]').waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        const count = (await page.locator('.search-count').textContent()) ?? '';
        const scripts = scriptsOf(urls);
        const indexFiles = urls.filter((path) => path.startsWith('/search-index-'));
        figures[slug] = { before, js: scripts.reduce((sum, path) => sum + gz(path), 0), files: scripts.length, index: indexFiles.reduce((sum, path) => sum + gz(path), 0), count };
        await page.close();
      }
    } finally {
      await browser.close();
      http.close();
    }
    return figures;
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (!existsSync(values.data)) {
  console.error(`data file not found: ${values.data}`);
  process.exit(2);
}
const raw = JSON.parse(readFileSync(values.data, 'utf8')) as unknown[];
const sizes = values.sizes.split(',').map((size) => (size === 'all' ? raw.length : Number(size)));
const bundle = await engineBundle();
console.log(`# Search benchmark (${new Date().toISOString()}, ${RUNS} runs of ${14} mixed searches)\n`);
console.log(`Embedded engine + index decoder, minified: ${kb(bundle.gzip)} gzip. Machine load average at start: ${loadavg().map((value) => value.toFixed(1)).join(' / ')} (latencies on a shared machine are noisy)\n`);
console.log('| cars | index gzip | bytes/car | Chromium load | first answer | first search (cold) max | p50 | p95 | Orama index gzip | Orama p50 / p95 (Node) | Meili full sync | unchanged sync | 1% changed | Meili p50 / p95 |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const size of sizes) {
  const { cars } = parseStock('bench', raw.slice(0, size));
  const documents = toSearchDocuments(cars, SITE);
  const json = JSON.stringify(encodeIndex('bench', documents));
  const gzip = gzipSync(json).length;
  const batches = workload(documents);
  const embedded = await embeddedInChromium(bundle.code, json, batches);
  const orama = values['skip-orama'] ? null : await oramaFigures(documents, batches);
  const meili = values['skip-meili'] ? null : await meiliFigures(documents, batches);
  console.log(
    [
      documents.length,
      kb(gzip),
      (gzip / documents.length).toFixed(1),
      ms(embedded.load),
      // The search page's first answer: the index parsed and decoded, the engine built, and the
      // first search (the whole stock, every facet) answered.
      ms(embedded.load + embedded.first[0]),
      ms(Math.max(...embedded.first)),
      ms(percentile(embedded.times, 50)),
      ms(percentile(embedded.times, 95)),
      orama ? kb(orama.gzip) : '-',
      orama ? `${ms(orama.p50)} / ${ms(orama.p95)} (build ${ms(orama.build)})` : '-',
      meili ? ms(meili.full) : '-',
      meili ? ms(meili.unchanged) : '-',
      meili ? `${ms(meili.onePercent)} (${meili.updated} sent)` : '-',
      meili ? `${ms(meili.p50)} / ${ms(meili.p95)}` : '-',
    ].join(' | ').replace(/^/, '| ').replace(/$/, ' |'),
  );
}
if (!values['skip-pages']) {
  const pages = await pageFigures();
  console.log('\n| search page | JS before interaction (gzip) | JS once live (gzip) | JS files | index file (gzip) | count shown |');
  console.log('|---|---|---|---|---|---|');
  for (const [slug, figure] of Object.entries(pages)) console.log(`| ${slug === 'bench-meili' ? 'Meilisearch site' : 'embedded site (60 cars)'} | ${kb(figure.before)} | ${kb(figure.js)} | ${figure.files} | ${figure.index ? kb(figure.index) : '-'} | ${figure.count} |`);
}
// The built sites and servers are gone; nothing of the data set was written anywhere.
