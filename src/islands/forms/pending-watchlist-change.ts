/**
 * A watchlist change the shopper asked for but the API could not make (signed out, or the
 * session ended: 401), made after the next sign-in (watchlist-client.ts resumeWatchlist), kept in
 * sessionStorage (this tab of this site only). Its own small module so that what every island
 * calling the API loads to follow Sign out (shopper-traces.ts) does not carry the watchlist.
 */

/**
 * A watchlist change waiting for sign-in. A remove that names the phone whose list it was meant
 * for is made only for that phone; one that names none (the lapsed session's record already
 * dropped, e.g. by another island's currentSession) is made for the phone that signs in, the
 * shopper having pressed it in this tab.
 */
export interface PendingChange {
  action: 'save' | 'remove';
  id: string;
  name: string;
  phone?: string;
}

const PENDING_KEY = 'pending_watchlist_change';

/** Remember a change to make once the shopper has signed in (a newer one replaces it). */
export function rememberPendingChange(change: PendingChange): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(change));
  } catch {
    /* storage is a convenience only */
  }
}

function parsePendingChange(raw: unknown): PendingChange | null {
  if (!raw || typeof raw !== 'object') return null;
  const { action, id, name, phone } = raw as Record<string, unknown>;
  if ((action !== 'save' && action !== 'remove') || typeof id !== 'string' || typeof name !== 'string') return null;
  return { action, id, name, phone: typeof phone === 'string' ? phone : undefined };
}

/** Forget the change waiting for sign-in (Sign out: it is not made for the next person to sign in in this tab). */
export function forgetPendingChange(): void {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    /* storage is a convenience only */
  }
}

/** Take (and forget) the change waiting for sign-in. */
export function takePendingChange(): PendingChange | null {
  try {
    const raw = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as unknown;
    sessionStorage.removeItem(PENDING_KEY);
    return parsePendingChange(raw);
  } catch {
    return null;
  }
}
