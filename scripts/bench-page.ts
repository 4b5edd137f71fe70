#!/usr/bin/env node
/**
 * Page benchmark: for one built page (a vehicle page, or any page with --path), served with the
 * lead API beside it as `npm start` serves it: HTML bytes, JavaScript before interaction (gzip)
 * and the Lighthouse mobile scores, against the targets in docs/benchmarks.md.
 *
 *   npm run bench:page -- [--tenant sunstate-motor-group] [--dist dist] [--tenants tenants]
 *                         [--car <slug> | --path /search/used-cars/] [--build] [--runs 1] [--json] [--no-lighthouse]
 *
 * BENCH_PAGE_LHR=<file> keeps the last Lighthouse report. Runs whose first paint headless
 * Chrome withheld are marked '(stalled)' (docs/benchmarks.md says why).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { appOptionsFromConfig, createApp } from '../src/server/app.ts';
import { environment } from '../src/config/env.ts';
import { loadConfig } from '../src/config/server.ts';
import { createStaticSitesHandler } from '../src/server/static-sites.ts';
import { startH2Front } from '../tests/support/h2-front.ts';

const CHROME = environment().CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--ignore-certificate-errors', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const { values } = parseArgs({
  options: {
    tenant: { type: 'string', default: 'sunstate-motor-group' },
    dist: { type: 'string', default: 'dist' },
    tenants: { type: 'string', default: 'tenants' },
    car: { type: 'string' },
    path: { type: 'string' },
    build: { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    json: { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    protocol: { type: 'string', default: 'h2' },
  },
});
const tenant = values.tenant;
const dist = resolve(values.dist);
const runs = Math.max(1, Number(values.runs) || 1);

if (values.build) {
  const result = spawnSync(process.execPath, ['scripts/build.ts', '--tenants', values.tenants, '--tenant', tenant, '--out', dist], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** --path as a directory-format page path: '/search/used-cars/'. */
const pagePath = values.path ? `/${values.path.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/') : undefined;
const carsDir = join(dist, tenant, 'cars');
if (pagePath && !existsSync(join(dist, tenant, pagePath, 'index.html'))) {
  console.error(`no built page ${pagePath} in ${join(dist, tenant)}: build first (npm run build -- --tenant ${tenant} --out ${values.dist}) or pass --build`);
  process.exit(2);
}
if (!pagePath && !existsSync(carsDir)) {
  console.error(`no built vehicle pages in ${carsDir}: build first (npm run build -- --tenant ${tenant} --out ${values.dist}) or pass --build`);
  process.exit(2);
}
const built = pagePath ? new Set<string>() : new Set(readdirSync(carsDir).filter((name) => existsSync(join(carsDir, name, 'index.html'))));

/** The car to measure: --car, else the first in-stock car with photos whose page exists. */
function chooseCar(): string {
  if (values.car) {
    if (!built.has(values.car)) throw new Error(`no built page for car ${values.car}`);
    return values.car;
  }
  const stockFile = join(values.tenants, tenant, 'stock.json');
  if (existsSync(stockFile)) {
    const stock = JSON.parse(readFileSync(stockFile, 'utf8')) as { slug?: string; status?: string; images?: unknown[] }[];
    const car = stock.find((item) => item.slug && built.has(item.slug) && item.status === 'in_stock' && (item.images?.length ?? 0) > 3);
    if (car?.slug) return car.slug;
  }
  const first = [...built].sort()[0];
  if (!first) throw new Error(`no vehicle pages in ${carsDir}`);
  return first;
}

const carSlug = pagePath ? null : chooseCar();
const htmlFile = pagePath ? join(dist, tenant, pagePath, 'index.html') : join(carsDir, carSlug!, 'index.html');
const html = readFileSync(htmlFile);
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

const apiDir = mkdtempSync(join(tmpdir(), 'bench-page-api-'));
const config = loadConfig({ ...environment(), PORT: '4321', HOST: '127.0.0.1', TENANTS_DIR: resolve(values.tenants), SQLITE_FILE: join(apiDir, 'leads.sqlite'), DATABASE_URL: undefined });
const server = await createApp({ ...appOptionsFromConfig(config), logger: { level: 'warn' }, fallback: createStaticSitesHandler({ sitesDir: dist }) });
await server.listen({ host: '127.0.0.1', port: 0 });
const originPort = (server.server.address() as { port: number }).port;
// --protocol h2 (the default): HTTP/2 over TLS, as a CDN serves the sites; http1: the static server's own HTTP/1.1.
if (values.protocol !== 'h2' && values.protocol !== 'http1') throw new Error(`--protocol is h2 or http1, not '${values.protocol}'`);
const front = values.protocol === 'h2' ? await startH2Front(originPort) : null;
const url = `${front ? 'https' : 'http'}://${tenant}.localhost:${front?.port ?? originPort}${pagePath ?? `/cars/${carSlug}/`}`;

/** Scripts fetched while the page loads and idles on a phone without interaction. */
async function javascriptBeforeInteraction(): Promise<{ files: { url: string; raw: number; gzip: number }[]; inlineGzip: number; lcp: { element: string; url: string; bytes: number | null } | null }> {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  try {
    const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const files: { url: string; raw: number; gzip: number }[] = [];
    const pending: Promise<void>[] = [];
    // Bytes of every image, to report the Largest Contentful Paint image's weight (issue 15).
    const imageBytes = new Map<string, number>();
    page.on('response', (response) => {
      const request = response.request();
      if (request.resourceType() === 'image') pending.push(response.body().then((body) => void imageBytes.set(response.url(), body.length)).catch(() => undefined));
      if (request.resourceType() !== 'script' && !/\.m?js(\?|$)/.test(response.url())) return;
      pending.push(
        response
          .body()
          .then((body) => void files.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length }))
          .catch(() => undefined),
      );
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // client:idle islands hydrate in requestIdleCallback: give the page a quiet moment.
    await page.evaluate(() => new Promise((done) => (window.requestIdleCallback ?? setTimeout)(() => setTimeout(done, 1000))));
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const inline = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script:not([src])'))
        .filter((script) => !/json/.test(script.getAttribute('type') ?? ''))
        .map((script) => script.textContent ?? '')
        .join('\n'),
    );
    // The LCP candidate the browser settled on (same phone viewport and pixel ratio as Lighthouse mobile).
    const lcp = await page.evaluate(
      () =>
        new Promise<{ element: string; url: string } | null>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as (PerformanceEntry & { url: string; element: Element | null }) | undefined;
            resolve(last ? { element: last.element ? `${last.element.tagName.toLowerCase()}${last.element.className ? `.${String(last.element.className).split(' ').join('.')}` : ''}` : '?', url: last.url } : null);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(null), 3000);
        }),
    );
    return { files, inlineGzip: inline ? gzipSync(Buffer.from(inline)).length : 0, lcp: lcp ? { ...lcp, bytes: lcp.url ? (imageBytes.get(lcp.url) ?? null) : null } : null };
  } finally {
    await browser.close();
  }
}

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Elements Lighthouse names as moved by layout shifts (its 'layout-shifts' audit), with their score. */
  shiftedElements: string[];
  /** The unthrottled load Lighthouse observed (its simulation starts from it): load event and first contentful paint, ms. */
  observedLoadMs: number;
  observedFcpMs: number;
  /**
   * The observed first paint came at least PAINT_STALL_MS after the load event: headless Chrome
   * withheld the page's frames (lighthouse#17148, 'ThrottleUnresponsiveClient'), and the
   * simulation then counts every request of those seconds against FCP and LCP.
   */
  paintStalled: boolean;
}

/** A first paint this long after the load event marks a stalled run (lighthouse#17148: whole seconds, bimodal). */
const PAINT_STALL_MS = 800;

async function runLighthouse(): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    if (!result) throw new Error('lighthouse returned no result');
    const { categories, audits } = result.lhr;
    const lhrFile = environment().BENCH_PAGE_LHR;
    if (lhrFile) writeFileSync(lhrFile, JSON.stringify(result.lhr));
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    const numeric = (key: string) => Math.round((audits[key]?.numericValue ?? Number.NaN) * 1000) / 1000;
    for (const key of ['accessibility', 'best-practices', 'seo']) {
      const failing = Object.values(audits).filter((audit) => audit.score !== null && audit.score < 1 && categories[key]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0));
      if (failing.length > 0) console.error(`  ${key}: ${failing.map((audit) => audit.id).join(', ')}`);
    }
    const observed = ((audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items ?? [])[0] ?? {};
    const observedLoadMs = Math.round(observed.observedLoad ?? Number.NaN);
    const observedFcpMs = Math.round(observed.observedFirstContentfulPaint ?? Number.NaN);
    const shiftItems = ((audits['layout-shifts']?.details as { items?: { node?: { selector?: string; snippet?: string }; score?: number }[] } | undefined)?.items ?? []);
    return {
      shiftedElements: shiftItems.map((item) => `${item.node?.selector ?? item.node?.snippet ?? '?'} (${Math.round((item.score ?? 0) * 1000) / 1000})`),
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      cls: numeric('cumulative-layout-shift'),
      fcpMs: Math.round(numeric('first-contentful-paint')),
      observedLoadMs,
      observedFcpMs,
      paintStalled: observedFcpMs - observedLoadMs >= PAINT_STALL_MS,
    };
  } finally {
    chrome.kill();
  }
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

try {
  const js = await javascriptBeforeInteraction();
  const jsGzip = js.files.reduce((sum, file) => sum + file.gzip, 0) + js.inlineGzip;
  const lighthouseRuns: LighthouseFigures[] = [];
  if (!values['no-lighthouse']) for (let run = 0; run < runs; run++) lighthouseRuns.push(await runLighthouse());
  type Figure = 'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'lcpMs' | 'tbtMs' | 'cls' | 'fcpMs';
  const pick = (key: Figure, of = lighthouseRuns) => (of.length ? median(of.map((run) => run[key])) : null);
  // Runs whose first paint headless Chrome did not withhold: reported beside (never instead of) the median of all runs.
  const unstalled = lighthouseRuns.filter((run) => !run.paintStalled);
  const report = {
    tenant,
    car: carSlug,
    path: pagePath ?? `/cars/${carSlug}/`,
    url,
    protocol: values.protocol,
    htmlBytes: html.length,
    htmlGzipBytes: gzipSync(html).length,
    jsBeforeInteractionGzipBytes: jsGzip,
    jsFiles: js.files.sort((a, b) => b.gzip - a.gzip),
    inlineScriptGzipBytes: js.inlineGzip,
    lcpElement: js.lcp,
    lighthouse: lighthouseRuns.length
      ? {
          runs: lighthouseRuns.length,
          performance: pick('performance'),
          accessibility: pick('accessibility'),
          bestPractices: pick('bestPractices'),
          seo: pick('seo'),
          lcpMs: pick('lcpMs'),
          tbtMs: pick('tbtMs'),
          cls: pick('cls'),
          fcpMs: pick('fcpMs'),
          each: lighthouseRuns.map(({ shiftedElements: _, ...run }) => run),
          unstalled: { runs: unstalled.length, performance: pick('performance', unstalled), lcpMs: pick('lcpMs', unstalled), fcpMs: pick('fcpMs', unstalled), cls: pick('cls', unstalled) },
        }
      : null,
  };
  if (values.json) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    console.log(`${pagePath ? `page ${tenant} ${pagePath}` : `vehicle page ${tenant} /cars/${carSlug}/`} (${front ? 'HTTP/2 over TLS' : 'HTTP/1.1'})`);
    console.log(`  HTML                          ${kb(report.htmlBytes)} KB raw, ${kb(report.htmlGzipBytes)} KB gzip`);
    console.log(`  JS before interaction (gzip)  ${kb(jsGzip)} KB (${js.files.length} files + ${kb(js.inlineGzip)} KB inline)   target < 100 KB`);
    for (const file of report.jsFiles) console.log(`    ${kb(file.gzip).toString().padStart(6)} KB  ${file.url}`);
    if (js.lcp) console.log(`  LCP element                   ${js.lcp.element}${js.lcp.url ? ` ${new URL(js.lcp.url).pathname}, ${js.lcp.bytes === null ? '?' : `${kb(js.lcp.bytes)} KB (${js.lcp.bytes} bytes)`}` : ' (text)'}`);
    if (report.lighthouse) {
      const l = report.lighthouse;
      console.log(`  Lighthouse mobile (median of ${l.runs}): performance ${l.performance}, accessibility ${l.accessibility}, best-practices ${l.bestPractices}, SEO ${l.seo}`);
      console.log(`    LCP ${l.lcpMs} ms, TBT ${l.tbtMs} ms, CLS ${l.cls}, FCP ${l.fcpMs} ms   targets: performance >= 95, others 100`);
      if (l.runs > 1) console.log(`    each run: performance ${lighthouseRuns.map((run) => run.performance).join(', ')}; CLS ${lighthouseRuns.map((run) => run.cls).join(', ')}; TBT ${lighthouseRuns.map((run) => run.tbtMs).join(', ')} ms`);
      console.log(`    each run: LCP ${lighthouseRuns.map((run) => run.lcpMs).join(', ')} ms; observed load -> first paint ${lighthouseRuns.map((run) => `${run.observedLoadMs} -> ${run.observedFcpMs}${run.paintStalled ? ' (stalled)' : ''}`).join(', ')} ms`);
      const u = l.unstalled;
      if (u.runs < l.runs) console.log(`    runs without a withheld first paint (lighthouse#17148): ${u.runs} of ${l.runs}${u.runs ? `, median performance ${u.performance}, LCP ${u.lcpMs} ms, FCP ${u.fcpMs} ms, CLS ${u.cls}` : ''}`);
      const shifted = lighthouseRuns.flatMap((run) => run.shiftedElements);
      if (shifted.length > 0) console.log(`    layout shifts moved: ${[...new Set(shifted)].join(', ')}`);
    }
  }
} finally {
  await front?.close();
  await server.close();
  rmSync(apiDir, { recursive: true, force: true });
}
