/** The island-props memo (island-props.ts): the object back for a text made here, the newest kept. */
import { describe, expect, it } from 'vitest';
import { blockProps, islandPropsMemo } from './island-props.ts';

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

describe('blockProps', () => {
  it('makes the text of a data block that cannot close its script element, and a short key that gives the props back', () => {
    const block = blockProps<{ make: string; page: number }>('car-props');
    const props = { make: '</script><script>x()</script> & <!--', page: 1 };
    const { text, key } = block.make(props, '/cars/a');
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual(props);
    expect(key).toMatch(/^\/cars\/a [0-9a-z]+$/);
    expect(block.read(key)).toBe(props);
    // Other props under the same name: another key.
    expect(block.make({ ...props, page: 2 }, '/cars/a').key).not.toBe(key);
  });

  it('carries what it is given to carry, and gives back the props; without a page (the server) a key made elsewhere throws', () => {
    const block = blockProps<{ a: number; b?: number }>('other-props');
    const props = { a: 1, b: 2 };
    const { text, key } = block.make(props, 'page', { a: 1 });
    expect(JSON.parse(text)).toEqual({ a: 1 });
    expect(block.read(key)).toBe(props);
    expect(() => block.read('page elsewhere')).toThrow(/#other-props is not on the page/);
  });

  it('digests what the page carries elsewhere into the key: props that differ only there get different keys', () => {
    const block = blockProps<{ a: number; table: string }>('split-props');
    const [one, two] = [
      { a: 1, table: 'one' },
      { a: 1, table: 'two' },
    ];
    const first = block.make(one, 'page', { a: 1 }, 'one');
    const second = block.make(two, 'page', { a: 1 }, 'two');
    expect(second.text).toBe(first.text);
    expect(second.key).not.toBe(first.key);
    expect(block.read(first.key)).toBe(one);
    expect(block.read(second.key)).toBe(two);
  });
});

describe('blockProps across tenants and pages (one render child renders many)', () => {
  type Similar = { tenant: string; cars: string[] };

  it('two tenants, same island, same page name, different props: each page gets its own props back, made and read interleaved', () => {
    const block = blockProps<Similar>('similar-props');
    const first = { tenant: 'north-motors', cars: ['a', 'b'] };
    const second = { tenant: 'south-motors', cars: ['c'] };
    const made = [block.make(first, '/cars/corolla'), block.make(second, '/cars/corolla')];
    expect(made[1]!.key).not.toBe(made[0]!.key);
    expect(block.read(made[1]!.key)).toBe(second);
    expect(block.read(made[0]!.key)).toBe(first);
    // Made again (a re-render of the first page): still its own.
    expect(block.read(block.make({ ...first }, '/cars/corolla').key)).toEqual(first);
  });

  it('props that differ only outside the block text (elsewhere) do not share a key either', () => {
    const block = blockProps<Similar>('similar-elsewhere');
    const [first, second] = [
      block.make({ tenant: 'a', cars: [] }, 'p', { cars: [] }, 'table-a'),
      block.make({ tenant: 'b', cars: [] }, 'p', { cars: [] }, 'table-b'),
    ];
    expect(second.key).not.toBe(first.key);
    expect(block.read(first.key).tenant).toBe('a');
    expect(block.read(second.key).tenant).toBe('b');
  });

  it('holds at most `keep` pages whatever the number of pages and tenants: an older key is gone on the server, never answered with other props', () => {
    const block = blockProps<Similar>('similar-bounded', 3);
    const keys = Array.from({ length: 1000 }, (_, page) => block.make({ tenant: `t${page % 7}`, cars: [String(page)] }, '/cars/x').key);
    expect(() => block.read(keys[0]!)).toThrow(/the server did not make these props/);
    expect(() => block.read(keys[996]!)).toThrow(/the server did not make these props/);
    expect(block.read(keys[997]!).cars).toEqual(['997']);
    expect(block.read(keys[999]!).cars).toEqual(['999']);
  });
});
