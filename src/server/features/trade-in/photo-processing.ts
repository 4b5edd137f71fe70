/**
 * Trade-in photos are re-encoded before they are stored (APP 11): decoding
 * and encoding again with sharp drops every metadata block (EXIF with the GPS position
 * and camera serial, XMP, IPTC), keeps the pixels upright (EXIF orientation applied) and
 * turns a file that only looks like an image into a refusal instead of a stored blob.
 * HEIC, which cannot be re-encoded here, must read as an HEIF image (sharp: a primary image
 * with its size, decoded when the codec is available; an HEVC-coded image, whose codec the
 * bundled libvips lacks, must hold a well-formed HEVC bitstream: heif-bitstream.ts) and has its
 * metadata items zeroed.
 */
import sharp from 'sharp';
import { hevcImageProblem } from './heif-bitstream.ts';
import { scrubHeifMetadata } from './heif-metadata.ts';

const MAX_PIXELS = 50_000_000;

/**
 * Whether bytes are an HEIF image sharp can read: its header names a primary image of a
 * plausible size, and its pixels decode; an HEVC-coded image, whose codec the bundled
 * libvips lacks, must instead hold an HEVC bitstream in every coded item of its primary image
 * (hevcImageProblem: decoder configuration, NAL units, a coded slice).
 */
async function heifImageReads(bytes: Buffer): Promise<boolean> {
  let compression: string | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if (meta.format !== 'heif' || !meta.width || !meta.height || meta.width * meta.height > MAX_PIXELS) return false;
    compression = meta.compression;
  } catch {
    return false;
  }
  try {
    await sharp(bytes, { limitInputPixels: MAX_PIXELS }).stats();
    return true;
  } catch (error) {
    if (compression !== 'hevc' || !/unsupported codec|no decoder|decoder plugin/i.test((error as Error).message)) return false;
    return hevcImageProblem(bytes) === undefined;
  }
}

export type StoredImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/heic';

/** The re-encoded image, or undefined when the bytes cannot be decoded as the image they claim to be. */
export async function reencodeImage(bytes: Buffer, mime: StoredImageType): Promise<{ bytes: Buffer; mime: StoredImageType } | undefined> {
  if (mime === 'image/heic') {
    // The bundled libvips decodes AVIF but not HEVC-coded HEIC (a patent-encumbered codec), so HEIC cannot be
    // re-encoded: its Exif and XMP items are zeroed in place instead (heif-metadata.ts).
    // A bare HEIC header with any bytes behind it is not a photo.
    if (!(await heifImageReads(bytes))) return undefined;
    const scrubbed = scrubHeifMetadata(bytes);
    return scrubbed ? { bytes: scrubbed, mime } : undefined;
  }
  try {
    // limitInputPixels guards against decompression bombs (a tiny file that decodes to gigapixels).
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: mime === 'image/gif' }).rotate();
    const output = mime === 'image/jpeg' ? image.jpeg({ quality: 85, mozjpeg: true }) : mime === 'image/png' ? image.png() : image.gif();
    return { bytes: await output.toBuffer(), mime };
  } catch {
    return undefined;
  }
}
