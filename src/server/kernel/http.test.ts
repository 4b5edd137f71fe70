/**
 * The kernel's request helpers over a real tenant registry (two tenant folders in a temp
 * folder): which tenant a request is for (Host, X-Site and `site` must agree), a car by id or
 * slug, the JSON error shape and field messages, the words a client error gets (never
 * internals), where a car stands, and the signed, expiring photo links a CRM fetches.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from '../../schemas/forms/messages.ts';
import { writeTenantFolder } from '../../../tests/support/tenant-folder.ts';
import { carLocation, locationPoint } from './adapters.ts';
import { clientErrorMessage, findCar, FIX_ERRORS, isApiPath, parseOr400, resolveTenant, sendError } from './http.ts';
import { PHOTO_LINK_TTL_MS, photoLink, photoLinkValid, publicApiBase } from './photo-links.ts';
import { TenantRegistry, type ApiTenant } from './tenants.ts';

const root = mkdtempSync(join(tmpdir(), 'kernel-http-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const location = (id: number, slug: string, address: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id,
  slug,
  name: slug,
  address: { street: '1 Main St', city: 'Town', state: 'QLD', ...address },
  ...extra,
});
const car = (id: number, slug: string, extra: Record<string, unknown> = {}) => ({
  id,
  slug,
  name: slug,
  status: 'in_stock',
  car_type: 'used',
  make: 'Toyota',
  model: 'Corolla',
  year: 2020,
  km: 1,
  price: 20_000,
  ...extra,
});

writeTenantFolder(join(root, 'alpha'), {
  site: {
    slug: 'alpha',
    name: 'Alpha Motors',
    url: 'https://www.alpha.example/',
    locations: [
      location(101, 'alpha-brisbane', { postcode: '4000' }),
      location(102, 'alpha-cairns', { postcode: '4870', lat: -16.9, long: 145.77 }, { primary: true }),
    ],
  },
  stock: [car(1, 'alpha-one', { location: { id: 101, slug: 'alpha-brisbane' } }), car(2, 'alpha-two', { location: { id: 101 } }), car(3, 'alpha-three')],
});
writeTenantFolder(join(root, 'beta'), {
  site: { slug: 'beta', name: 'Beta Cars', url: 'https://beta.example', api_base: 'https://api.beta.example/v1/' },
  stock: [],
});
const tenants = new TenantRegistry({ tenantsDir: root });
const loaded = tenants.reload();
const alpha = tenants.get('alpha')!;
const beta = tenants.get('beta')!;

const request = (parts: { host?: string; site?: string; body?: unknown; query?: Record<string, unknown> }) =>
  ({
    headers: { host: parts.host, ...(parts.site !== undefined ? { 'x-site': parts.site } : {}) },
    body: parts.body,
    query: parts.query ?? {},
  }) as unknown as FastifyRequest;

/** A reply that keeps what was sent. */
function reply() {
  const sent: { status?: number; body?: unknown } = {};
  const fake = {
    code(status: number) {
      sent.status = status;
      return fake;
    },
    send(body: unknown) {
      sent.body = body;
      return fake;
    },
  };
  return { reply: fake as unknown as FastifyReply, sent };
}

describe('resolveTenant', () => {
  const mismatch = { status: 400, error: 'The site named in this request does not match the site it was sent to.' };

  it('loads both tenants', () => {
    expect(loaded).toEqual({ loaded: ['alpha', 'beta'], failed: [] });
  });

  it('takes the tenant from the Host; a site named in the request must be that one', () => {
    expect(resolveTenant(tenants, request({ host: 'www.alpha.example' }))).toEqual({ tenant: alpha });
    expect(resolveTenant(tenants, request({ host: 'alpha.localhost:4321', site: 'alpha', body: { site: 'alpha' }, query: { site: 'alpha' } }))).toEqual({
      tenant: alpha,
    });
    expect(resolveTenant(tenants, request({ host: 'www.alpha.example', site: 'beta' }))).toEqual(mismatch);
    expect(resolveTenant(tenants, request({ host: 'www.alpha.example', body: { site: 'beta' } }))).toEqual(mismatch);
    expect(resolveTenant(tenants, request({ host: 'www.alpha.example', query: { site: 'beta' } }))).toEqual(mismatch);
  });

  it('without a tenant Host, takes the one X-Site, the body and the query agree on; unknown is 404', () => {
    expect(resolveTenant(tenants, request({ host: 'api.example', site: 'beta' }))).toEqual({ tenant: beta });
    expect(resolveTenant(tenants, request({ host: 'api.example', body: { site: 'beta' }, query: { site: 'beta' } }))).toEqual({ tenant: beta });
    expect(resolveTenant(tenants, request({ host: 'api.example', site: 'alpha', query: { site: 'beta' } }))).toEqual(mismatch);
    expect(resolveTenant(tenants, request({ host: 'api.example', site: 'gamma' }))).toEqual({ status: 404, error: 'Unknown site.' });
    expect(resolveTenant(tenants, request({ host: 'api.example', site: '', query: { site: '' } }))).toEqual({ status: 404, error: 'Unknown site.' });
    // A body that is not an object (an upload) names no site.
    expect(resolveTenant(tenants, request({ host: 'api.example', body: Buffer.from('{"site":"beta"}') }))).toEqual({ status: 404, error: 'Unknown site.' });
  });
});

describe('findCar and isApiPath', () => {
  it("finds a car of the tenant by id text or by slug, not another tenant's", () => {
    expect(findCar(alpha, '2')?.slug).toBe('alpha-two');
    expect(findCar(alpha, 'alpha-three')?.id).toBe(3);
    expect(findCar(alpha, undefined)).toBeUndefined();
    expect(findCar(beta, '1')).toBeUndefined();
  });

  it('knows /api, /api/... and /api?... as the API, and nothing that merely starts with /api', () => {
    expect(['/api', '/api/leads', '/api?site=alpha'].map(isApiPath)).toEqual([true, true, true]);
    expect(['/apiary', '/', '/cars/api'].map(isApiPath)).toEqual([false, false, false]);
  });
});

describe('sendError and parseOr400', () => {
  it('answers the JSON error shape, with field messages when there are any', () => {
    const plain = reply();
    sendError(plain.reply, 404, 'Not found');
    expect(plain.sent).toEqual({ status: 404, body: { success: false, error: 'Not found' } });
    const fields = reply();
    sendError(fields.reply, 400, FIX_ERRORS, { email: 'Please enter a valid email address' });
    expect(fields.sent.body).toEqual({ success: false, error: FIX_ERRORS, fields: { email: 'Please enter a valid email address' } });
  });

  it('returns the parsed input, or answers 400 naming the field that is wrong', () => {
    const schema = v.object({ name: v.pipe(v.string(), v.minLength(1, 'Name is required')) });
    const ok = reply();
    expect(parseOr400(schema, { name: 'Jo' }, ok.reply)).toEqual({ name: 'Jo' });
    expect(ok.sent).toEqual({});
    const bad = reply();
    expect(parseOr400(schema, { name: '' }, bad.reply)).toBeUndefined();
    expect(bad.sent).toMatchObject({ status: 400, body: { success: false, error: FIX_ERRORS, fields: { name: 'Name is required' } } });
    const none = reply();
    expect(parseOr400(schema, undefined, none.reply)).toBeUndefined();
    expect(none.sent.status).toBe(400);
  });
});

describe('clientErrorMessage', () => {
  const error = (code: string | undefined, message = 'x') => Object.assign(new Error(message), { code });

  it('words each kind of client error for a person', () => {
    expect(clientErrorMessage(error('FST_ERR_CTP_INVALID_MEDIA_TYPE'), 415)).toBe('Please send the form as JSON.');
    expect(clientErrorMessage(error('FST_ERR_CTP_INVALID_JSON_BODY'), 400)).toBe('The request body is not valid JSON.');
    expect(clientErrorMessage(error('FST_ERR_CTP_EMPTY_JSON_BODY'), 400)).toBe('The request body is not valid JSON.');
    expect(clientErrorMessage(error('FST_FILES_LIMIT'), 413)).toBe('Please upload one image at a time.');
    expect(clientErrorMessage(error(undefined), 429)).toBe('Too many requests. Please wait a moment and try again.');
    expect(clientErrorMessage(error(undefined), 413)).toBe('The request is too large.');
    expect(clientErrorMessage(error(undefined), 415)).toBe('Please send the form as JSON.');
    expect(clientErrorMessage(error(undefined), 404)).toBe('Not found');
    expect(clientErrorMessage(error('FST_ERR_CTP_BODY_TOO_LARGE'), 413)).toBe(FORM_MESSAGES.imageTooLarge);
    expect(clientErrorMessage(error('FST_REQ_FILE_TOO_LARGE'), 413)).toBe('Please upload an image file under 10MB');
  });

  it('passes a short plain message on, but never a path, a stack line or a long text', () => {
    expect(clientErrorMessage(error(undefined, 'Body cannot be empty'), 400)).toBe('Body cannot be empty');
    expect(clientErrorMessage(error(undefined, 'failed in /srv/app/src/server.ts'), 400)).toBe('The request could not be understood.');
    expect(clientErrorMessage(error(undefined, 'boom at Object.<anonymous>'), 400)).toBe('The request could not be understood.');
    expect(clientErrorMessage(error(undefined, 'C:\\app'), 400)).toBe('The request could not be understood.');
    expect(clientErrorMessage(error(undefined, 'x'.repeat(120)), 400)).toBe('The request could not be understood.');
    expect(clientErrorMessage(error(undefined, ''), 400)).toBe('The request could not be understood.');
  });
});

describe('carLocation and locationPoint', () => {
  it("is the car's location by slug, else by id, else the site's primary location", () => {
    expect(carLocation(alpha, findCar(alpha, '1'))?.slug).toBe('alpha-brisbane');
    expect(carLocation(alpha, findCar(alpha, '2'))?.slug).toBe('alpha-brisbane');
    expect(carLocation(alpha, findCar(alpha, '3'))?.slug).toBe('alpha-cairns');
    expect(carLocation(alpha, undefined)?.slug).toBe('alpha-cairns');
    expect(carLocation(beta, undefined)).toBeUndefined();
  });

  it("is placed by the location's own coordinates, else its postcode's", () => {
    expect(locationPoint(carLocation(alpha, undefined))).toEqual({ lat: -16.9, lng: 145.77 });
    const brisbane = locationPoint(carLocation(alpha, findCar(alpha, '1')));
    expect(brisbane?.lat).toBeCloseTo(-27.47, 0);
    expect(brisbane?.lng).toBeCloseTo(153.03, 0);
    expect(locationPoint(carLocation(beta, undefined))).toBeUndefined();
  });
});

describe('photo links', () => {
  const secret = Buffer.alloc(32, 3);
  const now = Date.UTC(2026, 11, 2);

  it("start at the API's public base: the site URL plus a relative api_base, or an absolute api_base", () => {
    expect(publicApiBase(alpha)).toBe('https://www.alpha.example/api');
    expect(publicApiBase(beta)).toBe('https://api.beta.example/v1');
  });

  it('work for their tenant and photo until they expire, and not once changed', () => {
    const link = new URL(photoLink(secret, alpha, 'img-1', now));
    expect(`${link.origin}${link.pathname}`).toBe('https://www.alpha.example/api/eval-expert/photos/img-1');
    expect(link.searchParams.get('site')).toBe('alpha');
    const expires = Number(link.searchParams.get('expires'));
    const sig = link.searchParams.get('sig')!;
    expect(expires).toBe(now + PHOTO_LINK_TTL_MS);
    const valid = (tenant: ApiTenant | string, photo: string, at: number, signature = sig, until = expires) =>
      photoLinkValid(secret, typeof tenant === 'string' ? tenant : tenant.slug, photo, until, signature, at);
    expect(valid(alpha, 'img-1', now + PHOTO_LINK_TTL_MS)).toBe(true);
    expect(valid(alpha, 'img-1', now + PHOTO_LINK_TTL_MS + 1)).toBe(false);
    expect(valid(beta, 'img-1', now)).toBe(false);
    expect(valid(alpha, 'img-2', now)).toBe(false);
    expect(valid(alpha, 'img-1', now, sig, expires + 86_400_000)).toBe(false);
    expect(valid(alpha, 'img-1', now, sig.toUpperCase())).toBe(false);
    expect(valid(alpha, 'img-1', now, sig.slice(2))).toBe(false);
    expect(valid(alpha, 'img-1', now, sig, Number.NaN)).toBe(false);
    expect(photoLinkValid(Buffer.alloc(32, 4), 'alpha', 'img-1', expires, sig, now)).toBe(false);
  });
});
