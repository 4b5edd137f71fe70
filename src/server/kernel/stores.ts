/**
 * The data access every feature plugin is handed (`ctx.stores`): the tables more than one
 * part of the API uses, each behind the store of the room that owns it. A feature's own
 * tables are its own store (features/<name>/store.ts), opened over `stores.db`.
 * src/server/stores.ts adds those for the scripts and the tests.
 */
import { EvaluationReader } from '../leads/evaluations.ts';
import { OptOutStore } from '../leads/opt-outs.ts';
import { LeadRepository, OutboxRepository } from '../leads/repository.ts';
import { MessageLog } from '../ops/messages.ts';
import { Retention } from '../ops/retention.ts';
import type { SqlDatabase } from '../../platform/sql/db.ts';
import { SessionStore } from './session.ts';
import { SmsLog } from './message-caps.ts';

/** The shared stores, one per concern. */
export interface KernelStores {
  readonly db: SqlDatabase;
  /** Leads: the write (with delivery jobs and a test-drive slot), reads, booked slots. */
  readonly leads: LeadRepository;
  /** The deliveries queue, its outcomes and dead letters. */
  readonly outbox: OutboxRepository;
  readonly optOuts: OptOutStore;
  /** The evaluation (and its photo list) a delivered lead carries. */
  readonly evaluations: EvaluationReader;
  readonly sessions: SessionStore;
  readonly sms: SmsLog;
  /** What the local adapters recorded instead of sending. */
  readonly messages: MessageLog;
  readonly retention: Retention;
}

/** Where the stores keep files (outside the database). */
export interface StoreOptions {
  /** Trade-in photos are files here, named by image id; undefined: in the database (tests). */
  imagesDir?: string;
}

/** Open the shared stores over a database. */
export function openKernelStores(db: SqlDatabase, options: StoreOptions = {}): KernelStores {
  return {
    db,
    leads: new LeadRepository(db),
    outbox: new OutboxRepository(db),
    optOuts: new OptOutStore(db),
    evaluations: new EvaluationReader(db),
    sessions: new SessionStore(db),
    sms: new SmsLog(db),
    messages: new MessageLog(db),
    retention: new Retention(db, options.imagesDir),
  };
}
