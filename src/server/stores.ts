/**
 * The lead API's data access as one explicit record (`app.stores`, the scripts and the
 * tests): the shared stores (kernel/stores.ts) and each feature's own store, one field
 * each, so `stores.leads.save(...)` goes to the definition in one step. Route handlers
 * never use this: a feature plugin opens its own store over `ctx.stores.db`, the same way,
 * so no feature depends on another (docs/lead-api.md "Kernel and features").
 */
import type { SqlDatabase } from '../platform/sql/db.ts';
import { openKernelStores, type KernelStores, type StoreOptions } from './kernel/stores.ts';
import { AuthStore } from './features/auth/store.ts';
import { CarsStore } from './features/cars/store.ts';
import { LeadsStore } from './features/leads/store.ts';
import { TradeInStore } from './features/trade-in/store.ts';
import { WatchlistStore } from './features/watchlist/store.ts';

export type { KernelStores, StoreOptions } from './kernel/stores.ts';
export type { DeliveryHealth, DeliveryJob, LeadWrite, LeadWriteResult, StoredLead } from './leads/repository.ts';
export type { Evaluation } from './leads/evaluations.ts';
export type { SmsReservation } from './kernel/message-caps.ts';

/** Every table's data access: the shared stores and the features' own. */
export interface ServerStores extends KernelStores {
  /** The leads feature: the CSV export's pages and /api/miscellaneous. */
  readonly leadPages: LeadsStore;
  readonly auth: AuthStore;
  readonly watchlist: WatchlistStore;
  readonly cars: CarsStore;
  readonly tradeIn: TradeInStore;
}

/** The feature stores over the shared ones (each plugin opens its own the same way). */
export function featureStores(kernel: KernelStores, options: StoreOptions = {}) {
  return {
    leadPages: new LeadsStore(kernel.db),
    auth: new AuthStore(kernel.db),
    watchlist: new WatchlistStore(kernel.db),
    cars: new CarsStore(kernel.db),
    tradeIn: new TradeInStore(kernel.db, kernel.evaluations, options.imagesDir),
  };
}

/** Open the whole data access over a database (`openStores(db, { imagesDir })`). */
export function openStores(db: SqlDatabase, options: StoreOptions = {}): ServerStores {
  const kernel = openKernelStores(db, options);
  return { ...kernel, ...featureStores(kernel, options) };
}
