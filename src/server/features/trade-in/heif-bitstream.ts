/**
 * Whether an HEIF file's image is really an HEVC-coded picture, read without decoding it (the
 * bundled libvips has no HEVC decoder; AV1-coded HEIF is decoded by sharp itself). The primary
 * item must be an `hvc1` image, or a `grid` / `iovl` / `iden` image (iPhones write a grid of
 * tiles) whose `dimg` tiles all are; each coded image needs an `hvcC` holding a well-formed
 * VPS, SPS and PPS, and data (located by `iloc`, in the file or `idat`) that is exactly a
 * sequence of length-prefixed NAL units with valid headers, at least one a coded slice. HTML or
 * any other bytes where the picture should be fail on the first length or NAL header. Left:
 * bytes shaped exactly as HEVC NAL units are taken undecoded (served as `image/heic`, `nosniff`).
 */
import { boxes, itemLocations, itemTypes, type Box, type Extent } from './heif-metadata.ts';

const CODED = new Set(['hvc1']);
const DERIVED = new Set(['grid', 'iovl', 'iden']);

interface Item {
  type: string;
  extents: Extent[];
}

/** Items (type and location) of the file's `meta` box, the primary item id, `dimg` references and each item's properties. */
function readMeta(bytes: Buffer) {
  const meta = boxes(bytes, 0, bytes.length).find((box) => box.type === 'meta');
  if (!meta) throw new Error('no meta box');
  const children = boxes(bytes, meta.body + 4, meta.end);
  const child = (type: string) => children.find((box) => box.type === type);
  const items = new Map<number, Item>();
  const iinf = child('iinf');
  const pitm = child('pitm');
  const iloc = child('iloc');
  if (!iinf || !pitm || !iloc) throw new Error('no item list, primary item or item locations');
  const primary = bytes[pitm.body] === 0 ? bytes.readUInt16BE(pitm.body + 4) : bytes.readUInt32BE(pitm.body + 4);
  for (const [id, type] of itemTypes(bytes, iinf)) items.set(id, { type, extents: [] });
  // iloc: where each item's bytes are.
  for (const [id, extents] of itemLocations(bytes, iloc)) items.get(id)?.extents.push(...extents);
  // iref: the tiles of a derived image.
  const references = new Map<number, number[]>();
  const iref = child('iref');
  if (iref) {
    const wide = bytes[iref.body] !== 0;
    for (const reference of boxes(bytes, iref.body + 4, iref.end)) {
      if (reference.type !== 'dimg') continue;
      let p = reference.body;
      const from = wide ? bytes.readUInt32BE(p) : bytes.readUInt16BE(p);
      p += wide ? 4 : 2;
      const n = bytes.readUInt16BE(p);
      p += 2;
      const to: number[] = [];
      for (let i = 0; i < n; i++, p += wide ? 4 : 2) to.push(wide ? bytes.readUInt32BE(p) : bytes.readUInt16BE(p));
      references.set(from, to);
    }
  }
  // iprp: each item's properties (ipco holds them, ipma says which belong to which item).
  const properties = new Map<number, Box[]>();
  const iprp = child('iprp');
  if (iprp) {
    const parts = boxes(bytes, iprp.body, iprp.end);
    const ipco = parts.find((box) => box.type === 'ipco');
    const list = ipco ? boxes(bytes, ipco.body, ipco.end) : [];
    for (const ipma of parts.filter((box) => box.type === 'ipma')) {
      const ipmaVersion = bytes[ipma.body]!;
      const large = (bytes[ipma.body + 3]! & 1) === 1;
      let p = ipma.body + 4;
      const entries = bytes.readUInt32BE(p);
      p += 4;
      for (let i = 0; i < entries; i++) {
        const id = ipmaVersion < 1 ? bytes.readUInt16BE(p) : bytes.readUInt32BE(p);
        p += ipmaVersion < 1 ? 2 : 4;
        const n = bytes[p++]!;
        const own: Box[] = [];
        for (let j = 0; j < n; j++) {
          const index = large ? bytes.readUInt16BE(p) & 0x7fff : bytes[p]! & 0x7f;
          p += large ? 2 : 1;
          const property = list[index - 1];
          if (property) own.push(property);
        }
        properties.set(id, [...(properties.get(id) ?? []), ...own]);
      }
    }
  }
  return { items, primary, references, properties, idat: child('idat') };
}

/** A two-byte HEVC NAL header's type, or undefined when the header is not valid. */
function nalType(bytes: Buffer, at: number): number | undefined {
  const first = bytes[at]!;
  const second = bytes[at + 1]!;
  if (first & 0x80) return undefined; // forbidden_zero_bit
  if ((second & 0x07) === 0) return undefined; // nuh_temporal_id_plus1
  return (first >> 1) & 0x3f;
}

const isVcl = (type: number) => type <= 9 || (type >= 16 && type <= 21);

/** The NAL length size of a valid `hvcC`, after checking it holds a VPS, SPS and PPS; else a reason. */
function hvcConfig(bytes: Buffer, box: Box): number | string {
  if (box.end - box.body < 23 || bytes[box.body] !== 1) return 'its hvcC decoder configuration is not version 1';
  const lengthSize = (bytes[box.body + 21]! & 0x03) + 1;
  if (lengthSize === 3) return 'its hvcC names an invalid NAL length size';
  const arrays = bytes[box.body + 22]!;
  const found = new Set<number>();
  let at = box.body + 23;
  for (let a = 0; a < arrays; a++) {
    if (at + 3 > box.end) return 'its hvcC is cut short';
    const type = bytes[at]! & 0x3f;
    const count = bytes.readUInt16BE(at + 1);
    at += 3;
    for (let n = 0; n < count; n++) {
      if (at + 2 > box.end) return 'its hvcC is cut short';
      const length = bytes.readUInt16BE(at);
      at += 2;
      if (length < 2 || at + length > box.end || nalType(bytes, at) !== type) return 'its hvcC holds a parameter set that is not a NAL unit of its type';
      found.add(type);
      at += length;
    }
  }
  if (![32, 33, 34].every((type) => found.has(type))) return 'its hvcC lacks a video, sequence or picture parameter set';
  return lengthSize;
}

/** Why item `id` is not an HEVC-coded image, or undefined when it is one. */
function hevcItemProblem(bytes: Buffer, meta: ReturnType<typeof readMeta>, id: number): string | undefined {
  const item = meta.items.get(id);
  if (!item || !CODED.has(item.type)) return `item ${id} is not an HEVC image (${item?.type ?? 'missing'})`;
  const config = (meta.properties.get(id) ?? []).find((box) => box.type === 'hvcC');
  if (!config) return `item ${id} has no hvcC decoder configuration`;
  const lengthSize = hvcConfig(bytes, config);
  if (typeof lengthSize === 'string') return `item ${id}: ${lengthSize}`;
  if (item.extents.length === 0) return `item ${id} has no data`;
  const parts: Buffer[] = [];
  for (const extent of item.extents) {
    if (extent.method > 1) return `item ${id} is stored in a way not read here`;
    const origin = extent.method === 1 ? meta.idat?.body : 0;
    if (origin === undefined) return `item ${id} points into a missing idat`;
    const from = origin + extent.offset;
    const end = extent.method === 1 ? meta.idat!.end : bytes.length;
    const to = extent.length === 0 ? end : from + extent.length;
    if (from < 0 || to > end || from >= to) return `item ${id} points outside the file`;
    parts.push(bytes.subarray(from, to));
  }
  const data = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  let at = 0;
  let slices = 0;
  while (at < data.length) {
    if (at + lengthSize > data.length) return `item ${id}: its data ends inside a NAL length`;
    const length = lengthSize === 1 ? data[at]! : lengthSize === 2 ? data.readUInt16BE(at) : data.readUInt32BE(at);
    at += lengthSize;
    if (length < 2 || at + length > data.length) return `item ${id}: its data is not a sequence of HEVC NAL units`;
    const type = nalType(data, at);
    if (type === undefined) return `item ${id}: its data holds an invalid NAL header`;
    if (isVcl(type)) slices += 1;
    at += length;
  }
  return slices > 0 ? undefined : `item ${id}: its data holds no coded slice`;
}

/**
 * Why an HEIF file's primary image is not an HEVC-coded picture (a reason, for logs), or
 * undefined when it is one (see the file header for what is checked).
 */
export function hevcImageProblem(bytes: Buffer): string | undefined {
  try {
    const meta = readMeta(bytes);
    const primary = meta.items.get(meta.primary);
    if (!primary) return 'no primary item';
    if (CODED.has(primary.type)) return hevcItemProblem(bytes, meta, meta.primary);
    if (!DERIVED.has(primary.type)) return `the primary item is a ${JSON.stringify(primary.type)}, not an image`;
    const tiles = meta.references.get(meta.primary) ?? [];
    if (tiles.length === 0) return `the primary ${primary.type} image names no tiles`;
    for (const tile of new Set(tiles)) {
      const problem = hevcItemProblem(bytes, meta, tile);
      if (problem) return problem;
    }
    return undefined;
  } catch (error) {
    return `unreadable structure (${(error as Error).message})`;
  }
}
