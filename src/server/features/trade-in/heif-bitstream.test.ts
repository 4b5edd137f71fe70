import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hevcImageProblem } from './heif-bitstream.ts';
import { scrubHeifMetadata } from './heif-metadata.ts';

const real = readFileSync(new URL('../../../../tests/support/photos/real-hevc-grid.heic', import.meta.url));

describe('hevcImageProblem (N10 leftover)', () => {
  it('N10: a real HEVC-coded HEIC (a grid of tiles, Exif, thumbnail) passes, before and after its metadata is scrubbed', () => {
    expect(hevcImageProblem(real)).toBeUndefined();
    const scrubbed = scrubHeifMetadata(real)!;
    expect(scrubbed.includes(Buffer.from('iPhone-fixture'))).toBe(false);
    expect(hevcImageProblem(scrubbed)).toBeUndefined();
  });

  it('N10: the same file with its coded picture replaced by HTML, or cut short, is refused', () => {
    // The tile's data is the largest run after the mdat header: overwrite all of mdat with HTML of the same length.
    const at = real.indexOf(Buffer.from('mdat')) + 4;
    const html = Buffer.from(real);
    Buffer.from('<html><script>alert(1)</script></html>'.repeat(200)).copy(html, at, 0, real.length - at);
    expect(hevcImageProblem(html)).toMatch(/NAL/);
    expect(hevcImageProblem(real.subarray(0, real.length - 40))).toBeDefined();
    expect(hevcImageProblem(Buffer.from('not a heif at all'))).toMatch(/unreadable|meta/);
  });
});
