import { describe, expect, it } from 'vitest';
import { nulField, nulPath } from './nul-characters.ts';

describe('nulPath', () => {
  it('finds a NUL in a string, a nested value or a key, in the order of the fields', () => {
    expect(nulPath('a\u0000')).toEqual([]);
    expect(nulPath({ a: 'x', b: ['y', { c: 'z\u0000' }], d: '\u0000' })).toEqual(['b', 1, 'c']);
    expect(nulPath({ a: { 'k\u0000': 1 } })).toEqual(['a', 'k\u0000']);
    expect(nulPath({ a: 'x', b: [1, true, null], c: { d: 'e' } })).toBeUndefined();
  });

  it('walks a body nested deeper than a recursive walk could go, and leaves raw bytes unread', () => {
    const deep = JSON.parse(`${'['.repeat(30_000)}"\\u0000"${']'.repeat(30_000)}`);
    expect(nulPath(deep)).toHaveLength(30_000);
    expect(nulPath(Buffer.from('{"a":"\\u0000"}\u0000'))).toBeUndefined();
  });
});

describe('nulField', () => {
  it('names the path parameter, query parameter or body field, a NUL in a key written out', () => {
    expect(nulField({ params: { slug: 'a\u0000' }, query: {}, body: undefined })).toEqual({
      field: 'slug',
      message: 'The path parameter slug contains a NUL character.',
    });
    expect(nulField({ params: {}, query: { 'q\u0000': '1' }, body: undefined })).toEqual({
      field: 'q\\u0000',
      message: 'The query parameter q\\u0000 contains a NUL character.',
    });
    expect(nulField({ params: {}, query: {}, body: { custom_params: { note: '\u0000' } } })).toEqual({
      field: 'custom_params.note',
      message: 'The field custom_params.note contains a NUL character.',
    });
    expect(nulField({ params: {}, query: {}, body: { name: 'Jo' } })).toBeUndefined();
  });
});
