import { describe, expect, it } from 'vitest';
import { isNullText, presentText } from './feed-text.ts';

describe('feed text (spec §5: empty, null or the text null shows nothing)', () => {
  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    ['   ', null],
    ['null', null],
    [' NULL ', null],
    ['Null', null],
    [' Great car ', 'Great car'],
    ['nullarbor', 'nullarbor'],
    [0, '0'],
    [12990, '12990'],
  ])('presentText(%j) -> %j', (value, expected) => expect(presentText(value)).toBe(expected));

  it('recognises only the placeholder text', () => {
    expect(isNullText('null')).toBe(true);
    expect(isNullText(' nULL')).toBe(true);
    expect(isNullText('nullish')).toBe(false);
  });
});
