/**
 * The photo cache shared by every tenant, build and release (issue 15). Two stores:
 *   urls/<ab>/<sha1 of url>.json      what a feed URL held when downloaded (sha256 of the
 *                                     bytes): a known URL is never fetched again;
 *   variants/<ab>/<key>-<rrggbb>...   the variants, content-addressed by the source hash and
 *                                     the transform (variantKey); <key>.json, written last,
 *                                     marks the set complete.
 * Files are written to a temporary name and renamed. Faults are not stored: a failed URL is
 * tried again by the next build. With a fleet's shared work (src/platform/bucket/work-store.ts)
 * a variant set is kept there too (`photos/variants/<key>.json`, `photos/files/<name>`): no
 * worker transforms a photo another transformed; it takes the files when a site needs them.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../platform/fs/atomic-file.ts';
import { photoCacheDir } from '../config/images.ts';
import type { WorkStore } from '../platform/bucket/work-store.ts';
import type { PhotoVariant } from './transform.ts';

/** What a URL held: the hash of its bytes. */
export interface UrlRecord {
  url: string;
  sha256: string;
  bytes: number;
  fetchedAt: string;
}

/** A complete variant set. */
export interface VariantRecord {
  key: string;
  colour: string;
  sourceWidth: number;
  sourceHeight: number;
  files: string[];
}

/** Cache entries are made again when lost: atomic for readers, without fsync. */
function writeAtomic(file: string, data: string | Buffer): void {
  writeFileAtomic(file, data, { durable: false });
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

export class PhotoCache {
  readonly dir: string;
  /** The fleet's shared work, when there is one. */
  readonly work: WorkStore | undefined;
  private readonly made = new Set<string>();

  constructor(dir: string = photoCacheDir(), work?: WorkStore) {
    this.dir = dir;
    this.work = work;
  }

  private ensure(dir: string): string {
    if (!this.made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.made.add(dir);
    }
    return dir;
  }

  private urlFile(url: string): string {
    const id = createHash('sha1').update(url).digest('hex');
    return join(this.dir, 'urls', id.slice(0, 2), `${id}.json`);
  }

  /** Directory of a variant key's files. */
  variantDir(key: string): string {
    return join(this.dir, 'variants', key.slice(0, 2));
  }

  /** Path of a variant file by its name (`<key>-<rrggbb>-480w.avif`). */
  variantFile(name: string): string {
    return join(this.variantDir(name.slice(0, 24)), name);
  }

  url(url: string): UrlRecord | null {
    const record = readJson<UrlRecord>(this.urlFile(url));
    return record && record.url === url ? record : null;
  }

  recordUrl(record: UrlRecord): void {
    const file = this.urlFile(record.url);
    this.ensure(join(file, '..'));
    writeAtomic(file, JSON.stringify(record));
  }

  variants(key: string): VariantRecord | null {
    return readJson<VariantRecord>(join(this.variantDir(key), `${key}.json`));
  }

  /** Store a variant set: the files first, then the record that says it is complete. */
  storeVariants(key: string, colour: string, source: { width: number; height: number }, variants: PhotoVariant[]): VariantRecord {
    const dir = this.ensure(this.variantDir(key));
    const stem = `${key}-${colour.replace(/^#/, '')}`;
    const files = variants.map((variant) => `${stem}${variant.suffix}`);
    variants.forEach((variant, index) => writeAtomic(join(dir, files[index]!), variant.data));
    const record: VariantRecord = { key, colour, sourceWidth: source.width, sourceHeight: source.height, files };
    writeAtomic(join(dir, `${key}.json`), JSON.stringify(record));
    return record;
  }

  /** Whether a variant file is in the cache. */
  hasFile(name: string): boolean {
    return existsSync(this.variantFile(name));
  }

  /**
   * A variant set from the shared work, or null. Not recorded in this cache: its record marks a
   * set whose files are all here, and these files are fetched only when a site needs them.
   */
  async sharedVariants(key: string): Promise<VariantRecord | null> {
    const body = await this.work?.get(`photos/variants/${key}.json`);
    if (!body) return null;
    try {
      const record = JSON.parse(body.toString('utf8')) as VariantRecord;
      return record.key === key && Array.isArray(record.files) ? record : null;
    } catch {
      return null;
    }
  }

  /** Share a variant set this process made: its files, then its record. */
  async shareVariants(record: VariantRecord, variants: PhotoVariant[]): Promise<void> {
    if (!this.work) return;
    for (const [index, variant] of variants.entries()) await this.work.put(`photos/files/${record.files[index]}`, variant.data);
    await this.work.put(`photos/variants/${record.key}.json`, JSON.stringify(record));
  }

  /** Fetch a variant file from the shared work into this cache; false when it is not there. */
  async fetchFile(name: string): Promise<boolean> {
    const body = await this.work?.get(`photos/files/${name}`);
    if (!body) return false;
    this.ensure(this.variantDir(name.slice(0, 24)));
    writeAtomic(this.variantFile(name), body);
    return true;
  }
}
