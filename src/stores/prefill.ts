/**
 * Contact details remembered locally and prefilled into every form (spec §3 "Stored
 * locally: name, last_name, email, phone, postcode (when present) ... success category"),
 * and the last lead the shopper sent, which /success shows.
 */
import type { WritableAtom } from 'nanostores';
import { persistedAtom, type KeyValueStorage } from './persisted.ts';

/** The remembered contact fields. */
export interface ContactPrefill {
  name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  postcode?: string;
}

/** What /success shows: the category, the car and the fields that were sent. */
export interface SentLead {
  category: string;
  /** Success category recorded for the page (spec §4 generic form success). */
  successCategory: string;
  lead_id?: string;
  car?: { id: string; name: string; slug: string } | null;
  /** [label, value] pairs in form order. */
  sent: [string, string][];
  /** The instant offer made for the shopper's vehicle (sell-my-car), shown as the offer, not as something sent. */
  offer?: { vehicle: string; amount: string } | null;
  at: number;
}

/** localStorage keys. */
export const PREFILL_KEY = 'contact_prefill';
export const SENT_LEAD_KEY = 'last_lead';
/** The contact fields remembered (spec §3 'Stored locally'). */
export const PREFILL_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode'] as const;

function parsePrefill(raw: unknown): ContactPrefill {
  if (!raw || typeof raw !== 'object') return {};
  const out: ContactPrefill = {};
  for (const field of PREFILL_FIELDS) {
    const value = (raw as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.length <= 254) out[field] = value;
  }
  return out;
}

function parseOffer(raw: unknown): SentLead['offer'] {
  if (!raw || typeof raw !== 'object') return null;
  const { vehicle, amount } = raw as Record<string, unknown>;
  return typeof vehicle === 'string' && typeof amount === 'string' && vehicle.length <= 500 && amount.length <= 40 ? { vehicle, amount } : null;
}

function parseSentLead(raw: unknown): SentLead | null {
  if (!raw || typeof raw !== 'object') return null;
  const record = raw as Record<string, unknown>;
  if (typeof record.category !== 'string' || !Array.isArray(record.sent)) return null;
  const sent = record.sent.filter((pair): pair is [string, string] => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string'));
  const car = record.car && typeof record.car === 'object' ? (record.car as SentLead['car']) : null;
  return {
    category: record.category,
    successCategory: typeof record.successCategory === 'string' ? record.successCategory : record.category,
    lead_id: typeof record.lead_id === 'string' ? record.lead_id : undefined,
    car: car && typeof car.slug === 'string' && typeof car.name === 'string' ? { id: String(car.id), name: car.name, slug: car.slug } : null,
    sent,
    offer: parseOffer(record.offer),
    at: typeof record.at === 'number' ? record.at : 0,
  };
}

/** A prefill store with its named actions (a factory so tests get their own storage). */
export function createPrefill(storage?: KeyValueStorage | null) {
  const $prefill: WritableAtom<ContactPrefill> = persistedAtom(PREFILL_KEY, {}, parsePrefill, storage);
  const $sentLead: WritableAtom<SentLead | null> = persistedAtom(SENT_LEAD_KEY, null, parseSentLead, storage);
  return {
    $prefill,
    $sentLead,
    /** Remember the contact fields of a sent form; blank fields keep what was remembered before. */
    rememberContact(values: Record<string, unknown>): void {
      const next: ContactPrefill = { ...$prefill.get() };
      for (const field of PREFILL_FIELDS) {
        const value = values[field];
        if (typeof value === 'string' && value.trim() !== '') next[field] = value.trim();
      }
      $prefill.set(next);
    },
    /** Values to start a form with: remembered contact fields under the form's own defaults. */
    prefilled<T extends Record<string, unknown>>(defaults: T): T {
      const remembered = $prefill.get();
      const out: Record<string, unknown> = { ...defaults };
      for (const field of PREFILL_FIELDS) if (field in out && (out[field] === '' || out[field] === undefined) && remembered[field]) out[field] = remembered[field];
      return out as T;
    },
    /** Record the lead just sent, for /success. */
    recordSentLead(lead: SentLead): void {
      $sentLead.set(lead);
    },
    /** Forget the remembered contact details and the last sent lead (Sign out: the next person at a shared computer finds neither). */
    forgetShopper(): void {
      $prefill.set({});
      $sentLead.set(null);
    },
  };
}

/** The page's shared store of remembered contact details and the last sent lead (localStorage), and its named actions. */
const shared = createPrefill();
export const $prefill = shared.$prefill;
export const $sentLead = shared.$sentLead;
export const rememberContact = shared.rememberContact;
export const prefilled = shared.prefilled;
export const recordSentLead = shared.recordSentLead;
export const forgetShopper = shared.forgetShopper;
