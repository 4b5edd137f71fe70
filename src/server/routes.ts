/**
 * The lead API's endpoints (spec §7; paths kept where the spec names them). Every body
 * and query is validated with the shared valibot schemas (src/schemas); a bad request
 * gets a 4xx with field messages. Every car, dealership, location, lead and evaluation
 * named by a request must belong to the request's tenant.
 */
import { createHash, createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { sortByDistance } from '../lib/locations/geo.ts';
import { lookupPostcode } from '../lib/locations/postcodes.ts';
import { POSTCODE_MESSAGES } from '../lib/forms/messages.ts';
import { vehiclePdf, vehiclePdfContent } from '../lib/vehicle/vehicle-pdf.ts';
import type { Car } from '../schemas/car.ts';
import {
  DeliveryEstimateQuerySchema,
  EnterVinSchema,
  FORM_MESSAGES,
  FinanceQuoteRequestSchema,
  IMAGE_LIMITS,
  ManualEntrySchema,
  PhoneRevealSchema,
  SignInRequestSchema,
  SignInVerifySchema,
  UpdateEvalSchema,
  WatchlistChangeSchema,
  fieldErrors,
  idValue,
} from '../schemas/forms.ts';
import { HONEYPOT_FIELD, LeadSubmissionSchema, leadId as leadIdSchema, leadProblems } from '../schemas/lead.ts';
import { carLocation, locationPoint } from './adapters.ts';
import { sendError, type ApiContext, type LeadApi } from './app.ts';
import type { RegoVehicle } from './estimates/valuation.ts';
import { sniffImageType } from './image-type.ts';
import { reencodeImage } from './photo-processing.ts';
import { withoutPaymentClaims } from './payments/payments.ts';
import { photoLinkValid } from './photo-links.ts';
import { sendCappedSms, tradeInThankYou } from './sms-policy.ts';
import type { ApiTenant } from './tenants.ts';
import { LEAD_MESSAGES } from '../lib/forms/messages.ts';

const FIX_ERRORS = LEAD_MESSAGES.fixErrors;
const SESSION_COOKIE = 'dealer_session';
const NOT_FOUND_REGO = 'Unfortunately, we could not find a match for your registration number.';
const UNREADABLE_IMAGE = 'This image could not be read. Please choose a JPEG, PNG, GIF or HEIC photo.';
const PHOTO_QUOTA_FULL = 'Photos cannot be stored at the moment. Please send your details without photos, or call us.';
const NO_DELIVERY_ESTIMATE = "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

/** Validate `input` with `schema`; on failure answer 400 with field messages and return undefined. */
function parseOr400<T extends v.GenericSchema>(schema: T, input: unknown, reply: FastifyReply): v.InferOutput<T> | undefined {
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  sendError(reply, 400, FIX_ERRORS, fieldErrors(result.issues));
  return undefined;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The session token of a request: Authorization: Bearer, else the session cookie. */
function sessionToken(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  const cookie = request.headers.cookie;
  if (!cookie) return undefined;
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SESSION_COOKIE) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      // A mangled cookie is no session, not a server error.
      return undefined;
    }
  }
  return undefined;
}

/** A car of the tenant by id (text) or slug. */
function findCar(tenant: ApiTenant, id: string | undefined): Car | undefined {
  if (id === undefined) return undefined;
  return tenant.carsById.get(id) ?? tenant.carsBySlug.get(id);
}

/** The vehicle fields of the spec's update-eval response. */
function evalVehicle(id: string, vehicle: RegoVehicle, km: number | null) {
  return {
    EvalID: id,
    VIN: vehicle.VIN,
    EngineNo: vehicle.EngineNo,
    Registration: vehicle.Registration,
    RegExpiry: vehicle.RegExpiry,
    KM: km,
    Make: vehicle.Make,
    Model: vehicle.Model,
    Series: vehicle.Series,
    Variant: vehicle.Variant,
    Year: vehicle.Year,
    Transmission: vehicle.Transmission,
    Body: vehicle.Body,
    Cylinders: vehicle.Cylinders,
    redbookCode: vehicle.redbookCode,
    CompMth: null,
    CompYr: vehicle.Year,
    BuildMth: null,
    BuildYr: vehicle.Year,
  };
}

const descriptions = (vehicles: RegoVehicle[]) => vehicles.map((vehicle) => ({ Description: vehicle.Description }));

/** Register every /api route on the app. */
export function registerRoutes(app: LeadApi, ctx: ApiContext): void {
  const { store, adapters, now } = ctx;

  // ---- Health (load balancers): no tenant needed ---------------------------------------------

  app.get('/api/health', { config: { tenantless: true } }, async (_request, reply) => {
    try {
      await store.db.query('SELECT 1 AS ok');
      // Issue 13 H4 / M14: leads that would go nowhere, and deliveries waiting or dead-lettered, per tenant.
      return { ok: true, tenants: ctx.tenants.slugs().length, tenants_without_lead_destination: ctx.tenants.undeliverable(), deliveries: await store.deliveryHealth() };
    } catch {
      return reply.code(503).send({ ok: false });
    }
  });

  // ---- Local runs and browser tests only: what the local SMS / e-mail adapters recorded ------

  if (ctx.devMessages) {
    const DevMessagesQuerySchema = v.object({ to: v.optional(v.pipe(v.string(), v.maxLength(80))), channel: v.optional(v.picklist(['sms', 'email'])) });
    app.get('/api/dev/messages', async (request, reply) => {
      const query = parseOr400(DevMessagesQuerySchema, request.query, reply);
      if (!query) return reply;
      const to = query.to && query.channel !== 'email' ? query.to.replace(/[\s\-().]/g, '').replace(/^\+61/, '0') : query.to;
      return { messages: (await store.messages(request.tenant.slug, query.channel, to)).slice(0, 20) };
    });
  }

  // ---- Leads ---------------------------------------------------------------------------------

  app.post('/api/leads', async (request, reply) => {
    const tenant = request.tenant;
    const lead = parseOr400(LeadSubmissionSchema, request.body, reply);
    if (!lead) return reply;
    if (lead[HONEYPOT_FIELD]) {
      // Looks like success to the bot; nothing is stored or delivered.
      request.log.info({ tenant: tenant.slug }, 'honeypot lead dropped');
      return reply.code(201).send({ success: true, lead_id: randomUUID() });
    }
    const problems: Record<string, string> = { ...leadProblems(lead, lead.lead_id === undefined) };
    const car = findCar(tenant, lead.car_id);
    if (lead.car_id !== undefined && !car) problems.car_id = 'This car is not listed on this site.';
    if (lead.car_dealership_id !== undefined && !tenant.dealershipIds.has(lead.car_dealership_id)) problems.car_dealership_id = 'This dealership is not part of this site.';
    if (lead.dealership_slug !== undefined && !tenant.dealershipSlugs.has(lead.dealership_slug)) problems.dealership_slug = 'This dealership is not part of this site.';
    if (lead.location !== undefined && !tenant.locationKeys.has(lead.location)) problems.location = 'This location is not part of this site.';
    if (lead.location_id !== undefined && !tenant.locationKeys.has(lead.location_id)) problems.location_id = 'This location is not part of this site.';
    if (Object.keys(problems).length > 0) return sendError(reply, 422, FIX_ERRORS, problems);

    const { site: _site, [HONEYPOT_FIELD]: _honeypot, lead_id: existingId, ...claimed } = lead;
    // Only the payments module says whether anything was paid (docs/payments.md).
    const values = withoutPaymentClaims(claimed);
    if (car) values.car_id = String(car.id);
    if (existingId !== undefined) {
      // A later step keeps the first step's category and source unless it names its own.
      const raw = request.body as Record<string, unknown>;
      if (!('category' in raw)) delete (values as Partial<typeof values>).category;
      if (!('source' in raw)) delete (values as Partial<typeof values>).source;
    }
    const key = request.headers['idempotency-key'];
    const clientKey = typeof key === 'string' && /^[A-Za-z0-9_.:-]{8,100}$/.test(key) ? key : undefined;
    if (clientKey && existingId === undefined) {
      // A retry of a submission already stored (the answer was lost): the same lead, nothing new.
      const replayed = await store.leadIdByClientKey(tenant.slug, clientKey);
      if (replayed) return reply.code(200).send({ success: true, lead_id: replayed });
    }
    const testDriveAt = values.dateTime && car && /test ?drive/i.test(values.category ?? '') ? Date.parse(values.dateTime) : undefined;
    const result = await store.saveLead({
      tenant: tenant.slug,
      leadId: existingId,
      clientKey,
      values,
      destinations: tenant.destinations.map((destination) => destination.id),
      // A new test-drive lead books its slot in the same transaction (issue 13: no double booking).
      appointment: testDriveAt !== undefined && Number.isFinite(testDriveAt) && existingId === undefined ? { carId: String(car!.id), startsAt: testDriveAt } : undefined,
      now: now(),
    });
    if (result.status === 'not-found') return sendError(reply, 404, 'This enquiry could not be found. Please send the form again.');
    if (result.status === 'slot-taken') return sendError(reply, 409, FIX_ERRORS, { dateTime: 'That time has just been booked. Please choose another time.' });
    // The lead is committed: everything below is best effort and never fails the request.
    ctx.outbox.kick();
    if (tenant.destinations.length === 0) request.log.error({ tenant: tenant.slug, lead: result.id }, 'lead stored but this tenant has no lead destination');
    // Issue 13 H1: the text is the server's own; the lead's sms_content is stored (spec §7) but never sent.
    if (result.status !== 'replayed' && values.evalid) await sendTradeInSms(ctx, tenant, values.evalid, values.phone ?? values['Mobile Number'], request);
    request.log.info({ tenant: tenant.slug, lead: result.id, status: result.status, category: values.category }, 'lead stored');
    return reply.code(result.status === 'created' ? 201 : 200).send({ success: true, lead_id: result.id });
  });

  // ---- Sign-in by mobile number and one-time code ----------------------------------------------

  const codeHash = (tenant: string, phone: string, code: string) => createHmac('sha256', ctx.keys.otp).update(`${tenant}|${phone}|${code}`).digest('hex');

  app.post('/api/auth/request-code', { config: { rateLimit: { max: ctx.signInRateMax, timeWindow: 60_000 } } }, async (request, reply) => {
    const body = parseOr400(SignInRequestSchema, request.body, reply);
    if (!body) return reply;
    const tenant = request.tenant;
    const at = now();
    if ((await store.codesIssuedSince(tenant.slug, body.phone, at - 15 * 60_000)) >= ctx.signIn.codesPerPhone) {
      return sendError(reply, 429, 'Too many codes requested for this number. Please wait 15 minutes and try again.');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const minutes = Math.round(ctx.signIn.codeTtlMs / 60_000);
    const sent = await sendCappedSms({ store, adapters, now, limits: ctx.smsLimits }, tenant, {
      to: body.phone,
      kind: 'sign-in',
      body: `${code} is your ${tenant.site.name} sign-in code. It expires in ${minutes} minutes.`,
      // Stored only once the caps allow the text, so a refused request does not cancel a code already sent.
      beforeSend: () => store.issueCode(tenant.slug, body.phone, codeHash(tenant.slug, body.phone, code), at, at + ctx.signIn.codeTtlMs),
    });
    if (sent !== 'ok') return sendError(reply, 429, 'Too many text messages have been sent today. Please try again tomorrow or call us.');
    return { success: true, expires_in: minutes * 60 };
  });

  app.post('/api/auth/verify', { config: { rateLimit: { max: ctx.signInRateMax * 2, timeWindow: 60_000 } } }, async (request, reply) => {
    const body = parseOr400(SignInVerifySchema, request.body, reply);
    if (!body) return reply;
    const tenant = request.tenant;
    const at = now();
    const outcome = await store.consumeCode(tenant.slug, body.phone, codeHash(tenant.slug, body.phone, body.code), at, ctx.signIn.maxAttempts);
    if (outcome === 'expired') return sendError(reply, 400, 'That code has expired. Please ask for a new one.', { code: 'That code has expired. Please ask for a new one.' });
    if (outcome === 'locked') return sendError(reply, 429, 'Too many wrong codes. Please ask for a new one.', { code: 'Too many wrong codes. Please ask for a new one.' });
    if (outcome === 'invalid') return sendError(reply, 400, 'That code is not right. Please check it and try again.', { code: 'That code is not right. Please check it and try again.' });
    const user = await store.upsertUser(tenant.slug, body.phone, at);
    const token = randomBytes(32).toString('base64url');
    await store.createSession(hashToken(token), user, tenant.slug, at, at + ctx.signIn.sessionTtlMs);
    // Issue 13 M7: the token lives only in this HttpOnly cookie (never in the JSON, so never in page scripts
    // or localStorage); Secure behind TLS (X-Forwarded-Proto from a trusted proxy) and always in production.
    const secure = request.protocol === 'https' || ctx.production ? '; Secure' : '';
    reply.header('set-cookie', `${SESSION_COOKIE}=${token}; Path=/api; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(ctx.signIn.sessionTtlMs / 1000)}${secure}`);
    return { success: true, user: { id: user.id, phone: user.phone }, expires_at: at + ctx.signIn.sessionTtlMs };
  });

  /** The signed-in shopper of this tenant, or undefined. */
  async function currentUser(request: FastifyRequest) {
    const token = sessionToken(request);
    if (!token || token.length > 200) return undefined;
    return store.findSession(request.tenant.slug, hashToken(token), now());
  }

  app.get('/api/auth/session', async (request, reply) => {
    const user = await currentUser(request);
    if (!user) return sendError(reply, 401, 'Please sign in.');
    return { success: true, user: { id: user.user_id, phone: user.phone } };
  });

  app.post('/api/auth/sign-out', async (request, reply) => {
    const token = sessionToken(request);
    if (token && token.length <= 200) await store.deleteSession(hashToken(token));
    const secure = request.protocol === 'https' || ctx.production ? '; Secure' : '';
    reply.header('set-cookie', `${SESSION_COOKIE}=; Path=/api; HttpOnly; SameSite=Lax; Max-Age=0${secure}`);
    return { success: true };
  });

  // ---- Watchlist (spec §7: phone_number, car_id; success flag) ----------------------------------

  const watchlistChange = (action: 'save' | 'remove') => async (request: FastifyRequest, reply: FastifyReply) => {
    const body = parseOr400(WatchlistChangeSchema, request.body, reply);
    if (!body) return reply;
    const user = await currentUser(request);
    if (!user) return sendError(reply, 401, 'Please sign in to use your watchlist.');
    if (user.phone !== body.phone_number) return sendError(reply, 403, 'Please sign in with this phone number to change its watchlist.');
    const tenant = request.tenant;
    const car = findCar(tenant, body.car_id);
    if (!car) return sendError(reply, 404, 'This car is not listed on this site.', { car_id: 'This car is not listed on this site.' });
    if (action === 'save') await store.saveToWatchlist(tenant.slug, user.phone, String(car.id), now());
    else await store.removeFromWatchlist(tenant.slug, user.phone, String(car.id));
    return { success: true, car_id: String(car.id), watchlist: await store.watchlist(tenant.slug, user.phone) };
  };
  app.post('/api/watchlist/save-car', watchlistChange('save'));
  app.post('/api/watchlist/remove-car', watchlistChange('remove'));

  app.get('/api/watchlist', async (request, reply) => {
    const user = await currentUser(request);
    if (!user) return sendError(reply, 401, 'Please sign in to use your watchlist.');
    return { success: true, watchlist: await store.watchlist(request.tenant.slug, user.phone) };
  });

  // ---- Trade-in chain (spec §7 eval-expert) ------------------------------------------------------

  app.post('/api/eval-expert/enter-vin', async (request, reply) => {
    const body = parseOr400(EnterVinSchema, request.body, reply);
    if (!body) return reply;
    const tenant = request.tenant;
    const vehicles = await adapters.valuation.lookup(tenant, body.rego, body.state);
    if (vehicles.length === 0) return [];
    const id = randomUUID();
    const single = vehicles.length === 1 ? vehicles[0]! : undefined;
    await store.createEvaluation(
      { id, tenant: tenant.slug, rego: body.rego, state: body.state, vin: vehicles[0]!.VIN, description: single?.Description ?? null, vehicle: single ? { ...single } : { candidates: vehicles } },
      now(),
    );
    // One match: EvalID present, the page skips to the upload step. Several: choose first (manual-entry).
    const list = descriptions(vehicles);
    return [single ? { ...evalVehicle(id, single, null), VechielDescriptions: list, VechicleDescriptions: list } : { EvalID: null, VIN: vehicles[0]!.VIN, VechielDescriptions: list, VechicleDescriptions: list, evalid: id }];
  });

  app.post('/api/eval-expert/manual-entry', async (request, reply) => {
    const body = parseOr400(ManualEntrySchema, request.body, reply);
    if (!body) return reply;
    const tenant = request.tenant;
    // The spec's body is { vin, desc }; the evalid enter-vin handed out is required as well (issue 13 M6): a VIN
    // alone would find, and let anyone overwrite, another shopper's evaluation of the same car.
    const evalid = body.evalid;
    if (!evalid) return sendError(reply, 400, FIX_ERRORS, { evalid: 'Please start again from your registration number.' });
    const evaluation = await store.getEvaluation(tenant.slug, evalid);
    if (!evaluation) return sendError(reply, 404, NOT_FOUND_REGO);
    if (body.vin && evaluation.vin && body.vin !== evaluation.vin) return sendError(reply, 400, FIX_ERRORS, { vin: 'This VIN does not belong to the registration you entered.' });
    const candidates = ((evaluation.vehicle as { candidates?: RegoVehicle[] } | null)?.candidates ?? (evaluation.vehicle ? [evaluation.vehicle as unknown as RegoVehicle] : [])) as RegoVehicle[];
    const chosen = candidates.find((vehicle) => vehicle.Description === body.desc);
    if (!chosen) return sendError(reply, 400, FIX_ERRORS, { desc: FORM_MESSAGES.chooseCar });
    await store.updateEvaluation(tenant.slug, evaluation.id, { vin: chosen.VIN, description: chosen.Description, vehicle: { ...chosen } }, now());
    return [{ ...evalVehicle(evaluation.id, chosen, null), vehicle: chosen }];
  });

  app.post('/api/eval-expert/image-upload', async (request, reply) => {
    const tenant = request.tenant;
    if (!request.isMultipart()) return sendError(reply, 415, 'Please upload the image as a multipart form (fields evalid and file).');
    const fields: Record<string, string> = {};
    let file: { bytes: Buffer; name: string } | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || file) {
            await part.toBuffer().catch(() => undefined);
            return sendError(reply, 400, 'Please upload one image at a time.');
          }
          file = { bytes: await part.toBuffer(), name: part.filename };
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) throw error;
      // A malformed multipart body (no boundary, cut short): the client's fault, not ours.
      return sendError(reply, 400, 'The upload could not be read. Please choose the image again.');
    }
    const query = request.query as Record<string, unknown>;
    const evalid = fields.evalid ?? (typeof query.evalid === 'string' ? query.evalid : undefined);
    if (!evalid || evalid.length > 64) return sendError(reply, 400, FIX_ERRORS, { evalid: FORM_MESSAGES.required });
    if (!file || file.bytes.length === 0) return sendError(reply, 400, FIX_ERRORS, { file: 'Please choose an image to upload.' });
    const sniffed = sniffImageType(file.bytes);
    if (!sniffed) return sendError(reply, 415, FORM_MESSAGES.imageTooLarge, { file: FORM_MESSAGES.imageTooLarge });
    const evaluation = await store.getEvaluation(tenant.slug, evalid);
    if (!evaluation) return sendError(reply, 404, NOT_FOUND_REGO);
    // Issue 13 M15: re-encoded, so the photo's EXIF (GPS position, camera serial) is never stored.
    const clean = await reencodeImage(file.bytes, sniffed);
    if (!clean) return sendError(reply, 415, UNREADABLE_IMAGE, { file: UNREADABLE_IMAGE });
    const count = await store.addEvaluationImage(tenant.slug, evalid, { mime: clean.mime, sha256: createHash('sha256').update(clean.bytes).digest('hex'), content: clean.bytes }, IMAGE_LIMITS.maxCount, now(), ctx.imageQuotaBytes);
    if (count === 'full') return sendError(reply, 409, FORM_MESSAGES.tooManyImages, { file: FORM_MESSAGES.tooManyImages });
    if (count === 'quota') {
      request.log.error({ tenant: tenant.slug }, 'trade-in photo quota reached: raise IMAGE_QUOTA_MB_PER_TENANT or purge old photos (npm run purge)');
      return sendError(reply, 507, PHOTO_QUOTA_FULL, { file: PHOTO_QUOTA_FULL });
    }
    return { success: true, EvalID: evalid, images: count };
  });

  const PhotoQuerySchema = v.object({
    expires: v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'expires is a time in ms'), v.transform(Number)),
    sig: v.pipe(v.string(), v.maxLength(64)),
    site: v.optional(v.string()),
  });
  const PhotoParamsSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/, 'expected a photo id')) });

  // Signed links the delivered lead carries, so the dealer's CRM can fetch the trade-in photos.
  app.get('/api/eval-expert/photos/:id', async (request, reply) => {
    const query = parseOr400(PhotoQuerySchema, request.query, reply);
    if (!query) return reply;
    const params = parseOr400(PhotoParamsSchema, request.params, reply);
    if (!params) return reply;
    if (!photoLinkValid(ctx.keys.photoLinks, request.tenant.slug, params.id, query.expires, query.sig, now())) return sendError(reply, 403, 'This photo link is not valid or has expired.');
    const image = await store.evaluationImage(request.tenant.slug, params.id);
    if (!image) return sendError(reply, 404, 'Not found');
    return reply.header('content-type', image.mime).header('cache-control', 'private, max-age=86400').header('x-content-type-options', 'nosniff').send(Buffer.from(image.content));
  });

  app.post('/api/eval-expert/update-eval', async (request, reply) => {
    const body = parseOr400(UpdateEvalSchema, request.body, reply);
    if (!body) return reply;
    const tenant = request.tenant;
    const evaluation = await store.getEvaluation(tenant.slug, body.evalid);
    if (!evaluation) return sendError(reply, 404, NOT_FOUND_REGO);
    const vehicle = evaluation.vehicle && !('candidates' in evaluation.vehicle) ? (evaluation.vehicle as unknown as RegoVehicle) : undefined;
    if (!vehicle) return sendError(reply, 409, FIX_ERRORS, { desc: FORM_MESSAGES.chooseCar });
    const valuation = await adapters.valuation.value(tenant, vehicle, body.km);
    await store.updateEvaluation(
      tenant.slug,
      evaluation.id,
      { km: body.km, contact: { name: body.cName, email: body.cEmail, phone: body.cPhone, userEmail: body.userEmail ?? null }, offer_price: valuation.offerPrice },
      now(),
    );
    return [{ ...evalVehicle(evaluation.id, vehicle, body.km), OfferPrice: valuation.offerPrice, offer_price: valuation.offerPrice }];
  });

  // ---- Finance quote, miscellaneous ------------------------------------------------------------

  app.post('/api/youx/quote', async (request, reply) => {
    const body = parseOr400(FinanceQuoteRequestSchema, request.body, reply);
    if (!body) return reply;
    return adapters.financeQuote.quote(request.tenant, body);
  });

  const MiscellaneousSchema = v.pipe(
    v.looseObject({
      column_name: v.pipe(v.string('column_name is required'), v.regex(/^[a-z][a-z0-9_]{0,39}$/, 'column_name is lower-case letters, digits and _')),
      lead_id: v.optional(leadIdSchema),
      evalid: v.optional(v.pipe(v.string(), v.maxLength(64))),
    }),
    v.check((body) => Object.keys(body).length <= 60, 'at most 60 fields'),
  );

  app.post('/api/miscellaneous', async (request, reply) => {
    const body = parseOr400(MiscellaneousSchema, request.body, reply);
    if (!body) return reply;
    const tenant = request.tenant;
    const { column_name: columnName, lead_id: leadId, evalid, site: _site, ...data } = body as Record<string, unknown> & { column_name: string; lead_id?: string; evalid?: string };
    if (leadId && !(await store.getLead(tenant.slug, leadId))) return sendError(reply, 404, 'This enquiry could not be found.');
    if (evalid && !(await store.getEvaluation(tenant.slug, evalid))) return sendError(reply, 404, NOT_FOUND_REGO);
    // Issue 13 M12: bounded, per lead / evaluation and per tenant per day.
    const quota = await store.miscellaneousQuota(tenant.slug, leadId, evalid, now());
    if (quota !== 'ok') return sendError(reply, 429, 'Too much extra data has been sent for this enquiry.');
    const id = await store.saveMiscellaneous(tenant.slug, columnName, leadId, evalid, data, now());
    return { success: true, id };
  });

  // ---- Cars: views, price comparison, test-drive availability, phone reveal --------------------------

  const ViewQuerySchema = v.object({
    photos_count: v.optional(v.pipe(v.string(), v.maxLength(10))),
    updated_at: v.optional(v.pipe(v.string(), v.maxLength(40))),
    website_id: v.optional(v.pipe(v.string(), v.maxLength(80))),
  });
  const SlugParamsSchema = v.object({ slug: v.pipe(v.string(), v.maxLength(200)) });

  app.get('/api/cars/:slug/view.json', async (request, reply) => {
    if (!parseOr400(ViewQuerySchema, request.query, reply)) return reply;
    const params = parseOr400(SlugParamsSchema, request.params, reply);
    if (!params) return reply;
    const car = request.tenant.carsBySlug.get(params.slug);
    if (!car) return sendError(reply, 404, 'This car is not listed on this site.');
    const views = await store.countView(request.tenant.slug, car.slug, Number(car.views ?? 0));
    reply.header('cache-control', 'no-store');
    return {
      views,
      car_fields: {
        id: car.id,
        slug: car.slug,
        status: car.status,
        reserved: car.reserved ?? false,
        price: car.price ?? null,
        photos_count: car.photos_count ?? car.images?.length ?? 0,
        updated_at: car.updated_at ?? null,
      },
    };
  });

  // Spec §7 "PDF fetch by car slug": the page saves it as {slug}.pdf.
  app.get('/api/cars/:slug/pdf', async (request, reply) => {
    const params = parseOr400(SlugParamsSchema, request.params, reply);
    if (!params) return reply;
    const car = request.tenant.carsBySlug.get(params.slug);
    if (!car) return sendError(reply, 404, 'This car is not listed on this site.');
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `attachment; filename="${car.slug}.pdf"`);
    reply.header('cache-control', 'no-store');
    return reply.send(Buffer.from(vehiclePdf(vehiclePdfContent(car, request.tenant.site))));
  });

  app.get('/api/cars/:slug/autogauge', async (request, reply) => {
    const params = parseOr400(SlugParamsSchema, request.params, reply);
    if (!params) return reply;
    const car = request.tenant.carsBySlug.get(params.slug);
    if (!car) return sendError(reply, 404, 'This car is not listed on this site.');
    const comparison = await adapters.priceComparison.compare(request.tenant, car);
    if (!comparison) return sendError(reply, 404, 'No price comparison is available for this car.');
    return comparison;
  });

  const AvailabilityQuerySchema = v.object({
    car_id: idValue,
    days: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'days is a number from 1 to 31'), v.transform(Number), v.minValue(1), v.maxValue(31)), '7'),
  });

  app.get('/api/test-drive/availability', async (request, reply) => {
    const query = parseOr400(AvailabilityQuerySchema, request.query, reply);
    if (!query) return reply;
    const car = findCar(request.tenant, query.car_id);
    if (!car) return sendError(reply, 404, 'This car is not listed on this site.', { car_id: 'This car is not listed on this site.' });
    return adapters.appointments.availability(request.tenant, car, query.days, now());
  });

  app.post('/api/phone-reveal', async (request, reply) => {
    const body = parseOr400(PhoneRevealSchema, request.body, reply);
    if (!body) return reply;
    const tenant = request.tenant;
    const car = findCar(tenant, body.car_id);
    if (body.car_id !== undefined && !car) return sendError(reply, 404, 'This car is not listed on this site.', { car_id: 'This car is not listed on this site.' });
    if (body.dealership_id !== undefined && !tenant.dealershipIds.has(body.dealership_id)) return sendError(reply, 422, FIX_ERRORS, { dealership_id: 'This dealership is not part of this site.' });
    await store.recordEvent(tenant.slug, 'phone_reveal', car ? String(car.id) : undefined, { dealership_id: body.dealership_id ?? null, website_id: body.website_id ?? null }, now());
    const location = carLocation(tenant, car);
    return { success: true, phone: car?.location?.phone ?? location?.contact_detail?.phone ?? tenant.site.phone ?? null };
  });

  // ---- Places: delivery estimate, geocoding, dealer locator -----------------------------------------

  app.get('/api/delivery-estimate', async (request, reply) => {
    const query = parseOr400(DeliveryEstimateQuerySchema, request.query, reply);
    if (!query) return reply;
    const car = findCar(request.tenant, query.car_id);
    if (query.car_id !== undefined && !car) return sendError(reply, 404, 'This car is not listed on this site.', { car_id: 'This car is not listed on this site.' });
    const estimate = await adapters.delivery.estimate(request.tenant, car, query.postcode);
    if (!estimate) return sendError(reply, 404, NO_DELIVERY_ESTIMATE);
    return estimate;
  });

  const PostcodeQuerySchema = v.object({ postcode: v.pipe(v.string(FORM_MESSAGES.postcode), v.trim(), v.regex(/^\d{4}$/, FORM_MESSAGES.postcode)) });

  app.get('/api/geocode', async (request, reply) => {
    const query = parseOr400(PostcodeQuerySchema, request.query, reply);
    if (!query) return reply;
    const place = lookupPostcode(query.postcode);
    if (!place) return sendError(reply, 404, POSTCODE_MESSAGES.notFound);
    // Also in the maps-geocoding shape the spec's pages read (results[0].geometry.location).
    return { ...place, status: 'OK', results: [{ formatted_address: `${place.suburb} ${place.state} ${place.postcode}, Australia`, geometry: { location: { lat: place.lat, lng: place.lng } } }] };
  });

  app.get('/api/locations/nearest', async (request, reply) => {
    const query = parseOr400(PostcodeQuerySchema, request.query, reply);
    if (!query) return reply;
    const place = lookupPostcode(query.postcode);
    if (!place) return sendError(reply, 404, POSTCODE_MESSAGES.notFound);
    const visible = request.tenant.site.locations.filter((location) => location.visible);
    const sorted = sortByDistance(place, visible, (location) => locationPoint(location));
    return {
      origin: place,
      locations: sorted.map(({ item, km }) => ({ id: item.id, slug: item.slug, name: item.name, location_type: item.location_type, km: km === undefined ? null : Math.round(km * 10) / 10 })),
    };
  });
}

/**
 * Thank-you SMS after a trade-in lead (issue 13 H1): text built here from the evaluation, only to the mobile
 * typed in that evaluation when the lead gives the same number, once per evaluation, within the daily caps.
 */
async function sendTradeInSms(ctx: ApiContext, tenant: ApiTenant, evalid: string, leadPhone: string | undefined, request: FastifyRequest): Promise<void> {
  try {
    const message = tradeInThankYou(tenant, await ctx.store.getEvaluation(tenant.slug, evalid), leadPhone);
    if (!message) return;
    const outcome = await sendCappedSms({ store: ctx.store, adapters: ctx.adapters, now: ctx.now, limits: ctx.smsLimits }, tenant, { ...message, kind: 'trade-in', evaluationId: evalid });
    if (outcome !== 'ok' && outcome !== 'duplicate') request.log.warn({ tenant: tenant.slug, outcome }, 'trade-in sms not sent: daily cap reached');
  } catch (error) {
    request.log.warn({ tenant: tenant.slug, error: (error as Error).message }, 'trade-in sms failed');
  }
}
