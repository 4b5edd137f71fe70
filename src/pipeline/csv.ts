/**
 * DMS CSV intake (issue 8 §1b): Australian dealer management systems export one vehicle a
 * row. This module parses the CSV text (RFC 4180: quoted fields, doubled quotes, CRLF,
 * BOM, comma / semicolon / tab separators) and maps the documented columns
 * (docs/pipeline.md "CSV columns") to raw Car records, which are then validated exactly as
 * the build validates stock.json. Pure: no I/O.
 */

/** A CSV that cannot be used at all (no header, no known columns). */
export class CsvFeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvFeedError';
  }
}

/** Parse CSV text into rows of fields; the separator is detected from the header line. */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = detectSeparator(firstLine);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  while (index < source.length) {
    const char = source[index];
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
        index += 1;
        continue;
      }
      field += char;
      index += 1;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
    } else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (char === '\r' && source[index + 1] === '\n') index += 1;
    } else {
      field += char;
    }
    index += 1;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  // Blank lines (a trailing newline, spacer rows) carry no vehicle.
  return rows.filter((fields) => fields.some((value) => value.trim() !== ''));
}

function detectSeparator(headerLine: string): string {
  const counts = [',', ';', '\t'].map((separator) => ({ separator, count: headerLine.split(separator).length - 1 }));
  counts.sort((a, b) => b.count - a.count);
  return counts[0].count > 0 ? counts[0].separator : ',';
}

/** Car field <- accepted header names (compared lower-case with spaces, dashes and underscores removed). */
export const CSV_COLUMNS = {
  id: ['id', 'vehicleid', 'listingid'],
  stocknum: ['stocknumber', 'stockno', 'stocknum', 'stock', 'stockid'],
  regplate: ['rego', 'registration', 'regonumber', 'regplate', 'registrationnumber', 'plate'],
  rego_expiry: ['regoexpiry', 'registrationexpiry'],
  vin: ['vin', 'chassis', 'vinnumber'],
  make: ['make', 'manufacturer'],
  model: ['model'],
  badge: ['badge', 'variant', 'grade'],
  series: ['series'],
  year: ['year', 'buildyear', 'modelyear'],
  km: ['km', 'kms', 'odometer', 'kilometres', 'kilometers', 'odometerkm'],
  price: ['price', 'retailprice', 'advertisedprice', 'saleprice'],
  before_price: ['wasprice', 'beforeprice'],
  price_type: ['pricetype', 'pricequalifier'],
  status: ['status', 'stockstatus'],
  car_type: ['condition', 'cartype', 'type', 'newused'],
  images: ['photos', 'images', 'photourls', 'imageurls', 'pictures'],
  colour: ['colour', 'color', 'exteriorcolour', 'exteriorcolor'],
  simple_body: ['body', 'bodytype', 'bodystyle'],
  simple_transmission: ['transmission', 'gearbox'],
  simple_fuel: ['fuel', 'fueltype'],
  drive: ['drive', 'drivetype'],
  seats: ['seats'],
  doors: ['doors'],
  engine_size_litres: ['engine', 'enginesize', 'enginesizelitres', 'enginelitres'],
  dealercomments: ['comments', 'description', 'dealercomments', 'notes'],
  created_at: ['dateinstock', 'createdat', 'listedat', 'instockdate'],
  sold_date_timestamp: ['solddate', 'datesold'],
  dealership_slug: ['dealership', 'dealershipslug', 'yard', 'branch'],
  city: ['city', 'suburb'],
  state: ['state'],
  slug: ['slug'],
  name: ['name', 'title'],
} as const;

export type CsvField = keyof typeof CSV_COLUMNS;

/** Columns a row cannot do without: what identifies the vehicle and what a listing shows. */
export const REQUIRED_COLUMNS: readonly CsvField[] = ['stocknum', 'make', 'model', 'price', 'status'];

const normalise = (header: string) => header.toLowerCase().replace(/[\s_\-./()#]+/g, '');

/** Which Car field each header column maps to (undefined = ignored column). */
export function mapHeader(header: readonly string[]): (CsvField | undefined)[] {
  return header.map((name) => {
    const key = normalise(name);
    return (Object.keys(CSV_COLUMNS) as CsvField[]).find((field) => (CSV_COLUMNS[field] as readonly string[]).includes(key));
  });
}

const STATUS_WORDS: Record<string, 'in_stock' | 'coming_soon' | 'sold'> = {
  instock: 'in_stock',
  available: 'in_stock',
  forsale: 'in_stock',
  active: 'in_stock',
  live: 'in_stock',
  sold: 'sold',
  delivered: 'sold',
  comingsoon: 'coming_soon',
  incoming: 'coming_soon',
  intransit: 'coming_soon',
  arriving: 'coming_soon',
};

/** DMS status words -> spec status; unknown words pass through so validation reports them. */
export function mapStatus(value: string): string {
  return STATUS_WORDS[normalise(value)] ?? value.trim();
}

/** DMS condition words -> car_type; default used (most dealer stock). */
export function mapCarType(value: string): string {
  const key = normalise(value);
  if (key === '') return 'used';
  if (key === 'new') return 'new';
  if (key === 'demo' || key === 'demonstrator') return 'demo';
  if (key === 'used' || key === 'preowned' || key === 'secondhand') return 'used';
  return value.trim();
}

/** Photo URLs of one cell: separated by `|`, `;`, whitespace, or commas before the next URL. */
export function splitPhotos(value: string): string[] {
  return value
    .split(/[|;\s]+|,(?=\s*https?:\/\/)/)
    .map((url) => url.trim())
    .filter((url) => url !== '');
}

/** `$34,990.00` -> '34990.00'; leaves text that is not a number for validation to report. */
function numeric(value: string): string {
  const cleaned = value.replace(/[$,\s]|km$/gi, '');
  return cleaned;
}

/** URL-safe slug from text parts: the one slug rule (src/lib/text/slug.ts). */
import { slugParts as slugify } from '../lib/text/slug.ts';
export { slugify };

const NUMERIC_FIELDS = new Set<CsvField>(['year', 'km', 'price', 'before_price', 'seats', 'doors', 'engine_size_litres']);

/** Map one CSV row to a raw Car record (validated later by parseStock). */
export function rowToRecord(fields: readonly (CsvField | undefined)[], row: readonly string[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  fields.forEach((field, column) => {
    if (!field) return;
    const value = (row[column] ?? '').trim();
    if (value === '') return;
    if (field === 'images') {
      record.images = splitPhotos(value).map((image) => ({ image, thumb: null }));
    } else if (field === 'status') {
      record.status = mapStatus(value);
    } else if (field === 'car_type') {
      record.car_type = mapCarType(value);
    } else if (NUMERIC_FIELDS.has(field)) {
      record[field] = numeric(value);
    } else if (field === 'sold_date_timestamp') {
      const time = Date.parse(value);
      record.sold_date_timestamp = Number.isNaN(time) ? value : Math.floor(time / 1000);
    } else if (field === 'created_at') {
      const time = Date.parse(value);
      record.created_at = Number.isNaN(time) ? value : new Date(time).toISOString();
    } else {
      record[field] = value;
    }
  });
  if (record.car_type === undefined) record.car_type = 'used';
  if (record.stocknum !== undefined && record.id === undefined) record.id = record.stocknum;
  if (record.slug === undefined) {
    const slug = slugify(record.year as string, record.make as string, record.model as string, record.badge as string, record.stocknum as string);
    if (slug) record.slug = slug;
  }
  // A DMS marks web visibility with status; sold rows stay on the site for the sold window.
  if (record.status === 'sold' && record.show_on_dealer_website === undefined) record.show_on_dealer_website = true;
  return record;
}

/** Parse a DMS CSV export into raw Car records; throws CsvFeedError when the file is unusable. */
export function csvToRecords(text: string): Record<string, unknown>[] {
  const rows = parseCsv(text);
  if (rows.length === 0) throw new CsvFeedError('the CSV file is empty (expected a header row and one vehicle a row)');
  const fields = mapHeader(rows[0]);
  const missing = REQUIRED_COLUMNS.filter((field) => !fields.includes(field));
  if (missing.length > 0) {
    throw new CsvFeedError(
      `the CSV header lacks required column(s): ${missing.map((field) => CSV_COLUMNS[field][0]).join(', ')} (header was: ${rows[0].join(', ')})`,
    );
  }
  return rows.slice(1).map((row) => rowToRecord(fields, row));
}
