/**
 * What a shopper typed into the page's forms, kept on the device while a gated call's 401 sends
 * them to sign-in (api.ts sendToSignIn), and put back into each form when they come back
 * (useFormKit): a rejected form keeps what the person typed, and a multi-step form its place
 * (KeptPlace: the step and the lead its steps post under). Kept in sessionStorage (this tab only)
 * under KEPT_FORMS_KEY, by page and form id, with who was signed in (the session's user id, read
 * before the 401 ends it): handed back to that shopper only (kept with nobody signed in: the
 * values, not the lead; docs/forms.md "Kept across sign-in"). Never a password, a code or card
 * data (isSecretField); taken when put back, dropped unused after KEPT_FORM_MAX_AGE_MS or all at
 * Sign out (forgetKeptForms). Nothing is re-sent: the shopper presses send again.
 */
import type { KeyValueStorage } from './persisted.ts';
import { $session, signedInUser, type ShopperSession } from './session.ts';

/** The storage the kept forms use: sessionStorage's getItem, setItem and removeItem. */
type SessionStore = KeyValueStorage & { removeItem(key: string): void };

/** The sessionStorage key of the kept forms. */
export const KEPT_FORMS_KEY = 'kept_forms';
/** How long kept values wait for the shopper to come back from sign-in (30 minutes). */
export const KEPT_FORM_MAX_AGE_MS = 30 * 60 * 1000;
/** The longest text kept for one field (above every form box's maxLength). */
const MAX_TEXT = 10_000;

/** A form's values as kept: text, numbers, yes/no boxes and lists of text. */
export type KeptValue = string | number | boolean | string[];
/** Where a multi-step form's shopper was: the step shown, and the lead its steps post under (once the first step is sent). */
export interface KeptPlace {
  step: string;
  leadId?: string;
}
/** A form as kept: its values, and a multi-step form's place. */
export interface KeptForm {
  values: Record<string, KeptValue>;
  place?: KeptPlace;
}
/** A kept form with when it was kept and who was signed in then (`who`: their user id; absent: nobody). */
type Entry = KeptForm & { at: number; who?: string };
type Kept = Record<string, Entry>;

/** A field never kept: a password, a sign-in or card code, a PIN, card details ('cardNumber' read as 'card_Number'). */
export function isSecretField(name: string): boolean {
  return /(^|[_-])(password|passcode|code|otp|pin|cvc|cvv|card|expiry)([_-]|$)/i.test(name.replace(/([a-z0-9])([A-Z])/g, '$1_$2'));
}

function keptValue(value: unknown): KeptValue | undefined {
  if (typeof value === 'string') return value.length <= MAX_TEXT ? value : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' && item.length <= MAX_TEXT)) return [...(value as string[])];
  return undefined;
}

/** The values worth keeping: not secret, not blank, of a kind storage holds (a chosen file is not). */
export function keepableValues(values: Record<string, unknown>): Record<string, KeptValue> {
  const out: Record<string, KeptValue> = {};
  for (const [name, value] of Object.entries(values)) {
    if (isSecretField(name) || name.startsWith('_')) continue;
    const kept = keptValue(value);
    if (kept === undefined || kept === '' || (Array.isArray(kept) && kept.length === 0)) continue;
    out[name] = kept;
  }
  return out;
}

/** A place as read back from storage: a step name and a lead id, else none. */
function keptPlace(place: unknown): KeptPlace | undefined {
  if (!place || typeof place !== 'object') return undefined;
  const { step, leadId } = place as Record<string, unknown>;
  if (typeof step !== 'string' || step === '') return undefined;
  return typeof leadId === 'string' && leadId !== '' ? { step, leadId } : { step };
}

/** sessionStorage when the page has one, else null. */
function sessionStore(): SessionStore | null {
  try {
    return (globalThis as { sessionStorage?: SessionStore }).sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** This page as sign-in returns to it: its path (a trailing slash aside) and query. */
function herePage(): string {
  const { pathname, search } = (globalThis as { location?: { pathname?: string; search?: string } }).location ?? {};
  const path = pathname && pathname.length > 1 ? pathname.replace(/\/+$/, '') : (pathname ?? '/');
  return `${path}${search ?? ''}`;
}

/** Kept forms with their own storage, clock, page and signed-in shopper (a factory so tests get their own). */
export function createKeptForms(
  storage: () => SessionStore | null = sessionStore,
  now: () => number = Date.now,
  page: () => string = herePage,
  session: () => ShopperSession | null = () => $session.get(),
) {
  /** The forms on the page now, each reading its current values and place. */
  const live = new Map<string, () => { values: Record<string, unknown>; place?: KeptPlace }>();
  const entryKey = (formId: string) => `${page()} ${formId}`;

  function read(): Kept {
    try {
      const parsed = JSON.parse(storage()?.getItem(KEPT_FORMS_KEY) ?? '{}') as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
      const fresh: Kept = {};
      for (const [key, entry] of Object.entries(parsed as Record<string, Entry>)) {
        const age = now() - Number(entry?.at);
        if (age >= 0 && age < KEPT_FORM_MAX_AGE_MS && entry.values && typeof entry.values === 'object') fresh[key] = entry;
      }
      return fresh;
    } catch {
      return {};
    }
  }

  function write(kept: Kept): void {
    try {
      const store = storage();
      if (!store) return;
      if (Object.keys(kept).length === 0) store.removeItem(KEPT_FORMS_KEY);
      else store.setItem(KEPT_FORMS_KEY, JSON.stringify(kept));
    } catch {
      /* storage is a convenience only */
    }
  }

  return {
    /** A form on the page (useFormKit): `current` reads its values and place; the returned function is its unmount. */
    register(formId: string, current: () => { values: Record<string, unknown>; place?: KeptPlace }): () => void {
      live.set(formId, current);
      return () => {
        if (live.get(formId) === current) live.delete(formId);
      };
    },
    /**
     * Before leaving for sign-in: keep each form's typed values and place for this page (expired entries dropped),
     * with who was signed in (the session as the page still holds it, expired or not: the 401 has not ended it yet).
     */
    keepForSignIn(): void {
      const kept = read();
      const who = session()?.user_id;
      for (const [formId, current] of live) {
        const form = current();
        const values = keepableValues(form.values);
        const place = keptPlace(form.place);
        if (Object.keys(values).length > 0) kept[entryKey(formId)] = { at: now(), values, ...(place ? { place } : {}), ...(who ? { who } : {}) };
        else delete kept[entryKey(formId)];
      }
      write(kept);
    },
    /**
     * The values and place kept for this form on this page, removed from storage as they are handed back; null when
     * none (or too old), or when they were kept for another shopper than the one signed in now (nobody signed in
     * included). Kept with nobody signed in: the values and step only, never the lead (whose it was is not known).
     */
    take(formId: string): KeptForm | null {
      const kept = read();
      const entry = kept[entryKey(formId)];
      if (!entry) return null;
      delete kept[entryKey(formId)];
      write(kept);
      const who = typeof entry.who === 'string' && entry.who !== '' ? entry.who : undefined;
      if (who !== undefined && signedInUser(session(), now()) !== who) return null;
      const place = keptPlace(entry.place);
      const handed = place && who === undefined ? { step: place.step } : place;
      return { values: { ...entry.values }, ...(handed ? { place: handed } : {}) };
    },
    /** Drop every kept form of every page (Sign out). */
    forget(): void {
      write({});
    },
  };
}

/**
 * Kept values put back into a form's values: only fields the form has, each of the same kind
 * (text for text, a box for a box), so a changed form takes nothing it would not show.
 */
export function restoredValues<V extends Record<string, unknown>>(current: V, kept: Record<string, KeptValue>): Partial<V> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(kept)) {
    if (!(name in current) || isSecretField(name)) continue;
    const now = current[name];
    const sameKind = Array.isArray(now) ? Array.isArray(value) : typeof now === typeof value && !Array.isArray(value);
    if (sameKind) out[name] = value;
  }
  return out as Partial<V>;
}

/** The page's kept forms (sessionStorage). */
const shared = createKeptForms();
export const registerKeptForm = shared.register;
export const keepFormsForSignIn = shared.keepForSignIn;
export const takeKeptForm = shared.take;
export const forgetKeptForms = shared.forget;
