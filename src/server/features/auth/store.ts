/**
 * The sign-in feature's own SQL: one-time codes, shoppers and opening / ending sessions.
 * Looking a session up is the kernel's (kernel/session.ts SessionStore): the watchlist needs it too.
 */
import { randomUUID } from 'node:crypto';
import type { SqlDatabase, SqlExecutor } from '../../../platform/sql/db.ts';
import { sameDigest } from '../../kernel/keys.ts';

/** Data access of the sign-in feature. */
export class AuthStore {
  readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  /** Codes issued to a phone since `since` (rate limit on code requests), read in `tx` (the code's SMS reservation). */
  async codesIssuedSince(tenant: string, phone: string, since: number, tx: SqlExecutor): Promise<number> {
    const rows = await tx.query<{ n: number }>('SELECT COUNT(*) AS n FROM sign_in_codes WHERE tenant = $1 AND phone = $2 AND created_at >= $3', [tenant, phone, since]);
    return Number(rows[0]?.n ?? 0);
  }

  /** Store a new code (its hash) in `tx` (the code's SMS reservation); earlier unused codes of the phone stop working. */
  async issueCode(tenant: string, phone: string, codeHash: string, now: number, expiresAt: number, tx: SqlExecutor): Promise<void> {
    await tx.run('UPDATE sign_in_codes SET used_at = $1 WHERE tenant = $2 AND phone = $3 AND used_at IS NULL', [now, tenant, phone]);
    await tx.run('INSERT INTO sign_in_codes (id, tenant, phone, code_hash, attempts, expires_at, created_at) VALUES ($1, $2, $3, $4, 0, $5, $6)', [randomUUID(), tenant, phone, codeHash, expiresAt, now]);
  }

  /**
   * Check a code: the latest live code of the phone, within `maxAttempts` tries. A match
   * uses the code up (single use). Returns why it failed otherwise.
   */
  async consumeCode(tenant: string, phone: string, codeHash: string, now: number, maxAttempts: number): Promise<'ok' | 'invalid' | 'expired' | 'locked'> {
    return this.db.transaction(async (tx) => {
      const lock = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
      const rows = await tx.query<{ id: string; code_hash: string; attempts: number; expires_at: number }>(
        `SELECT id, code_hash, attempts, expires_at FROM sign_in_codes WHERE tenant = $1 AND phone = $2 AND used_at IS NULL ORDER BY created_at DESC LIMIT 1${lock}`,
        [tenant, phone],
      );
      const code = rows[0];
      if (!code) return 'invalid';
      if (Number(code.expires_at) <= now) return 'expired';
      if (Number(code.attempts) >= maxAttempts) return 'locked';
      if (!sameDigest(String(code.code_hash), codeHash)) {
        await tx.run('UPDATE sign_in_codes SET attempts = attempts + 1 WHERE id = $1', [code.id]);
        return Number(code.attempts) + 1 >= maxAttempts ? 'locked' : 'invalid';
      }
      await tx.run('UPDATE sign_in_codes SET used_at = $1 WHERE id = $2', [now, code.id]);
      return 'ok';
    });
  }

  /** The shopper of a phone, created on first sign-in. */
  /** Whether the phone has signed in on this tenant before. */
  async knownPhone(tenant: string, phone: string): Promise<boolean> {
    return (await this.db.query('SELECT id FROM users WHERE tenant = $1 AND phone = $2', [tenant, phone])).length > 0;
  }

  async upsertUser(tenant: string, phone: string, now: number): Promise<{ id: string; phone: string }> {
    await this.db.run('INSERT INTO users (id, tenant, phone, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (tenant, phone) DO NOTHING', [randomUUID(), tenant, phone, now]);
    const rows = await this.db.query<{ id: string }>('SELECT id FROM users WHERE tenant = $1 AND phone = $2', [tenant, phone]);
    return { id: String(rows[0]!.id), phone };
  }

  /** Open a session (the token's hash is stored, never the token). */
  async createSession(tokenHash: string, user: { id: string; phone: string }, tenant: string, now: number, expiresAt: number): Promise<void> {
    await this.db.run('INSERT INTO sessions (token_hash, user_id, tenant, phone, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [tokenHash, user.id, tenant, user.phone, expiresAt, now]);
  }

  /** End a session of this tenant (a token posted to another tenant ends nothing). */
  async deleteSession(tenant: string, tokenHash: string): Promise<void> {
    await this.db.run('DELETE FROM sessions WHERE token_hash = $1 AND tenant = $2', [tokenHash, tenant]);
  }
}
