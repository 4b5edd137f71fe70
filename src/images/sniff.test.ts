import { describe, expect, it } from 'vitest';
import { describeStart, sniffPhotoType } from './sniff.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])));

describe('sniffPhotoType (feed photos are checked by content, issue 15)', () => {
  it('recognises JPEG, PNG, WebP, AVIF, GIF and TIFF', () => {
    expect(sniffPhotoType(bytes(0xff, 0xd8, 0xff, 0xe1, 0, 0))).toBe('jpeg');
    expect(sniffPhotoType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(sniffPhotoType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
    expect(sniffPhotoType(bytes(0, 0, 0, 28, 'ftypavif', 0, 0))).toBe('avif');
    expect(sniffPhotoType(bytes('GIF89a', 1, 0))).toBe('gif');
    expect(sniffPhotoType(bytes('II*', 0, 8, 0))).toBe('tiff');
  });

  it('refuses HTML error pages, JSON, videos, RIFF audio and empty bodies whatever their name or type header', () => {
    expect(sniffPhotoType(bytes('<!DOCTYPE html><html>'))).toBeNull();
    expect(sniffPhotoType(bytes('{"error":"not found"}'))).toBeNull();
    expect(sniffPhotoType(bytes(0, 0, 0, 24, 'ftypmp42', 0, 0))).toBeNull();
    expect(sniffPhotoType(bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(sniffPhotoType(new Uint8Array())).toBeNull();
  });

  it('describes what a refused body starts with, printable only', () => {
    expect(describeStart(bytes('<html>\n<body>'))).toBe('content starting "<html>.<body>"');
    expect(describeStart(new Uint8Array())).toBe('an empty body');
  });
});
