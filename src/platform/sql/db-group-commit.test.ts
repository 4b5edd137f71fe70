/**
 * Issue 34 L8: the SQLite group commit's error path. When a statement fails in a way that
 * makes SQLite roll the whole transaction back itself (an I/O error, a full disk; forced
 * here with a trigger's RAISE(ROLLBACK)), every transaction of that batch must still be
 * answered, none reported committed, and the next batch must work.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqlDatabase } from '../../server/database.ts';

/** Settles `promise` into what happened, or 'pending' when it is still open after `ms`. */
const settled = <T>(promise: Promise<T>, ms = 2000) =>
  Promise.race([promise.then((value) => ({ ok: true as const, value }), (error: Error) => ({ ok: false as const, error: error.message })), new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms))]);

describe('SQLite group commit', () => {
  let dir: string | undefined;
  let db: SqlDatabase | undefined;
  afterEach(async () => {
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('L8: a batch whose transaction SQLite already rolled back settles every waiter, and the next batch commits', async () => {
    dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    db = await openDatabase({ kind: 'sqlite', file: join(dir, 'test.sqlite') });
    await db.run('CREATE TABLE items (name TEXT NOT NULL)');
    await db.run("CREATE TRIGGER fail_io BEFORE INSERT ON items WHEN NEW.name = 'io-error' BEGIN SELECT RAISE(ROLLBACK, 'forced I/O error'); END");
    // Three transactions in one turn of the event loop share one batch; the middle one loses the transaction.
    const batch = ['before', 'io-error', 'after'].map((name) => settled(db!.transaction((tx) => tx.run('INSERT INTO items (name) VALUES ($1)', [name]))));
    const outcomes = await Promise.all(batch);
    expect(outcomes).not.toContain('pending');
    expect(outcomes[1]).toMatchObject({ ok: false, error: expect.stringMatching(/forced I\/O error/) });
    // What SQLite rolled back is not reported as committed.
    const rows = (await db.query<{ name: string }>('SELECT name FROM items')).map((row) => row.name);
    for (const [index, name] of ['before', 'io-error', 'after'].entries()) {
      const outcome = outcomes[index] as { ok: boolean };
      expect(rows.includes(name)).toBe(outcome.ok);
    }
    // The database keeps working.
    expect(await settled(db.transaction((tx) => tx.run('INSERT INTO items (name) VALUES ($1)', ['later'])))).toEqual({ ok: true, value: 1 });
    expect((await db.query<{ name: string }>("SELECT name FROM items WHERE name = 'later'")).length).toBe(1);
  });
});
