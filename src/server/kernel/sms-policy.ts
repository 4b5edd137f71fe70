/**
 * Every SMS the lead API sends speaks in a dealer's name and costs money, so the server
 * alone decides it (issue 13 H1): the text is built here, never taken from a request;
 * trade-in thank-yous go only to a mobile the shopper proved by signing in (issue 34 N5;
 * a site setting restores the spec's typed mobile), once per evaluation; and every text
 * counts against daily caps: per phone on this tenant and on the whole platform, per
 * tenant (sms_log, in the database every API process shares), and per client address
 * across tenants (the shared counters). A spent tenant budget still leaves a small
 * reserve for shoppers who signed in on that site before.
 */
import { thankYouSms, vehicleLabel } from '../../lib/forms/instant-offer.ts';
import type { Adapters } from './adapters.ts';
import type { Allowances } from './rate-limits.ts';
import type { Evaluation, SmsReservation, KernelStore } from './store.ts';
import type { ApiTenant } from './tenants.ts';

/** Daily caps (rolling 24 hours; the per-client one a fixed day window). */
export interface SmsLimits {
  /** Texts to one phone from one tenant. */
  perPhonePerDay: number;
  /** Texts from one tenant (its budget). */
  perTenantPerDay: number;
  /** Texts to one phone from all tenants together (issue 34 N5). */
  perPhoneAllTenantsPerDay: number;
  /** Texts one client address may cause, all tenants together (issue 34 N5). */
  perClientPerDay: number;
}

export const DEFAULT_SMS_LIMITS: SmsLimits = { perPhonePerDay: 10, perTenantPerDay: 2000, perPhoneAllTenantsPerDay: 10, perClientPerDay: 20 };

/** Sign-in codes for a phone already known to the tenant may go this far over a spent budget (a tenth, at least 1). */
export const signInReserve = (limits: SmsLimits): number => Math.max(1, Math.ceil(limits.perTenantPerDay / 10));

/** The sender name a tenant texts under (alphanumeric sender ids are at most 11 characters). */
export const smsSender = (tenant: ApiTenant): string => tenant.site.name.slice(0, 11);

/** Send one SMS if the caps allow it; resolves to what happened (the send itself may still throw). */
export async function sendCappedSms(
  deps: { store: KernelStore; adapters: Adapters; now: () => number; limits: SmsLimits; allowances?: Allowances },
  tenant: ApiTenant,
  message: {
    to: string;
    body: string;
    kind: 'sign-in' | 'trade-in' | 'unsubscribe';
    evaluationId?: string;
    beforeSend?: () => Promise<void>;
    /** The client address that caused the text (counted against perClientPerDay). */
    client?: string;
    /** The phone has signed in on this tenant before: it may use the reserve of a spent budget. */
    knownPhone?: boolean;
  },
): Promise<SmsReservation> {
  if (message.client && deps.allowances && !(await deps.allowances.take('sms-client', message.client, deps.limits.perClientPerDay))) return 'client-cap';
  const reserved = await deps.store.reserveSms({
    tenant: tenant.slug,
    phone: message.to,
    kind: message.kind,
    evaluationId: message.evaluationId,
    perPhone: deps.limits.perPhonePerDay,
    perPhoneAllTenants: deps.limits.perPhoneAllTenantsPerDay,
    perTenant: deps.limits.perTenantPerDay + (message.knownPhone && message.kind === 'sign-in' ? signInReserve(deps.limits) : 0),
    now: deps.now(),
  });
  if (reserved !== 'ok') return reserved;
  await message.beforeSend?.();
  await deps.adapters.sms.send({ tenant: tenant.slug, to: message.to, from: smsSender(tenant), body: message.body });
  return reserved;
}

/** A first name safe to put in a text: one word of letters (else undefined, and the text says "there"). */
export function plainFirstName(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined;
  const first = name.trim().split(/\s+/)[0] ?? '';
  return /^[\p{L}][\p{L}'-]{0,19}$/u.test(first) ? first : undefined;
}

/**
 * The trade-in thank-you for an evaluation, or undefined when none is sent: the phone must
 * be the mobile typed in the evaluation (update-eval), the lead's own mobile number, and
 * the phone the shopper proved by signing in on this tenant (`provenPhone`, from the
 * session): a number someone merely typed gets no text (issue 34 N5), unless the site
 * chose the spec's flow (features.trade_in_sms_to_typed_mobile).
 */
export function tradeInThankYou(tenant: ApiTenant, evaluation: Evaluation | undefined, leadPhone: string | undefined, provenPhone: string | undefined): { to: string; body: string } | undefined {
  const phone = evaluation?.contact?.phone;
  if (typeof phone !== 'string' || !/^04\d{8}$/.test(phone) || phone !== leadPhone) return undefined;
  if (phone !== provenPhone && !tenant.site.features.trade_in_sms_to_typed_mobile) return undefined;
  const vehicle = evaluation!.vehicle && !('candidates' in evaluation!.vehicle) ? vehicleLabel(evaluation!.vehicle as never, evaluation!.description ?? undefined) : (evaluation!.description ?? '');
  return { to: phone, body: thankYouSms({ firstName: plainFirstName(evaluation!.contact?.name) ?? '', dealer: tenant.site.name, vehicle: vehicle.slice(0, 80) }) };
}
