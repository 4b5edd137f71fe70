/**
 * Message caps: every text the lead API sends, and every e-mail to an address someone merely
 * typed (an unsubscribe confirmation), costs money or lands in a stranger's inbox in a dealer's
 * name, so each is counted in one log (sms_log, `SmsLog`) on its own channel: once per kind and
 * evaluation, and daily caps per recipient (this tenant and the platform), per tenant and, for a
 * text, per client address. A spent tenant budget keeps a small reserve of sign-in codes for
 * shoppers who signed in on that site before; a code for another number that only the reserve
 * would let through is withheld (counted as sent to its recipient, not against the tenant's
 * budget, and not sent), so its answer is the same as a known number's. Messages asked for at once are counted one after
 * another (under the tenant's and the recipient's locks); the client's allowance (Redis) is asked
 * outside those locks. What a text says and to whom it may go: sms-policy.ts.
 */
import { randomUUID } from 'node:crypto';
import type { KernelAdapters } from './adapters.ts';
import type { Allowances, TakenAllowance } from './rate-limits.ts';
import { lockInTransaction, type SqlDatabase, type SqlExecutor } from '../../platform/sql/db.ts';
import type { ApiTenant } from './tenants.ts';
import type { SmsLimits } from '../../config/server-settings.ts';
import { smsSender } from './sms-policy.ts';

/** Daily caps (rolling 24 hours; the per-client one a fixed day window): the shape and its defaults live with the settings. */
export type { SmsLimits } from '../../config/server-settings.ts';

/**
 * Why an SMS may not be sent ('refused': the caller's own limit, `allowed`), or 'ok' (the send is then
 * recorded), or 'withheld' (a text asked with `withhold` that the caps allow: recorded, not sent).
 */
export type SmsReservation = 'ok' | 'withheld' | 'duplicate' | 'phone-cap' | 'tenant-cap' | 'client-cap' | 'refused';

/** The sms_log kind of a withheld text: counted against its recipient's caps, never against a tenant's budget. */
const WITHHELD_KIND = 'withheld';

/** A text to reserve: the caps it counts against, and the caller's own steps in its transaction. */
export interface SmsToReserve {
  tenant: string;
  /** The recipient: a phone, or an e-mail address on the 'email' channel. */
  phone: string;
  /** What is counted: texts ('sms', the default) or e-mails; each channel's caps count only its own messages. */
  channel?: MessageChannel;
  kind: string;
  evaluationId?: string;
  perPhone: number;
  perPhoneAllTenants?: number;
  perTenant: number;
  now: number;
  /** A limit of the caller's own, asked first under the same locks as the caps (and, for a text with an allowance, once before them): false sends nothing ('refused'). */
  allowed?: (tx: SqlExecutor) => Promise<boolean>;
  /** Stores what the text carries, in the transaction that records the text (so both are stored, or neither). */
  beforeSend?: (tx: SqlExecutor) => Promise<void>;
  /**
   * The client's allowance, taken once every other check allows the text, outside the locks (a
   * slow Redis holds up no other text), and given back when the text is not recorded after all
   * (a refused text uses none): a refused take sends nothing ('client-cap'). The take's own
   * give-back returns it to the counter that counted it (Redis, or this process's memory while
   * Redis was away) and to the window it was counted in only.
   */
  allowance?: { take(): Promise<TakenAllowance> };
}

/** The channels the message log counts. */
export type MessageChannel = 'sms' | 'email';

/**
 * Daily caps (rolling 24 hours) on unsubscribe confirmation e-mails: one to an address from a
 * tenant (its link stays valid for days), a few from all tenants together, and a tenant's budget.
 */
export const CONFIRMATION_EMAIL_LIMITS = { perRecipientPerDay: 1, perRecipientAllTenantsPerDay: 3, perTenantPerDay: 500 } as const;

/** Sign-in codes for a phone already known to the tenant may go this far over a spent budget (a tenth, at least 1). */
export const signInReserve = (limits: SmsLimits): number => Math.max(1, Math.ceil(limits.perTenantPerDay / 10));

/** Send one SMS if the caps allow it; resolves to what happened (the send itself may still throw). */
export async function sendCappedSms(
  deps: { sms: SmsLog; adapters: KernelAdapters; now: () => number; limits: SmsLimits; allowances?: Allowances },
  tenant: ApiTenant,
  message: Pick<SmsToReserve, 'evaluationId' | 'allowed' | 'beforeSend'> & {
    to: string;
    body: string;
    kind: 'sign-in' | 'trade-in' | 'unsubscribe';
    /** The client address that caused the text (counted against perClientPerDay). */
    client?: string;
    /** The phone has signed in on this tenant before: it may use the reserve of a spent budget. */
    knownPhone?: boolean;
    /**
     * Check the text as a known phone's sign-in code (the reserve included) and, where the caps allow
     * it, record it as withheld and send nothing ('withheld'; `beforeSend` runs): what a number that
     * did not sign in here is answered past the spent budget, so it is answered as a known one.
     */
    withhold?: boolean;
  },
): Promise<SmsReservation> {
  const { client } = message;
  const { allowances } = deps;
  const reserved = await deps.sms.reserve({
    tenant: tenant.slug,
    phone: message.to,
    kind: message.withhold ? WITHHELD_KIND : message.kind,
    evaluationId: message.evaluationId,
    perPhone: deps.limits.perPhonePerDay,
    perPhoneAllTenants: deps.limits.perPhoneAllTenantsPerDay,
    perTenant: deps.limits.perTenantPerDay + ((message.knownPhone || message.withhold) && message.kind === 'sign-in' ? signInReserve(deps.limits) : 0),
    now: deps.now(),
    allowed: message.allowed,
    beforeSend: message.beforeSend,
    allowance:
      client && allowances
        ? { take: () => allowances.takeReturnable('sms-client', client, deps.limits.perClientPerDay) }
        : undefined,
  });
  if (reserved !== 'ok') return reserved;
  if (message.withhold) return 'withheld';
  await deps.adapters.sms.send({ tenant: tenant.slug, to: message.to, from: smsSender(tenant), body: message.body });
  return reserved;
}

/**
 * Send one e-mail to an address someone typed (an unsubscribe confirmation) if the e-mail caps allow it
 * (CONFIRMATION_EMAIL_LIMITS, counted in the message log like texts); resolves to what happened.
 */
export async function sendCappedEmail(
  deps: { sms: SmsLog; adapters: KernelAdapters; now: () => number },
  tenant: ApiTenant,
  message: { to: string; subject: string; body: string; kind: 'unsubscribe' },
): Promise<SmsReservation> {
  const reserved = await deps.sms.reserve({
    tenant: tenant.slug,
    phone: message.to,
    channel: 'email',
    kind: message.kind,
    perPhone: CONFIRMATION_EMAIL_LIMITS.perRecipientPerDay,
    perPhoneAllTenants: CONFIRMATION_EMAIL_LIMITS.perRecipientAllTenantsPerDay,
    perTenant: CONFIRMATION_EMAIL_LIMITS.perTenantPerDay,
    now: deps.now(),
  });
  if (reserved !== 'ok') return reserved;
  await deps.adapters.mail.send({ tenant: tenant.slug, to: [message.to], subject: message.subject, body: message.body, contentType: 'text/plain; charset=utf-8' });
  return reserved;
}

/** The sms_log table: each text the API sends, and each capped e-mail (channel 'email'), counted against the caps. */
export class SmsLog {
  readonly #db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  /**
   * Record an SMS about to be sent if the caps allow it: at most `perPhone` texts to a phone
   * from this tenant, `perPhoneAllTenants` to a phone from every tenant together and
   * `perTenant` texts from a tenant in the 24 hours before `now`, and (with an
   * evaluation id) one text per kind and evaluation; the client's allowance is taken only
   * for a text that passes all of these. Counted and recorded under the tenant's
   * and the phone's locks, so texts reserved at once (by any API process) are counted one
   * after another. The allowance (Redis with REDIS_URL) is taken before the locks, once the
   * checks pass without them (so a text they refuse never touches it), and given back when
   * the checks under the locks refuse the text after all (another was recorded meanwhile) or
   * the recording fails (to the counter that counted it, Redis or this process's memory while
   * Redis was away, and into the window it was counted in only). A client's texts at once may meanwhile see its allowance short by the
   * ones still in flight; never over.
   */
  async reserve(sms: SmsToReserve): Promise<SmsReservation> {
    const { allowance } = sms;
    if (!allowance) return this.#record(sms);
    const refused = await this.#refusal(this.#db, sms);
    if (refused) return refused;
    const taken = await allowance.take();
    if (!taken.allowed) {
      await taken.giveBack();
      return 'client-cap';
    }
    let outcome: SmsReservation;
    try {
      outcome = await this.#record(sms);
    } catch (error) {
      await taken.giveBack();
      throw error;
    }
    if (outcome !== 'ok') await taken.giveBack();
    return outcome;
  }

  /** Why the caller's limit or a cap refuses the text now, or undefined. */
  async #refusal(db: SqlExecutor, sms: SmsToReserve): Promise<SmsReservation | undefined> {
    if (sms.allowed && !(await sms.allowed(db))) return 'refused';
    return this.#capReached(db, sms);
  }

  /** Check and record the text under the tenant's and the phone's locks (its allowance, if any, taken already). */
  #record(sms: SmsToReserve): Promise<SmsReservation> {
    return this.#db.transaction(async (tx) => {
      // Always in this order (tenant, then phone), so two reservations never wait for each other's second lock.
      await lockInTransaction(tx, 'sms-tenant', sms.tenant);
      await lockInTransaction(tx, 'sms-phone', `${channelOf(sms)}|${sms.phone}`);
      const refused = await this.#refusal(tx, sms);
      if (refused) return refused;
      const inserted = await tx.run('INSERT INTO sms_log (id, tenant, phone, kind, evaluation_id, created_at, channel) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (tenant, kind, evaluation_id) DO NOTHING', [
        randomUUID(),
        sms.tenant,
        sms.phone,
        sms.kind,
        sms.evaluationId ?? null,
        sms.now,
        channelOf(sms),
      ]);
      if (inserted === 0) return 'duplicate';
      await sms.beforeSend?.(tx);
      return 'ok';
    });
  }

  /** Why the text may not be recorded (a text of this evaluation already sent, a cap reached), or undefined. */
  async #capReached(tx: SqlExecutor, sms: SmsToReserve): Promise<SmsReservation | undefined> {
    const since = sms.now - 86_400_000;
    const channel = channelOf(sms);
    if (sms.evaluationId) {
      const sent = await tx.query('SELECT id FROM sms_log WHERE tenant = $1 AND kind = $2 AND evaluation_id = $3', [sms.tenant, sms.kind, sms.evaluationId]);
      if (sent.length > 0) return 'duplicate';
    }
    const tenantCount = await tx.query<{ n: number }>('SELECT COUNT(*) AS n FROM sms_log WHERE tenant = $1 AND created_at > $2 AND channel = $3 AND kind <> $4', [
      sms.tenant,
      since,
      channel,
      WITHHELD_KIND,
    ]);
    if (Number(tenantCount[0]?.n ?? 0) >= sms.perTenant) return 'tenant-cap';
    const phoneCount = await tx.query<{ n: number }>('SELECT COUNT(*) AS n FROM sms_log WHERE tenant = $1 AND phone = $2 AND created_at > $3 AND channel = $4', [sms.tenant, sms.phone, since, channel]);
    if (Number(phoneCount[0]?.n ?? 0) >= sms.perPhone) return 'phone-cap';
    if (sms.perPhoneAllTenants !== undefined) {
      const everywhere = await tx.query<{ n: number }>('SELECT COUNT(*) AS n FROM sms_log WHERE phone = $1 AND created_at > $2 AND channel = $3', [sms.phone, since, channel]);
      if (Number(everywhere[0]?.n ?? 0) >= sms.perPhoneAllTenants) return 'phone-cap';
    }
    return undefined;
  }
}

/** The channel a reservation counts on. */
const channelOf = (sms: SmsToReserve): MessageChannel => sms.channel ?? 'sms';
