import { describe, expect, it } from 'vitest';
import { memoryStorage } from './persisted.ts';
import { createViewed, VIEWED_KEY, VIEWED_LIMIT } from './viewed.ts';

describe('viewed cars store', () => {
  it('keeps the latest view first, once per car, within the limit', () => {
    const storage = memoryStorage();
    const store = createViewed(storage);
    store.recordView({ id: 1, make: 'Toyota', model: 'Corolla', simple_body: 'Hatch' });
    store.recordView({ id: 2, make: 'Mazda' });
    store.recordView({ id: 1, make: 'Toyota', model: 'Corolla', simple_body: 'Hatch' });
    expect(store.$viewed.get().map((car) => car.id)).toEqual(['1', '2']);
    expect(JSON.parse(storage.data[VIEWED_KEY])[0]).toEqual({ id: '1', stocknum: null, make: 'Toyota', model: 'Corolla', body: null, simple_body: 'Hatch' });
    for (let id = 10; id < 40; id += 1) store.recordView({ id });
    expect(store.$viewed.get()).toHaveLength(VIEWED_LIMIT);
    expect(store.$viewed.get()[0]!.id).toBe('39');
    store.clearViewed();
    expect(store.$viewed.get()).toEqual([]);
  });

  it('ignores corrupt storage', () => {
    expect(createViewed(memoryStorage({ [VIEWED_KEY]: '[{"nope":1}, 5]' })).$viewed.get()).toEqual([]);
  });
});
