/**
 * The photo step's memory of trouble (trouble.ts): entries go at their age and, past the bound,
 * the oldest written first; a run of many distinct failing URLs leaves no more than the bound.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolvePhotoUrls } from './resolve.ts';
import { photoTrouble, TroubleMemory } from './trouble.ts';
import { PHOTO_DEFAULTS } from '../config/images.ts';
import { PhotoCache } from './cache.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

afterEach(() => vi.useRealTimers());

describe('TroubleMemory', () => {
  it('keeps at most its bound, dropping the oldest written first (an entry written again is the newest)', () => {
    const memory = new TroubleMemory({ maxEntries: 3, maxAgeMs: 1_000 });
    memory.hostFailed('a.example', 1);
    memory.urlFailed('https://b.example/1.jpg', 'fetch', 'HTTP 404', 2);
    memory.urlFailed('https://c.example/1.jpg', 'decode', 'cannot decode the image: x', 3);
    memory.hostFailed('a.example', 4);
    memory.urlFailed('https://d.example/1.jpg', 'fetch', 'HTTP 500', 5);
    expect(memory.size).toBe(3);
    expect(memory.rank('https://b.example/1.jpg', 'b.example')).toBe(0);
    expect(memory.rank('https://a.example/1.jpg', 'a.example')).toBe(1);
    expect(memory.rank('https://d.example/1.jpg', 'd.example')).toBe(2);
    // A URL whose bytes failed keeps its place in the try order; its fault is reported within the memo.
    expect(memory.rank('https://c.example/1.jpg', 'c.example')).toBe(0);
    expect(memory.recentFault('https://c.example/1.jpg', 10, 12)).toBe('cannot decode the image: x');
    expect(memory.recentFault('https://c.example/1.jpg', 10, 13)).toBeUndefined();
  });

  it('a prune forgets every entry as old as its age or older; a download forgets the URL and its host', () => {
    const memory = new TroubleMemory({ maxEntries: 10, maxAgeMs: 1_000 });
    memory.urlFailed('https://a.example/1.jpg', 'fetch', 'HTTP 404', 0);
    memory.hostFailed('a.example', 500);
    memory.urlFailed('https://b.example/1.jpg', 'fetch', 'HTTP 404', 900);
    memory.hostFailed('b.example', 900);
    memory.prune(1_000);
    expect(memory.size).toBe(3);
    memory.prune(1_500);
    expect(memory.size).toBe(2);
    memory.fetched('https://b.example/1.jpg', 'b.example');
    expect(memory.size).toBe(0);
  });
});

describe('photo runs of a long-lived process', () => {
  it('many distinct failing URLs over time never grow the memory past its bound, and a run a day later forgets them', async () => {
    const work = mkdtempSync(join(tmpdir(), 'photo-trouble-'));
    try {
      const cache = new PhotoCache(join(work, 'cache'));
      // Refused at once (a loopback address, no fixture allowed): a fault of each URL, no connection.
      const round = (n: number, count: number) => Array.from({ length: count }, (_, i) => `http://127.0.0.1:9/round-${n}/${i}.jpg`);
      const perRound = Math.ceil(PHOTO_DEFAULTS.trouble.maxEntries / 2);
      vi.useFakeTimers({ toFake: ['Date'] });
      let now = Date.parse('2026-12-01T00:00:00Z');
      for (const n of [1, 2, 3]) {
        vi.setSystemTime((now += 3_600_000));
        const { resolved } = await resolvePhotoUrls(round(n, perRound), 75, { cache });
        expect([...resolved.values()].every((resolution) => !resolution.ok)).toBe(true);
        expect(photoTrouble.size).toBeLessThanOrEqual(PHOTO_DEFAULTS.trouble.maxEntries);
      }
      expect(photoTrouble.size).toBe(PHOTO_DEFAULTS.trouble.maxEntries);
      // The newest are kept, the oldest went first.
      expect(photoTrouble.rank(round(3, perRound).at(-1)!, '127.0.0.1:9')).toBe(2);
      expect(photoTrouble.rank(round(1, 1)[0]!, '127.0.0.1:9')).toBe(0);
      vi.setSystemTime(now + PHOTO_DEFAULTS.trouble.maxAgeMs);
      await resolvePhotoUrls(round(4, 1), 75, { cache });
      expect(photoTrouble.size).toBe(1);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
