/**
 * Issue 13, Low: the sign-in code hash is compared in constant time (crypto.timingSafeEqual),
 * not with `!==`, so response timing says nothing about how much of a guess was right.
 */
import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const { openDatabase } = await import('../../database.ts');
const { openStores } = await import('../../stores.ts');

describe('sign-in codes', () => {
  it('Low OTP hash compared in constant time: consumeCode uses timingSafeEqual, right and wrong codes', async () => {
    const db = await openDatabase({ kind: 'sqlite', file: ':memory:' });
    try {
      const store = openStores(db);
      const hash = (code: string) => crypto.createHmac('sha256', 'k').update(code).digest('hex');
      await db.transaction((tx) => store.auth.issueCode('alpha', '0412000001', hash('123456'), 1000, 100_000, tx));
      const spy = vi.mocked(crypto.timingSafeEqual);
      spy.mockClear();
      expect(await store.auth.consumeCode('alpha', '0412000001', hash('654321'), 2000, 5)).toBe('invalid');
      expect(spy).toHaveBeenCalledTimes(1);
      expect(await store.auth.consumeCode('alpha', '0412000001', 'not-hex', 2000, 5)).toBe('invalid');
      expect(await store.auth.consumeCode('alpha', '0412000001', hash('123456'), 2000, 5)).toBe('ok');
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      await db.close();
    }
  });
});
