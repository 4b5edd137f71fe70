/**
 * Every SMS the lead API sends speaks in a dealer's name and costs money, so the server
 * alone decides it (issue 13 H1): the text is built here, never taken from a request;
 * trade-in thank-yous go only to the mobile number the shopper typed in that same
 * evaluation (and gave again on the lead), once per evaluation; and every text counts
 * against a per-phone and a per-tenant daily cap (sms_log).
 */
import { thankYouSms, vehicleLabel } from '../../lib/forms/instant-offer.ts';
import type { Adapters } from './adapters.ts';
import type { Evaluation, SmsReservation, KernelStore } from './store.ts';
import type { ApiTenant } from './tenants.ts';

/** Daily caps (rolling 24 hours). */
export interface SmsLimits {
  perPhonePerDay: number;
  perTenantPerDay: number;
}

export const DEFAULT_SMS_LIMITS: SmsLimits = { perPhonePerDay: 10, perTenantPerDay: 2000 };

/** The sender name a tenant texts under (alphanumeric sender ids are at most 11 characters). */
export const smsSender = (tenant: ApiTenant): string => tenant.site.name.slice(0, 11);

/** Send one SMS if the caps allow it; resolves to what happened (the send itself may still throw). */
export async function sendCappedSms(
  deps: { store: KernelStore; adapters: Adapters; now: () => number; limits: SmsLimits },
  tenant: ApiTenant,
  message: { to: string; body: string; kind: 'sign-in' | 'trade-in'; evaluationId?: string; beforeSend?: () => Promise<void> },
): Promise<SmsReservation> {
  const reserved = await deps.store.reserveSms({
    tenant: tenant.slug,
    phone: message.to,
    kind: message.kind,
    evaluationId: message.evaluationId,
    perPhone: deps.limits.perPhonePerDay,
    perTenant: deps.limits.perTenantPerDay,
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
 * The trade-in thank-you for an evaluation, or why none is sent: the phone must be the
 * mobile typed in the evaluation (update-eval) and the lead's own mobile number.
 */
export function tradeInThankYou(tenant: ApiTenant, evaluation: Evaluation | undefined, leadPhone: string | undefined): { to: string; body: string } | undefined {
  const phone = evaluation?.contact?.phone;
  if (typeof phone !== 'string' || !/^04\d{8}$/.test(phone) || phone !== leadPhone) return undefined;
  const vehicle = evaluation!.vehicle && !('candidates' in evaluation!.vehicle) ? vehicleLabel(evaluation!.vehicle as never, evaluation!.description ?? undefined) : (evaluation!.description ?? '');
  return { to: phone, body: thankYouSms({ firstName: plainFirstName(evaluation!.contact?.name) ?? '', dealer: tenant.site.name, vehicle: vehicle.slice(0, 80) }) };
}
