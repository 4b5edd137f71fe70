/**
 * The documented CSV columns of a DMS export (docs/pipeline.md "CSV columns") and the cell
 * parsers shared by the CSV intake (csv.ts) and the feed mapping (mapping.ts). Pure: no I/O.
 */
import { slugParts as slugify } from '../../../lib/text/slug.ts';

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

/** A header (or XML element path) as compared: lower-case, without spaces, `_ - . / ( ) # @`. */
export const normaliseHeader = (header: string) => header.toLowerCase().replace(/[\s_\-./()#@]+/g, '');
const normalise = normaliseHeader;

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

/** Photo URLs of one cell: separated by `|`, `;`, whitespace, or commas before the next URL (http(s) or protocol-relative). */
export function splitPhotos(value: string): string[] {
  return value
    .split(/[|;\s]+|,(?=\s*(?:https?:)?\/\/)/)
    .map((url) => url.trim())
    .filter((url) => url !== '');
}

/** `$34,990.00` -> '34990.00'; leaves text that is not a number for validation to report. */
export function numeric(value: string): string {
  return value.replace(/[$,\s]|km$/gi, '');
}

/** URL-safe slug from text parts: the one slug rule (src/lib/text/slug.ts). */
export { slugify };
