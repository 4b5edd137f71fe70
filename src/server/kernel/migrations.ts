/**
 * The kernel's schema migrations (the shared tables), the same for SQLite and PostgreSQL;
 * a feature's own tables are its own list (features/payments/migrations.ts), appended by
 * src/server/database.ts. Append new migrations; never edit an applied one. Portable types only: TEXT, INTEGER, BIGINT (millisecond times),
 * and the blob type named by the dialect. Ids are UUID text so no dialect-specific
 * sequences are needed; JSON is stored as TEXT.
 */
import type { Migration } from '../../platform/sql/migration.ts';

export type { Dialect, Migration } from '../../platform/sql/migration.ts';

/**
 * A lead's client_key as the header was sent: 'browser:K' is K unless K begins with an owner's prefix
 * (write.ts unprefixedKey); every other key is itself. Case-sensitive and immutable on both dialects.
 */
const KEY_AS_SENT = `CASE WHEN substr(client_key, 1, 8) = 'browser:' AND substr(client_key, 9, 8) <> 'browser:'
  AND substr(client_key, 9, 15) <> 'online-payment:' AND substr(client_key, 9, 12) <> 'spin-to-win:'
  THEN substr(client_key, 9) ELSE client_key END`;

export const KERNEL_MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'leads, outbox, shoppers, trade-in, views',
    statements: (dialect) => {
      const blob = dialect === 'postgres' ? 'BYTEA' : 'BLOB';
      return [
        `CREATE TABLE leads (
          id TEXT PRIMARY KEY,
          tenant TEXT NOT NULL,
          client_key TEXT,
          category TEXT NOT NULL,
          subcategory TEXT,
          car_id TEXT,
          dealership_slug TEXT,
          name TEXT,
          email TEXT,
          phone TEXT,
          form_completed INTEGER NOT NULL DEFAULT 0,
          offer_accepted INTEGER NOT NULL DEFAULT 0,
          data TEXT NOT NULL,
          revision INTEGER NOT NULL DEFAULT 1,
          created_at BIGINT NOT NULL,
          updated_at BIGINT NOT NULL,
          UNIQUE (tenant, client_key)
        )`,
        'CREATE INDEX leads_tenant_created ON leads (tenant, created_at)',
        // The outbox: one row per lead revision and destination; idempotency_key is what the receiver dedupes on.
        `CREATE TABLE deliveries (
          id TEXT PRIMARY KEY,
          lead_id TEXT NOT NULL REFERENCES leads (id),
          tenant TEXT NOT NULL,
          destination TEXT NOT NULL,
          revision INTEGER NOT NULL,
          idempotency_key TEXT NOT NULL UNIQUE,
          status TEXT NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          next_attempt_at BIGINT NOT NULL,
          lease_until BIGINT NOT NULL DEFAULT 0,
          last_error TEXT,
          created_at BIGINT NOT NULL,
          delivered_at BIGINT
        )`,
        'CREATE INDEX deliveries_due ON deliveries (status, next_attempt_at)',
        'CREATE INDEX deliveries_lead ON deliveries (lead_id, destination)',
        // Messages the local SMS / e-mail adapters record instead of sending.
        `CREATE TABLE messages (
          id TEXT PRIMARY KEY,
          tenant TEXT NOT NULL,
          channel TEXT NOT NULL,
          recipient TEXT NOT NULL,
          subject TEXT,
          body TEXT NOT NULL,
          created_at BIGINT NOT NULL
        )`,
        'CREATE INDEX messages_tenant ON messages (tenant, channel, created_at)',
        `CREATE TABLE users (
          id TEXT PRIMARY KEY,
          tenant TEXT NOT NULL,
          phone TEXT NOT NULL,
          created_at BIGINT NOT NULL,
          UNIQUE (tenant, phone)
        )`,
        `CREATE TABLE sign_in_codes (
          id TEXT PRIMARY KEY,
          tenant TEXT NOT NULL,
          phone TEXT NOT NULL,
          code_hash TEXT NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          expires_at BIGINT NOT NULL,
          used_at BIGINT,
          created_at BIGINT NOT NULL
        )`,
        'CREATE INDEX sign_in_codes_phone ON sign_in_codes (tenant, phone, created_at)',
        `CREATE TABLE sessions (
          token_hash TEXT PRIMARY KEY,
          user_id TEXT NOT NULL REFERENCES users (id),
          tenant TEXT NOT NULL,
          phone TEXT NOT NULL,
          expires_at BIGINT NOT NULL,
          created_at BIGINT NOT NULL
        )`,
        `CREATE TABLE watchlist (
          tenant TEXT NOT NULL,
          phone TEXT NOT NULL,
          car_id TEXT NOT NULL,
          created_at BIGINT NOT NULL,
          PRIMARY KEY (tenant, phone, car_id)
        )`,
        `CREATE TABLE car_views (
          tenant TEXT NOT NULL,
          car_slug TEXT NOT NULL,
          views INTEGER NOT NULL,
          PRIMARY KEY (tenant, car_slug)
        )`,
        `CREATE TABLE events (
          id TEXT PRIMARY KEY,
          tenant TEXT NOT NULL,
          kind TEXT NOT NULL,
          car_id TEXT,
          data TEXT,
          created_at BIGINT NOT NULL
        )`,
        `CREATE TABLE evaluations (
          id TEXT PRIMARY KEY,
          tenant TEXT NOT NULL,
          rego TEXT,
          state TEXT,
          vin TEXT,
          description TEXT,
          vehicle TEXT,
          km INTEGER,
          contact TEXT,
          offer_price INTEGER,
          image_count INTEGER NOT NULL DEFAULT 0,
          created_at BIGINT NOT NULL,
          updated_at BIGINT NOT NULL
        )`,
        `CREATE TABLE evaluation_images (
          id TEXT PRIMARY KEY,
          evaluation_id TEXT NOT NULL REFERENCES evaluations (id),
          tenant TEXT NOT NULL,
          mime TEXT NOT NULL,
          bytes INTEGER NOT NULL,
          sha256 TEXT NOT NULL,
          content ${blob} NOT NULL,
          created_at BIGINT NOT NULL
        )`,
        `CREATE TABLE miscellaneous (
          id TEXT PRIMARY KEY,
          tenant TEXT NOT NULL,
          lead_id TEXT,
          evaluation_id TEXT,
          column_name TEXT NOT NULL,
          data TEXT NOT NULL,
          created_at BIGINT NOT NULL
        )`,
        `CREATE TABLE appointments (
          id TEXT PRIMARY KEY,
          tenant TEXT NOT NULL,
          car_id TEXT NOT NULL,
          starts_at BIGINT NOT NULL,
          lead_id TEXT NOT NULL,
          created_at BIGINT NOT NULL,
          UNIQUE (tenant, car_id, starts_at)
        )`,
      ];
    },
  },
  {
    // Numbered 13 (not 2) so migrations added by parallel work do not collide; order is by position.
    version: 13,
    name: 'hardening: SMS log with daily caps, photos stored as files, delivery dead-letter index',
    statements: () => [
      // Every SMS the API sends (sign-in codes, trade-in thank-yous): daily caps per phone and tenant,
      // and at most one trade-in text per evaluation (the unique key).
      `CREATE TABLE sms_log (
        id TEXT PRIMARY KEY,
        tenant TEXT NOT NULL,
        phone TEXT NOT NULL,
        kind TEXT NOT NULL,
        evaluation_id TEXT,
        created_at BIGINT NOT NULL,
        UNIQUE (tenant, kind, evaluation_id)
      )`,
      'CREATE INDEX sms_log_phone ON sms_log (tenant, phone, created_at)',
      'CREATE INDEX sms_log_tenant ON sms_log (tenant, created_at)',
      // Photo bytes live in files (IMAGES_DIR); the row keeps the file name. Old rows keep their BLOB.
      'ALTER TABLE evaluation_images ADD COLUMN file TEXT',
      'CREATE INDEX evaluation_images_tenant ON evaluation_images (tenant, created_at)',
      'CREATE INDEX deliveries_tenant_status ON deliveries (tenant, status, created_at)',
    ],
  },
  {
    // A contact's marketing opt-out, per tenant (Spam Act). Numbered 140 so
    // migrations added in parallel do not collide.
    version: 140,
    name: 'marketing opt-outs (unsubscribe)',
    statements: () => [
      `CREATE TABLE marketing_opt_outs (
        tenant TEXT NOT NULL,
        kind TEXT NOT NULL,
        contact TEXT NOT NULL,
        source TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (tenant, kind, contact)
      )`,
    ],
  },
  {
    // The platform-wide per-phone SMS cap counts a phone's texts from every tenant. Numbered 341 so
    // migrations added in parallel do not collide.
    version: 341,
    name: 'sms_log by phone across tenants',
    statements: () => ['CREATE INDEX sms_log_phone_all ON sms_log (phone, created_at)'],
  },
  {
    // A typed opt-out waiting for its confirmation link (site setting unsubscribe_typed: "confirm").
    version: 342,
    name: 'unsubscribe confirmations',
    statements: () => [
      `CREATE TABLE unsubscribe_requests (
        id TEXT PRIMARY KEY,
        tenant TEXT NOT NULL,
        kind TEXT NOT NULL,
        contact TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      'CREATE INDEX unsubscribe_requests_tenant ON unsubscribe_requests (tenant, created_at)',
    ],
  },
  {
    // A test drive's booking keeps the time it holds the car, so a clash is checked on the drives' own
    // times. A row booked before keeps no end (NULL): it held one hour-long grid slot on the local
    // grid, its start alone with an appointments provider, and only the running deployment knows
    // which (AppointmentsAdapter.unendedMs). Numbered 310 so migrations added in parallel do not collide.
    version: 310,
    name: 'test-drive bookings with their end',
    statements: () => ['ALTER TABLE appointments ADD COLUMN ends_at BIGINT'],
  },
  {
    // A browser's lead key and the key as an earlier release stored it (the header as sent) are one key:
    // a lead retried at once to a process of each release during a rolling deploy is stored once, the
    // second insert waiting for the first (docs/lead-api.md "Keys from before the prefixes"). The
    // expression is write.ts's unprefixedKey; only rows from now on, so leads stored twice before
    // cannot stop the index being made (the lookup as sent still covers those). Numbered 330 so
    // migrations added in parallel do not collide.
    version: 330,
    name: 'one lead for a browser key and its key as sent',
    statements: () => [
      `CREATE UNIQUE INDEX leads_key_as_sent ON leads (tenant, (${KEY_AS_SENT})) WHERE client_key IS NOT NULL AND created_at >= ${Date.now()}`,
    ],
  },
  {
    // The message log counts capped e-mails too (unsubscribe confirmations to a typed address), on their
    // own channel; every earlier row is a text. Numbered 343 so migrations added in parallel do not collide.
    version: 343,
    name: 'message caps by channel',
    statements: () => ["ALTER TABLE sms_log ADD COLUMN channel TEXT NOT NULL DEFAULT 'sms'"],
  },
  {
    // The signed-in shopper (users.id) of a gated family's lead, recorded by the first post a gate let through: only they may name it
    // (leads/row.ts leadOpenTo). Earlier rows have none until such a post. Numbered 370 so migrations added in parallel do not collide.
    version: 370,
    name: "a gated lead's shopper",
    statements: () => ['ALTER TABLE leads ADD COLUMN shopper TEXT'],
  },
];
