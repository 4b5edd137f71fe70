import { describe, expect, it } from 'vitest';
import { createFavourites, FAVOURITES_KEY, parseFavourites, type FavouriteCar } from './favourites.ts';
import { memoryStorage } from './persisted.ts';

const corolla: FavouriteCar = { id: '1', name: '2021 Toyota Corolla', slug: 'corolla-1', make: 'Toyota', model: 'Corolla', primary_image_url: null };

describe('favourites store', () => {
  it('adds when absent and removes when present, persisting each change', () => {
    const storage = memoryStorage();
    const store = createFavourites(storage);
    expect(store.toggleFavourite(corolla)).toBe('added');
    expect(store.isFavourite(1)).toBe(true);
    expect(JSON.parse(storage.data[FAVOURITES_KEY])).toEqual([corolla]);
    expect(store.toggleFavourite(corolla)).toBe('removed');
    expect(store.isFavourite('1')).toBe(false);
    expect(JSON.parse(storage.data[FAVOURITES_KEY])).toEqual([]);
  });

  it('starts from what was saved before', () => {
    const storage = memoryStorage({ [FAVOURITES_KEY]: JSON.stringify([corolla]) });
    const store = createFavourites(storage);
    expect(store.$favourites.get()).toEqual([corolla]);
    store.removeFavourite(1);
    expect(store.$favourites.get()).toEqual([]);
  });

  it('survives corrupt storage and missing storage', () => {
    expect(createFavourites(memoryStorage({ [FAVOURITES_KEY]: '{not json' })).$favourites.get()).toEqual([]);
    const memoryOnly = createFavourites(null);
    memoryOnly.toggleFavourite(corolla);
    expect(memoryOnly.isFavourite('1')).toBe(true);
  });

  it('keeps only well-formed, unique entries', () => {
    expect(parseFavourites([{ id: 2, slug: 's' }, { id: 2, slug: 's' }, { slug: 'no-id' }, 'x', null])).toEqual([
      { id: '2', slug: 's', name: 's', make: null, model: null, primary_image_url: null },
    ]);
    expect(parseFavourites({})).toEqual([]);
  });
});
