/** Lead values the kernel cleans or refuses before any feature stores them: what only the server may say. */
import { SPIN_LEAD_CATEGORY } from '../../schemas/api/spin-to-win.ts';
import { isTestDriveCategory } from '../../schemas/lead.ts';
import { FIX_ERRORS } from '../kernel/http.ts';
import type { StoredLead } from './row.ts';
import type { LeadRefusal } from './write.ts';

/** Browser-sent claims about payment that only the server may make: dropped from every lead. */
export function withoutPaymentClaims<T extends Record<string, unknown>>(values: T): T {
  const copy: Record<string, unknown> = { ...values };
  delete copy.payment;
  const custom = copy.custom_params;
  if (custom && typeof custom === 'object' && !Array.isArray(custom)) {
    copy.custom_params = Object.fromEntries(Object.entries(custom as Record<string, unknown>).filter(([key]) => !/^payment/i.test(key)));
  }
  return copy as T;
}

/** Lead categories only the server sets (a spin's prize lead, spin-to-win plugin): no browser post may name one. */
const SERVER_CATEGORIES: readonly string[] = [SPIN_LEAD_CATEGORY];

/** A category reduced to its letters and digits, lower case: 'Spin to Win', ' SPIN-TO-WIN ' and 'spin  to win' read alike. */
const categoryKey = (category: string) => category.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The server-only category `category` names (any case, spacing or punctuation), or undefined for a category a form may send. */
export function serverOnlyCategory(category: string | null | undefined): string | undefined {
  const key = categoryKey(category ?? '');
  return key === '' ? undefined : SERVER_CATEGORIES.find((entry) => categoryKey(entry) === key);
}

/** The field message for a post naming a server-only category: nothing is stored. */
export function serverCategoryProblem(category: string | undefined): string | undefined {
  const named = serverOnlyCategory(category);
  return named && `${named} leads are recorded by the site itself and cannot be sent from a form.`;
}

const SITE_MADE = 'This enquiry was recorded by the site itself and cannot be changed. Please get in touch with one of our friendly team members.';
const PAYMENT_RECORDED = 'This enquiry has a payment recorded and cannot be changed online. Please get in touch with one of our friendly team members.';
const OTHER_CAR = 'This enquiry is about another car. Please start again from the car.';
/** A later step naming another valuation than its lead's (or one where its lead named none): the spec has no wording (no form sends one). */
export const OTHER_EVALUATION = 'This enquiry is about another valuation. Please start again from your registration number.';
/** A later step naming a test drive, or a test drive's time: the spec has no wording (no form sends one). */
const TEST_DRIVE_LATER = 'A test drive is booked with the first step of an enquiry. Please start again from the car.';

/**
 * Why a browser's later step (POST /api/leads with lead_id, `values` as it would be merged) may not
 * change `stored`, or undefined: a lead the server made (a server-only category) or one carrying the
 * payments module's record takes no step (409); a step keeps the first step's car: it may repeat
 * it, not name another or add one (422), so a hold, a payment and the lead name one car; and
 * its evaluation (`evalid`) as well (422), so a step cannot move a lead onto another shopper's
 * valuation (its offer, its photos, its thank-you text). A test
 * drive is booked with a new lead, its car required and its time checked and booked: a step
 * making a lead a test drive (`category`), or giving a test-drive lead a time (`dateTime`), is
 * refused (422), so no drive is stored without its car, unchecked or unbooked.
 */
export function laterStepRefusal(
  stored: StoredLead,
  values: { car_id?: string; evalid?: string; category?: string; dateTime?: unknown },
): LeadRefusal | undefined {
  if (serverOnlyCategory(stored.category)) return { status: 409, error: SITE_MADE };
  if (stored.data.payment !== undefined && stored.data.payment !== null) return { status: 409, error: PAYMENT_RECORDED };
  if (values.car_id !== undefined && values.car_id !== stored.car_id) return { status: 422, error: FIX_ERRORS, fields: { car_id: OTHER_CAR } };
  if (values.evalid !== undefined && values.evalid !== stored.data.evalid) return { status: 422, error: FIX_ERRORS, fields: { evalid: OTHER_EVALUATION } };
  if (isTestDriveCategory(values.category) && !isTestDriveCategory(stored.category))
    return { status: 422, error: FIX_ERRORS, fields: { category: TEST_DRIVE_LATER } };
  if (values.dateTime !== undefined && isTestDriveCategory(values.category ?? stored.category))
    return { status: 422, error: FIX_ERRORS, fields: { dateTime: TEST_DRIVE_LATER } };
  return undefined;
}

/** The comments field message of a post that sends its comments twice, as two different texts. */
const COMMENTS_TWICE = 'Please send the comments once: as message or as comments.';

/** Whether a posted value says nothing (absent, null or blank text). */
const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The one name mapping of POST /api/leads (docs/lead-api.md): the instant offer's `comments`
 * (spec §3 Instant offer) is the lead's `message` (spec §3 Lead form values, label Comments). A
 * body's `comments` is read as its `message`; both at once must be the same text (else a
 * problem on `comments`). Returns the body to parse, or the problem.
 */
export function commentsAsMessage(body: unknown): { body: unknown; problem?: undefined } | { problem: Record<string, string> } {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('comments' in body)) return { body };
  const { comments, ...rest } = body as Record<string, unknown>;
  if (isBlank(comments)) return { body: rest };
  if (isBlank(rest.message) || rest.message === comments) return { body: { ...rest, message: comments } };
  return { problem: { comments: COMMENTS_TWICE } };
}
