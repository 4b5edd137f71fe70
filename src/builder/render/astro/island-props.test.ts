/** The island-props memo (island-props.ts): the object back for a text made here, the newest kept. */
import { describe, expect, it } from 'vitest';
import { islandPropsMemo } from './island-props.ts';

describe('islandPropsMemo', () => {
  it('gives back the very object a text was made from, and nothing for a text made elsewhere', () => {
    const memo = islandPropsMemo<{ page: number }>();
    const props = { page: 1 };
    const text = memo.remember(JSON.stringify(props), props);
    expect(text).toBe('{"page":1}');
    expect(memo.recall(text)).toBe(props);
    expect(memo.recall('{"page":2}')).toBeUndefined();
  });

  it('keeps the newest texts only; making a text again makes it the newest', () => {
    const memo = islandPropsMemo<number>(2);
    memo.remember('a', 1);
    memo.remember('b', 2);
    memo.remember('a', 3);
    memo.remember('c', 4);
    expect(memo.recall('b')).toBeUndefined();
    expect(memo.recall('a')).toBe(3);
    expect(memo.recall('c')).toBe(4);
  });
});
