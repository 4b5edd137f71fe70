/**
 * Payments of the lead API (docs/payments.md): reservation deposits and /online-payment
 * amounts, AUD cents. The server is the only judge: the amount comes from the site's
 * settings or an issued invoice, a car is held for one shopper while they pay, and a
 * payment becomes paid only from the provider (its signed webhook, or the server asking it).
 * The steps live beside this file (reserve.ts, webhook.ts, refund.ts, verdicts.ts, orphans.ts,
 * SQL in repository.ts); `Payments` holds what they share (PaymentsContext), picks each tenant's
 * provider and sweeps expired holds, abandoned /online-payment payments and the PaymentIntents
 * of ended payments that never kept theirs.
 */
import { join } from 'node:path';
import { environment } from '../../../config/env.ts';
import { folderReservations } from '../../../lib/vehicle/reservation-overlay.ts';
import type { ApiTenant } from '../../kernel/tenants.ts';
import type { PaymentNeedingAttention } from '../../ops/plugin.ts';
import type { PaymentLimits, PaymentsSettings, PaymentTimings } from '../../../config/server-settings.ts';
import type { PaymentsContext, PaymentsDeps, PaymentsOptions, ReservationWriter } from './context.ts';
import type { PaymentProvider } from './provider.ts';
import { ORPHAN_LISTS_MAX, cancelOrphanedIntents } from './orphans.ts';
import { refund, release } from './refund.ts';
import { PaymentRepository, type InvoiceRow, type PaymentRow } from './repository.ts';
import { createIntent, invoiceConfirming, invoiceRefused, issueInvoice, startOnlinePayment, startReservation, withdrawInvoice, type IntentResult, type ReservationStart, type StartResult } from './reserve.ts';
import { stripeProvider } from './stripe-provider.ts';
import { askExpiringHolds, polledPayment, sweepOnlinePayments } from './verdicts.ts';
import { handleWebhook, PAID_STATUSES } from './webhook.ts';

export type { PaymentsDeps, PaymentsOptions } from './context.ts';
export type { PaymentProvider } from './provider.ts';
export type { InvoiceRow, PaymentRow } from './repository.ts';
export {
  ABANDONED_HOLDS_MESSAGE,
  ATTEMPT_TAKEN_MESSAGE,
  HOLD_ENDED_MESSAGE,
  INTENTS_PER_CLIENT_MESSAGE,
  INTENTS_PER_SITE_MESSAGE,
  INVOICE_CONFIRMING_MESSAGE,
  INVOICE_PAID_MESSAGE,
  INVOICE_UNKNOWN_MESSAGE,
  NO_ONLINE_PAYMENT_MESSAGE,
  NO_PROVIDER_MESSAGE,
  NOT_RESERVABLE_MESSAGE,
  OWN_RESERVATION_MESSAGE,
  PAYMENT_UNKNOWN_MESSAGE,
  RESERVED_MESSAGE,
  TOO_MANY_HOLDS_MESSAGE,
  type IntentResult,
  type StartResult,
} from './reserve.ts';

/** The states of a payment on its lead, in the order they follow each other (docs/payments.md "What the dealer receives"). */
const LEAD_PAYMENT_STATES = ['paid', 'partially refunded', 'refunded'];

/** How a payment state to be put on its lead stands to the one there (of the same payment): new, already there, or behind it. */
type LeadPaymentProgress = 'ahead' | 'same' | 'behind';

/** What of a lead's payment record tells its state: the status and the refunded amount ("100.00"; absent before any refund). */
interface LeadPaymentState {
  status?: string;
  refunded?: unknown;
}

/** A record's refunded amount in cents (0 when absent). */
const refundedCentsOf = (state: LeadPaymentState) => (typeof state.refunded === 'string' ? Math.round(Number(state.refunded) * 100) : 0);

/**
 * `next` against `current`, the state on the lead: by LEAD_PAYMENT_STATES, then by the refunded
 * total (a second part refund, a larger total, is a new state to send; the same total is not). Any
 * other status, such as an automatic refund's note, is only the same or not.
 */
function leadPaymentProgress(current: LeadPaymentState, next: LeadPaymentState): LeadPaymentProgress {
  const [from, to] = [LEAD_PAYMENT_STATES.indexOf(current.status ?? ''), LEAD_PAYMENT_STATES.indexOf(next.status ?? '')];
  if (from < 0 || to < 0) return current.status === next.status ? 'same' : 'ahead';
  if (from !== to) return to > from ? 'ahead' : 'behind';
  const [was, now] = [refundedCentsOf(current), refundedCentsOf(next)];
  return now === was ? 'same' : now > was ? 'ahead' : 'behind';
}

/** The Stripe API endpoint of STRIPE_API_URL (a local stand-in in tests), else Stripe's own. */
function stripeApi(url: string | undefined): { host: string; port: number; protocol: 'http' | 'https' } | undefined {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { host: parsed.hostname, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)), protocol };
}

const envSuffix = (slug: string) => slug.toUpperCase().replace(/[^A-Z0-9]/g, '_');

/** The payments service: the steps' shared state and actions (PaymentsContext), and the feature's public operations. */
export class Payments implements PaymentsContext {
  readonly deps: PaymentsDeps;
  readonly limits: PaymentLimits;
  readonly timings: PaymentTimings;
  readonly repo: PaymentRepository;
  private readonly options: PaymentsOptions;
  private readonly env: Record<string, string | undefined>;
  private readonly providers = new Map<string, { key: string; provider: PaymentProvider }>();
  /** Where the reserved overlay is written, chosen once: the pipeline state's table when handed, else the tenant folders' files. */
  private readonly reservations: ReservationWriter;
  private sweeper: NodeJS.Timeout | undefined;

  /** `settings` as resolved (src/config/server-settings.ts paymentsSettings: the lead API's ApiConfig `payments`). */
  constructor(deps: PaymentsDeps, settings: PaymentsSettings, options: PaymentsOptions = {}) {
    this.deps = deps;
    this.options = options;
    this.reservations = options.reservations ?? folderReservations((slug) => this.tenantDir(slug));
    this.env = options.env ?? environment();
    this.limits = settings.limits;
    this.timings = settings.timings;
    this.repo = new PaymentRepository(deps.db);
  }

  /** The tenant's provider, or undefined when it takes no payments online (the default). */
  provider(tenant: ApiTenant): PaymentProvider | undefined {
    if (this.options.providerFor) return this.options.providerFor(tenant);
    const settings = tenant.site.payments;
    if (settings.provider !== 'stripe' || !settings.publishable_key) return undefined;
    const suffix = envSuffix(tenant.slug);
    const secretKey = this.env[`STRIPE_SECRET_KEY_${suffix}`] ?? this.env.STRIPE_SECRET_KEY;
    const webhookSecret = this.env[`STRIPE_WEBHOOK_SECRET_${suffix}`] ?? this.env.STRIPE_WEBHOOK_SECRET;
    if (!secretKey || !webhookSecret) return undefined;
    const key = `${secretKey}|${webhookSecret}|${settings.publishable_key}`;
    const cached = this.providers.get(tenant.slug);
    if (cached?.key === key) return cached.provider;
    const provider = stripeProvider({ secretKey, webhookSecret, publishableKey: settings.publishable_key, api: stripeApi(this.env.STRIPE_API_URL) });
    this.providers.set(tenant.slug, { key, provider });
    return provider;
  }

  start(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => {
      this.expireHolds().catch((error) => this.deps.log.warn({ error: (error as Error).message }, 'hold sweep failed'));
      this.sweepOnlinePayments().catch((error) => this.deps.log.warn({ error: (error as Error).message }, 'online payment sweep failed'));
      this.cancelOrphanedIntents().catch((error) => this.deps.log.warn({ error: (error as Error).message }, 'orphaned intent sweep failed'));
    }, this.options.sweepMs ?? 30_000);
    this.sweeper.unref();
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  // ---- The steps (reserve.ts, webhook.ts, refund.ts) -------------------------------------------

  /** Hold the lead's car for its deposit (reserve.ts startReservation). */
  startReservation(tenant: ApiTenant, input: ReservationStart): Promise<StartResult> {
    return startReservation(this, tenant, input);
  }

  /** /online-payment of an issued invoice (reserve.ts startOnlinePayment). */
  startOnlinePayment(tenant: ApiTenant, input: { leadId: string; reference: string; amountCents: number; attemptKey: string; client: string }): Promise<StartResult> {
    return startOnlinePayment(this, tenant, input);
  }

  /** The shopper submits a card: the provider's intent (reserve.ts createIntent). */
  createIntent(tenant: ApiTenant, paymentId: string, client: string): Promise<IntentResult> {
    return createIntent(this, tenant, paymentId, client);
  }

  /** Why /online-payment refuses this reference and amount, or undefined (reserve.ts). */
  invoiceRefused(tenant: string, reference: string, amountCents: number): Promise<string | undefined> {
    return invoiceRefused(this, tenant, reference, amountCents);
  }

  /**
   * Why a new payment of this invoice is refused while another payment of it is being confirmed (its verdict recorded first when the provider has one), or
   * undefined (reserve.ts). One left at 3-D Secure refuses nothing and is not cancelled: only a card submitted on a new payment cancels it (createIntent).
   */
  async invoiceConfirming(tenant: ApiTenant, reference: string, except: { id?: string; attemptKey?: string }): Promise<string | undefined> {
    return (await invoiceConfirming(this, tenant, reference, except)).refused;
  }

  /** A provider's webhook for a tenant (webhook.ts). */
  handleWebhook(slug: string, rawBody: Buffer, signature: string | undefined): Promise<{ status: number; body: Record<string, unknown> }> {
    return handleWebhook(this, slug, rawBody, signature);
  }

  /** Refund a paid payment in full or in part (refund.ts; refund null: the provider had refunded it in full already, recorded so). */
  refund(tenant: ApiTenant, paymentId: string, amountCents: number | undefined, reason: string): Promise<{ refund: string | null; amountCents: number; status: string }> {
    return refund(this, tenant, paymentId, amountCents, reason);
  }

  /** Release a pending payment's hold (refund.ts). */
  release(tenant: ApiTenant, paymentId: string): Promise<boolean> {
    return release(this, tenant, paymentId);
  }

  // ---- Invoices, status, expiry ------------------------------------------------------------------

  /**
   * Issue (or change, while unpaid) an invoice /online-payment may pay: npm run invoice. Its amount is
   * not changed while a card is being paid on it, and a PaymentIntent at the old amount that took no card is cancelled (reserve.ts issueInvoice): throws, saying why.
   */
  issueInvoice(tenant: string, input: { reference: string; amountCents: number; expiresAt: number }): Promise<void> {
    return issueInvoice(this, tenant, input);
  }

  /** Withdraw an unpaid invoice, checked as an amount change is (reserve.ts withdrawInvoice: throws, saying why); returns whether one was withdrawn. */
  withdrawInvoice(tenant: string, reference: string): Promise<boolean> {
    return withdrawInvoice(this, tenant, reference);
  }

  /** The tenant's invoices, newest first. */
  invoices(tenant: string): Promise<InvoiceRow[]> {
    return this.repo.invoices(tenant);
  }

  /** A payment of the tenant (the answer is the server's, never the browser's). */
  get(tenant: string, id: string): Promise<PaymentRow | undefined> {
    return this.repo.get(tenant, id);
  }

  /** A payment as the browser polls it after confirming: its verdict asked of the provider when its webhook is late (verdicts.ts polledPayment). */
  polled(tenant: ApiTenant, id: string): Promise<PaymentRow | undefined> {
    return polledPayment(this, tenant, id);
  }

  /** Payments of a tenant, newest first (refund command). */
  list(tenant: string, filter: { carId?: string; ref?: string; id?: string } = {}): Promise<PaymentRow[]> {
    return this.repo.list(tenant, filter);
  }

  /**
   * Release every hold whose time ran out (abandoned payments) and cancel those payments at the
   * provider; a hold whose card was submitted is asked of the provider first (verdicts.ts
   * askExpiringHolds), so a deposit it took whose webhook is lost or late is recorded paid, not expired.
   */
  async expireHolds(): Promise<number> {
    await askExpiringHolds(this);
    const expired = await this.repo.releaseExpired(undefined, undefined, this.deps.now());
    for (const slug of new Set(expired.map((row) => row.tenant))) {
      const rows = expired.filter((row) => row.tenant === slug);
      const tenant = this.deps.tenants.get(slug);
      if (tenant) await this.cancelAtProvider(tenant, rows);
    }
    return expired.length;
  }

  /** Cancel or settle the abandoned /online-payment payments (timings.abandonedAfterMs; verdicts.ts sweepOnlinePayments); resolves to the number settled. */
  sweepOnlinePayments(): Promise<number> {
    return sweepOnlinePayments(this);
  }

  /** Cancel at the provider the PaymentIntents of ended payments that never kept theirs (the API stopped during the provider call; orphans.ts); resolves to the number cancelled. */
  cancelOrphanedIntents(): Promise<number> {
    return cancelOrphanedIntents(this);
  }

  /** The payments for a person to settle (repository.ts needingAttention: PaymentIntent lists unfinished or given up, amounts in review): the operator's /api/health shows them, at most 100. */
  needingAttention(): Promise<PaymentNeedingAttention[]> {
    return this.repo.needingAttention(ORPHAN_LISTS_MAX, 100);
  }

  /** Cancel abandoned payments at the provider so they can no longer be paid (best effort: a late success is still handled). */
  async cancelAtProvider(tenant: ApiTenant, rows: readonly PaymentRow[]): Promise<void> {
    const provider = this.provider(tenant);
    for (const row of rows) {
      if (!provider || !row.provider_ref) continue;
      await provider.cancelPayment(row.provider_ref, `cancel-${row.id}`).catch((error) => this.deps.log.warn({ payment: row.id, error: (error as Error).message }, 'cancel at provider failed'));
    }
  }

  // ---- The lead and the live site -----------------------------------------------------------

  /**
   * Put the server's payment record on the lead (once per state, never behind the state on it: its
   * status, then its refunded total, leadPaymentProgress) and deliver it to the dealer. The lead's
   * record is checked inside the lead write's transaction, its row locked (LeadWrite.refuse), so of
   * the webhook and a verdict asked at once (or a replayed event) one saves the lead and the other
   * changes nothing, and a state behind the one the lead holds (a paid verdict after the refund was
   * sent: the provider does not keep its events in order; a smaller refunded total saved after a
   * larger one) is not saved over it. Resolves to false in that case (logged), else true (saved, or
   * on the lead already).
   * The lead shows its newest payment the provider took (PAID_STATUSES): the state of an older
   * payment of the same lead (an earlier attempt's late event, a refund of an earlier deposit) is
   * kept on that payment's own row only. Older and newer are by when the payments were started;
   * a payment on the lead started after the lead's payments were read here is newer. Resolves to
   * true then (logged): what the payment itself took (its car) stands.
   */
  async completeLead(tenant: ApiTenant, payment: PaymentRow, state: string, reservedUntil?: number): Promise<boolean> {
    if (!payment.lead_id) return true;
    const record = {
      status: state,
      provider: payment.provider,
      reference: payment.provider_ref,
      payment_id: payment.id,
      amount: (payment.amount_cents / 100).toFixed(2),
      currency: 'AUD',
      ...(payment.refunded_cents > 0 ? { refunded: (payment.refunded_cents / 100).toFixed(2) } : {}),
      ...(payment.paid_at ? { paid_at: new Date(payment.paid_at).toISOString() } : {}),
      ...(reservedUntil ? { reserved_until: new Date(reservedUntil).toISOString() } : {}),
      ...(payment.reference ? { invoice_reference: payment.reference } : {}),
    };
    const ofLead = await this.repo.leadPayments(tenant.slug, payment.lead_id);
    const position = ofLead.findIndex((row) => row.id === payment.id);
    const older = new Set(ofLead.slice(0, Math.max(position, 0)).map((row) => row.id));
    if (position >= 0 && ofLead.slice(position + 1).some((row) => PAID_STATUSES.includes(row.status))) return this.keptOnPayment(tenant, payment, state);
    let progress = 'ahead' as LeadPaymentProgress | 'newer payment';
    const saved = await this.deps.leads.save({
      tenant: tenant.slug,
      leadId: payment.lead_id,
      byServer: true,
      refuse: (lead) => {
        const current = lead.data.payment as (LeadPaymentState & { reference?: string; payment_id?: unknown }) | undefined;
        if (typeof current?.payment_id === 'string' && current.payment_id !== payment.id && !older.has(current.payment_id)) {
          progress = 'newer payment';
          return { status: 409, error: 'a newer payment of the lead is on it' };
        }
        if (current?.reference !== payment.provider_ref) return undefined;
        progress = leadPaymentProgress(current, record);
        if (progress === 'same') return { status: 409, error: 'this payment state is on the lead already' };
        return progress === 'behind' ? { status: 409, error: 'a later state of this payment is on the lead' } : undefined;
      },
      values: { form_completed: true, payment: record },
      destinations: tenant.destinations.map((destination) => destination.id),
      now: this.deps.now(),
    });
    if (saved.status === 'updated') this.deps.kick();
    if (progress === 'newer payment') return this.keptOnPayment(tenant, payment, state);
    if (saved.status !== 'refused' || progress !== 'behind') return true;
    this.deps.log.warn({ tenant: tenant.slug, payment: payment.id, lead: payment.lead_id, state }, 'payment state behind the one on the lead: not saved');
    return false;
  }

  /** completeLead's answer for an older payment of a lead whose newer payment is on it: its state stays on its own row (logged). */
  private keptOnPayment(tenant: ApiTenant, payment: PaymentRow, state: string): true {
    this.deps.log.warn({ tenant: tenant.slug, payment: payment.id, lead: payment.lead_id, state }, 'a newer payment of the lead is on it: this state kept on the payment only');
    return true;
  }

  private tenantDir(slug: string): string {
    return join(this.deps.tenantsDir, slug);
  }

  /** The reserved overlay the pipeline publishes (docs/payments.md): in the pipeline state when configured, else the tenant folder. */
  async markReserved(slug: string, carId: string, reference: string, at: number): Promise<void> {
    const reservedAt = new Date(at).toISOString();
    try {
      await this.reservations.reserveCar(slug, carId, reference, reservedAt);
    } catch (error) {
      this.deps.log.error({ tenant: slug, car: carId, error: (error as Error).message }, 'reserved overlay could not be written');
    }
  }

  async unmarkReserved(slug: string, carId: string, reference: string | null): Promise<void> {
    try {
      await this.reservations.unreserveCar(slug, carId, reference);
    } catch (error) {
      this.deps.log.error({ tenant: slug, car: carId, error: (error as Error).message }, 'reserved overlay could not be written');
    }
  }
}
