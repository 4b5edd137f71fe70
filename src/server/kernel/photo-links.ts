/**
 * Signed links to trade-in photos, so the dealer's CRM (which receives the lead) can fetch
 * them without an account: /api/eval-expert/photos/<id>?site=<slug>&expires=<ms>&sig=<hmac>.
 * The signature covers tenant, photo id and expiry; links last 30 days. The key is the
 * photo-link key derived from SIGN_IN_SECRET (keys.ts), never the secret itself.
 */
import { createHmac, timingSafeEqual, type BinaryLike } from 'node:crypto';
import type { ApiTenant } from './tenants.ts';

/** How long a photo link works. */
export const PHOTO_LINK_TTL_MS = 30 * 86_400_000;

const signature = (secret: BinaryLike, tenant: string, photoId: string, expires: number): string =>
  createHmac('sha256', secret).update(`photo|${tenant}|${photoId}|${expires}`).digest('hex');

/** The API's public base for a tenant: an absolute api_base, else the site URL + api_base. */
export function publicApiBase(tenant: ApiTenant): string {
  const base = tenant.site.api_base;
  if (/^https?:\/\//.test(base)) return base.replace(/\/+$/, '');
  return `${tenant.site.url.replace(/\/+$/, '')}/${base.replace(/^\/+|\/+$/g, '')}`;
}

/** A signed, expiring link to one photo. */
export function photoLink(secret: BinaryLike, tenant: ApiTenant, photoId: string, now: number): string {
  const expires = now + PHOTO_LINK_TTL_MS;
  return `${publicApiBase(tenant)}/eval-expert/photos/${photoId}?site=${tenant.slug}&expires=${expires}&sig=${signature(secret, tenant.slug, photoId, expires)}`;
}

/** Whether a link's signature is right and it has not expired. */
export function photoLinkValid(secret: BinaryLike, tenant: string, photoId: string, expires: number, sig: string, now: number): boolean {
  if (!Number.isFinite(expires) || expires < now || !/^[0-9a-f]{64}$/.test(sig)) return false;
  return timingSafeEqual(Buffer.from(signature(secret, tenant, photoId, expires), 'hex'), Buffer.from(sig, 'hex'));
}
