/** The shape of one schema migration (migrations.ts lists them; db.ts applies them). */

/** The SQL dialects the migrations are written for (db.ts opens one of them). */
export type Dialect = 'sqlite' | 'postgres';

/** One numbered, append-only schema change. */
export interface Migration {
  version: number;
  name: string;
  statements(dialect: Dialect): string[];
}
