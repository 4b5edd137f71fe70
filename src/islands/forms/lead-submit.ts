/**
 * Sending a lead from a form island and what happens after (spec §4 "Multi-step lead
 * form", "Generic form success"): on a lead_id the analytics event fires, the contact
 * details and car are remembered, the success category is recorded and the browser goes
 * to /success; otherwise the API's message or the spec's failure text is returned for the
 * form to show, with everything typed kept.
 */
import { trackEvent, type AnalyticsEventName } from '../../lib/marketing/analytics.ts';
import { calendarDay, writtenWallClock } from '../../lib/text/dealer-time.ts';
import { formatDayTime, formatLongDay } from '../../lib/text/format.ts';
import { LEAD_FAILURE_MESSAGE } from '../../lib/forms/form-validation.ts';
import { buildLeadPayload, type LeadCar, type LeadPayloadInput } from '../../lib/forms/lead-payload.ts';
import { recordSentLead, rememberContact } from '../../stores/prefill.ts';
import { newRequestKey } from '../ui/form-kit/request-key.ts';
import type { FieldLabel } from '../ui/form-kit/use-form-kit.ts';
import { failureMessage, postLead } from './api.ts';
import { visitedPages, writeLegacyLeadRecord } from './lead-traces.ts';

/** The page context of a lead sent from here. */
export function pageContext(): LeadPayloadInput['page'] {
  const noted = visitedPages();
  const visited = noted.length > 0 ? noted : [`${location.pathname}${location.search}`];
  // The layout names the site's franchise brand (data-manufacturer on <body>) for manufacturer_slug (3.20).
  const manufacturerSlug = document.body?.dataset.manufacturer || undefined;
  return { url: location.href, userAgent: navigator.userAgent, visitedPages: visited, ...(manufacturerSlug ? { manufacturerSlug } : {}) };
}

/** How a sent value reads: a chosen option by the text it showed, a date or time as a date, a box as Yes or No. */
function sentText(value: unknown, field: FieldLabel): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  const text = String(value);
  if (field.choices && Object.hasOwn(field.choices, text)) return field.choices[text]!;
  const shown = field.date === 'day' ? formatLongDay(calendarDay(text)) : field.date === 'time' ? formatDayTime(writtenWallClock(text)) : '';
  return shown || text;
}

/**
 * Readable [label, value] pairs of what the shopper sent, in form order, each as its field showed
 * it: `labels` is the form kit's fields, or a label alone for a value the form wrote out itself.
 * Only labelled fields are listed; the terms box and '_' names never.
 */
export function sentPairs(values: Record<string, unknown>, labels: Record<string, string | FieldLabel>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, entry] of Object.entries(labels)) {
    const value = values[name];
    if (value === undefined || value === null || value === '' || name.startsWith('_')) continue;
    if (name === 'terms_conditions') continue;
    const field = typeof entry === 'string' ? { label: entry } : entry;
    pairs.push([field.label, sentText(value, field)]);
  }
  return pairs;
}

/** One lead post; `leadId` set on later steps of a multi-step form. */
export interface LeadSendOptions extends Omit<LeadPayloadInput, 'page'> {
  apiBase: string;
  idempotencyKey?: string;
}

/** Outcome of sendLead; `keyTaken`: its Idempotency-Key names another shopper's lead (the form takes a new one: useFormKit's reject). */
export type LeadSendResult = { ok: true; leadId: string } | { ok: false; message: string; fieldErrors: Record<string, string>; keyTaken?: true };

/** Post a lead (one step or the whole form). */
export async function sendLead(options: LeadSendOptions): Promise<LeadSendResult> {
  const payload = buildLeadPayload({ ...options, page: pageContext() });
  // A new lead always carries a key (a retried first submission returns the same lead); a later step carries the key its
  // form gives it, so a 503 (nothing was written) is sent again after the wait rather than shown as an error.
  const result = await postLead(options.apiBase, payload, options.idempotencyKey ?? (options.leadId ? undefined : newRequestKey()));
  if (result.ok && typeof result.data?.lead_id === 'string') return { ok: true, leadId: result.data.lead_id };
  if (result.ok) return { ok: false, message: LEAD_FAILURE_MESSAGE, fieldErrors: {} };
  const failed = { ok: false as const, message: failureMessage(result, LEAD_FAILURE_MESSAGE), fieldErrors: result.fieldErrors };
  return result.keyTaken ? { ...failed, keyTaken: true } : failed;
}

/** After a successful lead: analytics, remembered details, the /success record, then /success. */
export function completeLead(options: {
  leadId: string;
  category: string;
  successCategory?: string;
  event: AnalyticsEventName | null;
  car?: LeadCar | null;
  values: Record<string, unknown>;
  /** The contact details to remember for the next form, when the form's field names are not the remembered ones (default: values). */
  contact?: Record<string, unknown>;
  /** What sentPairs lists: the kit's fields (kit.labels), and labels of values the form wrote out. */
  labels: Record<string, string | FieldLabel>;
  /** An instant offer made with this lead (sell-my-car): /success shows it as the offer. */
  offer?: { vehicle: string; amount: string } | null;
  successPath?: string;
}): void {
  if (options.event)
    trackEvent(options.event, { lead_id: options.leadId, category: options.category, ...(options.car ? { car_id: String(options.car.id) } : {}) });
  rememberContact(options.contact ?? options.values);
  const car = options.car ? { id: String(options.car.id), name: options.car.name ?? options.car.slug, slug: options.car.slug } : null;
  recordSentLead({
    category: options.category,
    successCategory: options.successCategory ?? options.category,
    lead_id: options.leadId,
    car,
    sent: sentPairs(options.values, options.labels),
    offer: options.offer ?? null,
    at: Date.now(),
  });
  writeLegacyLeadRecord(options.successCategory ?? options.category, car, options.leadId);
  window.location.assign(options.successPath ?? '/success');
}
