import { describe, expect, it } from 'vitest';
import { COMPARE_KEY, COMPARE_LIMIT, createCompare, parseCompare } from './compare.ts';
import { memoryStorage } from './persisted.ts';

const car = (id: number) => ({ id: String(id), slug: `car-${id}`, name: `Car ${id}` });

describe('compare store', () => {
  it('toggles cars and persists them', () => {
    const storage = memoryStorage();
    const store = createCompare(storage);
    expect(store.toggleCompare(car(1))).toBe('added');
    expect(store.isCompared(1)).toBe(true);
    expect(JSON.parse(storage.data[COMPARE_KEY])).toEqual([car(1)]);
    expect(store.toggleCompare(car(1))).toBe('removed');
    expect(store.isCompared(1)).toBe(false);
  });

  it(`refuses a car beyond ${COMPARE_LIMIT}`, () => {
    const store = createCompare(memoryStorage());
    for (let id = 1; id <= COMPARE_LIMIT; id++) expect(store.toggleCompare(car(id))).toBe('added');
    expect(store.toggleCompare(car(99))).toBe('full');
    expect(store.$compare.get()).toHaveLength(COMPARE_LIMIT);
    store.removeCompare(2);
    expect(store.$compare.get().map((item) => item.id)).toEqual(
      Array.from({ length: COMPARE_LIMIT }, (_, index) => String(index + 1)).filter((id) => id !== '2'),
    );
    store.clearCompare();
    expect(store.$compare.get()).toEqual([]);
  });

  it('reads stored lists defensively', () => {
    expect(parseCompare([car(1), car(1), { id: 3 }, car(4), car(5), car(6)])).toEqual([car(1), car(4), car(5)]);
    expect(createCompare(memoryStorage({ [COMPARE_KEY]: '"x"' })).$compare.get()).toEqual([]);
  });
});
