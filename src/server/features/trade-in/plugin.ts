/**
 * The trade-in chain (spec §7 eval-expert): registration lookup, choosing the car, photos
 * (re-encoded, EXIF dropped), the offer, and the signed photo links delivered leads carry.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { EnterVinSchema, IMAGE_LIMITS, ManualEntrySchema, UpdateEvalSchema } from '../../../schemas/api/trade-in.ts';
import { FORM_MESSAGES } from '../../../schemas/forms/messages.ts';
import type { FeatureOptions } from '../../kernel/context.ts';
import type { TradeInAdapters } from './adapters.ts';
import type { RegoVehicle } from './valuation.ts';
import { FIX_ERRORS, parseOr400, sendError } from '../../kernel/http.ts';
import { photoLinkValid } from '../../kernel/photo-links.ts';
import { sniffImageType } from './image-type.ts';
import { reencodeImage } from './photo-processing.ts';
import { TradeInStore } from './store.ts';
import { registerTradeInAdjustments } from './adjustments.ts';
import { offerWithheld } from '../../../lib/forms/trade-in-limits.ts';
import type { SwitchedFeature } from '../../kernel/feature-switches.ts';
import { offeredAndGated } from '../../kernel/gated-actions.ts';

const NOT_FOUND_REGO = 'Unfortunately, we could not find a match for your registration number.';
const UNREADABLE_IMAGE = 'This image could not be read. Please choose a JPEG, PNG, GIF or HEIC photo.';
const PHOTO_QUOTA_FULL = 'Photos cannot be stored at the moment. Please send your details without photos, or call us.';
const TOO_MANY_VALUATIONS = 'Too many valuations have been requested today. Please try again tomorrow or call us.';
const TOO_MANY_PHOTOS = 'Too many photos have been sent today. Please send your details without more photos, or call us.';

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

/** An evaluation's stored vehicle as enter-vin wrote it: the one vehicle found, or the candidates to choose from. */
type StoredVehicle = Partial<RegoVehicle> & { candidates?: RegoVehicle[] };

/** The vehicles a shopper may choose from (the one found, or the candidates). */
function vehicleCandidates(stored: Record<string, unknown> | null): RegoVehicle[] {
  const vehicle = stored as StoredVehicle | null;
  return vehicle?.candidates ?? (vehicle ? [vehicle as RegoVehicle] : []);
}

/** The vehicle the shopper chose, or undefined while candidates remain. */
function chosenVehicle(stored: Record<string, unknown> | null): RegoVehicle | undefined {
  const vehicle = stored as StoredVehicle | null;
  return vehicle && !('candidates' in vehicle) ? (vehicle as RegoVehicle) : undefined;
}

const descriptions = (vehicles: RegoVehicle[]) => vehicles.map((vehicle) => ({ Description: vehicle.Description }));

/** The trade-in feature: enter-vin, manual-entry, image-upload, photos/:id, update-eval; the valuation routes only on a site that offers trade-in valuation. */
export const tradeInPlugin: FastifyPluginAsync<FeatureOptions<TradeInAdapters>> = async (app, { ctx }) => {
  const { stores, adapters, now } = ctx;
  const tradeIn = new TradeInStore(stores.db, stores.evaluations, ctx.imagesDir);
  // Spec §7 adjustments answers: src/server/features/trade-in/adjustments.ts.
  registerTradeInAdjustments(app, ctx, tradeIn, NOT_FOUND_REGO);
  /** A valuation call: 404 where the site offers no valuation, 401 without a session where it gates the instant offer's pages (kernel/gated-actions.ts). */
  const valuation = (...features: SwitchedFeature[]) => offeredAndGated(stores.sessions, now, 'valuation', ...features);

  app.post('/api/eval-expert/enter-vin', valuation('trade_in'), async (request, reply) => {
    const body = parseOr400(EnterVinSchema, request.body, reply);
    if (!body) return reply;
    const tenant = request.tenant;
    // Each call may be a paid lookup and stores a row: bounded per client, then per tenant.
    const { quotas, allowances } = ctx;
    if (!(await allowances.take('valuations-client', `${tenant.slug}|${request.client}`, quotas.evaluationsPerClientPerDay)))
      return sendError(reply, 429, TOO_MANY_VALUATIONS);
    if (!(await allowances.take('valuations-tenant', tenant.slug, quotas.evaluationsPerTenantPerDay))) {
      request.log.error({ tenant: tenant.slug }, 'daily valuation bound reached for this tenant: raise VALUATIONS_DAILY_PER_TENANT if this is real demand');
      return sendError(reply, 429, TOO_MANY_VALUATIONS);
    }
    const vehicles = await adapters.valuation.lookup(tenant, body.rego, body.state);
    if (vehicles.length === 0) return [];
    const id = randomUUID();
    const single = vehicles.length === 1 ? vehicles[0]! : undefined;
    await tradeIn.createEvaluation(
      {
        id,
        tenant: tenant.slug,
        rego: body.rego,
        state: body.state,
        vin: vehicles[0]!.VIN,
        description: single?.Description ?? null,
        vehicle: single ? { ...single } : { candidates: vehicles },
      },
      now(),
    );
    // One match: EvalID present, the page skips to the upload step. Several: choose first (manual-entry).
    const list = descriptions(vehicles);
    return [
      single
        ? { ...evalVehicle(id, single, null), VechielDescriptions: list, VechicleDescriptions: list }
        : { EvalID: null, VIN: vehicles[0]!.VIN, VechielDescriptions: list, VechicleDescriptions: list, evalid: id },
    ];
  });

  app.post('/api/eval-expert/manual-entry', valuation('trade_in'), async (request, reply) => {
    const body = parseOr400(ManualEntrySchema, request.body, reply);
    if (!body) return reply;
    const tenant = request.tenant;
    // The spec's body is { vin, desc }; the evalid enter-vin handed out is required as well: a VIN
    // alone would find, and let anyone overwrite, another shopper's evaluation of the same car.
    const evalid = body.evalid;
    if (!evalid) return sendError(reply, 400, FIX_ERRORS, { evalid: 'Please start again from your registration number.' });
    const evaluation = await stores.evaluations.get(tenant.slug, evalid);
    if (!evaluation) return sendError(reply, 404, NOT_FOUND_REGO);
    if (body.vin && evaluation.vin && body.vin !== evaluation.vin)
      return sendError(reply, 400, FIX_ERRORS, { vin: 'This VIN does not belong to the registration you entered.' });
    const candidates = vehicleCandidates(evaluation.vehicle);
    const chosen = candidates.find((vehicle) => vehicle.Description === body.desc);
    if (!chosen) return sendError(reply, 400, FIX_ERRORS, { desc: FORM_MESSAGES.chooseCar });
    await tradeIn.updateEvaluation(tenant.slug, evaluation.id, { vin: chosen.VIN, description: chosen.Description, vehicle: { ...chosen } }, now());
    return [{ ...evalVehicle(evaluation.id, chosen, null), vehicle: chosen }];
  });

  app.post('/api/eval-expert/image-upload', valuation('trade_in', 'instant_offer_images'), async (request, reply) => {
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
    const evaluation = await stores.evaluations.get(tenant.slug, evalid);
    if (!evaluation) return sendError(reply, 404, NOT_FOUND_REGO);
    // One client cannot fill the tenant's photo quota (new evaluations give no new allowance).
    const client = `${tenant.slug}|${request.client}`;
    if (
      !(await ctx.allowances.take('photos-client', client, ctx.quotas.photosPerClientPerDay)) ||
      !(await ctx.allowances.take('photo-bytes-client', client, ctx.quotas.photoBytesPerClientPerDay, file.bytes.length))
    ) {
      return sendError(reply, 429, TOO_MANY_PHOTOS, { file: TOO_MANY_PHOTOS });
    }
    // Re-encoded, so the photo's EXIF (GPS position, camera serial) is never stored.
    const clean = await reencodeImage(file.bytes, sniffed);
    if (!clean) return sendError(reply, 415, UNREADABLE_IMAGE, { file: UNREADABLE_IMAGE });
    const count = await tradeIn.addEvaluationImage(
      tenant.slug,
      evalid,
      { mime: clean.mime, sha256: createHash('sha256').update(clean.bytes).digest('hex'), content: clean.bytes },
      IMAGE_LIMITS.maxCount,
      now(),
      ctx.imageQuotaBytes,
    );
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
    if (!photoLinkValid(ctx.keys.photoLinks, request.tenant.slug, params.id, query.expires, query.sig, now()))
      return sendError(reply, 403, 'This photo link is not valid or has expired.');
    const image = await tradeIn.evaluationImage(request.tenant.slug, params.id);
    if (!image) return sendError(reply, 404, 'Not found');
    return reply
      .header('content-type', image.mime)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(image.content));
  });

  app.post('/api/eval-expert/update-eval', valuation('trade_in'), async (request, reply) => {
    const body = parseOr400(UpdateEvalSchema, request.body, reply);
    if (!body) return reply;
    const tenant = request.tenant;
    const evaluation = await stores.evaluations.get(tenant.slug, body.evalid);
    if (!evaluation) return sendError(reply, 404, NOT_FOUND_REGO);
    const vehicle = chosenVehicle(evaluation.vehicle);
    if (!vehicle) return sendError(reply, 409, FIX_ERRORS, { desc: FORM_MESSAGES.chooseCar });
    const contact = { name: body.cName, email: body.cEmail, phone: body.cPhone, userEmail: body.userEmail ?? null };
    // Over the site's age or km limit no online offer is made; the details are kept (no offer price).
    const withheld = offerWithheld({ year: vehicle.Year, km: body.km }, tenant.site.trade_in, now(), tenant.site.timezone);
    const { offerWithheld: _previous, ...stored } = evaluation.vehicle as Record<string, unknown>;
    if (withheld) {
      await tradeIn.updateEvaluation(
        tenant.slug,
        evaluation.id,
        { km: body.km, contact, offer_price: null, vehicle: { ...stored, offerWithheld: withheld.reason } },
        now(),
      );
      return [{ ...evalVehicle(evaluation.id, vehicle, body.km), OfferPrice: null, offer_price: null, offer_withheld: withheld }];
    }
    const valuation = await adapters.valuation.value(tenant, vehicle, body.km);
    await tradeIn.updateEvaluation(tenant.slug, evaluation.id, { km: body.km, contact, offer_price: valuation.offerPrice, vehicle: stored }, now());
    return [{ ...evalVehicle(evaluation.id, vehicle, body.km), OfferPrice: valuation.offerPrice, offer_price: valuation.offerPrice }];
  });
};
