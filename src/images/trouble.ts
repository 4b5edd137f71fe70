/**
 * What the photo step of this process remembers of photo trouble (one owner): a URL whose
 * download failed, a URL whose bytes could not be used, a host where an attempt failed. Each
 * entry has its kind and its time; every run prunes those past their age, and past a bound the
 * oldest go first (both in PHOTO_DEFAULTS.trouble), so a long-lived worker that sees many
 * failing URLs holds no more.
 */
import { PHOTO_DEFAULTS, type PhotoTroubleBounds } from '../config/images.ts';

/**
 * `fetch`: the URL's download failed (its fault is reported again within the fault memo; it is
 * tried after the others); `decode`: its bytes could not be decoded or transformed (reported
 * again within the fault memo; its place in the try order unchanged); `host`: an attempt at
 * the host (host:port) failed (its photos are tried after those never in trouble).
 */
export type TroubleKind = 'fetch' | 'decode' | 'host';

interface TroubleEntry {
  kind: TroubleKind;
  /** When (ms since the epoch) it was last written. */
  at: number;
  /** The fault reported for a URL. */
  reason?: string;
}

export class TroubleMemory {
  /** By key (`url <url>` or `host <host>`), in the order last written: the oldest first. */
  private readonly entries = new Map<string, TroubleEntry>();

  private readonly maxEntries: number;
  private readonly maxAgeMs: number;

  constructor({ maxEntries, maxAgeMs }: PhotoTroubleBounds = PHOTO_DEFAULTS.trouble) {
    this.maxEntries = maxEntries;
    this.maxAgeMs = maxAgeMs;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Forget the entries `maxAgeMs` old or older (a run calls it before it reads any). */
  prune(now = Date.now()): void {
    for (const [key, entry] of this.entries) if (now - entry.at >= this.maxAgeMs) this.entries.delete(key);
  }

  /** A URL's photo failed: its download (`fetch`) or its bytes (`decode`), with the fault reported. */
  urlFailed(url: string, kind: 'fetch' | 'decode', reason: string, now = Date.now()): void {
    this.write(`url ${url}`, { kind, at: now, reason });
  }

  hostFailed(host: string, now = Date.now()): void {
    this.write(`host ${host}`, { kind: 'host', at: now });
  }

  /** A URL was downloaded: neither it nor its host is in trouble any more. */
  fetched(url: string, host: string): void {
    this.entries.delete(`url ${url}`);
    this.entries.delete(`host ${host}`);
  }

  /** The fault of a URL that failed less than `memoMs` ago, else undefined. */
  recentFault(url: string, memoMs: number, now = Date.now()): string | undefined {
    const entry = this.entries.get(`url ${url}`);
    return entry && now - entry.at < memoMs ? entry.reason : undefined;
  }

  /** A URL's place in the try order: 0 never in trouble, 1 its host is, 2 its download failed. */
  rank(url: string, host: string): 0 | 1 | 2 {
    if (this.entries.get(`url ${url}`)?.kind === 'fetch') return 2;
    return this.entries.has(`host ${host}`) ? 1 : 0;
  }

  private write(key: string, entry: TroubleEntry): void {
    // Written again, an entry becomes the newest.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** The photo trouble of this process (src/images/resolve.ts reads and writes it). */
export const photoTrouble = new TroubleMemory();
