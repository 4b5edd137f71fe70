/**
 * Shared set-up of the pipeline integration tests: a temporary work folder with tenant
 * folders copied from tests/fixtures/tenants/pipeline-motors (under any slug), the real
 * static-site server over the sites directory, and small waiting helpers.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createStaticSitesHandler } from '../../src/server/static-sites.ts';
import { currentRelease, listReleases } from '../../src/pipeline/state/release-dirs.ts';

export const REPO = resolve(import.meta.dirname, '../..');
export const FIXTURE = join(REPO, 'tests/fixtures/tenants/pipeline-motors');

/** A temporary pipeline workspace. */
export function workspace(prefix: string) {
  const root = mkdtempSync(join(tmpdir(), `pipeline-${prefix}-`));
  const tenants = join(root, 'tenants');
  const sites = join(root, 'sites');
  const inbox = join(root, 'inbox');
  const temp = join(root, 'tmp');
  mkdirSync(temp);
  return {
    root,
    tenants,
    sites,
    inbox,
    /** A temp folder (TMPDIR) for the pipeline processes a test starts: a killed one's temporary files go with the workspace. */
    temp,
    /** Copy the fixture tenant under `slug` (site.json slug and URL rewritten), with optional site.json changes. */
    addTenant(slug: string, siteChanges: Record<string, unknown> = {}) {
      const dir = join(tenants, slug);
      cpSync(FIXTURE, dir, { recursive: true });
      const site = JSON.parse(readFileSync(join(dir, 'site.json'), 'utf8')) as Record<string, unknown>;
      writeFileSync(join(dir, 'site.json'), JSON.stringify({ ...site, slug, url: `https://${slug}.example.com.au`, ...siteChanges }, null, 2));
      return dir;
    },
    /** The tenant's accepted stock: the pipeline state's snapshot (default data directory), else the tenant folder's seed. */
    stock(slug: string): Record<string, unknown>[] {
      const data = join(sites, '.pipeline');
      if (existsSync(join(data, 'state.sqlite'))) {
        const db = new DatabaseSync(join(data, 'state.sqlite'), { readOnly: true });
        try {
          const row = db.prepare('SELECT file_key FROM pipeline_stock WHERE tenant = ?').get(slug) as { file_key: string } | undefined;
          if (row) return JSON.parse(readFileSync(join(data, 'files', row.file_key), 'utf8')) as Record<string, unknown>[];
        } finally {
          db.close();
        }
      }
      return JSON.parse(readFileSync(join(tenants, slug, 'stock.json'), 'utf8')) as Record<string, unknown>[];
    },
    current: (slug: string) => currentRelease(sites, slug),
    releases: (slug: string) => listReleases(sites, slug),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Fixture stock as written in the repository. */
export function fixtureStock(): Record<string, unknown>[] {
  return JSON.parse(readFileSync(join(FIXTURE, 'stock.json'), 'utf8')) as Record<string, unknown>[];
}

/** Wait until `check` returns a truthy value (polling), or fail with `what`. */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs = 180_000, everyMs = 200): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, everyMs));
  }
}

/** The real static server (as `npm start` runs it) over a sites directory. */
export async function serveSites(sitesDir: string): Promise<{
  get(slug: string, path: string): Promise<{ status: number; text: string }>;
  getWithHeaders(slug: string, path: string): Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }>;
  close(): Promise<void>;
}> {
  const handler = createStaticSitesHandler({ sitesDir });
  const server: Server = createServer(handler);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const getWithHeaders = (slug: string, path: string) =>
    new Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }>((done, fail) => {
      const req = request({ host: '127.0.0.1', port, path, headers: { host: `${slug}.localhost:${port}`, 'accept-encoding': 'identity' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      });
      req.on('error', fail);
      req.end();
    });
  return {
    getWithHeaders,
    async get(slug, path) {
      const { status, text } = await getWithHeaders(slug, path);
      return { status, text };
    },
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** Whether a path exists in the tenant's served release. */
export function servedFileExists(sitesDir: string, slug: string, path: string): boolean {
  return existsSync(join(sitesDir, slug, 'current', path));
}
