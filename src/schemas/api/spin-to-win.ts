/**
 * Spin to Win (docs/spin-to-win.md): the entry a signed-in shopper sends with a spin, and the
 * words the page and the lead API say about it (the spec has no wording). The lead API
 * validates the entry with this schema and the browser checks it with the same one before
 * sending (DESIGN §6). Browser-safe: valibot only.
 */
import * as v from 'valibot';
import { checkbox, email, NAME_MAX, optionalText, requiredText, termsAccepted } from '../forms/fields.ts';

/** The lead category of a spin (docs/lead-api.md; the lead e-mail's subject names it). */
export const SPIN_LEAD_CATEGORY = 'Spin to Win';

/** What /spin-to-win and /api/spin-to-win say. */
export const SPIN_TO_WIN_MESSAGES = {
  signIn: 'Please sign in to spin the wheel.',
  /** A second spin in one calendar month. */
  alreadySpun: (nextSpin: string) => `You have already spun the wheel this month. Your next spin is on ${nextSpin}.`,
  /** A second spin in the promotion's last month (it ends before the next month starts): no next spin is promised. */
  alreadySpunLast: (ends: string) => `You have already spun the wheel this month. Spin to Win closes on ${ends}.`,
  /** A second spin once every prize of the promotion is won: no next spin is promised. */
  alreadySpunSoldOut: 'You have already spun the wheel this month. Every prize of this promotion has now been won.',
  notStarted: (starts: string) => `Spin to Win opens on ${starts}.`,
  ended: (ends: string) => `Spin to Win closed on ${ends}.`,
  soldOut: 'Every prize of this promotion has been won. Thank you for playing.',
  /** The result, read out by screen readers as it is shown. */
  won: (prize: string) => `You won ${prize}!`,
  wonDetail: (brand: string, phone: string) => `${brand} has your entry and will contact you on ${phone} to arrange your prize.`,
} as const;

/** Body of POST /api/spin-to-win: who is entering (the mobile number is the signed-in one). */
export function spinEntrySchema(termsRequired: boolean) {
  return v.object({
    name: requiredText(NAME_MAX),
    last_name: optionalText(NAME_MAX),
    email,
    /** Marketing opt-in (Spam Act): news and offers beyond this prize. */
    opt_in: v.optional(checkbox, false),
    /** The promotion's terms (site.json spin_to_win.terms_href): required where the site gives them. */
    terms_conditions: termsRequired ? termsAccepted : v.optional(checkbox, false),
  });
}

export type SpinEntry = v.InferOutput<ReturnType<typeof spinEntrySchema>>;

/** A prize as the API names it. */
export interface SpinPrizeAnswer {
  id: string;
  label: string;
}

/**
 * GET /api/spin-to-win/availability, public (it names no one): whether the promotion takes
 * spins today and which prizes are all won, so a signed-out page prints only true chances.
 */
export interface SpinAvailabilityAnswer {
  success: true;
  /** 'open', 'not-started', 'ended' or 'sold-out' (can_spin false for all but 'open'). */
  promotion: 'open' | 'not-started' | 'ended' | 'sold-out';
  /** Prizes whose quantity has been won (no longer drawn). */
  unavailable: string[];
}

/** GET /api/spin-to-win: may this shopper spin now, what they won this month, which prizes are all gone. */
export interface SpinStatusAnswer extends SpinAvailabilityAnswer {
  can_spin: boolean;
  message?: string;
  /** This month's spin, once made. */
  spin: { prize: SpinPrizeAnswer; month: string; spun_at: string } | null;
  /** The first day a next spin is allowed, YYYY-MM-DD; null when the promotion ends before it or every prize is won. */
  next_spin: string | null;
}

/** POST /api/spin-to-win, 201: the prize the server drew and the lead it made. */
export interface SpinResultAnswer {
  success: true;
  prize: SpinPrizeAnswer;
  lead_id: string;
  month: string;
  /** As in SpinStatusAnswer: null when the promotion ends before the next month or this spin won the last prize. */
  next_spin: string | null;
  /** Prizes all won after this spin (this one's included when it won the last of it): the page's chances once the wheel stops. */
  unavailable: string[];
}
