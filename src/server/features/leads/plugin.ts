/**
 * Leads (spec §7 POST /api/leads, POST /api/miscellaneous): every form's submission, stored
 * with its delivery jobs before the answer, and the extra data pages post about a lead.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  HONEYPOT_FIELD,
  LeadSubmissionSchema,
  completesForm,
  heldToFormRules,
  isTestDriveCategory,
  leadId as leadIdSchema,
  leadProblems,
  type LeadSubmission,
} from '../../../schemas/lead.ts';
import { completedFormProblems, offeredProblems, optionProblems } from '../../../schemas/forms/lead-forms.ts';
import { CONDITION_OPTIONS, type ConditionQuestion } from '../../../schemas/forms/instant-offer.ts';
import { ANSWERS_WITHOUT_OFFER, EVALUATION_NOT_FOUND, NO_OFFER_TO_ACCEPT } from '../../../schemas/api/trade-in.ts';
import { FORM_MESSAGES } from '../../../schemas/forms/messages.ts';
import { withRequestPhotosText } from '../../../schemas/forms/request-photos.ts';
import { optionalText } from '../../../schemas/forms/fields.ts';
import type { ApiContext, FeatureOptions } from '../../kernel/context.ts';
import type { KernelStores } from '../../kernel/stores.ts';
import { FIX_ERRORS, NO_TEST_DRIVE, findCar, parseOr400, sendError } from '../../kernel/http.ts';
import { leadSwitchedOff } from '../../kernel/feature-switches.ts';
import { leadActions, leadShopper, passesGate } from '../../kernel/gated-actions.ts';
import { OTHER_EVALUATION, commentsAsMessage, laterStepRefusal, serverCategoryProblem, withoutPaymentClaims } from '../../leads/values.ts';
import { leadKey } from '../../leads/repository.ts';
import { leadOpenTo, type StoredLead } from '../../leads/row.ts';
import { adjustableOffer, leadAnswersPlan } from '../../leads/trade-in-answers.ts';
import { writeEvaluation } from '../../leads/evaluations.ts';
import { currentUser } from '../../kernel/session.ts';
import { sendCappedSms } from '../../kernel/message-caps.ts';
import { tradeInThankYou } from '../../kernel/sms-policy.ts';
import type { ApiTenant } from '../../kernel/tenants.ts';
import type { AppointmentsAdapter, DriveTime } from '../../kernel/adapters.ts';
import type { Car } from '../../../schemas/car.ts';
import { LeadsStore } from './store.ts';
import { dealerInstant, dealerIso } from '../../../lib/text/dealer-time.ts';
import { leadFormSettings, requiresTerms } from '../../../lib/forms/form-config.ts';
import { earliestServiceDate } from '../../../lib/forms/service-booking.ts';
import { deliveryLocations } from '../../../lib/forms/test-drive-booking.ts';
import { takesTestDrives } from '../../../lib/vehicle/vehicle-actions.ts';

const NOT_FOUND_REGO = 'Unfortunately, we could not find a match for your registration number.';
/** The dateTime message for a test-drive time that cannot be booked (past, today, too far ahead, a closed day, an hour not inside the day's hours). */
const TIME_NOT_OFFERED = 'That time is not available for a test drive. Please choose another time.';
/** The delivery_location message for a place the chosen car's location does not deliver to (or no car is chosen); the spec has none. */
const DELIVERY_NOT_OFFERED = 'This delivery location is not offered for this car.';
const MISCELLANEOUS_FULL = 'Too much extra data has been sent for this enquiry.';
/** POST /api/miscellaneous naming a lead not stored (or not the signed-in shopper's: leadOpenTo). */
const LEAD_NOT_FOUND = 'This enquiry could not be found.';
/** POST /api/leads whose Idempotency-Key names a lead another shopper started (LeadWriteResult 'key-taken'), answered with `key_taken: true` (the form takes a new key); modelled on ATTEMPT_TAKEN_MESSAGE. */
export const LEAD_KEY_TAKEN_MESSAGE = 'This form was sent for another enquiry. Please start again.';

const MiscellaneousSchema = v.pipe(
  v.looseObject({
    column_name: v.pipe(v.string('column_name is required'), v.regex(/^[a-z][a-z0-9_]{0,39}$/, 'column_name is lower-case letters, digits and _')),
    lead_id: v.optional(leadIdSchema),
    // Read as POST /api/leads reads it (schemas/lead.ts): one line, trimmed, blank as none.
    evalid: optionalText(64),
  }),
  v.check((body) => Object.keys(body).length <= 60, 'at most 60 fields'),
);

/** The adapters the leads feature asks: the test-drive appointments (a booking's time). */
type LeadsAdapters = { appointments: AppointmentsAdapter };

/** The leads feature: POST /api/leads and POST /api/miscellaneous. */
export const leadsPlugin: FastifyPluginAsync<FeatureOptions<LeadsAdapters>> = async (app, { ctx }) => {
  const { stores, now } = ctx;
  const leads = new LeadsStore(stores.db);

  app.post('/api/leads', async (request, reply) => {
    const tenant = request.tenant;
    // The instant offer's 'comments' (spec §3) is the message: the API's one name mapping.
    const named = commentsAsMessage(request.body);
    if (named.problem) return sendError(reply, 400, FIX_ERRORS, named.problem);
    const parsed = parseOr400(LeadSubmissionSchema, named.body, reply);
    if (!parsed) return reply;
    // A new Request Photos lead sent without a message carries the form's hidden default text (spec §5).
    const lead = parsed.lead_id === undefined ? withRequestPhotosText(parsed) : parsed;
    if (lead[HONEYPOT_FIELD]) {
      // Looks like success to the bot; nothing is stored or delivered.
      request.log.info({ tenant: tenant.slug }, 'honeypot lead dropped');
      return reply.code(201).send({ success: true, lead_id: randomUUID() });
    }
    // A lead of a feature the site switched off (trade-in, test drive, reserve, online purchase): answered as the feature's calls are.
    const off = leadSwitchedOff(tenant.site, lead);
    if (off) return sendError(reply, 404, off);
    const raw = request.body as Record<string, unknown>;
    // The lead a later step names (undefined for a new lead, or one not stored: the write answers 404).
    const found = lead.lead_id === undefined ? undefined : await stores.leads.get(tenant.slug, lead.lead_id);
    // A gated family's form needs a signed-in shopper where the site gates it (kernel/gated-actions.ts): a later step is
    // held to its lead's family as well as to the one its values tell, so no category it sends takes it out of the gate.
    const actions = new Set([...leadActions(leadValuesSoFar(found, lead, raw) ?? lead), ...(found ? leadActions(found.data) : [])]);
    if (!(await passesGate(stores.sessions, request, reply, now(), ...actions))) return reply;
    // The shopper the post speaks for: a new gated lead records them; a lead another shopper started is, from here on and
    // in the write, a lead not stored (leadOpenTo), answered as an unknown lead_id is (docs/lead-api.md "Gated families").
    const shopper = await leadShopper(stores.sessions, request, now(), actions, found);
    // The lead a later step continues (undefined for a new lead, or one not stored or not this shopper's: the write answers 404).
    const stored = found && leadOpenTo(found, shopper) ? found : undefined;
    // The values of the lead so far: a later step's over those its lead stored (undefined: answered 404 or 409 below).
    const soFar = leadValuesSoFar(stored, lead, raw);
    // The evaluation the lead belongs to: a first post's own, a later step's its lead's (the instant offer's lead). A step
    // naming another (or one where its lead named none) is refused at once (laterStepRefusal, asked again in the write): the
    // other is never looked up or adjusted, no rule is read with it, and the answer is the same whether it exists or not.
    const storedEvalid = typeof stored?.data.evalid === 'string' ? stored.data.evalid : undefined;
    if (stored && lead.evalid !== undefined && lead.evalid !== storedEvalid) {
      const refusal = laterStepRefusal(stored, { evalid: lead.evalid });
      if (refusal) return sendError(reply, refusal.status, refusal.error, refusal.fields);
    }
    const storedEvaluation = await evaluationOf(stores, tenant.slug, storedEvalid);
    const evaluation = stored ? storedEvaluation : await evaluationOf(stores, tenant.slug, lead.evalid);
    // Only a later post of the instant offer's lead accepts an offer (offer_accepted exempts it from the terms box).
    const continuesValuation = lead.offer_accepted === true && storedEvaluation !== undefined;
    const rules = {
      isNew: lead.lead_id === undefined,
      termsRequired: requiresTerms(tenant.site),
      continuesValuation,
      earliestServiceDate: earliestServiceDate(now(), tenant.site.timezone),
    };
    // A category only the server sets (a spin's prize lead) is never taken from a post, new lead or later step.
    const serverCategory = serverCategoryProblem(lead.category);
    // The lead's form's own rules with the site's settings (docs/lead-api.md "Form rules the server decides"); no form sends a server's category.
    const settings = leadFormSettings(tenant.site);
    // The values that tell the lead's form: a later step's over those its lead stored.
    const known = serverCategory ? undefined : soFar;
    const formValues = known && heldToFormRules(lead, rules) ? known : undefined;
    const problems: Record<string, string> = {
      ...(formValues ? completedFormProblems(formValues, settings) : {}),
      ...leadProblems(lead, rules),
      ...optionProblems(lead, settings),
    };
    if (serverCategory) problems.category = serverCategory;
    const car = findCar(tenant, lead.car_id);
    // One reading of the booking time: a time without a zone (the form's free date-time box) is on the clock its check
    // reads the car's location's hours on (typedTimeZone: with a provider the location's own, so a Sydney-zoned site's
    // Perth location reads 9:00 as 9:00 in Perth; on the local grid the site's), as the form reads it; without a car, the site's.
    const bookingAt = lead.dateTime === undefined ? undefined : dealerInstant(lead.dateTime, car ? ctx.adapters.appointments.typedTimeZone(tenant, car) : tenant.site.timezone);
    // The time a test drive then holds the car, booked with a new lead: undefined when the car cannot be booked then.
    let drive: DriveTime | undefined;
    if (lead.car_id !== undefined && !car) problems.car_id = 'This car is not listed on this site.';
    // A test drive is booked for a car (its location's hours, its other bookings), as every form that offers one sends it:
    // a new test-drive lead without one is refused as the form's Vehicle list is (a later step keeps the first step's car).
    else if (!car && rules.isNew && isTestDriveCategory(lead.category)) problems.car_id = FORM_MESSAGES.required;
    // The vehicle page and /book-test-drive/ offer a test drive only for a car the rule passes: the same rule here.
    else if (car && isTestDriveCategory(lead.category) && !takesTestDrives(car)) problems.car_id = NO_TEST_DRIVE;
    // Asked of the adapter the availability call lists the slots from (its grid, the car's location's hours). A later
    // step gives a test drive no time (laterStepRefusal): a drive is checked and booked with its first post only.
    else if (car && rules.isNew && isTestDriveCategory(lead.category) && bookingAt !== undefined) {
      drive = await testDriveTime(ctx, request, car, bookingAt);
      if (!drive) problems.dateTime = TIME_NOT_OFFERED;
    }
    // The dealer's e-mail states the delivery location as the shopper's choice: only one the form offers for this car.
    if (lead.delivery_location !== undefined && !deliveryLocations(car).includes(lead.delivery_location)) problems.delivery_location = DELIVERY_NOT_OFFERED;
    if (lead.car_dealership_id !== undefined && !tenant.dealershipIds.has(lead.car_dealership_id))
      problems.car_dealership_id = 'This dealership is not part of this site.';
    if (lead.dealership_slug !== undefined && !tenant.dealershipSlugs.has(lead.dealership_slug))
      problems.dealership_slug = 'This dealership is not part of this site.';
    if (lead.location !== undefined && !tenant.locationKeys.has(lead.location)) problems.location = 'This location is not part of this site.';
    if (lead.location_id !== undefined && !tenant.locationKeys.has(lead.location_id)) problems.location_id = 'This location is not part of this site.';
    // A location or dealership is one the lead's form offers, where it offers a list (the contact page's selects, the service and buying locations).
    Object.assign(problems, offeredProblems(lead, known ?? lead, settings));
    // The instant offer's lead names an evaluation this site made (it exempts the post from the terms box and the SMS is built from it).
    if (lead.evalid !== undefined && !evaluation) problems.evalid = EVALUATION_NOT_FOUND;
    // Condition answers are about an offer: only on a post that belongs to an evaluation of this site (its own or its lead's).
    if (lead.evalid === undefined && !evaluation) {
      for (const question of Object.keys(CONDITION_OPTIONS) as ConditionQuestion[]) if (lead[question] !== undefined) problems[question] = ANSWERS_WITHOUT_OFFER;
    }
    // The server decides from the evaluation: an offer the adjustments call adjusted follows the answers printed beside it (src/server/leads/trade-in-answers.ts).
    const answersPlan = evaluation
      ? leadAnswersPlan(lead, evaluation, adjustableOffer(evaluation, tenant.site.trade_in, now(), tenant.site.timezone))
      : ({ kind: 'none' } as const);
    if (answersPlan.kind === 'refuse') Object.assign(problems, answersPlan.problems);
    // An acceptance speaks for the shopper to the dealer ('The customer accepted the instant offer.'): only where there is an offer.
    if (lead.offer_accepted === true && !continuesValuation && lead.evalid === undefined) problems.offer_accepted = NO_OFFER_TO_ACCEPT;
    if (Object.keys(problems).length > 0) return sendError(reply, 422, FIX_ERRORS, problems);

    const { site: _site, [HONEYPOT_FIELD]: _honeypot, lead_id: existingId, ...claimed } = lead;
    // Only the payments module says whether anything was paid (docs/payments.md).
    const values = withoutPaymentClaims(claimed);
    if (car) values.car_id = String(car.id);
    if (existingId !== undefined) {
      // A later step keeps the first step's category and source unless it names its own.
      if (!('category' in raw)) delete (values as Partial<typeof values>).category;
      if (!('source' in raw)) delete (values as Partial<typeof values>).source;
    }
    const key = request.headers['idempotency-key'];
    // A retry of a submission already stored (the answer was lost) is answered by saveLead as a
    // replay: the same lead, nothing new, 200. No lookup before it: the forms send a key with
    // every first submission, and the insert finds a repeat itself. In the browser's own key space
    // (leadKey): a header cannot name the lead of a payment or a prize.
    const clientKey = typeof key === 'string' && /^[A-Za-z0-9_.:-]{8,100}$/.test(key) ? leadKey('browser', key) : undefined;
    // The booking time is kept as the dealer's time with its offset.
    if (values.dateTime && bookingAt !== undefined && Number.isFinite(bookingAt)) values.dateTime = dealerIso(bookingAt, tenant.site.timezone);
    const result = await stores.leads.save({
      tenant: tenant.slug,
      leadId: existingId,
      // A later step: not into a lead the server made or a payment settled, nor onto another car, nor a test drive or its time (checked with the row locked).
      refuse: (stored) => laterStepRefusal(stored, values),
      clientKey,
      shopper,
      // A key naming a stored lead: the caller as for a later step naming it (a replay of its shopper's, gated here or not).
      caller: (stored) => leadShopper(stores.sessions, request, now(), actions, stored),
      values,
      destinations: tenant.destinations.map((destination) => destination.id),
      // A new test-drive lead books its drive in the same transaction (no double booking).
      appointment: drive ? { carId: String(car!.id), ...drive, unendedMs: ctx.adapters.appointments.unendedMs } : undefined,
      // Answers other than those the stored offer was adjusted by (a later post changed them): the offer follows them, committed with the lead only.
      alongside: answersPlan.kind === 'adjust' ? (tx) => writeEvaluation(tx, evaluation!, answersPlan.patch, now()) : undefined,
      now: now(),
    });
    if (result.status === 'not-found') return sendError(reply, 404, 'This enquiry could not be found. Please send the form again.');
    if (result.status === 'key-taken') return reply.code(409).send({ success: false, error: LEAD_KEY_TAKEN_MESSAGE, key_taken: true });
    if (result.status === 'refused') return sendError(reply, result.refusal.status, result.refusal.error, result.refusal.fields);
    if (result.status === 'drive-clash') return sendError(reply, 409, FIX_ERRORS, { dateTime: 'That time has just been booked. Please choose another time.' });
    // The lead is committed: everything below is best effort and never fails the request.
    ctx.outbox.kick();
    if (tenant.destinations.length === 0) request.log.error({ tenant: tenant.slug, lead: result.id }, 'lead stored but this tenant has no lead destination');
    // The text is the server's own; the lead's sms_content is stored (spec §7) but never sent.
    if (result.status !== 'replayed') await sendTradeInSms(ctx, tenant, result.data, request);
    request.log.info({ tenant: tenant.slug, lead: result.id, status: result.status, category: values.category }, 'lead stored');
    return reply.code(result.status === 'created' ? 201 : 200).send({ success: true, lead_id: result.id });
  });

  app.post('/api/miscellaneous', async (request, reply) => {
    const body = parseOr400(MiscellaneousSchema, request.body, reply);
    if (!body) return reply;
    const tenant = request.tenant;
    const {
      column_name: columnName,
      lead_id: leadId,
      evalid,
      site: _site,
      ...data
    } = body as Record<string, unknown> & { column_name: string; lead_id?: string; evalid?: string };
    const lead = leadId ? await stores.leads.get(tenant.slug, leadId) : undefined;
    if (leadId && !lead) return sendError(reply, 404, LEAD_NOT_FOUND);
    // Data about a gated family's lead (its stored values' actions) or about an evaluation (the instant offer's) is held to that family's gate, as its lead is, before anything more is told of them.
    const actions = [...(lead ? leadActions(lead.data) : []), ...(evalid ? (['valuation'] as const) : [])];
    if (actions.length > 0 && !(await passesGate(stores.sessions, request, reply, now(), ...actions))) return reply;
    // A lead another shopper started is not found (leadOpenTo), as a lead not stored.
    if (lead && !leadOpenTo(lead, await leadShopper(stores.sessions, request, now(), [], lead))) return sendError(reply, 404, LEAD_NOT_FOUND);
    // Data about a lead and an evaluation is about the lead's own (its quota is not another's), told before the other is looked up.
    if (lead && evalid && lead.data.evalid !== evalid) return sendError(reply, 422, FIX_ERRORS, { evalid: OTHER_EVALUATION });
    if (evalid && !(await stores.evaluations.get(tenant.slug, evalid))) return sendError(reply, 404, NOT_FOUND_REGO);
    // Bounded, per lead / evaluation and per tenant per day, and per client per day; a full quota spends no allowance.
    const quota = await leads.miscellaneousQuota(tenant.slug, leadId, evalid, now());
    if (quota !== 'ok' || !(await ctx.allowances.take('miscellaneous-client', `${tenant.slug}|${request.client}`, ctx.quotas.miscellaneousPerClientPerDay))) {
      return sendError(reply, 429, MISCELLANEOUS_FULL);
    }
    // Counted again as the row is stored: posts sent at once all pass the check above.
    const id = await leads.saveMiscellaneous(tenant.slug, columnName, leadId, evalid, data, now());
    if (id === undefined) return sendError(reply, 429, MISCELLANEOUS_FULL);
    return { success: true, id };
  });
};

/**
 * The time a test drive of `car` at `startsAt` holds it (the appointments adapter, provider or
 * local: driveTime), undefined when it cannot be booked then. When a provider cannot be asked, a
 * time the car's location is open at on a bookable date (the local grid's dates and hours:
 * unaskedTime) is taken as a provider's slot is, its start alone (the dealer confirms it), and
 * any other refused: a provider outage loses no lead with a possible time.
 */
async function testDriveTime(ctx: ApiContext<LeadsAdapters>, request: FastifyRequest, car: Car, startsAt: number): Promise<DriveTime | undefined> {
  try {
    return await ctx.adapters.appointments.driveTime(request.tenant, car, startsAt, ctx.now());
  } catch (error) {
    request.log.warn({ tenant: request.tenant.slug, error: (error as Error).message }, 'test-drive time checked locally: the appointments provider failed');
    return ctx.adapters.appointments.unaskedTime(request.tenant, car, startsAt, ctx.now());
  }
}

/**
 * The values of the lead a post makes or continues (the one reading of them), which tell its form and
 * its gated actions and which a post completing the form is held to: a first post's own; a later step's over the values its lead
 * stored (`stored`: a multi-step form sends each step's as it goes), the lead's category kept
 * unless the post names one. Undefined when the lead is not found (answered 404) or takes no
 * later step (answered 409).
 */
function leadValuesSoFar(stored: StoredLead | undefined, lead: LeadSubmission, raw: Record<string, unknown>): Record<string, unknown> | undefined {
  if (lead.lead_id === undefined) return lead;
  // A lead that takes no later step (the server's, or one with a payment) is refused as such (409) when stored.
  if (!stored || laterStepRefusal(stored, {})?.status === 409) return undefined;
  const values: Record<string, unknown> = { ...stored.data, ...lead };
  if (!('category' in raw)) values.category = stored.data.category;
  return values;
}

/** The tenant's evaluation `evalid` names, or undefined (none named, or none this site made). */
async function evaluationOf(stores: KernelStores, tenant: string, evalid: string | undefined) {
  return evalid === undefined ? undefined : await stores.evaluations.get(tenant, evalid);
}

/**
 * Thank-you SMS after a trade-in lead (`lead`: its values as stored): text built here from the evaluation, only to
 * the mobile typed in that evaluation when the lead gives the same number and the shopper signed in with it on
 * this site (a typed number alone proves nothing), once per evaluation, within the daily caps. It goes with the
 * post that completes the lead, as its delivery does: a step (`form_completed: false`, the instant offer's lead
 * before its offer is accepted) is not delivered, so the shopper is not told the dealer will be in touch.
 */
async function sendTradeInSms(ctx: ApiContext, tenant: ApiTenant, lead: Record<string, unknown>, request: FastifyRequest): Promise<void> {
  const evalid = lead.evalid;
  if (typeof evalid !== 'string' || !completesForm(lead)) return;
  const phone = [lead.phone, lead['Mobile Number']].find((value): value is string => typeof value === 'string');
  try {
    const session = await currentUser(ctx.stores.sessions, request, ctx.now());
    const message = tradeInThankYou(tenant, await ctx.stores.evaluations.get(tenant.slug, evalid), phone, session?.phone);
    if (!message) return;
    const outcome = await sendCappedSms(
      { sms: ctx.stores.sms, adapters: ctx.adapters, now: ctx.now, limits: ctx.smsLimits, allowances: ctx.allowances },
      tenant,
      { ...message, kind: 'trade-in', evaluationId: evalid, client: request.client },
    );
    if (outcome !== 'ok' && outcome !== 'duplicate') request.log.warn({ tenant: tenant.slug, outcome }, 'trade-in sms not sent: daily cap reached');
  } catch (error) {
    request.log.warn({ tenant: tenant.slug, error: (error as Error).message }, 'trade-in sms failed');
  }
}
