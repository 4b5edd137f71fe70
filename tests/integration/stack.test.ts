/**
 * `npm run stack` (issue 33 item 5), reduced to what one loaded machine can run in a test:
 * the whole production shape comes up on 127.0.0.1 (PostgreSQL, Redis, Meilisearch, s3rver,
 * one intake, two workers, two lead APIs, the edge); two tenants get published through the
 * bucket; a feed for one of them goes live through the edge while a poller reads its car
 * page, and no release ever serves both the old and the new price; a rollback through
 * `npm run rollback -- --publisher s3` shows at the edge. The full scenario (20
 * tenants, a worker killed mid-job) needs workers that do not share a disk (issue 33 item 4).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/meilisearch-server.ts';
import { FIXTURE, REPO, waitFor } from './helpers/pipeline-env.ts';

const TENANTS = ['stack-alpha', 'stack-bravo'];

interface Ready {
  edge: string;
  api: string[];
  inbox: string;
  s3: { endpoint: string; bucket: string };
  dir: string;
}

function get(base: string, path: string, host: string): Promise<{ status: number; release: string | undefined; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, release: res.headers['x-release'] as string | undefined, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('npm run stack', () => {
  const root = mkdtempSync(join(tmpdir(), 'stack-test-'));
  let stack: ChildProcess;
  let ready: Ready;
  let output = '';

  beforeAll(async () => {
    for (const slug of TENANTS) {
      const dir = join(root, 'tenants', slug);
      mkdirSync(dir, { recursive: true });
      const site = JSON.parse(readFileSync(join(FIXTURE, 'site.json'), 'utf8')) as Record<string, unknown>;
      writeFileSync(join(dir, 'site.json'), JSON.stringify({ ...site, slug, url: `https://${slug}.example.com.au` }));
      writeFileSync(join(dir, 'stock.json'), readFileSync(join(FIXTURE, 'stock.json')));
    }
    const [edge, intake, api1, api2] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    stack = spawn(
      process.execPath,
      [
        join(REPO, 'scripts/stack.ts'),
        '--tenants',
        join(root, 'tenants'),
        '--dir',
        join(root, 'stack'),
        '--edge-port',
        String(edge),
        '--intake-port',
        String(intake),
        '--api-ports',
        `${api1},${api2}`,
      ],
      { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    stack.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    stack.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const line = await waitFor(
      'stack-ready',
      () => {
        if (stack.exitCode !== null) throw new Error(`npm run stack exited with code ${stack.exitCode}:\n${output}`);
        return output.split('\n').find((text) => text.includes('"stack-ready"'));
      },
      480_000,
    );
    ready = JSON.parse(line) as Ready;
  }, 540_000);

  afterAll(async () => {
    if (stack && stack.exitCode === null) {
      const exited = new Promise((done) => stack.once('exit', done));
      stack.kill('SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 60_000))]);
    }
    rmSync(root, { recursive: true, force: true });
  }, 90_000);

  it('publishes every tenant through the bucket, takes a feed live at the edge without mixing releases, and rolls back', { timeout: 600_000 }, async () => {
    // Both tenants published by the workers and served by the edge; the lead APIs answer.
    const first: Record<string, string> = {};
    for (const slug of TENANTS) {
      const reply = await waitFor(
        `${slug} at the edge`,
        async () => {
          const response = await get(ready.edge, '/', `${slug}.localhost`);
          return response.status === 200 ? response : null;
        },
        400_000,
        500,
      );
      first[slug] = reply.release!;
    }
    for (const api of ready.api) expect((await fetch(`${api}/api/health`)).status).toBe(200);

    // A feed for stack-alpha: car 101 gets a new price. A poller reads its page the whole time.
    const [slug] = TENANTS as [string];
    const stock = JSON.parse(readFileSync(join(FIXTURE, 'stock.json'), 'utf8')) as { id: number; slug: string; price: number }[];
    const car = stock.find((entry) => entry.id === 101)!;
    const oldPrice = `$${car.price.toLocaleString('en-AU')}`;
    // A price no page of the fixture shows.
    car.price = 12_345;
    const newPrice = `$${car.price.toLocaleString('en-AU')}`;
    const seen: { release: string; old: boolean; fresh: boolean }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const reply = await get(ready.edge, `/cars/${car.slug}/`, `${slug}.localhost`).catch(() => ({ status: 0, release: undefined, body: '' }));
        if (reply.status === 200) seen.push({ release: reply.release!, old: reply.body.includes(oldPrice), fresh: reply.body.includes(newPrice) });
        await new Promise((done) => setTimeout(done, 50));
      }
    })();
    const inbox = join(ready.inbox, slug);
    mkdirSync(inbox, { recursive: true });
    writeFileSync(join(inbox, '.stock.json.tmp'), JSON.stringify(stock));
    renameSync(join(inbox, '.stock.json.tmp'), join(inbox, 'stock.json'));
    const live = await waitFor('the new price at the edge', () => seen.find((entry) => entry.fresh), 300_000, 200);
    expect(live.release).not.toBe(first[slug]);

    // Rollback through the bucket's pointer.
    const rollback = spawnSync(
      process.execPath,
      [
        join(REPO, 'scripts/rollback.ts'),
        '--tenant',
        slug,
        '--sites',
        join(ready.dir, 'sites'),
        '--tenants',
        join(ready.dir, 'tenants'),
        '--publisher',
        's3',
        '--to',
        first[slug]!,
      ],
      {
        cwd: REPO,
        env: {
          ...process.env,
          S3_BUCKET: ready.s3.bucket,
          S3_ENDPOINT: ready.s3.endpoint,
          S3_FORCE_PATH_STYLE: 'true',
          AWS_ACCESS_KEY_ID: 'S3RVER',
          AWS_SECRET_ACCESS_KEY: 'S3RVER',
        },
        encoding: 'utf8',
      },
    );
    expect(rollback.status, rollback.stderr).toBe(0);
    await waitFor('the rollback at the edge', () => seen.at(-1)?.release === first[slug], 10_000, 100);
    polling = false;
    await poller;

    // Each release served one price only, and the old release came back only through the rollback.
    const byRelease = new Map<string, Set<string>>();
    for (const entry of seen)
      byRelease.set(entry.release, (byRelease.get(entry.release) ?? new Set()).add(entry.fresh ? 'new' : entry.old ? 'old' : 'neither'));
    expect([...byRelease.get(first[slug]!)!]).toEqual(['old']);
    expect([...byRelease.get(live.release)!]).toEqual(['new']);
    // The other tenant never moved.
    expect((await get(ready.edge, '/', `${TENANTS[1]}.localhost`)).release).toBe(first[TENANTS[1]!]);
  });
});
