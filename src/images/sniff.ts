/**
 * What a downloaded file really is, from its first bytes (never its name or Content-Type):
 * feed photos are accepted as JPEG, PNG, WebP, AVIF, GIF or TIFF, the formats sharp decodes.
 */

export type PhotoType = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff';

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The image type of a file's first bytes, or null when it is not an image the pipeline takes. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 12))) return 'avif';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6))) return 'gif';
  if (bytes.length >= 4 && ['II*\0', 'MM\0*'].includes(ascii(bytes, 0, 4))) return 'tiff';
  return null;
}

/** A short, printable description of what a non-image starts with (for fault reports; a few bytes only, the body may be internal). */
export function describeStart(bytes: Uint8Array): string {
  if (bytes.length === 0) return 'an empty body';
  const text = ascii(bytes, 0, Math.min(bytes.length, 16)).replace(/[^\x20-\x7e]/g, '.');
  return `content starting "${text}"`;
}
