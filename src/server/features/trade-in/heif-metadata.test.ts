import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reencodeImage } from './photo-processing.ts';
import { scrubHeifMetadata } from './heif-metadata.ts';

/** An HEIF file with an Exif item (sharp writes AVIF, the same container as HEIC), branded heic. */
async function heifWithExif(): Promise<Buffer> {
  const avif = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .avif()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '27/1 28/1 0/1' } })
    .toBuffer();
  const heic = Buffer.from(avif);
  heic.write('heic', 8, 'latin1');
  return heic;
}

describe('HEIC metadata', () => {
  it('M15 EXIF (GPS) is removed from HEIC uploads, which cannot be re-encoded here', async () => {
    const original = await heifWithExif();
    expect(original.includes(Buffer.from('PhoneCo'))).toBe(true);
    const cleaned = await reencodeImage(original, 'image/heic');
    expect(cleaned).toBeDefined();
    expect(cleaned!.bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect(cleaned!.bytes.length).toBe(original.length);
    // Only the metadata changed: the picture still decodes (as AVIF, with the original brand back).
    const decodable = Buffer.from(cleaned!.bytes);
    decodable.write('avif', 8, 'latin1');
    expect((await sharp(decodable).metadata()).width).toBe(16);
    expect((await sharp(decodable).metadata()).exif?.includes(Buffer.from('PhoneCo')) ?? false).toBe(false);
  });

  it('M15 a file with a broken box structure is refused, a file without metadata kept as it is', () => {
    const broken = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(12), Buffer.from([0, 0, 0xff, 0xff]), Buffer.from('meta')]);
    expect(scrubHeifMetadata(broken)).toBeUndefined();
    const plain = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(12)]);
    expect(scrubHeifMetadata(plain)).toEqual(plain);
  });

  it('N10: a minimal HEIC header with arbitrary bytes behind it is refused; a real HEIF image is kept', async () => {
    const box = (type: string, body: Buffer) => Buffer.concat([Buffer.from([0, 0, (8 + body.length) >> 8, (8 + body.length) & 0xff]), Buffer.from(type, 'latin1'), body]);
    const full = (type: string, body: Buffer) => box(type, Buffer.concat([Buffer.alloc(4), body]));
    const ftyp = box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1'));
    const hdlr = full('hdlr', Buffer.concat([Buffer.alloc(4), Buffer.from('pict'), Buffer.alloc(13)]));
    const fake = Buffer.concat([ftyp, full('meta', hdlr), box('mdat', Buffer.from('<html><script>alert(document.cookie)</script></html>'))]);
    expect(scrubHeifMetadata(fake)).toBeDefined();
    expect(await reencodeImage(fake, 'image/heic')).toBeUndefined();
    expect(await reencodeImage(Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(12)]), 'image/heic')).toBeUndefined();
    // The same container holding a real picture is taken.
    expect(await reencodeImage(await heifWithExif(), 'image/heic')).toBeDefined();
  });
});
