// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { memoryStorage, PERSISTED_CHANGE_EVENT, persistedAtom } from './persisted.ts';

describe('persistedAtom', () => {
  it('tells the page each write by PERSISTED_CHANGE_EVENT, with its key, after the storage holds it (a page script reading the storage follows it)', () => {
    const storage = memoryStorage();
    const store = persistedAtom<string[]>('shortlist-test', [], (raw) => (Array.isArray(raw) ? raw.map(String) : []), storage);
    const seen: { key: unknown; stored: string | undefined }[] = [];
    const listener = (event: Event) => seen.push({ key: (event as CustomEvent).detail, stored: storage.data['shortlist-test'] });
    window.addEventListener(PERSISTED_CHANGE_EVENT, listener);
    try {
      store.set(['1']);
      store.set([]);
    } finally {
      window.removeEventListener(PERSISTED_CHANGE_EVENT, listener);
    }
    expect(seen).toEqual([
      { key: 'shortlist-test', stored: '["1"]' },
      { key: 'shortlist-test', stored: '[]' },
    ]);
  });
});
