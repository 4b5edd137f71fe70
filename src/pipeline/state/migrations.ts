/**
 * The pipeline state's schema: each store's tables (its own file) in the numbered migrations
 * that created them, recorded in `pipeline_migrations`. Append new migrations; never edit an
 * applied one (migration 1 made the stock, release and tenant tables together).
 */
import type { Schema } from '../../platform/sql/db.ts';
import type { Migration } from '../../platform/sql/migration.ts';
import { CODE_VERSION_TABLES } from './code-versions.ts';
import { HELD_FEED_TABLES } from './held-feeds.ts';
import { HOST_TABLES } from './hosts.ts';
import { RELEASE_TABLES } from './releases.ts';
import { RESERVATION_TABLES } from './reservations.ts';
import { SEEN_PUSH_TABLES } from './pushes.ts';
import { STOCK_TABLES } from './stock.ts';
import { TENANT_BUILT_COLUMN, TENANT_LIVE_AT_COLUMN, TENANT_TABLES } from './tenants.ts';

const MIGRATIONS: Migration[] = [
  { version: 1, name: 'pipeline state', statements: () => [...STOCK_TABLES, ...RELEASE_TABLES, ...TENANT_TABLES] },
  { version: 2, name: 'held feeds', statements: () => HELD_FEED_TABLES },
  { version: 3, name: 'reservations overlay', statements: () => RESERVATION_TABLES },
  { version: 4, name: 'built stock sequence', statements: () => TENANT_BUILT_COLUMN },
  { version: 5, name: 'seen pushes', statements: () => SEEN_PUSH_TABLES },
  { version: 6, name: 'host claims', statements: () => HOST_TABLES },
  { version: 7, name: 'code versions', statements: () => CODE_VERSION_TABLES },
  { version: 8, name: 'live pointer time', statements: () => TENANT_LIVE_AT_COLUMN },
];

/** The state's migrations, their table and the PostgreSQL advisory lock held while migrating. */
export const PIPELINE_SCHEMA: Schema = { migrations: MIGRATIONS, table: 'pipeline_migrations', lockKey: 7355609 };
