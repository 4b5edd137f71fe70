/**
 * Payments of the lead API (issue 16, docs/payments.md): reservation deposits and
 * /online-payment amounts. The server is the only judge of payment:
 *
 * - the amount comes from the site's settings (deposit) or the dealer's bounds, in cents, AUD;
 * - a car is held for one shopper while they pay (car_holds: one row per car is the lock;
 *   a second shopper is refused with a message), released on failure, cancel or expiry; a
 *   client holds few cars at once, and the provider's intent is created only when a card is
 *   submitted, within hourly limits per client and per site (PaymentLimits);
 * - /online-payment pays only invoices the dealer issued (npm run invoice), for their amount;
 * - a payment becomes paid only from the provider's signed webhook; each event is acted on
 *   once (payment_events), and every step is idempotent, so a crash anywhere is finished by
 *   the provider's retry of the same event;
 * - a paid reservation completes the lead (delivered to the dealer with the payment
 *   reference through the outbox) and writes the reserved overlay the pipeline publishes.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { environment } from '../../../config/env.ts';
import { updateReservationOverlay } from '../../../lib/vehicle/reservation-overlay.ts';
import type { SqlDatabase, SqlExecutor, SqlValue } from '../../kernel/db.ts';
import type { LeadRepository } from '../../leads/repository.ts';
import type { ApiTenant, TenantRegistry } from '../../kernel/tenants.ts';
import { WebhookSignatureError, type PaymentProvider, type ProviderEvent } from './provider.ts';
import { stripeProvider } from './stripe-provider.ts';
import { LEAD_MESSAGES } from '../../../lib/forms/messages.ts';
import type { PaymentIntentSecret, StartedPayment } from '../../../schemas/payments.ts';

/** Options of the payments module (createApp's `payments`). */
export interface PaymentsOptions {
  /** Environment with STRIPE_SECRET_KEY[_<SLUG>], STRIPE_WEBHOOK_SECRET[_<SLUG>], STRIPE_API_URL. Default the process environment (src/config/env.ts). */
  env?: Record<string, string | undefined>;
  /** Replace the provider of a tenant (tests); undefined = no provider. */
  providerFor?: (tenant: ApiTenant) => PaymentProvider | undefined;
  /** How often expired holds are released. Default 30 s. */
  sweepMs?: number;
  /** Bounds of holds and intents; DEFAULT_PAYMENT_LIMITS for what is not given. */
  limits?: Partial<PaymentLimits>;
}

/** Bounds of car holds and provider intents against hold-everything and card-testing abuse (docs/payments.md). */
export interface PaymentLimits {
  /** Cars one client (network address) may hold at once on a site. */
  holdsPerClient: number;
  /** Holds of one car that one client let run out unpaid within abandonedWindowMs, after which that client is refused the car. */
  abandonedPerClientCar: number;
  abandonedWindowMs: number;
  /** Provider intents (a card about to be charged) per client and per site in the last hour. */
  intentsPerClientHour: number;
  intentsPerTenantHour: number;
}

export const DEFAULT_PAYMENT_LIMITS: PaymentLimits = { holdsPerClient: 2, abandonedPerClientCar: 2, abandonedWindowMs: 24 * 3_600_000, intentsPerClientHour: 6, intentsPerTenantHour: 60 };

export interface PaymentsDeps {
  db: SqlDatabase;
  leads: LeadRepository;
  tenants: TenantRegistry;
  tenantsDir: string;
  now: () => number;
  /** A lead changed: deliver it now. */
  kick: () => void;
  log: { info(object: object, message?: string): void; warn(object: object, message?: string): void; error(object: object, message?: string): void };
}

export interface PaymentRow {
  id: string;
  tenant: string;
  kind: 'reservation' | 'online-payment';
  lead_id: string | null;
  car_id: string | null;
  reference: string | null;
  provider: string;
  provider_ref: string | null;
  amount_cents: number;
  currency: string;
  status: string;
  failure: string | null;
  refunded_cents: number;
  created_at: number;
  paid_at: number | null;
  /** Who started it (the client's network address); null for payments made before this was kept. */
  client: string | null;
}

/** An invoice /online-payment may pay (issued by the dealer with npm run invoice). */
export interface InvoiceRow {
  reference: string;
  amount_cents: number;
  issued_at: number;
  expires_at: number;
  paid_payment_id: string | null;
}

export type StartResult = { ok: true; payment: StartedPayment } | { ok: false; status: number; error: string; field?: string };
export type IntentResult = { ok: true; intent: PaymentIntentSecret } | { ok: false; status: number; error: string };

export const NO_PROVIDER_MESSAGE = 'Online payment is not available on this site. No card is taken online: our team will call you to take the deposit.';
export const RESERVED_MESSAGE = 'Sorry, this car has just been reserved by another buyer. Please choose another car or call us.';
export const NO_ONLINE_PAYMENT_MESSAGE = 'Online payment is not available on this site. No card is taken online: please call us to pay.';
const PAYMENT_FAILED_TO_START = 'The payment could not be started. Please try again in a moment, or call us.';
export const ATTEMPT_TAKEN_MESSAGE = 'This payment was started for another enquiry. Please start again.';
export const HOLD_ENDED_MESSAGE = 'The time to pay ran out and the car is no longer held for you. Please start again.';
const PAYMENT_ENDED_MESSAGE = 'This payment has ended. Please start again.';
const CONFIRMING_MESSAGE = 'Your payment for this car is being confirmed. Please wait a moment, or call us.';
export const TOO_MANY_HOLDS_MESSAGE = 'You already have cars held for you while you pay. Please finish or leave those payments first, or call us.';
export const ABANDONED_HOLDS_MESSAGE = 'This car was held for you before and the time to pay ran out. Please call us to reserve it.';
export const INTENTS_PER_CLIENT_MESSAGE = 'Too many payments were started from your connection. Please try again in an hour, or call us.';
export const INTENTS_PER_SITE_MESSAGE = 'Online payment is busy right now. Please try again later, or call us.';
export const INVOICE_UNKNOWN_MESSAGE = 'We could not find an unpaid invoice with this number and amount. Please check your invoice, or call us.';
export const INVOICE_PAID_MESSAGE = 'This invoice has already been paid. If you think this is wrong, please call us.';

/** An invoice number as compared: without spaces, upper case. */
const invoiceKey = (reference: string) => reference.replace(/\s+/g, '').toUpperCase();

const heldMessage = (minutes: number) =>
  `Another buyer is paying a deposit on this car right now. If they do not complete it, the car is free again within ${minutes} minutes: please try again then, or call us.`;

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

class HoldTaken extends Error {
  readonly state: string;
  constructor(state: string) {
    super('hold taken');
    this.state = state;
  }
}

function rowOf(row: Record<string, unknown>): PaymentRow {
  return {
    id: String(row.id),
    tenant: String(row.tenant),
    kind: String(row.kind) as PaymentRow['kind'],
    lead_id: row.lead_id === null ? null : String(row.lead_id),
    car_id: row.car_id === null ? null : String(row.car_id),
    reference: row.reference === null ? null : String(row.reference),
    provider: String(row.provider),
    provider_ref: row.provider_ref === null ? null : String(row.provider_ref),
    amount_cents: Number(row.amount_cents),
    currency: String(row.currency),
    status: String(row.status),
    failure: row.failure === null ? null : String(row.failure),
    refunded_cents: Number(row.refunded_cents),
    created_at: Number(row.created_at),
    paid_at: row.paid_at === null || row.paid_at === undefined ? null : Number(row.paid_at),
    client: row.client === null || row.client === undefined ? null : String(row.client),
  };
}

const PAYMENT_COLUMNS = 'id, tenant, kind, lead_id, car_id, reference, provider, provider_ref, amount_cents, currency, status, failure, refunded_cents, created_at, paid_at, client';

/** The Stripe API endpoint of STRIPE_API_URL (a local stand-in in tests), else Stripe's own. */
function stripeApi(url: string | undefined): { host: string; port: number; protocol: 'http' | 'https' } | undefined {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { host: parsed.hostname, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)), protocol };
}

const envSuffix = (slug: string) => slug.toUpperCase().replace(/[^A-Z0-9]/g, '_');

export class Payments {
  private readonly deps: PaymentsDeps;
  private readonly options: PaymentsOptions;
  private readonly env: Record<string, string | undefined>;
  private readonly providers = new Map<string, { key: string; provider: PaymentProvider }>();
  private readonly limits: PaymentLimits;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(deps: PaymentsDeps, options: PaymentsOptions = {}) {
    this.deps = deps;
    this.options = options;
    this.env = options.env ?? environment();
    this.limits = { ...DEFAULT_PAYMENT_LIMITS, ...options.limits };
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
    }, this.options.sweepMs ?? 30_000);
    this.sweeper.unref();
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  // ---- Starting a payment --------------------------------------------------------------------

  /**
   * Hold the lead's car for its deposit (amount from the site's setting). No provider intent
   * yet: that is created by createIntent when the shopper submits a card (N3). A client holds
   * at most `holdsPerClient` cars at once, and is refused a car it let run out unpaid
   * `abandonedPerClientCar` times. A new attempt of the same lead takes over its own hold.
   */
  async startReservation(tenant: ApiTenant, input: { leadId: string; carId?: string; attemptKey: string; client: string }): Promise<StartResult> {
    const provider = this.provider(tenant);
    if (!provider) return { ok: false, status: 409, error: NO_PROVIDER_MESSAGE };
    const lead = await this.deps.leads.get(tenant.slug, input.leadId);
    if (!lead) return { ok: false, status: 404, error: 'This reservation could not be found. Please start again.' };
    const carId = lead.car_id ?? undefined;
    if (!carId || (input.carId !== undefined && input.carId !== carId)) return { ok: false, status: 422, error: LEAD_MESSAGES.fixErrors, field: 'This reservation is for another car. Please start again from the car.' };
    const car = tenant.carsById.get(carId);
    if (!car || car.status !== 'in_stock') return { ok: false, status: 409, error: 'This car is no longer available to reserve. Please choose another car or call us.' };
    if (car.reserved) return { ok: false, status: 409, error: RESERVED_MESSAGE };
    const amountCents = Math.round(tenant.site.reserve_deposit * 100);
    if (amountCents < 50) return { ok: false, status: 409, error: NO_PROVIDER_MESSAGE };

    const byKey = await this.byAttempt(tenant.slug, input.attemptKey);
    if (byKey) return byKey.kind === 'reservation' && byKey.lead_id === input.leadId && byKey.car_id === carId ? this.attemptAgain(provider, byKey) : { ok: false, status: 409, error: ATTEMPT_TAKEN_MESSAGE };

    const expired = await this.releaseExpired(tenant.slug, carId);
    const at = this.deps.now();
    const own = await this.ownHold(tenant.slug, input.leadId, carId, at);
    // The same shopper again (a reload, a second click) before any card was tried: the same payment.
    if (own && !own.provider_ref) {
      await this.cancelAtProvider(tenant, expired);
      return this.started(provider, own);
    }
    if (own?.provider_ref) {
      // A card was tried on it: a declined card starts a new attempt, but a payment going through is waited for.
      const state = await provider.getPayment(own.provider_ref).then((payment) => payment.status, () => 'unknown');
      if (['processing', 'succeeded', 'requires_capture'].includes(state)) return { ok: false, status: 409, error: CONFIRMING_MESSAGE };
    }
    const refused = await this.holdRefused(tenant.slug, input.client, carId, own?.id, at);
    if (refused) {
      await this.cancelAtProvider(tenant, expired);
      this.deps.log.warn({ tenant: tenant.slug, car: carId, client: input.client, reason: refused }, 'car hold refused');
      return { ok: false, status: 429, error: refused };
    }

    const holdMs = tenant.site.payments.hold_minutes * 60_000;
    const id = randomUUID();
    let replaced: PaymentRow | undefined;
    try {
      await this.deps.db.transaction(async (tx) => {
        // A paid reservation's hold lapses after deposit_hold_hours; the car stays refused while the site shows it reserved (overlay or feed).
        await tx.run("DELETE FROM car_holds WHERE tenant = $1 AND car_id = $2 AND state = 'reserved' AND expires_at <= $3", [tenant.slug, carId, at]);
        await tx.run(
          `INSERT INTO payments (id, tenant, kind, lead_id, car_id, reference, attempt_key, provider, provider_ref, amount_cents, currency, status, created_at, updated_at, client)
           VALUES ($1, $2, 'reservation', $3, $4, NULL, $5, $6, NULL, $7, 'aud', 'pending', $8, $8, $9)`,
          [id, tenant.slug, input.leadId, carId, input.attemptKey, provider.name, amountCents, at, input.client],
        );
        // The lead's own hold passes to the new attempt (its time does not start again); the old attempt is closed.
        const moved = own ? await tx.run("UPDATE car_holds SET payment_id = $1 WHERE tenant = $2 AND car_id = $3 AND payment_id = $4 AND state = 'holding'", [id, tenant.slug, carId, own.id]) : 0;
        if (moved > 0) {
          await tx.run("UPDATE payments SET status = 'canceled', failure = 'replaced by a new attempt', updated_at = $1 WHERE id = $2 AND status = 'pending'", [at, own!.id]);
          replaced = own;
          return;
        }
        const taken = await tx.run(
          'INSERT INTO car_holds (tenant, car_id, payment_id, state, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tenant, car_id) DO NOTHING',
          [tenant.slug, carId, id, 'holding', at + holdMs, at],
        );
        if (taken === 0) {
          const holder = await tx.query<{ state: string }>('SELECT state FROM car_holds WHERE tenant = $1 AND car_id = $2', [tenant.slug, carId]);
          throw new HoldTaken(holder[0]?.state ?? 'holding');
        }
      });
    } catch (error) {
      if (error instanceof HoldTaken) return { ok: false, status: 409, error: error.state === 'reserved' ? RESERVED_MESSAGE : heldMessage(tenant.site.payments.hold_minutes) };
      // The same attempt raced itself (a double click): answer with the one that won; a key another lead took: start again (N9).
      const again = await this.byAttempt(tenant.slug, input.attemptKey);
      if (again) return again.lead_id === input.leadId && again.car_id === carId ? this.attemptAgain(provider, again) : { ok: false, status: 409, error: ATTEMPT_TAKEN_MESSAGE };
      throw error;
    }
    await this.cancelAtProvider(tenant, replaced ? [...expired, replaced] : expired);
    return this.started(provider, (await this.get(tenant.slug, id))!);
  }

  /**
   * /online-payment: an invoice the dealer issued (npm run invoice), paid for its exact amount
   * (N4). Stores the payment; its provider intent is created by createIntent, as for deposits.
   */
  async startOnlinePayment(tenant: ApiTenant, input: { leadId: string; reference: string; amountCents: number; attemptKey: string; client: string }): Promise<StartResult> {
    const provider = this.provider(tenant);
    if (!provider) return { ok: false, status: 409, error: NO_ONLINE_PAYMENT_MESSAGE };
    const lead = await this.deps.leads.get(tenant.slug, input.leadId);
    if (!lead) return { ok: false, status: 404, error: 'This payment could not be found. Please start again.' };
    const byKey = await this.byAttempt(tenant.slug, input.attemptKey);
    if (byKey) return byKey.kind === 'online-payment' && byKey.lead_id === input.leadId ? this.attemptAgain(provider, byKey) : { ok: false, status: 409, error: ATTEMPT_TAKEN_MESSAGE };
    const refused = await this.invoiceRefused(tenant.slug, input.reference, input.amountCents);
    if (refused) return { ok: false, status: 422, error: LEAD_MESSAGES.fixErrors, field: refused };
    const at = this.deps.now();
    const id = randomUUID();
    try {
      await this.deps.db.run(
        `INSERT INTO payments (id, tenant, kind, lead_id, car_id, reference, attempt_key, provider, provider_ref, amount_cents, currency, status, created_at, updated_at, client)
         VALUES ($1, $2, 'online-payment', $3, NULL, $4, $5, $6, NULL, $7, 'aud', 'pending', $8, $8, $9)`,
        [id, tenant.slug, input.leadId, input.reference, input.attemptKey, provider.name, input.amountCents, at, input.client],
      );
    } catch (error) {
      const again = await this.byAttempt(tenant.slug, input.attemptKey);
      if (again) return again.lead_id === input.leadId ? this.attemptAgain(provider, again) : { ok: false, status: 409, error: ATTEMPT_TAKEN_MESSAGE };
      throw error;
    }
    return this.started(provider, (await this.get(tenant.slug, id))!);
  }

  /**
   * The shopper submits a card: create the provider's intent for a started payment (once; a
   * retry gets the same one) and answer its client secret. Refused when the payment ended, its
   * hold ran out, its invoice was paid meanwhile, or the client or the site reached its hourly
   * number of intents (N3, N4).
   */
  async createIntent(tenant: ApiTenant, paymentId: string, client: string): Promise<IntentResult> {
    const provider = this.provider(tenant);
    if (!provider) return { ok: false, status: 409, error: NO_ONLINE_PAYMENT_MESSAGE };
    const row = await this.get(tenant.slug, paymentId);
    if (!row) return { ok: false, status: 404, error: 'This payment could not be found. Please start again.' };
    if (row.status !== 'pending') return { ok: false, status: 409, error: row.status === 'expired' ? HOLD_ENDED_MESSAGE : PAYMENT_ENDED_MESSAGE };
    if (row.provider_ref) return this.intentAgain(provider, row);
    const at = this.deps.now();
    let description: string;
    if (row.kind === 'reservation') {
      const hold = await this.deps.db.query('SELECT payment_id FROM car_holds WHERE payment_id = $1 AND state = $2 AND expires_at > $3', [row.id, 'holding', at]);
      if (hold.length === 0) return { ok: false, status: 409, error: HOLD_ENDED_MESSAGE };
      const car = tenant.carsById.get(row.car_id ?? '');
      description = `Deposit to reserve ${car?.name ?? `car ${row.car_id}`} (stock ${car?.stocknum ?? row.car_id}) at ${tenant.site.name}`;
    } else {
      const refused = await this.invoiceRefused(tenant.slug, row.reference ?? '', row.amount_cents);
      if (refused) return { ok: false, status: 409, error: refused };
      description = `Payment of ${row.reference} to ${tenant.site.name}`;
    }
    const who = row.client ?? client;
    const since = at - 3_600_000;
    const [byClient, bySite] = await Promise.all([
      this.count('SELECT COUNT(*) AS n FROM payments WHERE tenant = $1 AND client = $2 AND intent_at > $3', [tenant.slug, who, since]),
      this.count('SELECT COUNT(*) AS n FROM payments WHERE tenant = $1 AND intent_at > $2', [tenant.slug, since]),
    ]);
    const refused = byClient >= this.limits.intentsPerClientHour ? INTENTS_PER_CLIENT_MESSAGE : bySite >= this.limits.intentsPerTenantHour ? INTENTS_PER_SITE_MESSAGE : undefined;
    if (refused) {
      this.deps.log.warn({ tenant: tenant.slug, payment: row.id, client: who, byClient, bySite }, 'payment intent refused: hourly limit');
      return { ok: false, status: 429, error: refused };
    }
    await this.deps.db.run('UPDATE payments SET intent_at = $1, updated_at = $1 WHERE id = $2 AND intent_at IS NULL', [at, row.id]);
    const lead = row.lead_id ? await this.deps.leads.get(tenant.slug, row.lead_id) : undefined;
    const receiptEmail = lead?.email ?? undefined;
    const metadata: Record<string, string> =
      row.kind === 'reservation'
        ? { tenant: tenant.slug, payment_id: row.id, kind: 'reservation', lead_id: row.lead_id ?? '', car_id: row.car_id ?? '' }
        : { tenant: tenant.slug, payment_id: row.id, kind: 'online-payment', lead_id: row.lead_id ?? '', reference: row.reference ?? '' };
    return this.createAtProvider(tenant, provider, { id: row.id, amountCents: row.amount_cents, description, metadata, receiptEmail });
  }

  private async createAtProvider(
    tenant: ApiTenant,
    provider: PaymentProvider,
    input: { id: string; amountCents: number; description: string; metadata: Record<string, string>; receiptEmail?: string },
  ): Promise<IntentResult> {
    try {
      // The payment id is the idempotency key: a retried create is the same PaymentIntent.
      const created = await provider.createPayment({ amountCents: input.amountCents, currency: 'aud', description: input.description, metadata: input.metadata, idempotencyKey: `payment-${input.id}`, receiptEmail: input.receiptEmail });
      await this.deps.db.run('UPDATE payments SET provider_ref = $1, updated_at = $2 WHERE id = $3', [created.ref, this.deps.now(), input.id]);
      if (!created.clientSecret) throw new Error('the provider returned no client secret');
      return { ok: true, intent: { payment_id: input.id, client_secret: created.clientSecret } };
    } catch (error) {
      this.deps.log.error({ tenant: tenant.slug, payment: input.id, error: (error as Error).message }, 'payment could not be created');
      await this.deps.db.transaction(async (tx) => {
        await tx.run("UPDATE payments SET status = 'failed', failure = $1, updated_at = $2 WHERE id = $3 AND status = 'pending'", ['could not be created at the provider', this.deps.now(), input.id]);
        await tx.run("DELETE FROM car_holds WHERE payment_id = $1 AND state = 'holding'", [input.id]);
      });
      return { ok: false, status: 502, error: PAYMENT_FAILED_TO_START };
    }
  }

  private async count(sql: string, params: readonly SqlValue[]): Promise<number> {
    const rows = await this.deps.db.query<{ n: number | string }>(sql, params);
    return Number(rows[0]?.n ?? 0);
  }

  private async byAttempt(tenant: string, attemptKey: string): Promise<PaymentRow | undefined> {
    const rows = await this.deps.db.query(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE tenant = $1 AND attempt_key = $2`, [tenant, attemptKey]);
    return rows[0] ? rowOf(rows[0]) : undefined;
  }

  /** The same attempt again (a retried request): the same payment while it is pending, else start again. */
  private attemptAgain(provider: PaymentProvider, row: PaymentRow): Promise<StartResult> | StartResult {
    if (row.status === 'pending') return this.started(provider, row);
    return { ok: false, status: 409, error: row.status === 'expired' ? HOLD_ENDED_MESSAGE : PAYMENT_ENDED_MESSAGE };
  }

  /** The lead's pending payment still holding this car, if any. */
  private async ownHold(tenant: string, leadId: string, carId: string, at: number): Promise<PaymentRow | undefined> {
    const held = await this.deps.db.query(
      `SELECT ${PAYMENT_COLUMNS.split(', ').map((column) => `p.${column}`).join(', ')} FROM payments p JOIN car_holds h ON h.payment_id = p.id
       WHERE p.tenant = $1 AND p.lead_id = $2 AND h.car_id = $3 AND h.state = 'holding' AND h.expires_at > $4 AND p.status = 'pending'`,
      [tenant, leadId, carId, at],
    );
    return held[0] ? rowOf(held[0]) : undefined;
  }

  /** Why this client may not hold this car now (N3), or undefined. */
  private async holdRefused(tenant: string, client: string, carId: string, ownId: string | undefined, at: number): Promise<string | undefined> {
    const active = await this.count(
      `SELECT COUNT(*) AS n FROM car_holds h JOIN payments p ON p.id = h.payment_id
       WHERE h.tenant = $1 AND h.state = 'holding' AND h.expires_at > $2 AND p.client = $3 AND p.id <> $4`,
      [tenant, at, client, ownId ?? ''],
    );
    if (active >= this.limits.holdsPerClient) return TOO_MANY_HOLDS_MESSAGE;
    const abandoned = await this.count("SELECT COUNT(*) AS n FROM payments WHERE tenant = $1 AND car_id = $2 AND client = $3 AND kind = 'reservation' AND status = 'expired' AND created_at > $4", [
      tenant,
      carId,
      client,
      at - this.limits.abandonedWindowMs,
    ]);
    return abandoned >= this.limits.abandonedPerClientCar ? ABANDONED_HOLDS_MESSAGE : undefined;
  }

  /** What the browser needs to show the card form: the payment, its amount, the provider's public key, the hold's end. */
  private async started(provider: PaymentProvider, row: PaymentRow): Promise<StartResult> {
    const hold = await this.deps.db.query<{ expires_at: number }>("SELECT expires_at FROM car_holds WHERE payment_id = $1 AND state = 'holding'", [row.id]);
    return {
      ok: true,
      payment: {
        payment_id: row.id,
        provider: provider.name,
        publishable_key: provider.publishableKey,
        amount_cents: row.amount_cents,
        currency: 'AUD',
        ...(hold[0] ? { hold_expires_at: new Date(Number(hold[0].expires_at)).toISOString() } : {}),
      },
    };
  }

  /** The intent a payment already has (a retried submit): its client secret again. */
  private async intentAgain(provider: PaymentProvider, row: PaymentRow): Promise<IntentResult> {
    try {
      const payment = await provider.getPayment(row.provider_ref!);
      if (!payment.clientSecret) throw new Error('the provider returned no client secret');
      return { ok: true, intent: { payment_id: row.id, client_secret: payment.clientSecret } };
    } catch (error) {
      this.deps.log.error({ payment: row.id, error: (error as Error).message }, 'payment could not be resumed');
      return { ok: false, status: 502, error: PAYMENT_FAILED_TO_START };
    }
  }

  // ---- Invoices the dealer issued (/online-payment) -------------------------------------------

  /** Why /online-payment refuses this reference and amount (N4), or undefined: only an open invoice the dealer issued, for its exact amount. */
  async invoiceRefused(tenant: string, reference: string, amountCents: number): Promise<string | undefined> {
    const rows = await this.deps.db.query<{ amount_cents: number; expires_at: number; paid_payment_id: string | null }>(
      'SELECT amount_cents, expires_at, paid_payment_id FROM payment_invoices WHERE tenant = $1 AND reference_key = $2',
      [tenant, invoiceKey(reference)],
    );
    const invoice = rows[0];
    if (!invoice || Number(invoice.amount_cents) !== amountCents || Number(invoice.expires_at) <= this.deps.now()) return INVOICE_UNKNOWN_MESSAGE;
    return invoice.paid_payment_id ? INVOICE_PAID_MESSAGE : undefined;
  }

  /** Issue (or change, while unpaid) an invoice /online-payment may pay: npm run invoice. */
  async issueInvoice(tenant: string, input: { reference: string; amountCents: number; expiresAt: number }): Promise<void> {
    const at = this.deps.now();
    const changed = await this.deps.db.run(
      `INSERT INTO payment_invoices (tenant, reference_key, reference, amount_cents, issued_at, expires_at, paid_payment_id) VALUES ($1, $2, $3, $4, $5, $6, NULL)
       ON CONFLICT (tenant, reference_key) DO UPDATE SET reference = excluded.reference, amount_cents = excluded.amount_cents, issued_at = excluded.issued_at, expires_at = excluded.expires_at
       WHERE payment_invoices.paid_payment_id IS NULL`,
      [tenant, invoiceKey(input.reference), input.reference, input.amountCents, at, input.expiresAt],
    );
    if (changed === 0) throw new Error(`invoice ${input.reference} of ${tenant} is paid already: it cannot be changed`);
  }

  /** Withdraw an unpaid invoice; returns whether one was withdrawn. */
  async withdrawInvoice(tenant: string, reference: string): Promise<boolean> {
    return (await this.deps.db.run('DELETE FROM payment_invoices WHERE tenant = $1 AND reference_key = $2 AND paid_payment_id IS NULL', [tenant, invoiceKey(reference)])) > 0;
  }

  /** The tenant's invoices, newest first. */
  async invoices(tenant: string): Promise<InvoiceRow[]> {
    const rows = await this.deps.db.query('SELECT reference, amount_cents, issued_at, expires_at, paid_payment_id FROM payment_invoices WHERE tenant = $1 ORDER BY issued_at DESC', [tenant]);
    return rows.map((row) => ({
      reference: String(row.reference),
      amount_cents: Number(row.amount_cents),
      issued_at: Number(row.issued_at),
      expires_at: Number(row.expires_at),
      paid_payment_id: row.paid_payment_id === null ? null : String(row.paid_payment_id),
    }));
  }

  // ---- Status, expiry -----------------------------------------------------------------------

  /** A payment of the tenant (the browser polls this after confirming; the answer is the server's, never the browser's). */
  async get(tenant: string, id: string): Promise<PaymentRow | undefined> {
    const rows = await this.deps.db.query(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE tenant = $1 AND id = $2`, [tenant, id]);
    return rows[0] ? rowOf(rows[0]) : undefined;
  }

  /** Payments of a tenant, newest first (refund command). */
  async list(tenant: string, filter: { carId?: string; ref?: string; id?: string } = {}): Promise<PaymentRow[]> {
    const conditions = ['tenant = $1'];
    const params: string[] = [tenant];
    if (filter.carId) conditions.push(`car_id = $${params.push(filter.carId)}`);
    if (filter.ref) conditions.push(`provider_ref = $${params.push(filter.ref)}`);
    if (filter.id) conditions.push(`id = $${params.push(filter.id)}`);
    const rows = await this.deps.db.query(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE ${conditions.join(' AND ')} ORDER BY created_at DESC`, params);
    return rows.map(rowOf);
  }

  /** Release every hold whose time ran out (abandoned payments) and cancel those payments at the provider. */
  async expireHolds(): Promise<number> {
    const expired = await this.releaseExpired(undefined, undefined);
    for (const slug of new Set(expired.map((row) => row.tenant))) {
      const rows = expired.filter((row) => row.tenant === slug);
      const tenant = this.deps.tenants.get(slug);
      if (tenant) await this.cancelAtProvider(tenant, rows);
    }
    return expired.length;
  }

  private async releaseExpired(tenant: string | undefined, carId: string | undefined): Promise<PaymentRow[]> {
    const at = this.deps.now();
    return this.deps.db.transaction(async (tx) => {
      const scope = tenant ? ' AND tenant = $2 AND car_id = $3' : '';
      const holds = await tx.query<{ payment_id: string }>(`SELECT payment_id FROM car_holds WHERE state = 'holding' AND expires_at <= $1${scope}`, tenant ? [at, tenant, carId] : [at]);
      const rows: PaymentRow[] = [];
      for (const hold of holds) {
        await tx.run("DELETE FROM car_holds WHERE payment_id = $1 AND state = 'holding'", [hold.payment_id]);
        const changed = await tx.run("UPDATE payments SET status = 'expired', updated_at = $1 WHERE id = $2 AND status = 'pending'", [at, hold.payment_id]);
        if (changed > 0) {
          const row = await tx.query(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1`, [hold.payment_id]);
          if (row[0]) rows.push(rowOf(row[0]));
        }
      }
      return rows;
    });
  }

  /** Cancel abandoned payments at the provider so they can no longer be paid (best effort: a late success is still handled). */
  private async cancelAtProvider(tenant: ApiTenant, rows: readonly PaymentRow[]): Promise<void> {
    const provider = this.provider(tenant);
    for (const row of rows) {
      if (!provider || !row.provider_ref) continue;
      await provider.cancelPayment(row.provider_ref, `cancel-${row.id}`).catch((error) => this.deps.log.warn({ payment: row.id, error: (error as Error).message }, 'cancel at provider failed'));
    }
  }

  // ---- Provider events ---------------------------------------------------------------------

  /** A webhook for a tenant: verified over the raw body, acted on once. */
  async handleWebhook(slug: string, rawBody: Buffer, signature: string | undefined): Promise<{ status: number; body: Record<string, unknown> }> {
    const tenant = this.deps.tenants.get(slug);
    const provider = tenant ? this.provider(tenant) : undefined;
    if (!tenant || !provider) return { status: 404, body: { success: false, error: 'No payment provider is set up for this site.' } };
    let event: ProviderEvent;
    try {
      event = provider.verifyEvent(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        this.deps.log.warn({ tenant: slug, reason: error.message }, 'payment webhook refused');
        return { status: 400, body: { success: false, error: error.message } };
      }
      throw error;
    }
    const seen = await this.deps.db.query('SELECT id FROM payment_events WHERE id = $1', [event.id]);
    if (seen.length > 0) return { status: 200, body: { received: true, duplicate: true } };
    const outcome = await this.apply(tenant, event);
    // Recorded last: a crash before this line makes the provider's retry finish the (idempotent) work.
    await this.deps.db.run('INSERT INTO payment_events (id, tenant, type, received_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [event.id, slug, event.type, this.deps.now()]);
    this.deps.log.info({ tenant: slug, event: event.type, outcome }, 'payment event');
    return { status: 200, body: { received: true, outcome } };
  }

  private async apply(tenant: ApiTenant, event: ProviderEvent): Promise<string> {
    if (event.kind === 'ignored' || !event.paymentRef) return 'ignored';
    const rows = await this.deps.db.query(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE tenant = $1 AND provider_ref = $2`, [tenant.slug, event.paymentRef]);
    // A payment of another site, or not made by this platform: nothing to do here.
    if (!rows[0] || (event.metadata.tenant !== undefined && event.metadata.tenant !== tenant.slug)) return 'unknown payment';
    const payment = rowOf(rows[0]);
    switch (event.kind) {
      case 'succeeded':
        return this.paid(tenant, payment, event);
      case 'failed':
      case 'canceled':
        return this.unpaid(tenant, payment, event);
      case 'refunded':
        return this.refunded(tenant, payment, event.refundedCents ?? 0);
    }
  }

  private async paid(tenant: ApiTenant, payment: PaymentRow, event: ProviderEvent): Promise<string> {
    if (event.amountCents !== payment.amount_cents || event.currency.toLowerCase() !== payment.currency) {
      this.deps.log.error({ tenant: tenant.slug, payment: payment.id, amount: event.amountCents, expected: payment.amount_cents }, 'paid amount differs from the amount asked');
      await this.deps.db.run("UPDATE payments SET status = 'review', failure = $1, updated_at = $2 WHERE id = $3", [`paid ${event.amountCents} ${event.currency}, asked ${payment.amount_cents} ${payment.currency}`, this.deps.now(), payment.id]);
      return 'amount mismatch';
    }
    const at = this.deps.now();
    const holdUntil = at + tenant.site.payments.deposit_hold_hours * 3_600_000;
    let conflict = false;
    if (!['paid', 'refunded', 'partially_refunded', 'conflict'].includes(payment.status)) {
      conflict = await this.deps.db.transaction(async (tx) => {
        let clash = false;
        if (payment.kind === 'reservation' && payment.car_id) clash = !(await this.takeReserved(tx, tenant.slug, payment.car_id, payment.id, holdUntil, at));
        await tx.run('UPDATE payments SET status = $1, paid_at = $2, updated_at = $2 WHERE id = $3', [clash ? 'conflict' : 'paid', at, payment.id]);
        if (payment.kind === 'online-payment' && payment.reference) {
          await tx.run('UPDATE payment_invoices SET paid_payment_id = $1 WHERE tenant = $2 AND reference_key = $3 AND paid_payment_id IS NULL', [payment.id, tenant.slug, invoiceKey(payment.reference)]);
        }
        return clash;
      });
    } else {
      conflict = payment.status === 'conflict';
    }
    if (conflict) {
      // Paid after the hold ran out and someone else has the car now: the money goes back.
      await this.refund(tenant, payment.id, undefined, 'the car was reserved by another buyer before this payment arrived').catch((error) => this.deps.log.error({ payment: payment.id, error: (error as Error).message }, 'automatic refund failed'));
      await this.completeLead(tenant, { ...payment, paid_at: at }, 'refunded: car taken by another buyer');
      return 'refunded: car taken';
    }
    await this.completeLead(tenant, { ...payment, paid_at: payment.paid_at ?? at }, 'paid', holdUntil);
    if (payment.kind === 'reservation' && payment.car_id) this.markReserved(tenant.slug, payment.car_id, payment.provider_ref ?? payment.id, at);
    return 'paid';
  }

  /** The car becomes this payment's: its own hold turns into a reservation, or a free car is taken. */
  private async takeReserved(tx: SqlExecutor, tenant: string, carId: string, paymentId: string, until: number, at: number): Promise<boolean> {
    const own = await tx.run("UPDATE car_holds SET state = 'reserved', expires_at = $1 WHERE tenant = $2 AND car_id = $3 AND payment_id = $4", [until, tenant, carId, paymentId]);
    if (own > 0) return true;
    await tx.run("DELETE FROM car_holds WHERE tenant = $1 AND car_id = $2 AND state = 'holding' AND expires_at <= $3", [tenant, carId, at]);
    const taken = await tx.run('INSERT INTO car_holds (tenant, car_id, payment_id, state, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tenant, car_id) DO NOTHING', [
      tenant,
      carId,
      paymentId,
      'reserved',
      until,
      at,
    ]);
    return taken > 0;
  }

  private async unpaid(tenant: ApiTenant, payment: PaymentRow, event: ProviderEvent): Promise<string> {
    if (payment.status !== 'pending' && payment.status !== 'expired') return 'already settled';
    const status = event.kind === 'canceled' ? 'canceled' : 'failed';
    await this.deps.db.transaction(async (tx) => {
      await tx.run('UPDATE payments SET status = $1, failure = $2, updated_at = $3 WHERE id = $4', [status, event.failure?.slice(0, 300) ?? null, this.deps.now(), payment.id]);
      await tx.run("DELETE FROM car_holds WHERE payment_id = $1 AND state = 'holding'", [payment.id]);
    });
    // A declined attempt is closed: trying again starts a new attempt (and a new hold).
    if (status === 'failed') await this.cancelAtProvider(tenant, [payment]);
    return status;
  }

  private async refunded(tenant: ApiTenant, payment: PaymentRow, refundedCents: number): Promise<string> {
    const full = refundedCents >= payment.amount_cents;
    const status = payment.status === 'conflict' ? 'conflict' : full ? 'refunded' : 'partially_refunded';
    if (payment.refunded_cents === refundedCents && payment.status === status) return 'already recorded';
    await this.deps.db.transaction(async (tx) => {
      await tx.run('UPDATE payments SET status = $1, refunded_cents = $2, updated_at = $3 WHERE id = $4', [status, refundedCents, this.deps.now(), payment.id]);
      if (full) await tx.run('DELETE FROM car_holds WHERE payment_id = $1', [payment.id]);
    });
    if (full && payment.kind === 'reservation' && payment.car_id) this.unmarkReserved(tenant.slug, payment.car_id, payment.provider_ref);
    if (payment.status !== 'conflict') await this.completeLead(tenant, { ...payment, refunded_cents: refundedCents }, full ? 'refunded' : 'partially refunded');
    return status;
  }

  // ---- Refunds (the dealer's command) -----------------------------------------------------------

  /** Refund a paid payment in full or in part; the provider's refund event records it (and it is recorded here at once too). */
  async refund(tenant: ApiTenant, paymentId: string, amountCents: number | undefined, reason: string): Promise<{ refund: string; amountCents: number; status: string }> {
    const payment = await this.get(tenant.slug, paymentId);
    if (!payment) throw new Error(`no payment ${paymentId} for ${tenant.slug}`);
    if (!['paid', 'partially_refunded', 'conflict'].includes(payment.status) || !payment.provider_ref) throw new Error(`payment ${paymentId} is ${payment.status}: only a paid payment can be refunded`);
    const left = payment.amount_cents - payment.refunded_cents;
    const cents = amountCents ?? left;
    if (cents <= 0 || cents > left) throw new Error(`refund amount ${money(cents)} is not between $0.01 and the ${money(left)} left to refund`);
    const provider = this.provider(tenant);
    if (!provider) throw new Error(`${tenant.slug} has no payment provider set up (STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET)`);
    const refund = await provider.refund(payment.provider_ref, amountCents, `refund-${payment.id}-${payment.refunded_cents}-${cents}`);
    this.deps.log.info({ tenant: tenant.slug, payment: payment.id, refund: refund.ref, amount: cents, reason }, 'refund made');
    if (refund.status === 'succeeded' || refund.status === 'pending') await this.refunded(tenant, payment, payment.refunded_cents + cents);
    return { refund: refund.ref, amountCents: cents, status: refund.status };
  }

  /** A pending payment's hold released by the dealer (the shopper gave up): the intent is cancelled. */
  async release(tenant: ApiTenant, paymentId: string): Promise<boolean> {
    const payment = await this.get(tenant.slug, paymentId);
    if (!payment || payment.status !== 'pending') return false;
    await this.deps.db.transaction(async (tx) => {
      await tx.run("UPDATE payments SET status = 'canceled', updated_at = $1 WHERE id = $2 AND status = 'pending'", [this.deps.now(), payment.id]);
      await tx.run("DELETE FROM car_holds WHERE payment_id = $1 AND state = 'holding'", [payment.id]);
    });
    await this.cancelAtProvider(tenant, [payment]);
    return true;
  }

  // ---- The lead and the live site -----------------------------------------------------------

  /** Put the server's payment record on the lead (once per state) and deliver it to the dealer. */
  private async completeLead(tenant: ApiTenant, payment: PaymentRow, state: string, reservedUntil?: number): Promise<void> {
    if (!payment.lead_id) return;
    const lead = await this.deps.leads.get(tenant.slug, payment.lead_id);
    if (!lead) return;
    const current = lead.data.payment as { status?: string; reference?: string } | undefined;
    if (current?.status === state && current.reference === payment.provider_ref) return;
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
    await this.deps.leads.save({
      tenant: tenant.slug,
      leadId: payment.lead_id,
      values: { form_completed: true, payment: record },
      destinations: tenant.destinations.map((destination) => destination.id),
      now: this.deps.now(),
    });
    this.deps.kick();
  }

  private tenantDir(slug: string): string {
    return join(this.deps.tenantsDir, slug);
  }

  /** The reserved overlay the pipeline publishes (docs/payments.md). */
  private markReserved(slug: string, carId: string, reference: string, at: number): void {
    try {
      updateReservationOverlay(this.tenantDir(slug), (overlay) => ({ ...overlay, [carId]: overlay[carId] ?? { reference, reserved_at: new Date(at).toISOString() } }));
    } catch (error) {
      this.deps.log.error({ tenant: slug, car: carId, error: (error as Error).message }, 'reserved overlay could not be written');
    }
  }

  private unmarkReserved(slug: string, carId: string, reference: string | null): void {
    try {
      updateReservationOverlay(this.tenantDir(slug), (overlay) => {
        if (overlay[carId] && (reference === null || overlay[carId]!.reference === reference)) delete overlay[carId];
        return overlay;
      });
    } catch (error) {
      this.deps.log.error({ tenant: slug, car: carId, error: (error as Error).message }, 'reserved overlay could not be written');
    }
  }
}
