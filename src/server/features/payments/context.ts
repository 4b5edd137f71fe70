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
import type { PaymentLimits, PaymentTimings } from '../../../config/server-settings.ts';
import type { PaymentProvider } from './provider.ts';
import type { PaymentRepository, PaymentRow } from './repository.ts';

/** Options of the payments module besides its settings (createApp's `payments`). */
export interface PaymentsOptions {
  /** Environment with STRIPE_SECRET_KEY[_<SLUG>], STRIPE_WEBHOOK_SECRET[_<SLUG>], STRIPE_API_URL. Default the process environment (src/config/env.ts). */
  env?: Record<string, string | undefined>;
  /** Replace the provider of a tenant (tests); undefined = no provider. */
  providerFor?: (tenant: ApiTenant) => PaymentProvider | undefined;
  /** How often expired holds are released and abandoned /online-payment payments swept. Default 30 s. */
  sweepMs?: number;
  /** Where the reserved overlay is written (the pipeline state with STOCK_FROM_STATE); default the tenant folder's reservations.json. */
  reservations?: ReservationWriter;
}

/** What payments write of the reserved overlay (src/lib/vehicle/reservation-overlay.ts Reservations: the pipeline state's table, or the tenant folder's file). */
export type ReservationWriter = Pick<Reservations, 'reserveCar' | 'unreserveCar'>;

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
  /** Put the payment on its lead and deliver it to the dealer (not over a newer payment of the lead: true, kept on its own row); false when the lead holds a later state of the payment (nothing saved). */
  completeLead(tenant: ApiTenant, payment: PaymentRow, state: string, reservedUntil?: number): Promise<boolean>;
  markReserved(slug: string, carId: string, reference: string, at: number): Promise<void>;
  unmarkReserved(slug: string, carId: string, reference: string | null): Promise<void>;
}
