/**
 * Marketing opt-outs (docs/lead-api.md "Unsubscribe"): the contacts a tenant must not
 * market to, and the typed contacts waiting for their confirmation link. The outbox asks
 * once per round (optedOutAtMany) so a delivered lead says whether its shopper opted out.
 */
import { randomUUID } from 'node:crypto';
import type { SqlDatabase } from '../../platform/sql/db.ts';

/** The marketing_opt_outs and unsubscribe_requests tables. */
export class OptOutStore {
  readonly #db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  /** Record a marketing opt-out for each contact (idempotent: the first time is kept). */
  async record(tenant: string, contacts: readonly { kind: string; contact: string }[], source: string, now: number): Promise<void> {
    if (contacts.length === 0) return;
    await this.#db.transaction(async (tx) => {
      for (const entry of contacts) {
        await tx.run('INSERT INTO marketing_opt_outs (tenant, kind, contact, source, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tenant, kind, contact) DO NOTHING', [
          tenant,
          entry.kind,
          entry.contact,
          source,
          now,
        ]);
      }
    });
  }

  /** Keep a typed contact waiting for its confirmation link; resolves to the request id. */
  async createRequest(tenant: string, contact: { kind: string; contact: string }, now: number): Promise<string> {
    const id = randomUUID();
    await this.#db.run('INSERT INTO unsubscribe_requests (id, tenant, kind, contact, created_at) VALUES ($1, $2, $3, $4, $5)', [id, tenant, contact.kind, contact.contact, now]);
    return id;
  }

  /** The contact of a confirmation request of this tenant made after `since`, or undefined. */
  async request(tenant: string, id: string, since: number): Promise<{ kind: string; contact: string } | undefined> {
    const rows = await this.#db.query<{ kind: string; contact: string }>('SELECT kind, contact FROM unsubscribe_requests WHERE id = $1 AND tenant = $2 AND created_at > $3', [id, tenant, since]);
    return rows[0] ? { kind: String(rows[0].kind), contact: String(rows[0].contact) } : undefined;
  }

  /** When the earliest of these contacts opted out of this tenant's marketing (ms), or undefined. One query per call. */
  async optedOutAt(tenant: string, contacts: readonly { kind: string; contact: string }[]): Promise<number | undefined> {
    return (await this.optedOutAtMany([{ tenant, contacts }]))[0];
  }

  /** optedOutAt for many (tenant, contacts) at once, in one query (an outbox round); same order as asked. */
  async optedOutAtMany(asked: readonly { tenant: string; contacts: readonly { kind: string; contact: string }[] }[]): Promise<(number | undefined)[]> {
    const keys = asked.flatMap((entry) => entry.contacts.map((contact) => [entry.tenant, contact.kind, contact.contact]));
    if (keys.length === 0) return asked.map(() => undefined);
    const triples =
      this.#db.dialect === 'postgres'
        ? 'SELECT k->>0, k->>1, k->>2 FROM jsonb_array_elements($1::jsonb) AS k'
        : "SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each($1)";
    const rows = await this.#db.query<{ tenant: string; kind: string; contact: string; created_at: number }>(
      `SELECT tenant, kind, contact, created_at FROM marketing_opt_outs WHERE (tenant, kind, contact) IN (${triples})`,
      [JSON.stringify(keys)],
    );
    const at = new Map(rows.map((row) => [JSON.stringify([String(row.tenant), String(row.kind), String(row.contact)]), Number(row.created_at)]));
    return asked.map((entry) => {
      const times = entry.contacts.map((contact) => at.get(JSON.stringify([entry.tenant, contact.kind, contact.contact]))).filter((time): time is number => time !== undefined);
      return times.length > 0 ? Math.min(...times) : undefined;
    });
  }
}
