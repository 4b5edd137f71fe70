/**
 * Unsubscribe links (Spam Act 2003 s 18): every delivered lead
 * carries `<site>/pages/unsubscribe?token=<lead id>.<signature>`, which the dealer's CRM puts
 * in its marketing e-mails to that shopper. The signature (HMAC-SHA256 with the unsubscribe
 * key derived from SIGN_IN_SECRET, over tenant and lead id) is made and checked only on the
 * server; the page posts the token back to POST /api/unsubscribe. Links do not expire: the
 * Act wants an unsubscribe facility to keep working.
 */
import { createHmac, timingSafeEqual, type BinaryLike } from 'node:crypto';
import { normalisePhone } from '../../schemas/phone.ts';
import type { ApiTenant } from '../kernel/tenants.ts';

/** The shape of a token: a lead id, a dot, 43 base64url characters (a 32-byte HMAC). */
export const UNSUBSCRIBE_TOKEN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

const signature = (key: BinaryLike, tenant: string, leadId: string): string => createHmac('sha256', key).update(`unsubscribe|${tenant}|${leadId}`).digest('base64url');

/** The token of a lead's unsubscribe link. */
export function unsubscribeToken(key: BinaryLike, tenant: string, leadId: string): string {
  return `${leadId}.${signature(key, tenant, leadId)}`;
}

/** The lead id a token was made for on this tenant, or undefined when it is malformed or not signed by us for this tenant. */
export function unsubscribeTokenLead(key: BinaryLike, tenant: string, token: string): string | undefined {
  const match = UNSUBSCRIBE_TOKEN.exec(token);
  if (!match) return undefined;
  const expected = Buffer.from(signature(key, tenant, match[1]!));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : undefined;
}

const requestSignature = (key: BinaryLike, tenant: string, id: string): string => createHmac('sha256', key).update(`unsubscribe-request|${tenant}|${id}`).digest('base64url');

/**
 * The token of a confirmation link for a typed contact: the same shape as a
 * lead's token, signed for another purpose, so neither passes as the other.
 */
export function unsubscribeRequestToken(key: BinaryLike, tenant: string, requestId: string): string {
  return `${requestId}.${requestSignature(key, tenant, requestId)}`;
}

/** The confirmation request id a token was made for on this tenant, or undefined. */
export function unsubscribeRequestId(key: BinaryLike, tenant: string, token: string): string | undefined {
  const match = UNSUBSCRIBE_TOKEN.exec(token);
  if (!match) return undefined;
  const expected = Buffer.from(requestSignature(key, tenant, match[1]!));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : undefined;
}

/** The public unsubscribe page of a tenant with a token. */
export const unsubscribePageUrl = (tenant: ApiTenant, token: string): string => `${tenant.site.url.replace(/\/+$/, '')}/pages/unsubscribe?token=${token}`;

/** The public unsubscribe page of a tenant for one lead's contact. */
export function unsubscribeUrl(key: BinaryLike, tenant: ApiTenant, leadId: string): string {
  return unsubscribePageUrl(tenant, unsubscribeToken(key, tenant.slug, leadId));
}

/** One contact a marketing opt-out is recorded for, normalised as the lead forms store them. */
export interface OptOutContact {
  kind: 'email' | 'phone';
  contact: string;
}

/** The normalised contacts of an e-mail address and / or phone number (blank ones skipped). */
export function optOutContacts(email: string | null | undefined, phone: string | null | undefined): OptOutContact[] {
  const contacts: OptOutContact[] = [];
  const mail = email?.trim().toLowerCase();
  if (mail) contacts.push({ kind: 'email', contact: mail });
  const digits = phone ? normalisePhone(phone.trim()) : '';
  if (digits) contacts.push({ kind: 'phone', contact: digits });
  return contacts;
}
