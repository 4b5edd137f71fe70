/**
 * Host claims in the state: which tenant holds each host a site.json url names (by its key,
 * src/lib/site/host-claims.ts), and the alias name published for it. Every worker claims
 * through here, so the bucket's host aliases follow one record; a claim is made by an insert
 * that keeps an existing one, and moved only from the tenant that still holds it.
 */
import type { SqlDatabase } from '../../platform/sql/db.ts';

/** The host claim table (migration 6 of the state). */
export const HOST_TABLES = [
  'CREATE TABLE pipeline_hosts (host TEXT PRIMARY KEY, tenant TEXT NOT NULL, name TEXT NOT NULL)',
  'CREATE INDEX pipeline_hosts_tenant ON pipeline_hosts (tenant)',
];

/** One claim: the host's key, the tenant holding it, the alias name published for it. */
export interface HostClaimRow {
  host: string;
  tenant: string;
  name: string;
}

export class HostClaimStore {
  private readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  /** The tenant's claims. */
  claimsOf(slug: string): Promise<HostClaimRow[]> {
    return this.db.query<HostClaimRow>('SELECT host, tenant, name FROM pipeline_hosts WHERE tenant = $1 ORDER BY host', [slug]);
  }

  /** Claim `host` for the tenant unless another holds it; the holder afterwards. */
  async claim(host: string, name: string, slug: string): Promise<string> {
    await this.db.run('INSERT INTO pipeline_hosts (host, tenant, name) VALUES ($1, $2, $3) ON CONFLICT (host) DO NOTHING', [host, slug, name]);
    const rows = await this.db.query<{ tenant: string }>('SELECT tenant FROM pipeline_hosts WHERE host = $1', [host]);
    return rows[0]?.tenant ?? slug;
  }

  /** Move a claim from `from` (only while it still holds it) to `to`; whether it moved. */
  async transfer(host: string, from: string, to: string, name: string): Promise<boolean> {
    return (await this.db.run('UPDATE pipeline_hosts SET tenant = $3, name = $4 WHERE host = $1 AND tenant = $2', [host, from, to, name])) > 0;
  }

  /** After the tenant's release went live on `keep` (or on no host): its claim carries that name, its other claims are dropped. */
  async settle(slug: string, keep: { host: string; name: string } | undefined): Promise<void> {
    if (keep) await this.db.run('UPDATE pipeline_hosts SET name = $3 WHERE host = $1 AND tenant = $2', [keep.host, slug, keep.name]);
    await this.db.run('DELETE FROM pipeline_hosts WHERE tenant = $1 AND host <> $2', [slug, keep?.host ?? '']);
  }
}
