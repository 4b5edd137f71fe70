/**
 * The lead API's database: the kernel's connection (src/platform/sql/db.ts) with the lead API's schema,
 * the kernel's migrations followed by each feature's own (payments). The app, the scripts and
 * the tests open it here, so every caller gets the same tables in the same order.
 */
import { openDatabase as openWithSchema, type DatabaseConfig, type Schema, type SqlDatabase } from '../platform/sql/db.ts';
import { KERNEL_MIGRATIONS } from './kernel/migrations.ts';
import { PAYMENT_MIGRATIONS } from './features/payments/migrations.ts';

export type { DatabaseConfig, SqlDatabase, SqlExecutor } from '../platform/sql/db.ts';

/** Every migration of the lead API, in the order they apply. */
export const LEAD_API_SCHEMA: Schema = { migrations: [...KERNEL_MIGRATIONS, ...PAYMENT_MIGRATIONS], table: 'schema_migrations', lockKey: 7355608 };

/** Open the lead API's database and bring its schema up to date. */
export function openDatabase(config: DatabaseConfig): Promise<SqlDatabase> {
  return openWithSchema(config, LEAD_API_SCHEMA);
}
