/**
 * The signed-in shopper of a request (the session cookie or a Bearer token). Issuing and
 * ending sessions is the auth feature's; looking one up is here because the watchlist (and
 * any later signed-in feature) needs it without depending on the auth feature.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SqlDatabase } from '../../platform/sql/db.ts';

/** Name of the HttpOnly session cookie. */
export const SESSION_COOKIE = 'dealer_session';

/** How a session token is kept in the database (its hash, never the token). */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The session token of a request: Authorization: Bearer, else the session cookie. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  const cookie = request.headers.cookie;
  if (!cookie) return undefined;
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SESSION_COOKIE) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      // A mangled cookie is no session, not a server error.
      return undefined;
    }
  }
  return undefined;
}

/** The signed-in shopper of this request's tenant, or undefined. */
export async function currentUser(sessions: SessionStore, request: FastifyRequest, now: number): Promise<{ user_id: string; phone: string } | undefined> {
  const token = sessionToken(request);
  if (!token || token.length > 200) return undefined;
  return sessions.find(request.tenant.slug, hashToken(token), now);
}

/** The session lookup (the sessions table; issuing and ending them is features/auth). */
export class SessionStore {
  readonly #db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  /** The live session of a token hash on this tenant. */
  async find(tenant: string, tokenHash: string, now: number): Promise<{ user_id: string; phone: string } | undefined> {
    const rows = await this.#db.query<{ user_id: string; phone: string }>('SELECT user_id, phone FROM sessions WHERE token_hash = $1 AND tenant = $2 AND expires_at > $3', [tokenHash, tenant, now]);
    return rows[0] ? { user_id: String(rows[0].user_id), phone: String(rows[0].phone) } : undefined;
  }
}
