/**
 * XML vehicle feeds: the exports Australian dealer systems and classifieds send,
 * one element per vehicle with its fields as child elements or attributes and photos as
 * repeated elements. Read with saxes, a maintained streaming parser (the text is written to
 * it in chunks, so no document tree is ever built); each vehicle becomes a source row whose
 * columns are element paths below the vehicle element (`Price/Advertised`, `@id`,
 * `Photos/Photo`), mapped to Car fields by mapping.ts like a CSV row. Pure.
 */
import { SaxesParser } from 'saxes';
import type { SourceRow, SourceTable } from './mapping.ts';
import { normaliseHeader } from './csv.ts';

/** An XML file that cannot be used (not well-formed, no vehicle element). */
export class XmlFeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlFeedError';
  }
}

/** Element names taken as "one vehicle" when the mapping names none (compared normalised). */
export const VEHICLE_ELEMENTS = ['vehicle', 'car', 'listing', 'item', 'advert', 'stockitem', 'unit'];

const CHUNK = 64 * 1024;
/** Deepest element nesting read below a vehicle element, and in the whole document. */
export const MAX_VEHICLE_DEPTH = 32;
export const MAX_XML_DEPTH = 64;
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Read an XML feed into a source table; `vehicleElement` names the element of one vehicle. */
export function xmlTable(text: string, vehicleElement?: string): SourceTable {
  const wanted = vehicleElement ? [normaliseHeader(localName(vehicleElement))] : VEHICLE_ELEMENTS;
  const parser = new SaxesParser({ position: true });
  const columns = new Set<string>();
  const rows: SourceRow[] = [];
  const rootChildren = new Set<string>();
  // Inside a vehicle: the element path below it, and per open element whether it had child elements and its text.
  // `path` holds each open element's whole path (depth-limited, so building it stays cheap).
  let vehicle: { row: { line: number; values: Map<string, string[]> }; path: string[]; open: { text: string; children: boolean }[] } | null = null;
  let depth = 0;
  let detected = '';
  let error: Error | null = null;
  const add = (row: { values: Map<string, string[]> }, path: string, value: string) => {
    columns.add(path);
    const list = row.values.get(path) ?? [];
    list.push(value);
    row.values.set(path, list);
  };
  parser.on('error', (problem) => {
    error ??= problem;
  });
  parser.on('opentag', (tag) => {
    depth += 1;
    if (depth > MAX_XML_DEPTH) throw new XmlFeedError(`the XML nests elements more than ${MAX_XML_DEPTH} deep (line ${parser.line}): not a vehicle feed; nothing was changed`);
    const name = localName(tag.name);
    if (depth === 2) rootChildren.add(name);
    if (!vehicle) {
      if (!wanted.includes(normaliseHeader(name))) return;
      detected ||= tag.name;
      vehicle = { row: { line: parser.line, values: new Map() }, path: [], open: [] };
      for (const [attribute, value] of Object.entries(tag.attributes)) add(vehicle.row, `@${localName(attribute)}`, String(value));
      return;
    }
    if (vehicle.open.length) vehicle.open[vehicle.open.length - 1].children = true;
    if (vehicle.path.length >= MAX_VEHICLE_DEPTH) throw new XmlFeedError(`a vehicle element nests fields more than ${MAX_VEHICLE_DEPTH} deep (line ${parser.line}): not a vehicle feed; nothing was changed`);
    const path = vehicle.path.length ? `${vehicle.path[vehicle.path.length - 1]}/${name}` : name;
    vehicle.path.push(path);
    vehicle.open.push({ text: '', children: false });
    for (const [attribute, value] of Object.entries(tag.attributes)) add(vehicle.row, `${path}/@${localName(attribute)}`, String(value));
  });
  const onText = (text: string) => {
    if (vehicle?.open.length) vehicle.open[vehicle.open.length - 1].text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    depth -= 1;
    if (!vehicle) return;
    const element = vehicle.open.pop();
    if (!element) {
      // The vehicle element itself closed.
      const values = vehicle.row.values;
      rows.push({ line: vehicle.row.line, get: (column) => values.get(column) ?? [] });
      vehicle = null;
      return;
    }
    const path = vehicle.path.pop()!;
    if (!element.children && element.text.trim() !== '') add(vehicle.row, path, element.text.trim());
    else if (!element.children) columns.add(path);
  });
  try {
    for (let start = 0; start < text.length && !error; start += CHUNK) parser.write(text.slice(start, start + CHUNK));
    if (!error) parser.close();
  } catch (thrown) {
    if (thrown instanceof XmlFeedError) throw thrown;
    error ??= thrown as Error;
  }
  if (error) {
    throw new XmlFeedError(`the XML is not well-formed (${(error as Error).message.split('\n')[0]}): a truncated or broken export; nothing was changed`);
  }
  if (rows.length === 0 && columns.size === 0) {
    const seen = [...rootChildren].slice(0, 12).join(', ');
    throw new XmlFeedError(
      vehicleElement
        ? `no <${vehicleElement}> element in the XML (feed-mapping.json vehicle_element)${seen ? `; the root holds: ${seen}` : ''}`
        : `no vehicle element in the XML: expected one of <Vehicle>, <Car>, <Listing>, <Item>, <Advert>, <StockItem>, <Unit>, or name it in feed-mapping.json "vehicle_element"${seen ? ` (the root holds: ${seen})` : ''}`,
    );
  }
  return { format: 'xml', columns: [...columns], rows, details: { vehicleElement: `<${detected}> (${vehicleElement ? 'feed-mapping.json' : 'detected'})` } };
}
