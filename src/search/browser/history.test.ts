import { describe, expect, it } from 'vitest';
import { addToHistory, historyLabel, parseHistory } from './history.ts';

describe('search history (max 5)', () => {
  it('keeps the newest 5, newest first, without duplicate URLs', () => {
    let history = [] as ReturnType<typeof addToHistory>;
    for (const n of [1, 2, 3, 4, 5, 6]) history = addToHistory(history, { label: `s${n}`, url: `/search/x?query=${n}` });
    expect(history.map((entry) => entry.label)).toEqual(['s6', 's5', 's4', 's3', 's2']);
    history = addToHistory(history, { label: 'again', url: '/search/x?query=4' });
    expect(history.map((entry) => entry.label)).toEqual(['again', 's6', 's5', 's3', 's2']);
  });
  it('ignores malformed or foreign stored data', () => {
    expect(parseHistory('not json')).toEqual([]);
    expect(parseHistory('{"a":1}')).toEqual([]);
    expect(parseHistory('[{"label":"x","url":"javascript:alert(1)"},{"label":"ok","url":"/search/a"}]')).toEqual([{ label: 'ok', url: '/search/a' }]);
  });
  it('labels a search by its query and refinements', () => {
    expect(historyLabel({ query: 'corolla', refinementList: { make: ['Toyota'] }, range: { price: ':30000' } }, 'All stock')).toBe('corolla · Toyota · $0-$30000');
    expect(historyLabel({}, 'All stock')).toBe('All stock');
  });
});
