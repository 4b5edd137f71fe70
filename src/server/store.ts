/**
 * The lead API's data access as one object (`app.store`, the scripts and the tests): the
 * kernel's SQL (kernel/store.ts) with each feature's own SQL (features/<name>/store.ts)
 * mixed in. Route handlers never use this: a feature plugin holds its own store and the
 * kernel's, so no feature depends on another (docs/lead-api.md "Kernel and features").
 */
import type { SqlDatabase } from './kernel/db.ts';
import { KernelStore, type StoreOptions } from './kernel/store.ts';
import { AuthStore } from './features/auth/store.ts';
import { CarsStore } from './features/cars/store.ts';
import { LeadsStore } from './features/leads/store.ts';
import { TradeInStore } from './features/trade-in/store.ts';
import { WatchlistStore } from './features/watchlist/store.ts';

export type { DeliveryHealth, DeliveryJob, Evaluation, LeadWrite, LeadWriteResult, SmsReservation, StoreOptions, StoredLead } from './kernel/store.ts';

/** Every table's data access: the kernel's and each feature's methods on one object. */
export type Store = KernelStore & LeadsStore & AuthStore & WatchlistStore & CarsStore & TradeInStore;

/** The feature stores of a kernel store (each plugin builds its own the same way). */
export function featureStores(kernel: KernelStore) {
  return {
    leads: new LeadsStore(kernel.db),
    auth: new AuthStore(kernel.db),
    watchlist: new WatchlistStore(kernel.db),
    cars: new CarsStore(kernel.db),
    tradeIn: new TradeInStore(kernel),
  };
}

class ComposedStore extends KernelStore {
  constructor(db: SqlDatabase, options: StoreOptions = {}) {
    super(db, options);
    for (const part of Object.values(featureStores(this))) {
      const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(part)).filter((name) => name !== 'constructor');
      for (const name of methods) {
        if (name in this) throw new Error(`store method ${name} is defined twice`);
        const method = (part as unknown as Record<string, (...args: unknown[]) => unknown>)[name]!;
        Object.defineProperty(this, name, { value: method.bind(part), enumerable: false });
      }
    }
  }
}

/** Open the whole data access over a database (`new Store(db, { imagesDir })`). */
export const Store = ComposedStore as unknown as new (db: SqlDatabase, options?: StoreOptions) => Store;
