/**
 * Character encoding of a feed file: dealer systems still export Windows-1252 /
 * Latin-1 as often as UTF-8. The encoding comes from a byte order mark, the tenant's
 * feed-mapping.json, or an XML declaration; otherwise UTF-8 is tried and a file that is
 * not valid UTF-8 is read as Windows-1252 (a superset of Latin-1) with a note. Pure.
 */
import type { FeedMapping } from '../../../schemas/feed-mapping.ts';

/** A file that cannot be decoded as declared. */
export class FeedTextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedTextError';
  }
}

/** The decoded text, the encoding used and why. */
export interface DecodedFeed {
  text: string;
  encoding: string;
  note?: string;
}

const LATIN = /^(?:iso-?8859-?1|latin-?1|l1|windows-?1252|cp-?1252|us-ascii|ascii)$/i;

/** Position of the first byte that is not valid UTF-8, or -1. */
function invalidUtf8At(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const byte = bytes[index];
    const length = byte < 0x80 ? 1 : byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
    if (length === 0) return index;
    for (let next = 1; next < length; next += 1) if (index + next >= bytes.length || (bytes[index + next] & 0xc0) !== 0x80) return index;
    index += length;
  }
  return -1;
}

/** The encoding an XML declaration names (`<?xml version="1.0" encoding="ISO-8859-1"?>`), if any. */
export function xmlDeclaredEncoding(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 300)).toString('latin1');
  return /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1];
}

/** Decode a feed file's bytes. */
export function decodeFeed(bytes: Uint8Array, declared: FeedMapping['encoding'] = 'auto', xml = false): DecodedFeed {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8 (byte order mark)' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le (byte order mark)' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be (byte order mark)' };
  const windows1252 = (why: string, note?: string): DecodedFeed => ({ text: new TextDecoder('windows-1252').decode(bytes), encoding: `windows-1252 (${why})`, ...(note ? { note } : {}) });
  if (declared !== 'auto' && declared !== 'utf-8') return windows1252(`feed-mapping.json: ${declared}`);
  const fromXml = xml && declared === 'auto' ? xmlDeclaredEncoding(bytes) : undefined;
  if (fromXml && LATIN.test(fromXml)) return windows1252(`XML declaration: ${fromXml}`);
  if (fromXml && !/^utf-?8$/i.test(fromXml)) throw new FeedTextError(`the XML declares encoding "${fromXml}", which the pipeline does not read (UTF-8, UTF-16 with a byte order mark, ISO-8859-1 / Windows-1252)`);
  const bad = invalidUtf8At(bytes);
  const why = declared === 'utf-8' ? 'feed-mapping.json' : fromXml ? `XML declaration: ${fromXml}` : 'default';
  if (bad < 0) return { text: new TextDecoder('utf-8').decode(bytes), encoding: `utf-8 (${why})` };
  const line = Buffer.from(bytes.subarray(0, bad)).toString('latin1').split('\n').length;
  const where = `byte 0x${bytes[bad].toString(16).toUpperCase()} at offset ${bad}, line ${line}`;
  if (declared === 'utf-8' || fromXml) {
    throw new FeedTextError(`the file is not valid UTF-8 as declared (${why}): ${where}; if the export is Latin-1 / Windows-1252, declare it ("encoding": "windows-1252" in feed-mapping.json)`);
  }
  return windows1252('not valid UTF-8', `not valid UTF-8 (${where}): read as Windows-1252; declare "encoding" in feed-mapping.json to make this explicit`);
}
