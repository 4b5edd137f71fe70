/**
 * What the payment steps (reserve.ts, webhook.ts, refund.ts, verdicts.ts) share: the settings, the
 * dependencies handed in by createApp, the repository, and the few actions every step may
 * take (pick the tenant's provider, cancel at the provider, complete the lead, mark the car
 * reserved on the live site). `Payments` (payments.ts) provides them.
 */
import type { Reservations } from '../../../lib/vehicle/reservation-overlay.ts';
import type { SqlDatabase } from '../../../platform/sql/db.ts';
import type { ApiTenant, TenantRegistry } from '../../kernel/tenants.ts';
import type { LeadRepository } from '../../leads/repository.ts';
import type { PaymentProvider } from './provider.ts';
import type { PaymentRepository, PaymentRow } from './repository.ts';

/** Options of the payments module (createApp's `payments`). */
export interface PaymentsOptions {
  /** Environment with STRIPE_SECRET_KEY[_<SLUG>], STRIPE_WEBHOOK_SECRET[_<SLUG>], STRIPE_API_URL. Default the process environment (src/config/env.ts). */
  env?: Record<string, string | undefined>;
  /** Replace the provider of a tenant (tests); undefined = no provider. */
  providerFor?: (tenant: ApiTenant) => PaymentProvider | undefined;
  /** How often expired holds are released and abandoned /online-payment payments swept. Default 30 s. */
  sweepMs?: number;
  /** Bounds of holds and intents; DEFAULT_PAYMENT_LIMITS for what is not given. */
  limits?: Partial<PaymentLimits>;
  /** When the provider is asked for a verdict its webhook has not brought, and when an invoice payment is abandoned; DEFAULT_PAYMENT_TIMINGS for what is not given. */
  timings?: Partial<PaymentTimings>;
  /** Where the reserved overlay is written (the pipeline state with STOCK_FROM_STATE); default the tenant folder's reservations.json. */
  reservations?: ReservationWriter;
}

/** What payments write of the reserved overlay (src/lib/vehicle/reservation-overlay.ts Reservations: the pipeline state's table, or the tenant folder's file). */
export type ReservationWriter = Pick<Reservations, 'reserveCar' | 'unreserveCar'>;

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

/** When a verdict is asked of the provider rather than awaited from its webhook (lost or late), and when an /online-payment payment is abandoned (docs/payments.md "Verdicts asked of Stripe"). */
export interface PaymentTimings {
  /** The status the browser polls asks the provider once the card was submitted this long ago with no verdict recorded. */
  askAfterMs: number;
  /** One payment's status asks the provider at most once in this time, however often it is polled. */
  askEveryMs: number;
  /** An /online-payment payment still pending this long after it started (or its card was submitted) is abandoned: the sweep cancels it, or records the verdict the provider has. */
  abandonedAfterMs: number;
}

export const DEFAULT_PAYMENT_TIMINGS: PaymentTimings = { askAfterMs: 5_000, askEveryMs: 5_000, abandonedAfterMs: 24 * 3_600_000 };

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

/** The state and actions every payment step uses. */
export interface PaymentsContext {
  readonly deps: PaymentsDeps;
  readonly limits: PaymentLimits;
  readonly timings: PaymentTimings;
  readonly repo: PaymentRepository;
  /** The tenant's provider, or undefined when it takes no payments online. */
  provider(tenant: ApiTenant): PaymentProvider | undefined;
  /** Cancel abandoned payments at the provider (best effort). */
  cancelAtProvider(tenant: ApiTenant, rows: readonly PaymentRow[]): Promise<void>;
  /** Put the payment on its lead and deliver it to the dealer. */
  completeLead(tenant: ApiTenant, payment: PaymentRow, state: string, reservedUntil?: number): Promise<void>;
  markReserved(slug: string, carId: string, reference: string, at: number): Promise<void>;
  unmarkReserved(slug: string, carId: string, reference: string | null): Promise<void>;
}
