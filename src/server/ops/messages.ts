/**
 * The SMS and e-mails the local adapters "sent" (no provider configured): kept so a
 * developer, a browser test or GET /api/dev/messages can read a sign-in code or a lead
 * e-mail. Production sends through providers and records nothing here.
 */
import { randomUUID } from 'node:crypto';
import type { SqlDatabase } from '../../platform/sql/db.ts';

/** The messages table. */
export class MessageLog {
  readonly #db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  /** Record an SMS or e-mail that the local adapter "sent". */
  async record(message: { tenant: string; channel: 'sms' | 'email'; recipient: string; subject?: string; body: string; now: number }): Promise<void> {
    await this.#db.run('INSERT INTO messages (id, tenant, channel, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      randomUUID(),
      message.tenant,
      message.channel,
      message.recipient,
      message.subject ?? null,
      message.body,
      message.now,
    ]);
  }

  /** Recorded messages of a tenant, newest first. */
  async list(tenant: string, channel?: 'sms' | 'email', recipient?: string): Promise<{ recipient: string; subject: string | null; body: string; created_at: number }[]> {
    const rows = await this.#db.query(
      'SELECT recipient, subject, body, created_at FROM messages WHERE tenant = $1 AND ($2 = \'\' OR channel = $2) AND ($3 = \'\' OR recipient = $3) ORDER BY created_at DESC',
      [tenant, channel ?? '', recipient ?? ''],
    );
    return rows.map((row) => ({ recipient: String(row.recipient), subject: (row.subject as string | null) ?? null, body: String(row.body), created_at: Number(row.created_at) }));
  }
}
