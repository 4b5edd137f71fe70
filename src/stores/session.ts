/**
 * The signed-in shopper (spec §6: signed-in users have an id and a phone; the phone
 * identifies the watchlist). Kept in localStorage so every page of the static site knows
 * who is signed in. The API session itself is an HttpOnly cookie the page's scripts never
 * see (issue 13 M7): no token is kept here, so a script injected into a page cannot take
 * the session away with it.
 */
import { computed, type ReadableAtom, type WritableAtom } from 'nanostores';
import { browserStorage, persistedAtom, type KeyValueStorage } from './persisted.ts';

export interface ShopperSession {
  user_id: string;
  /** National mobile number, 04XXXXXXXX. */
  phone: string;
  /** ms since epoch when the session stops being valid. */
  expires_at?: number;
}

/** localStorage key. */
export const SESSION_KEY = 'shopper_session';

/** Accept a stored session only when it has an id and a mobile number. */
export function parseSession(raw: unknown): ShopperSession | null {
  if (!raw || typeof raw !== 'object') return null;
  const record = raw as Record<string, unknown>;
  if (typeof record.user_id !== 'string' || typeof record.phone !== 'string' || !/^04\d{8}$/.test(record.phone)) return null;
  return {
    user_id: record.user_id,
    phone: record.phone,
    expires_at: typeof record.expires_at === 'number' ? record.expires_at : undefined,
  };
}

/** True when a session exists and has not expired at `now`. */
export function isSignedIn(session: ShopperSession | null, now: number = Date.now()): session is ShopperSession {
  return session !== null && (session.expires_at === undefined || session.expires_at > now);
}

/** The user id of `session` while it is signed in at `now` (isSignedIn), else undefined: whose a record kept for a shopper is handed to. */
export function signedInUser(session: ShopperSession | null, now: number = Date.now()): string | undefined {
  return isSignedIn(session, now) ? session.user_id : undefined;
}

/** A session store with its named actions. */
export function createSession(storage?: KeyValueStorage | null, clock: () => number = Date.now) {
  const $session: WritableAtom<ShopperSession | null> = persistedAtom(SESSION_KEY, null, parseSession, storage);
  const $signedIn: ReadableAtom<boolean> = computed($session, (session) => isSignedIn(session, clock()));
  // Issue 13 M7: an older version kept the API token here; writing the parsed record back removes it.
  try {
    const target = storage === undefined ? browserStorage() : storage;
    if (target && /"token"/.test(target.getItem(SESSION_KEY) ?? '')) target.setItem(SESSION_KEY, JSON.stringify($session.get()));
  } catch {
    /* storage is a convenience only */
  }
  return {
    $session,
    $signedIn,
    /** Start a session after the one-time code was accepted. */
    signIn(session: ShopperSession): void {
      $session.set(parseSession(session));
    },
    /** End the session locally. */
    signOut(): void {
      $session.set(null);
    },
    /** An API answer of 401 (its session expired or ended elsewhere) ends the local one too; true when it did. */
    signOutIfRejected(status: number): boolean {
      if (status !== 401) return false;
      $session.set(null);
      return true;
    },
    /** The live session, or null when signed out or expired (an expired one is dropped; the local watchlist ids stay: docs/forms.md). */
    currentSession(): ShopperSession | null {
      const session = $session.get();
      if (session && !isSignedIn(session, clock())) {
        $session.set(null);
        return null;
      }
      return session;
    },
  };
}

/** The page's shared store of signed-in shopper (localStorage), and its named actions. */
const shared = createSession();
export const $session = shared.$session;
export const $signedIn = shared.$signedIn;
export const signIn = shared.signIn;
export const signOut = shared.signOut;
export const signOutIfRejected = shared.signOutIfRejected;
export const currentSession = shared.currentSession;
