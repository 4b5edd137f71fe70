/**
 * Tables of the spin-to-win feature, appended after the kernel's and the payments feature's
 * migrations by src/server/database.ts. Versions 190+ belong to this feature, so migrations
 * added elsewhere in parallel never collide with them.
 */
import type { Migration } from '../../../platform/sql/migration.ts';

export const SPIN_TO_WIN_MIGRATIONS: Migration[] = [
  {
    version: 190,
    name: 'spin to win: spins and prizes won',
    statements: () => [
      // One row per spin; the unique key is the once-a-month rule (per tenant, per signed-in mobile).
      // lead_values: the lead the spin makes, kept with it so a lead lost to a crash is made again.
      `CREATE TABLE spin_to_win_spins (
        id TEXT PRIMARY KEY,
        tenant TEXT NOT NULL,
        phone TEXT NOT NULL,
        month TEXT NOT NULL,
        prize_id TEXT NOT NULL,
        prize_label TEXT NOT NULL,
        lead_values TEXT NOT NULL,
        lead_id TEXT,
        created_at BIGINT NOT NULL,
        UNIQUE (tenant, phone, month)
      )`,
      // How many of each prize a promotion (keyed by its start date) has given away: quantities are claimed here.
      `CREATE TABLE spin_to_win_awards (
        tenant TEXT NOT NULL,
        promotion TEXT NOT NULL,
        prize_id TEXT NOT NULL,
        awarded INTEGER NOT NULL,
        PRIMARY KEY (tenant, promotion, prize_id)
      )`,
    ],
  },
  {
    version: 191,
    name: 'spin to win: the entrant as a keyed digest',
    statements: () => [
      // HMAC of tenant | phone (key from SIGN_IN_SECRET): what the once-a-month rule keeps of a
      // spin whose lead the retention has deleted (the purge writes it over the phone and drops the entry).
      'ALTER TABLE spin_to_win_spins ADD COLUMN phone_digest TEXT',
      'CREATE INDEX spin_to_win_spins_digest ON spin_to_win_spins (tenant, phone_digest, month)',
    ],
  },
];
