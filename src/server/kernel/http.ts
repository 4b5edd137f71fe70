/**
 * HTTP helpers every feature plugin shares (docs/lead-api.md "Kernel and features"): the
 * JSON error shape, valibot validation with field messages, the tenant of a request, and
 * the short messages a client error gets.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { FORM_MESSAGES, LEAD_MESSAGES } from '../../schemas/forms/messages.ts';
import type { Car } from '../../schemas/car.ts';
import { isCarVisible } from '../../lib/vehicle/stock.ts';
import { fieldErrors } from '../../schemas/forms/fields.ts';
import type { ApiTenant, TenantRegistry } from './tenants.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant this request is for (set before every /api handler). */
    tenant: ApiTenant;
  }
}

/** Spec §8 wording for a failure the visitor cannot fix. */
export const UNEXPECTED_ERROR = LEAD_MESSAGES.unexpected;
/** Spec §8 wording above field messages. */
export const FIX_ERRORS = LEAD_MESSAGES.fixErrors;

/** Send a JSON error: `error` for people, `fields` for field-level messages. */
export function sendError(reply: FastifyReply, status: number, error: string, fields?: Record<string, string>): FastifyReply {
  return reply.code(status).send(fields ? { success: false, error, fields } : { success: false, error });
}

/** Validate `input` with `schema`; on failure answer 400 with field messages and return undefined. */
export function parseOr400<T extends v.GenericSchema>(schema: T, input: unknown, reply: FastifyReply): v.InferOutput<T> | undefined {
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  sendError(reply, 400, FIX_ERRORS, fieldErrors(result.issues, schema));
  return undefined;
}

/** The car_id message for a test drive (availability or booking) of a car the test-drive rule refuses (takesTestDrives: not in stock, not Test Drive Only). */
export const NO_TEST_DRIVE = 'This car is not available for a test drive.';

/** A car of the tenant by id (text) or slug, shown on the site or not (a lead about a car that left the site still reaches the dealer). */
export function findCar(tenant: ApiTenant, id: string | undefined): Car | undefined {
  if (id === undefined) return undefined;
  return tenant.carsById.get(id) ?? tenant.carsBySlug.get(id);
}

/**
 * A car by id or slug that the site shows or showed (isCarVisible without the sold window: the
 * feed's show_on_dealer_website and the site's stock rules): what the API serves of a car (its
 * PDF, views, price comparison) and what may be reserved (in stock only). A sold car past its
 * window counts: its page stands until the site's next full build.
 */
export function findListedCar(tenant: ApiTenant, id: string | undefined, now: number): Car | undefined {
  const car = findCar(tenant, id);
  return car && isCarVisible(car, { include_sold_cars_days: Number.POSITIVE_INFINITY, stock_rules: tenant.site.stock_rules }, now) ? car : undefined;
}

/** Whether a request path belongs to the API (everything else goes to the static sites). */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Resolve the tenant from Host, X-Site, or a `site` body/query field; they must agree. */
export function resolveTenant(tenants: TenantRegistry, request: FastifyRequest): { tenant: ApiTenant } | { status: number; error: string } {
  const claims: string[] = [];
  const fromHost = tenants.fromHost(request.headers.host);
  const header = request.headers['x-site'];
  if (typeof header === 'string' && header !== '') claims.push(header);
  const body = request.body;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { site?: unknown }).site === 'string') claims.push((body as { site: string }).site);
  const query = request.query as Record<string, unknown> | undefined;
  if (query && typeof query.site === 'string' && query.site !== '') claims.push(query.site);
  for (const claim of claims) {
    if (fromHost && claim !== fromHost.slug) return { status: 400, error: 'The site named in this request does not match the site it was sent to.' };
  }
  if (fromHost) return { tenant: fromHost };
  const named = claims[0] ? tenants.get(claims[0]) : undefined;
  if (claims.some((claim) => claim !== claims[0])) return { status: 400, error: 'The site named in this request does not match the site it was sent to.' };
  if (!named) return { status: 404, error: 'Unknown site.' };
  return { tenant: named };
}

/** A short message a person can act on for a client error from Fastify or a plugin; never internals. */
export function clientErrorMessage(error: Error & { code?: string }, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return FORM_MESSAGES.imageTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Please send the form as JSON.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'Please upload one image at a time.';
    default:
      if (status === 429) return 'Too many requests. Please wait a moment and try again.';
      if (status === 413) return 'The request is too large.';
      if (status === 415) return 'Please send the form as JSON.';
      if (status === 404) return 'Not found';
      // Fastify's own 4xx messages name no internals, but keep them generic to be sure.
      return error.message && error.message.length < 120 && !/\bat\s|\/|\\/.test(error.message) ? error.message : 'The request could not be understood.';
  }
}
