/** The Idempotency-Key of a form's first submission: one random id per form, reused by its retries. */

/** A random id for the Idempotency-Key of a first submission (retries reuse it). */
export function newRequestKey(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (crypto?.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
