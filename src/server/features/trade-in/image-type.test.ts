import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-type.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])));

describe('sniffImageType', () => {
  it('recognises JPEG, PNG, GIF and HEIC by content', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffImageType(bytes('GIF89a', 1, 0))).toBe('image/gif');
    expect(sniffImageType(bytes(0, 0, 0, 24, 'ftypheic', 0, 0))).toBe('image/heic');
  });
  it('rejects text, PDFs, videos and empty files whatever their name', () => {
    expect(sniffImageType(bytes('hello world, I am a jpg'))).toBeUndefined();
    expect(sniffImageType(bytes('%PDF-1.7\n'))).toBeUndefined();
    expect(sniffImageType(bytes(0, 0, 0, 24, 'ftypmp42', 0, 0))).toBeUndefined();
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
  });
});
