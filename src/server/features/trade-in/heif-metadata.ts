/**
 * Remove EXIF and XMP from a HEIC/HEIF file without decoding it: the
 * bundled libvips cannot decode HEVC-coded HEIC, so these photos cannot be re-encoded.
 * The metadata of an HEIF file are items of type `Exif` (and `mime` items holding XMP),
 * listed in `meta/iinf` and located by `meta/iloc`; their bytes are overwritten with zeros
 * in place, so every offset in the file stays valid and the image itself is untouched.
 * Returns undefined when the file's structure cannot be read (the upload is then refused).
 */

export interface Box {
  type: string;
  start: number;
  /** First byte of the payload (after size, type and any 64-bit size). */
  body: number;
  end: number;
}

/** The boxes between `from` and `to` (an ISO BMFF box list); throws on a size that does not fit. */
export function boxes(bytes: Buffer, from: number, to: number): Box[] {
  const list: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > to) throw new Error('truncated box');
      size = Number(bytes.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) size = to - at;
    if (size < body - at || at + size > to) throw new Error(`bad size of box ${type}`);
    list.push({ type, start: at, body, end: at + size });
    at += size;
  }
  return list;
}

/** A big-endian unsigned field of 0, 2, 4 or 8 bytes. */
export function readUInt(bytes: Buffer, at: number, size: number): number {
  if (size === 0) return 0;
  if (size === 4) return bytes.readUInt32BE(at);
  if (size === 8) return Number(bytes.readBigUInt64BE(at));
  if (size === 2) return bytes.readUInt16BE(at);
  throw new Error(`unsupported field size ${size}`);
}

/** Each item's type, from the `infe` entries (versions 2 and 3) of an `iinf` box. */
export function itemTypes(bytes: Buffer, iinf: Box): Map<number, string> {
  const types = new Map<number, string>();
  const iinfVersion = bytes[iinf.body]!;
  const entriesAt = iinf.body + 4 + (iinfVersion === 0 ? 2 : 4);
  for (const infe of boxes(bytes, entriesAt, iinf.end).filter((box) => box.type === 'infe')) {
    const version = bytes[infe.body]!;
    if (version < 2) continue;
    const at = infe.body + 4;
    const id = version === 2 ? bytes.readUInt16BE(at) : bytes.readUInt32BE(at);
    // After the id: item_protection_index (2 bytes), then the item type.
    const typeAt = at + (version === 2 ? 2 : 4) + 2;
    types.set(id, bytes.toString('latin1', typeAt, typeAt + 4));
  }
  return types;
}

/** One run of an item's bytes: its construction method (0 the file, 1 the `idat` payload), offset (base offset added) and length (0: to the end). */
export interface Extent {
  method: number;
  offset: number;
  length: number;
}

/** Each item's extents, from an `iloc` box (versions 0, 1 and 2). */
export function itemLocations(bytes: Buffer, iloc: Box): Map<number, Extent[]> {
  const locations = new Map<number, Extent[]>();
  const version = bytes[iloc.body]!;
  let at = iloc.body + 4;
  const offsetSize = bytes[at]! >> 4;
  const lengthSize = bytes[at]! & 0x0f;
  const baseOffsetSize = bytes[at + 1]! >> 4;
  const indexSize = version === 1 || version === 2 ? bytes[at + 1]! & 0x0f : 0;
  at += 2;
  const count = version < 2 ? bytes.readUInt16BE(at) : bytes.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  for (let item = 0; item < count; item++) {
    const id = version < 2 ? bytes.readUInt16BE(at) : bytes.readUInt32BE(at);
    at += version < 2 ? 2 : 4;
    let method = 0;
    if (version === 1 || version === 2) {
      method = bytes.readUInt16BE(at) & 0x0f;
      at += 2;
    }
    at += 2; // data_reference_index
    const baseOffset = readUInt(bytes, at, baseOffsetSize);
    at += baseOffsetSize;
    const extentCount = bytes.readUInt16BE(at);
    at += 2;
    const extents = locations.get(id) ?? [];
    for (let extent = 0; extent < extentCount; extent++) {
      at += indexSize;
      const offset = readUInt(bytes, at, offsetSize);
      at += offsetSize;
      const length = readUInt(bytes, at, lengthSize);
      at += lengthSize;
      extents.push({ method, offset: baseOffset + offset, length });
    }
    locations.set(id, extents);
  }
  return locations;
}

/** A copy of `input` with the bytes of every Exif / XMP item zeroed, or undefined when unreadable. */
export function scrubHeifMetadata(input: Buffer): Buffer | undefined {
  try {
    const bytes = Buffer.from(input);
    const meta = boxes(bytes, 0, bytes.length).find((box) => box.type === 'meta');
    if (!meta) return bytes;
    // meta is a full box: 4 bytes of version and flags before its children.
    const children = boxes(bytes, meta.body + 4, meta.end);
    const iinf = children.find((box) => box.type === 'iinf');
    const iloc = children.find((box) => box.type === 'iloc');
    if (!iinf || !iloc) return bytes;
    const metadataItems = new Set([...itemTypes(bytes, iinf)].filter(([, type]) => type === 'Exif' || type === 'mime').map(([id]) => id));
    if (metadataItems.size === 0) return bytes;
    // Method 0: file offsets. Method 1 (inside idat): offsets in the idat payload.
    const idat = children.find((box) => box.type === 'idat');
    for (const [id, extents] of itemLocations(bytes, iloc)) {
      if (!metadataItems.has(id)) continue;
      for (const { method, offset, length } of extents) {
        const origin = method === 1 ? (idat?.body ?? -1) : 0;
        if (origin < 0 || method > 1) return undefined;
        const from = origin + offset;
        const to = length === 0 ? bytes.length : from + length;
        if (from < 0 || to > bytes.length || from > to) return undefined;
        bytes.fill(0, from, to);
      }
    }
    return bytes;
  } catch {
    return undefined;
  }
}
