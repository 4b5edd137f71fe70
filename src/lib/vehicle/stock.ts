/**
 * Stock loading and visibility (spec §4 "Stock visibility", DESIGN §3, §4).
 * Pure: takes parsed JSON and the site config, returns cars and problems.
 */
import * as v from 'valibot';
import { carReadingFor, type Car } from '../../schemas/car.ts';
import { isNullText } from '../../schemas/feed-text.ts';
import { issueMessage } from '../../schemas/issues.ts';
import { dealerYear } from '../text/dealer-time.ts';
import { decideVehicleKind, type VehicleKind } from '../../schemas/vehicle-kind.ts';
import type { Site } from '../../schemas/site.ts';
import { excludedStockNumber, type ExcludedStockNumber, type StockCondition, type StockRules } from '../../schemas/site/stock-rules.ts';

/** What the reader did about a problem: the record left out of the stock, or only the value of that field (the car kept). */
export type ProblemOutcome = 'record skipped' | 'field dropped';

/** One problem found in a stock file: which record, which field, what is wrong, what was done. */
export interface StockProblem {
  tenant: string;
  /** The record's feed id and stock number with its index in the file (`id 7, stock RT1 (#12)`), or the index alone (`#12`); empty for the whole file. */
  record: string;
  /** Dot path of the field, e.g. `images.0.image`; empty for the whole record. */
  field: string;
  message: string;
  /** What was done about it; absent for a problem of the whole file. */
  outcome?: ProblemOutcome;
}

/** Result of parsing a stock.json array. */
export interface ParsedStock {
  cars: Car[];
  problems: StockProblem[];
  /** Records in the file. */
  read: number;
  /** Records skipped (invalid, or a duplicate slug, id or stock number of one dealership). */
  skipped: number;
  /** The index in the file of the record each car came from (same order as `cars`); absent on a parse made before it was recorded. */
  sources?: number[];
  /** The dealer kinds each record's kind was decided from (`parseStock`'s `dealerKinds`); undefined: every kind possible. */
  kinds?: readonly VehicleKind[];
  /** The latest model year the records were held to (`latestModelYear` of `parseStock`'s clock); undefined: parsed without a clock. */
  latestModelYear?: number;
}

const DAY_MS = 86_400_000;

/** A record's key (`id`, `stocknum`) as text, or null when it has none usable in a label. */
function keyText(raw: unknown, key: 'id' | 'stocknum'): string | null {
  const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[key] : undefined;
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' && !isNullText(value) ? value.trim() : null;
}

/** How a problem names its record: `id 7, stock RT1 (#3)`; a stock number that is the id is not said twice. */
export function recordLabel(raw: unknown, index: number): string {
  const id = keyText(raw, 'id');
  const stock = keyText(raw, 'stocknum');
  const names = [id !== null ? `id ${id}` : '', stock !== null && stock !== id ? `stock ${stock}` : ''].filter(Boolean);
  return names.length > 0 ? `${names.join(', ')} (#${index})` : `#${index}`;
}

/** The slugs, ids and stock numbers (stockKey) of the records kept so far, each with the label of its record. */
interface KeptKeys {
  slugs: Map<string, string>;
  ids: Map<string, string>;
  stocks: Map<string, string>;
}

/**
 * What a stock number is unique within: a dealer's stock number names one car of its dealership
 * (a group site's dealerships number their stock on their own; a car without a dealership is in
 * the site's own set), compared trimmed and in any case, as stock rules compare it. Null: no
 * stock number. The one key of a stock number: duplicates here, the mass-change guard's matching.
 */
export function stockKey(car: Car): string | null {
  const stock = car.stocknum?.trim().toLowerCase();
  return stock ? JSON.stringify([(car.dealership_slug ?? '').trim().toLowerCase(), stock]) : null;
}

/**
 * A valid record's clash with one kept before it (field and message), or null when it is the
 * first of its slug, id and stock number (stockKey); a first is added to `kept`.
 */
function duplicateOf(car: Car, record: string, kept: KeptKeys): { field: string; message: string } | null {
  const earlier = kept.slugs.get(car.slug);
  if (earlier) return { field: 'slug', message: `duplicate slug "${car.slug}" (already used by ${earlier})` };
  const id = String(car.id);
  const earlierId = kept.ids.get(id);
  if (earlierId) return { field: 'id', message: `duplicate id "${id}" (already used by ${earlierId})` };
  const stock = stockKey(car);
  const earlierStock = stock ? kept.stocks.get(stock) : undefined;
  const dealership = car.dealership_slug ? ` at dealership "${car.dealership_slug}"` : '';
  if (earlierStock) return { field: 'stocknum', message: `duplicate stock number "${car.stocknum}"${dealership} (already used by ${earlierStock})` };
  kept.slugs.set(car.slug, record);
  kept.ids.set(id, record);
  if (stock) kept.stocks.set(stock, record);
  return null;
}

/** The shapes a stock file may have, as said to whoever wrote another. */
export const STOCK_FILE_SHAPE = 'a JSON array of Car records (or { "vehicles": [...] })';

/**
 * The records of a stock file's parsed content: a bare array of Car records or the array of
 * `{ "vehicles": [...] }` (both common export shapes); null for any other shape. The one rule of
 * what a stock file may hold: the build's stock.json, the pipeline's seed and a dropped snapshot.
 */
export function stockFileRecords(data: unknown): unknown[] | null {
  if (Array.isArray(data)) return data;
  const vehicles = data !== null && typeof data === 'object' ? (data as { vehicles?: unknown }).vehicles : undefined;
  return Array.isArray(vehicles) ? vehicles : null;
}

/** What to say of content stockFileRecords refuses: what was expected and what was found. */
export function stockShapeProblem(data: unknown): string {
  const vehicles = data !== null && typeof data === 'object' ? (data as { vehicles?: unknown }).vehicles : undefined;
  const found =
    data === null
      ? 'null'
      : typeof data !== 'object'
        ? `a ${typeof data}`
        : vehicles === undefined
          ? 'an object with no "vehicles" array'
          : 'an object whose "vehicles" is not an array';
  return `expected ${STOCK_FILE_SHAPE}; found ${found}`;
}

/** The latest model year a clock (ms) accepts: the year after the dealer's year (`dealerYear`: site.json `timezone`; NO_SITE_ZONE's without a site). */
export function latestModelYear(now: number, timeZone?: string): number {
  return dealerYear(now, timeZone) + 1;
}

/**
 * Validate every record of a stock file; bad records and duplicates (slug, id, a dealership's
 * stock number: the first is kept) are reported and skipped, values unfit to show (src/schemas/dropped-values.ts) reported and dropped.
 * `dealerKinds`: what the site sells (site.json `vehicle_kinds`, `vehicleKindsOf`), from which
 * each record's kind is decided; without it (a feed checked on its own) every kind is possible.
 * `now`: the clock (the build's, the intake's) whose `latestModelYear` a record's year may not
 * pass, its year read in `timeZone` (site.json `timezone`; without a site, NO_SITE_ZONE); without
 * `now` only the fixed range applies and the parse has no `latestModelYear`.
 */
export function parseStock(tenant: string, content: unknown, dealerKinds?: readonly VehicleKind[], now?: number, timeZone?: string): ParsedStock {
  const data = stockFileRecords(content);
  if (!data) return { cars: [], problems: [{ tenant, record: '', field: '', message: stockShapeProblem(content) }], read: 0, skipped: 0 };
  const latest = now === undefined ? undefined : latestModelYear(now, timeZone);
  const schema = carReadingFor(dealerKinds, latest);
  const cars: Car[] = [];
  const sources: number[] = [];
  const problems: StockProblem[] = [];
  const kept: KeptKeys = { slugs: new Map(), ids: new Map(), stocks: new Map() };
  data.forEach((raw, index) => {
    const record = recordLabel(raw, index);
    const result = v.safeParse(schema, raw);
    if (!result.success) {
      for (const issue of result.issues) {
        problems.push({ tenant, record, field: v.getDotPath(issue) ?? '', message: issueMessage(issue), outcome: 'record skipped' });
      }
      return;
    }
    const { car, dropped } = result.output;
    const duplicate = duplicateOf(car, record, kept);
    if (duplicate) {
      problems.push({ tenant, record, ...duplicate, outcome: 'record skipped' });
      return;
    }
    for (const drop of dropped) problems.push({ tenant, record, ...drop, outcome: 'field dropped' });
    cars.push(car);
    sources.push(index);
  });
  const clock = latest === undefined ? {} : { latestModelYear: latest };
  return { cars, problems, read: data.length, skipped: data.length - cars.length, sources, ...(dealerKinds ? { kinds: [...dealerKinds] } : {}), ...clock };
}

/**
 * A parse with each car's kind decided from `dealerKinds` (what the site sells): the parse as it
 * is when it was made from the same kinds, else its cars with `vehicle_kind` decided again (the
 * only field of a Car that depends on the site). Lets a parse made without the site (the intake's
 * reader) serve the build without parsing the records again.
 */
export function withDealerKinds(parsed: ParsedStock, dealerKinds: readonly VehicleKind[]): ParsedStock {
  const same = parsed.kinds !== undefined && parsed.kinds.length === dealerKinds.length && parsed.kinds.every((kind, index) => kind === dealerKinds[index]);
  if (same) return parsed;
  return { ...parsed, cars: parsed.cars.map((car) => ({ ...car, vehicle_kind: decideVehicleKind(car, dealerKinds) })), kinds: [...dealerKinds] };
}

/** When the car was sold, in ms since the epoch, or null when unknown. */
export function soldAt(car: Car): number | null {
  if (typeof car.sold_date_timestamp === 'number' && car.sold_date_timestamp > 0) {
    // Feeds send seconds; tolerate milliseconds too.
    return car.sold_date_timestamp > 1e12 ? car.sold_date_timestamp : car.sold_date_timestamp * 1000;
  }
  return null;
}

/**
 * Spec §4: a car is shown when it is in_stock or coming_soon, or sold within the last
 * `include_sold_cars_days` days (default 3) and show_on_dealer_website is true.
 * A car flagged show_on_dealer_website=false is never shown.
 */
export function isStatusVisible(car: Car, includeSoldDays: number, now: number): boolean {
  if (car.show_on_dealer_website === false) return false;
  if (car.status === 'in_stock' || car.status === 'coming_soon') return true;
  // Sold: only while recent and explicitly allowed on the website.
  if (car.show_on_dealer_website !== true) return false;
  const sold = soldAt(car);
  if (sold === null) return false;
  return now - sold >= 0 ? now - sold <= includeSoldDays * DAY_MS : true;
}

function matchesCondition(car: Car, condition: StockCondition): boolean {
  const lower = (value: string | null | undefined) => (value ?? '').toLowerCase();
  if (condition.status && !condition.status.includes(car.status)) return false;
  if (condition.car_type && !condition.car_type.includes(car.car_type)) return false;
  if (condition.make && !condition.make.some((make) => lower(make) === lower(car.make))) return false;
  if (condition.dealership_slug && !condition.dealership_slug.includes(car.dealership_slug ?? '')) return false;
  return true;
}

/**
 * Whether an `excluded_stock_numbers` entry hides a car: its stock number (any case), and the
 * car's dealership when the entry names one (docs/decisions.md "Excluded stock numbers").
 */
function excludesCar(entry: ExcludedStockNumber, stocknum: string, car: Car): boolean {
  const { stockNumber, dealership } = excludedStockNumber(entry);
  return stockNumber.toLowerCase() === stocknum.toLowerCase() && (dealership === undefined || dealership === car.dealership_slug);
}

/** Spec §4 per-site stock rules: excluded stock numbers, exclusion conditions, price-0 filter. */
export function passesStockRules(car: Car, rules: StockRules): boolean {
  const stocknum = car.stocknum === null || car.stocknum === undefined ? '' : String(car.stocknum);
  if (stocknum && rules.excluded_stock_numbers.some((entry) => excludesCar(entry, stocknum, car))) return false;
  if (rules.hide_price_zero && !(typeof car.price === 'number' && car.price > 0)) return false;
  return !rules.exclude.some((condition) => matchesCondition(car, condition));
}

/** Whether a car is published on the site at time `now` (ms). */
export function isCarVisible(car: Car, site: Pick<Site, 'include_sold_cars_days' | 'stock_rules'>, now: number): boolean {
  return isStatusVisible(car, site.include_sold_cars_days, now) && passesStockRules(car, site.stock_rules);
}

/** The visible stock of a site, newest first (created_at descending, then id). */
export function visibleStock(cars: readonly Car[], site: Pick<Site, 'include_sold_cars_days' | 'stock_rules'>, now: number): Car[] {
  return cars
    .filter((car) => isCarVisible(car, site, now))
    .sort((a, b) => (Date.parse(b.created_at ?? '') || 0) - (Date.parse(a.created_at ?? '') || 0) || String(a.id).localeCompare(String(b.id)));
}

/** A problem's message with what was done about it: `must not be negative; record skipped`. */
export function problemDetail(problem: StockProblem): string {
  return problem.outcome ? `${problem.message}; ${problem.outcome}` : problem.message;
}

/**
 * Format a problem as one report line, naming the file (or push) the records came from:
 * `tenant: stock.json record id 7, stock RT1 (#3) field km: must not be negative; record skipped`.
 */
export function formatProblem(problem: StockProblem, source = 'stock.json'): string {
  const where = [source, problem.record && `record ${problem.record}`, problem.field && `field ${problem.field}`].filter(Boolean).join(' ');
  return `${problem.tenant}: ${where}: ${problemDetail(problem)}`;
}
