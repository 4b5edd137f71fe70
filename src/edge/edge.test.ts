/**
 * The edge over a bucket that fails or stalls (docs/reliability.md "The bucket"): every answer
 * comes within a bound; a page the edge served before is served again from its last good copy
 * (pointer, manifest, body), one it never had is a bare 504 (stalled) or 502 (failing). Its
 * defaults are the EDGE_* variables' (src/config/edge-settings.ts), for the Worker too.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EDGE_DEFAULTS } from '../config/edge-settings.ts';
import { edgeSettings } from '../config/publish.ts';
import { layout, MANIFEST_FORMAT } from '../platform/bucket/layout.ts';
import { workerEdgeOptions } from './cloudflare-worker.ts';
import { createEdgeHandler, resolvedEdgeOptions, type EdgeBucket } from './edge.ts';

const manifest = (id: string, pages: Record<string, string>) => ({
  format: MANIFEST_FORMAT,
  slug: 'acme',
  id,
  createdAt: '2026-12-01T00:00:00Z',
  headers: [{ 'Content-Type': 'text/html' }],
  files: Object.fromEntries(Object.entries(pages).map(([path, object]) => [path, { object, size: object.length + 4, headers: 0 }])),
});

/** A bucket whose answers the test switches: 'ok', 'fail' (throws at once, as a 500 or a refused connection) or 'stall' (never answers until aborted). */
function faultyBucket(objects: Map<string, string>) {
  const state = { mode: 'ok' as 'ok' | 'fail' | 'stall', reads: 0 };
  const answer = async <T>(signal: AbortSignal | undefined, value: () => T): Promise<T> => {
    state.reads += 1;
    if (state.mode === 'fail') throw new Error('InternalError: We encountered an internal error. Please try again.');
    if (state.mode === 'stall') {
      await new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error)));
    }
    return value();
  };
  const bucket: EdgeBucket = {
    getText: (key, signal) => answer(signal, () => objects.get(key) ?? null),
    getBody: (key, signal) => answer(signal, () => (objects.has(key) ? { body: new Response(`body${objects.get(key)}`).body! } : null)),
  };
  return { bucket, state };
}

describe('NEW-7: the edge while the bucket fails or stalls', () => {
  const objects = new Map<string, string>([
    [layout.live('acme'), JSON.stringify({ release: 'r1', at: '2026-12-01T00:00:00Z' })],
    [layout.manifest('acme', 'r1'), JSON.stringify(manifest('r1', { '/index.html': 'o1', '/cars/a/index.html': 'o2' }))],
    [layout.manifest('acme', 'r2'), JSON.stringify(manifest('r2', { '/index.html': 'o3' }))],
    [layout.object('acme', 'o1'), 'o1'],
    [layout.object('acme', 'o2'), 'o2'],
    [layout.object('acme', 'o3'), 'o3'],
  ]);

  it('NEW-7: a stalled bucket: pages served before come from the last good copies within the bound; a page never read is 504', async () => {
    let clock = 0;
    const { bucket, state } = faultyBucket(objects);
    const edge = createEdgeHandler({ bucket, now: () => clock, pointerTtlMs: 1000, readTimeoutMs: 100 });
    const home = await edge(new Request('http://acme.localhost/'));
    expect([home.status, await home.text()]).toEqual([200, 'bodyo1']);

    state.mode = 'stall';
    clock = 5000;
    const started = performance.now();
    // Several shoppers at once: one waits for the pointer refresh (bounded), the others get the last pointer at once.
    const replies = await Promise.all([1, 2, 3].map(() => edge(new Request('http://acme.localhost/'))));
    expect(performance.now() - started).toBeLessThan(1000);
    for (const reply of replies) expect([reply.status, reply.headers.get('x-release'), await reply.text()]).toEqual([200, 'r1', 'bodyo1']);

    const never = await edge(new Request('http://acme.localhost/cars/a/'));
    expect(never.status).toBe(504);
    expect(await never.text()).toBe('Gateway Timeout');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('NEW-7: a failing bucket (500s, refused): the last good pointer, manifest and bodies; a page never read is 502', async () => {
    let clock = 0;
    const { bucket, state } = faultyBucket(objects);
    const stale: string[] = [];
    const edge = createEdgeHandler({ bucket, now: () => clock, pointerTtlMs: 1000, readTimeoutMs: 100, onStale: (what) => stale.push(what) });
    expect((await edge(new Request('http://acme.localhost/'))).status).toBe(200);
    state.mode = 'fail';
    clock = 5000;
    const again = await edge(new Request('http://acme.localhost/'));
    expect([again.status, await again.text()]).toEqual([200, 'bodyo1']);
    expect(stale).toEqual(['pointer']);
    expect((await edge(new Request('http://acme.localhost/cars/a/'))).status).toBe(502);
  });

  it('a pointer moved to a release whose manifest cannot be read: the tenant stays on the release it was served from', async () => {
    let clock = 0;
    const moving = new Map(objects);
    const { bucket, state } = faultyBucket(moving);
    const edge = createEdgeHandler({ bucket, now: () => clock, pointerTtlMs: 1000, readTimeoutMs: 100 });
    expect((await edge(new Request('http://acme.localhost/'))).headers.get('x-release')).toBe('r1');
    moving.set(layout.live('acme'), JSON.stringify({ release: 'r2', at: '2026-12-01T00:01:00Z' }));
    moving.delete(layout.manifest('acme', 'r2'));
    clock = 5000;
    // The pointer is read, then the manifest read fails: r1 is served, never a mix.
    const getText = bucket.getText;
    bucket.getText = async (key, signal) => {
      if (key === layout.manifest('acme', 'r2')) throw new Error('socket hang up');
      return getText(key, signal);
    };
    const reply = await edge(new Request('http://acme.localhost/'));
    expect([reply.status, reply.headers.get('x-release'), await reply.text()]).toEqual([200, 'r1', 'bodyo1']);
    expect(state.mode).toBe('ok');
  });

  it('NEW-7: a large file stalled before its first byte is 504 within the bound; one that stalls mid-file ends', async () => {
    const big = 'x'.repeat(64);
    const files = new Map(objects);
    files.set(layout.manifest('acme', 'r1'), JSON.stringify({ ...manifest('r1', {}), files: { '/big.bin': { object: 'big', size: 5000, headers: 0 } } }));
    let stallBody = false;
    const bucket: EdgeBucket = {
      getText: async (key) => files.get(key) ?? null,
      getBody: async (key, signal) => {
        if (key !== layout.object('acme', 'big')) return null;
        if (!stallBody) await new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error)));
        // The first bytes come, then nothing more.
        return { body: new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(new TextEncoder().encode(big)) }) };
      },
    };
    const edge = createEdgeHandler({ bucket, readTimeoutMs: 50, copyMaxObjectBytes: 1000 });
    expect((await edge(new Request('http://acme.localhost/big.bin'))).status).toBe(504);
    stallBody = true;
    const reply = await edge(new Request('http://acme.localhost/big.bin'));
    expect(reply.status).toBe(200);
    await expect(reply.text()).rejects.toThrow(/sent nothing for 250 ms/);
  });

  it('NEW-7: a small file whose first byte came within the bound is served though the rest takes longer; one that stalls mid-file fails', async () => {
    const files = new Map(objects);
    files.set(layout.manifest('acme', 'r1'), JSON.stringify({ ...manifest('r1', {}), files: { '/photo.jpg': { object: 'photo', size: 600, headers: 0 } } }));
    let stall = false;
    const chunk = new Uint8Array(100).fill(7);
    const bucket: EdgeBucket = {
      getText: async (key) => files.get(key) ?? null,
      getBody: async (key) => {
        if (key !== layout.object('acme', 'photo')) return null;
        // The first 100 bytes at once, then 100 every 30 ms: 150 ms for the whole, three times the bound.
        let sent = 0;
        return {
          body: new ReadableStream<Uint8Array>({
            async pull(controller) {
              if (sent > 0) await new Promise((done) => setTimeout(done, stall && sent === 300 ? 10_000 : 30));
              controller.enqueue(chunk);
              sent += chunk.length;
              if (sent === 600) controller.close();
            },
          }),
        };
      },
    };
    const edge = createEdgeHandler({ bucket, readTimeoutMs: 50, copyMaxObjectBytes: 1000 });
    const reply = await edge(new Request('http://acme.localhost/photo.jpg'));
    expect(reply.status).toBe(200);
    expect((await reply.arrayBuffer()).byteLength).toBe(600);
    // Another edge (no copy): silent mid-file for longer than five bounds, the request fails rather than hangs.
    stall = true;
    const other = createEdgeHandler({ bucket, readTimeoutMs: 50, copyMaxObjectBytes: 1000 });
    expect((await other(new Request('http://acme.localhost/photo.jpg'))).status).toBe(504);
  });
});

/** A bucket of tenants each live on release r1 with one page, /index.html, whose object is `<slug>-o1`. */
function fleetObjects(tenants: readonly string[]): Map<string, string> {
  const objects = new Map<string, string>();
  for (const slug of tenants) {
    objects.set(layout.live(slug), JSON.stringify({ release: 'r1', at: '2026-12-01T00:00:00Z' }));
    objects.set(layout.manifest(slug, 'r1'), JSON.stringify({ ...manifest('r1', { '/index.html': `${slug}-o1` }), slug }));
    objects.set(layout.object(slug, `${slug}-o1`), `${slug}-o1`);
  }
  return objects;
}

describe('an edge serving more releases than it keeps manifests of', () => {
  it('during a stall, a tenant whose manifest was pushed out of the cache is served at once from the manifest it was last served from (one pointer refresh waits, as docs/reliability.md says)', async () => {
    const tenants = Array.from({ length: 300 }, (_, index) => `t${index}`);
    const objects = fleetObjects(tenants);
    let clock = 0;
    const { bucket, state } = faultyBucket(objects);
    const edge = createEdgeHandler({ bucket, now: () => clock, pointerTtlMs: 1000, readTimeoutMs: 100 });
    for (const slug of tenants) expect((await edge(new Request(`http://${slug}.localhost/`))).status).toBe(200);
    state.mode = 'stall';
    clock = 5000;
    // The first tenant served: its manifest is the oldest in the cache. The first request waits for the pointer refresh (bounded); the next ones are answered at once.
    expect((await edge(new Request('http://t0.localhost/'))).status).toBe(200);
    const started = performance.now();
    for (let request = 0; request < 5; request += 1) {
      const reply = await edge(new Request('http://t0.localhost/'));
      expect([reply.status, await reply.text()]).toEqual([200, 'bodyt0-o1']);
    }
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('an edge serving more tenants than it keeps last served manifests of', () => {
  it('keeps the last served manifest of the tenants served most recently only (bounded memory): during a stall those are served, one served long ago waits the bound', async () => {
    const tenants = Array.from({ length: 300 }, (_, index) => `t${index}`);
    const objects = fleetObjects(tenants);
    let clock = 0;
    const { bucket, state } = faultyBucket(objects);
    const edge = createEdgeHandler({ bucket, now: () => clock, pointerTtlMs: 1000, readTimeoutMs: 100, lastServedTenants: 280 });
    for (const slug of tenants) expect((await edge(new Request(`http://${slug}.localhost/`))).status).toBe(200);
    state.mode = 'stall';
    clock = 5000;
    // t0 left both the manifest cache (256) and the last served (280): its stale pointer names a release the edge no longer holds.
    expect((await edge(new Request('http://t0.localhost/'))).status).toBe(504);
    expect((await edge(new Request('http://t299.localhost/'))).status).toBe(200);
    const started = performance.now();
    const reply = await edge(new Request('http://t299.localhost/'));
    expect([reply.status, await reply.text()]).toEqual([200, 'bodyt299-o1']);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('the last served manifests, bounded, keep the tenants still being served from them', () => {
  it('a tenant living on its last served release (its new manifest unreadable) counts as served: others served after it do not push it out', async () => {
    const objects = fleetObjects(['a', 'b', 'c']);
    let clock = 0;
    const { bucket } = faultyBucket(objects);
    const getText = bucket.getText;
    bucket.getText = async (key, signal) => {
      if (key === layout.manifest('a', 'r2')) throw new Error('socket hang up');
      return getText(key, signal);
    };
    const edge = createEdgeHandler({ bucket, now: () => clock, pointerTtlMs: 1000, readTimeoutMs: 100, lastServedTenants: 2 });
    expect((await edge(new Request('http://a.localhost/'))).status).toBe(200);
    expect((await edge(new Request('http://b.localhost/'))).status).toBe(200);
    objects.set(layout.live('a'), JSON.stringify({ release: 'r2', at: '2026-12-01T00:01:00Z' }));
    clock = 5000;
    expect((await edge(new Request('http://a.localhost/'))).headers.get('x-release')).toBe('r1');
    expect((await edge(new Request('http://c.localhost/'))).status).toBe(200);
    const reply = await edge(new Request('http://a.localhost/'));
    expect([reply.status, reply.headers.get('x-release')]).toEqual([200, 'r1']);
  });
});

describe('an edge asked for many host names nothing is published for (a scanner)', () => {
  it('10,001 unknown hosts and slugs do not make it forget the tenants it serves: during a bucket outage they are still served', async () => {
    const objects = fleetObjects(['acme']);
    objects.set(layout.host('dealer.example'), JSON.stringify({ slug: 'acme' }));
    let clock = 0;
    const { bucket, state } = faultyBucket(objects);
    const edge = createEdgeHandler({ bucket, now: () => clock, readTimeoutMs: 100 });
    expect((await edge(new Request('http://dealer.example/'))).status).toBe(200);
    expect((await edge(new Request('http://acme.localhost/'))).status).toBe(200);
    const unknown: number[] = [];
    for (let index = 0; index <= 10_000; index += 1) {
      unknown.push((await edge(new Request(`http://scan-${index}.example/`))).status);
      unknown.push((await edge(new Request(`http://scan-${index}.localhost/`))).status);
    }
    expect(new Set(unknown)).toEqual(new Set([404]));
    // The bucket fails after the aliases and pointers were due a refresh: the last good ones serve.
    state.mode = 'fail';
    clock = 120_000;
    for (const host of ['dealer.example', 'acme.localhost']) {
      const reply = await edge(new Request(`http://${host}/`));
      expect([host, reply.status, await reply.text()]).toEqual([host, 200, 'bodyacme-o1']);
    }
  });

  it('still knows, for the alias lifetime, that a host it asked about has no site (a repeated scan reads the bucket once)', async () => {
    const { bucket, state } = faultyBucket(fleetObjects(['acme']));
    const edge = createEdgeHandler({ bucket, now: () => 0, readTimeoutMs: 100 });
    expect((await edge(new Request('http://scan.example/'))).status).toBe(404);
    const reads = state.reads;
    expect((await edge(new Request('http://scan.example/'))).status).toBe(404);
    expect(state.reads).toBe(reads);
  });
});

describe('an edge serving more host aliases than it keeps', () => {
  it('forgets the alias used least recently, not every alias: during a bucket outage the others are still served', async () => {
    const objects = fleetObjects(['acme']);
    const hosts = Array.from({ length: 10_001 }, (_, index) => `dealer-${index}.example`);
    for (const host of hosts) objects.set(layout.host(host), JSON.stringify({ slug: 'acme' }));
    let clock = 0;
    const { bucket, state } = faultyBucket(objects);
    const edge = createEdgeHandler({ bucket, now: () => clock, readTimeoutMs: 100 });
    const status = async (host: string) => (await edge(new Request(`http://${host}/`))).status;
    // 10,000 aliases fill the cache; the first is used again, so the second is the least recently used when the last comes.
    for (const host of hosts.slice(0, 10_000)) expect(await status(host)).toBe(200);
    expect(await status(hosts[0]!)).toBe(200);
    expect(await status(hosts[10_000]!)).toBe(200);
    state.mode = 'fail';
    clock = 120_000;
    expect(await Promise.all([hosts[0]!, hosts[1]!, hosts[2]!, hosts[9_999]!, hosts[10_000]!].map(status))).toEqual([200, 502, 200, 200, 200]);
  });
});

describe("the edge's defaults, written once (EDGE_DEFAULTS, src/config/edge-settings.ts)", () => {
  const MB = 1024 * 1024;
  const pointer = new Map([[layout.live('acme'), JSON.stringify({ release: 'r1', at: '2026-12-01T00:00:00Z' })]]);
  afterEach(() => vi.useRealTimers());

  it('an edge built without settings, and the Worker without bindings, use what the EDGE_* variables give unset (docs/deploy.md)', () => {
    const unset = edgeSettings({});
    expect({ pointerTtlMs: unset.pointerTtlMs, readTimeoutMs: unset.readTimeoutMs, copyMegabytes: unset.copyMegabytes }).toEqual({
      pointerTtlMs: 1000,
      readTimeoutMs: 2000,
      copyMegabytes: 32,
    });
    const { bucket } = faultyBucket(pointer);
    expect(resolvedEdgeOptions({ bucket })).toMatchObject({
      pointerTtlMs: unset.pointerTtlMs,
      readTimeoutMs: unset.readTimeoutMs,
      copyBytes: unset.copyMegabytes * MB,
    });
    // The Worker's isolate has 128 MB: its copies default to less than the Node edge's.
    const worker = resolvedEdgeOptions(workerEdgeOptions({ SITES: { get: async () => null } }));
    expect(worker).toMatchObject({ pointerTtlMs: unset.pointerTtlMs, readTimeoutMs: unset.readTimeoutMs, copyBytes: EDGE_DEFAULTS.workerCopyMegabytes * MB });
    expect(EDGE_DEFAULTS.workerCopyMegabytes).toBe(16);
  });

  it('an edge built without a read bound gives a stalled read up after EDGE_READ_TIMEOUT_MS unset, not before', async () => {
    vi.useFakeTimers();
    const { bucket, state } = faultyBucket(pointer);
    state.mode = 'stall';
    let answered: number | undefined;
    void createEdgeHandler({ bucket })(new Request('http://acme.localhost/')).then((response) => (answered = response.status));
    await vi.advanceTimersByTimeAsync(edgeSettings({}).readTimeoutMs - 1);
    expect(answered).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answered).toBe(504);
  });

  it("an edge built without a pointer lifetime reads a tenant's pointer again after EDGE_POINTER_TTL_MS unset, not before", async () => {
    let clock = 0;
    // A whole release: after the first request only the pointer is read again (the manifest and the body are kept).
    const { bucket, state } = faultyBucket(fleetObjects(['acme']));
    const edge = createEdgeHandler({ bucket, now: () => clock });
    await edge(new Request('http://acme.localhost/'));
    const reads = state.reads;
    clock = edgeSettings({}).pointerTtlMs - 1;
    await edge(new Request('http://acme.localhost/'));
    expect(state.reads).toBe(reads);
    clock += 1;
    await edge(new Request('http://acme.localhost/'));
    expect(state.reads).toBe(reads + 1);
  });
});
