/**
 * SMS policy: every text the lead API sends speaks in a dealer's name, so the server alone
 * decides what it says and to whom: the text is built here, never taken from a request, and a
 * trade-in thank-you goes only to a mobile the shopper proved by signing in. Sending it under the
 * caps (once per evaluation, daily caps) is message-caps.ts (sendCappedSms).
 */
import { thankYouSms, vehicleLabel } from '../../lib/forms/instant-offer.ts';
import { oneLine } from '../../schemas/forms/fields.ts';
import { smsSenderId } from '../../schemas/site/sms.ts';
import type { Evaluation } from '../leads/evaluations.ts';
import type { ApiTenant } from './tenants.ts';

/** The sender ID a tenant texts under (site.json `sms.sender_id`, else the one its name gives). */
export const smsSender = (tenant: ApiTenant): string => smsSenderId(tenant.site);

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
 * session): a number someone merely typed gets no text, unless the site
 * chose the spec's flow (features.trade_in_sms_to_typed_mobile).
 */
export function tradeInThankYou(tenant: ApiTenant, evaluation: Evaluation | undefined, leadPhone: string | undefined, provenPhone: string | undefined): { to: string; body: string } | undefined {
  const phone = evaluation?.contact?.phone;
  if (typeof phone !== 'string' || !/^04\d{8}$/.test(phone) || phone !== leadPhone) return undefined;
  if (phone !== provenPhone && !tenant.site.features.trade_in_sms_to_typed_mobile) return undefined;
  const vehicle = evaluation!.vehicle && !('candidates' in evaluation!.vehicle) ? vehicleLabel(evaluation!.vehicle as never, evaluation!.description ?? undefined) : (evaluation!.description ?? '');
  // The vehicle (the lookup's or the shopper's words) is one line, without bidirectional controls (oneLine).
  return { to: phone, body: thankYouSms({ firstName: plainFirstName(evaluation!.contact?.name) ?? '', dealer: tenant.site.name, vehicle: oneLine(vehicle).trim().slice(0, 80) }) };
}
