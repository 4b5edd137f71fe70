/**
 * The release history in the state: one row per complete release of a tenant, its manifest
 * (with the stock and fingerprints the next release compares against) a file in the state's
 * file store, so any worker builds on any other's release.
 */
import type { SqlDatabase } from '../../platform/sql/db.ts';
import type { FileStore } from './files.ts';
import type { ReleaseManifest } from './records.ts';

/** The release table (migration 1 of the state). */
export const RELEASE_TABLES = [
  'CREATE TABLE pipeline_releases (tenant TEXT NOT NULL, id TEXT NOT NULL, mode TEXT NOT NULL, created_at TEXT NOT NULL, file_key TEXT NOT NULL, PRIMARY KEY (tenant, id))',
];

export class ReleaseStore {
  private readonly db: SqlDatabase;
  private readonly files: FileStore;

  constructor(db: SqlDatabase, files: FileStore) {
    this.db = db;
    this.files = files;
  }

  /** Record a complete release (its manifest goes to the file store). */
  async record(manifest: ReleaseManifest): Promise<void> {
    const key = `releases/${manifest.slug}/${manifest.id}.json`;
    await this.files.put(key, JSON.stringify(manifest));
    await this.db.run(
      'INSERT INTO pipeline_releases (tenant, id, mode, created_at, file_key, code_key) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tenant, id) DO UPDATE SET mode = excluded.mode, created_at = excluded.created_at, file_key = excluded.file_key, code_key = excluded.code_key',
      [manifest.slug, manifest.id, manifest.mode, manifest.createdAt, key, manifest.codeKey ?? null],
    );
  }

  /** A recorded release's manifest, or null. */
  async get(slug: string, id: string): Promise<ReleaseManifest | null> {
    const rows = await this.db.query<{ file_key: string }>('SELECT file_key FROM pipeline_releases WHERE tenant = $1 AND id = $2', [slug, id]);
    if (!rows[0]) return null;
    const bytes = await this.files.get(rows[0].file_key);
    return bytes ? (JSON.parse(bytes.toString('utf8')) as ReleaseManifest) : null;
  }

  /** Recorded releases of a tenant, oldest first. */
  async list(slug: string): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>('SELECT id FROM pipeline_releases WHERE tenant = $1 ORDER BY id', [slug]);
    return rows.map((row) => row.id);
  }

  /** Forget releases beyond the newest `keep`, never `live`; returns their ids. */
  async prune(slug: string, keep: number, live: string | null): Promise<string[]> {
    const ids = await this.list(slug);
    const kept = new Set(ids.slice(-Math.max(1, keep)));
    const removed = ids.filter((id) => !kept.has(id) && id !== live);
    for (const id of removed) {
      await this.db.run('DELETE FROM pipeline_releases WHERE tenant = $1 AND id = $2', [slug, id]);
      await this.files.delete(`releases/${slug}/${id}.json`);
    }
    return removed;
  }
}
