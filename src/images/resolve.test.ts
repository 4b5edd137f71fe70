/**
 * The photo step's defaults come from their one owner, PHOTO_DEFAULTS (src/config/images.ts):
 * a fetch or a run handed no setting behaves as the DEALER_PHOTO_* variables unset do. A local
 * host stands in for a feed's photo server; no photo is decoded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PHOTO_DEFAULTS } from '../config/images.ts';
import { PhotoCache } from './cache.ts';
import { fetchPhoto } from './fetch.ts';
import { resolvePhotoUrls } from './resolve.ts';

const work = mkdtempSync(join(tmpdir(), 'photo-defaults-'));
const requests = new Map<string, number>();
let inFlight = 0;
let mostInFlight = 0;
let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.set(path, (requests.get(path) ?? 0) + 1);
    if (path === '/too-large.jpg') return void response.writeHead(200, { 'content-length': String(PHOTO_DEFAULTS.fetch.maxBytes + 1) }).end();
    if (path === '/unavailable.jpg') return void response.writeHead(503).end();
    // /missing/<n>.jpg: a 404 after a moment, so that the downloads in flight overlap.
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      response.writeHead(404).end();
    }, 40);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((closed) => server.close(closed));
  rmSync(work, { recursive: true, force: true });
});
afterEach(() => vi.useRealTimers());

describe('the photo step handed no setting uses PHOTO_DEFAULTS', () => {
  it('fetchPhoto: the size cap and the retries of DEALER_PHOTO_MAX_BYTES and DEALER_PHOTO_RETRIES unset', async () => {
    const { maxBytes, retries } = PHOTO_DEFAULTS.fetch;
    expect(await fetchPhoto(`${origin}/too-large.jpg`, { allowPrivate: true })).toEqual({
      ok: false,
      reason: `too large: ${maxBytes + 1} bytes declared, the limit is ${maxBytes}`,
      attempts: 1,
    });
    expect(await fetchPhoto(`${origin}/unavailable.jpg`, { allowPrivate: true })).toMatchObject({ ok: false, attempts: retries + 1 });
  });

  it('resolvePhotoUrls: at most DEALER_PHOTO_DOWNLOADS unset in flight; a fault is remembered for the fault memo, then tried again', async () => {
    const urls = Array.from({ length: PHOTO_DEFAULTS.downloads * 3 }, (_, index) => `${origin}/missing/${index}.jpg`);
    const cache = new PhotoCache(join(work, 'cache'));
    const started = Date.now();
    const first = await resolvePhotoUrls(urls, 75, { cache, fetch: { allowPrivate: true } });
    expect(urls.map((url) => first.resolved.get(url))).toEqual(urls.map(() => ({ ok: false, reason: 'HTTP 404' })));
    expect(mostInFlight).toBe(PHOTO_DEFAULTS.downloads);
    // Within the memo the fault is reported again without a download; at its end the photo is fetched again.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(started + PHOTO_DEFAULTS.faultMemoMs - 1000);
    await resolvePhotoUrls(urls.slice(0, 1), 75, { cache, fetch: { allowPrivate: true } });
    expect(requests.get('/missing/0.jpg')).toBe(1);
    vi.setSystemTime(Date.now() + 60_000);
    await resolvePhotoUrls(urls.slice(0, 1), 75, { cache, fetch: { allowPrivate: true } });
    expect(requests.get('/missing/0.jpg')).toBe(2);
  });
});

describe('a count of downloads or transforms that is not a whole number of at least 1', () => {
  it('is refused before any download with a RangeError naming the setting, as the limiter and DEALER_PHOTO_* refuse it (no silent rounding)', async () => {
    const url = `${origin}/missing/bad-count.jpg`;
    const cache = new PhotoCache(join(work, 'bad-count'));
    for (const count of [0, 0.5, 1.5, -1, Number.NaN]) {
      await expect(resolvePhotoUrls([url], 75, { cache, fetch: { allowPrivate: true }, downloads: count }), `downloads ${count}`).rejects.toThrow(
        new RangeError(`photo downloads (DEALER_PHOTO_DOWNLOADS): expected a whole number of at least 1 (got ${count})`),
      );
      await expect(resolvePhotoUrls([url], 75, { cache, fetch: { allowPrivate: true }, transforms: count }), `transforms ${count}`).rejects.toThrow(
        new RangeError(`photo transforms (DEALER_PHOTO_TRANSFORMS): expected a whole number of at least 1 (got ${count})`),
      );
    }
    expect(requests.get('/missing/bad-count.jpg')).toBeUndefined();
  });
});
