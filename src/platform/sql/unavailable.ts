/**
 * Whether an error means the database cannot be reached or is not taking work right now (it
 * is down, restarting, failing over, or out of connections), as opposed to a bug or a bad
 * statement. The lead API answers such a request 503 with Retry-After instead of 500, and the
 * pipeline waits for the state instead of failing its job (docs/reliability.md). A failed
 * request of this kind changed nothing: PostgreSQL commits a transaction whole or not at all.
 */

/** Network errors of the driver's socket. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * PostgreSQL SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01-57P03
 * (administrator or crash shutdown, cannot connect now: starting or stopping), 53300 (too many
 * connections).
 */
const SQLSTATE = /^(08...|57P0[1-3]|53300)$/;

/** What node-postgres says when a connection dies or never comes. */
const DRIVER_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

/** True when `error` (or the error it wraps) says the database is unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof candidate.code === 'string' && (NETWORK_CODES.has(candidate.code) || SQLSTATE.test(candidate.code))) return true;
    if (typeof candidate.message === 'string' && DRIVER_MESSAGES.test(candidate.message)) return true;
    // Node's happy-eyeballs connect gives an AggregateError of one error per address tried.
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = candidate.cause;
  }
  return false;
}
