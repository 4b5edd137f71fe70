/**
 * Tables of the payments feature, appended after the kernel's migrations by
 * src/server/database.ts. Versions 160+ belong to this feature, so migrations added
 * elsewhere in parallel never collide with them.
 */
import type { Migration } from '../../../platform/sql/migration.ts';

export const PAYMENT_MIGRATIONS: Migration[] = [
  {
    version: 160,
    name: 'payments, car holds, provider events',
    statements: () => [
      // One row per payment attempt (a reservation deposit or an /online-payment amount).
      `CREATE TABLE payments (
        id TEXT PRIMARY KEY,
        tenant TEXT NOT NULL,
        kind TEXT NOT NULL,
        lead_id TEXT,
        car_id TEXT,
        reference TEXT,
        attempt_key TEXT NOT NULL,
        provider TEXT NOT NULL,
        provider_ref TEXT,
        amount_cents INTEGER NOT NULL,
        currency TEXT NOT NULL,
        status TEXT NOT NULL,
        failure TEXT,
        refunded_cents INTEGER NOT NULL DEFAULT 0,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        paid_at BIGINT,
        UNIQUE (tenant, attempt_key)
      )`,
      'CREATE UNIQUE INDEX payments_provider_ref ON payments (provider_ref)',
      'CREATE INDEX payments_lead ON payments (tenant, lead_id)',
      // One car, one hold: the primary key is the lock. state 'holding' (paying, expires) or 'reserved' (paid).
      `CREATE TABLE car_holds (
        tenant TEXT NOT NULL,
        car_id TEXT NOT NULL,
        payment_id TEXT NOT NULL,
        state TEXT NOT NULL,
        expires_at BIGINT NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (tenant, car_id)
      )`,
      'CREATE INDEX car_holds_expiry ON car_holds (state, expires_at)',
      // Provider events already acted on: a replayed webhook is ignored.
      `CREATE TABLE payment_events (
        id TEXT PRIMARY KEY,
        tenant TEXT NOT NULL,
        type TEXT NOT NULL,
        received_at BIGINT NOT NULL
      )`,
    ],
  },
  {
    version: 161,
    name: 'payment clients and intents (holds and intents bounded), invoices the dealer issued',
    statements: () => [
      // Who started the payment (the client address) and when its provider intent was created: the limits count these.
      'ALTER TABLE payments ADD COLUMN client TEXT',
      'ALTER TABLE payments ADD COLUMN intent_at BIGINT',
      'CREATE INDEX payments_client ON payments (tenant, client, created_at)',
      'CREATE INDEX payments_intents ON payments (tenant, intent_at)',
      // /online-payment pays only these: an invoice number and amount the dealer issued (npm run invoice), paid once.
      `CREATE TABLE payment_invoices (
        tenant TEXT NOT NULL,
        reference_key TEXT NOT NULL,
        reference TEXT NOT NULL,
        amount_cents INTEGER NOT NULL,
        issued_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        paid_payment_id TEXT,
        PRIMARY KEY (tenant, reference_key)
      )`,
    ],
  },
  {
    version: 162,
    name: 'provider events acted on per site',
    statements: () => [
      // Sites sharing one provider account each get every event of the account at their own endpoint:
      // an event one site found no payment of its own in must still be acted on by the site whose payment it is.
      `CREATE TABLE payment_site_events (
        tenant TEXT NOT NULL,
        id TEXT NOT NULL,
        type TEXT NOT NULL,
        received_at BIGINT NOT NULL,
        PRIMARY KEY (tenant, id)
      )`,
      'INSERT INTO payment_site_events (tenant, id, type, received_at) SELECT tenant, id, type, received_at FROM payment_events',
      'DROP TABLE payment_events',
      'ALTER TABLE payment_site_events RENAME TO payment_events',
    ],
  },
  {
    version: 163,
    name: 'payments asked of the provider, abandoned invoice payments swept',
    statements: () => [
      // When the provider was last asked for the payment's verdict (its webhook lost or late): polling, and every API process's sweep, ask at most once in a while.
      'ALTER TABLE payments ADD COLUMN asked_at BIGINT',
      // The sweep of pending /online-payment payments.
      'CREATE INDEX payments_open ON payments (kind, status, created_at)',
    ],
  },
  {
    version: 164,
    name: 'orphaned PaymentIntent lists left unfinished',
    statements: () => [
      // An ended payment's list of PaymentIntents left unfinished (orphans.ts): '' to list from the start, else the last PaymentIntent read; NULL: none.
      'ALTER TABLE payments ADD COLUMN orphan_list TEXT',
      // How many of its lists were left unfinished: at ORPHAN_LISTS_MAX it is given up (left on the operator's /api/health).
      'ALTER TABLE payments ADD COLUMN orphan_lists INTEGER NOT NULL DEFAULT 0',
    ],
  },
];
