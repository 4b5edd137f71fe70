/**
 * Reading a tenant folder (DESIGN §3): site.json + stock.json + lead-delivery.json + optional files.
 * This is the one place that touches the file system for tenant data; everything it
 * returns is validated. A bad site.json or lead-delivery.json throws a TenantConfigError naming
 * the file and field path; bad stock records are returned as problems, never thrown.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import * as v from 'valibot';
import type { Car } from '../../schemas/car.ts';
import type { VehicleKind } from '../../schemas/vehicle-kind.ts';
import { SiteSchema, type Site } from '../../schemas/site.ts';
import { checkLeadDeliveryFile, DEFAULT_RETENTION, type Destination, type Retention } from '../../schemas/lead-delivery.ts';
import { latestModelYear, parseStock, stockFileRecords, stockShapeProblem, visibleStock, withDealerKinds, type ParsedStock, type StockProblem } from '../vehicle/stock.ts';
import { issueLines } from '../../schemas/issues.ts';
import { applyReservationOverlay, readReservationOverlay, type ReservationOverlay } from '../vehicle/reservation-overlay.ts';
import { withRepaymentBands } from '../finance/repayment-band.ts';
import { vehicleKindsOf } from '../text/template-wording.ts';
import { DEMO_CLOCK_FILE, demoShiftDays, parseDemoClock, shiftSiteDates, shiftStockDates } from './demo-clock.ts';

/** A site.json (or other tenant file) that cannot be used: stops only this tenant. */
export class TenantConfigError extends Error {
  readonly file: string;
  readonly details: string[];
  constructor(file: string, details: string[]) {
    super(`${file}: ${details.join('; ')}`);
    this.name = 'TenantConfigError';
    this.file = file;
    this.details = details;
  }
}

/** A loaded, validated tenant. */
export interface Tenant {
  slug: string;
  dir: string;
  site: Site;
  /** Every valid record of stock.json. */
  cars: Car[];
  /** The published stock at build time. */
  visible: Car[];
  problems: StockProblem[];
  read: number;
  skipped: number;
  /** Where its leads go and how long their data is kept (readLeadDelivery): server-only, never in the bundle. */
  leadDelivery: LeadDelivery;
  /**
   * Demo tenants only (a demo-clock.json in the folder): ms the generated dates were moved by
   * (build clock - generation clock), also applied to the dated optional files. 0 or absent
   * for a real dealer, whose feed is read as it is.
   */
  dateShift?: number;
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new TenantConfigError(file, [`cannot read file (${(error as NodeJS.ErrnoException).code ?? String(error)})`]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new TenantConfigError(file, [`invalid JSON: ${(error as Error).message}`]);
  }
}

/** Validate a parsed site.json; throws TenantConfigError listing every field problem. */
export function parseSite(file: string, data: unknown, folderSlug?: string): Site {
  const result = v.safeParse(SiteSchema, data);
  if (!result.success) {
    throw new TenantConfigError(file, issueLines(result.issues, { schema: SiteSchema, docs: 'docs/site-json.md', where: locationNamed }));
  }
  if (folderSlug !== undefined && result.output.slug !== folderSlug) {
    throw new TenantConfigError(file, [`field slug: "${result.output.slug}" must equal the tenant folder name "${folderSlug}"`]);
  }
  return result.output;
}

/** ' (location 8 "Logan")' for a problem under site.json `locations`, as written there; '' for any other field. */
function locationNamed(issue: v.GenericIssue): string {
  const [list, entry] = issue.path ?? [];
  if (list?.key !== 'locations' || !entry?.value || typeof entry.value !== 'object') return '';
  const { id, name } = entry.value as { id?: unknown; name?: unknown };
  const parts = [typeof id === 'number' || typeof id === 'string' ? String(id) : '', typeof name === 'string' ? JSON.stringify(name) : ''].filter(Boolean);
  return parts.length > 0 ? ` (location ${parts.join(' ')})` : '';
}

/** Load the site config only (cheap; used by the server to route hosts). */
export function loadSite(dir: string): Site {
  const slug = basename(resolve(dir));
  return parseSite(join(dir, 'site.json'), readJson(join(dir, 'site.json')), slug);
}

/**
 * Load and validate a tenant folder; `now` (ms) decides sold-car visibility and the latest
 * model year. `stock`: the records to use instead of the folder's stock.json (the pipeline's
 * accepted snapshot, src/pipeline/state/stock.ts), with their parse when the intake kept it
 * (used, as a copy, unless demo dates move or it was made with another year's clock); `overlay`: the reserved overlay to use instead of the folder's
 * reservations.json (the pipeline state's, read beforehand: this load is synchronous).
 */
export function loadTenant(dir: string, now: number = Date.now(), stock?: { data: unknown; parsed?: ParsedStock }, overlay?: ReservationOverlay): Tenant {
  const absolute = resolve(dir);
  const slug = basename(absolute);
  const dateShift = demoDateShift(absolute, now);
  // Demo tenants' promo dates move with their stock (src/lib/site/demo-clock.ts); a real site.json is read as it is.
  const site = shiftSiteDates(loadSite(absolute), dateShift);
  const leadDelivery = readLeadDelivery(absolute, site.email);
  const parsed = parseTenantStock(absolute, { kinds: vehicleKindsOf(site), timeZone: site.timezone }, dateShift, now, stock);
  // Paid online reservations the dealer's feed does not show yet (docs/payments.md); then each
  // car's repayment band from the repayment its page prints, reservations applied (repayment-band.ts).
  const cars = withRepaymentBands(applyReservationOverlay(parsed.cars, overlay ?? readReservationOverlay(absolute)), site, now);
  return {
    slug,
    dir: absolute,
    site,
    cars,
    visible: visibleStock(cars, site, now),
    problems: parsed.problems,
    read: parsed.read,
    skipped: parsed.skipped,
    leadDelivery,
    dateShift,
  };
}

/** A tenant's lead delivery: its destinations and the retention of its personal data. */
export interface LeadDelivery {
  destinations: Destination[];
  retention: Retention;
}

/**
 * The tenant folder's lead-delivery.json (src/schemas/lead-delivery.ts); without one, or without
 * destinations in it, e-mail with the ADF attached to the site's address when it has one. A file
 * the lead API could not use throws a TenantConfigError naming it and the field.
 */
export function readLeadDelivery(dir: string, siteEmail: string | undefined): LeadDelivery {
  const file = join(dir, 'lead-delivery.json');
  const byEmail: Destination[] = siteEmail ? [{ id: 'email', type: 'email', format: 'adf', to: [siteEmail] }] : [];
  if (!existsSync(file)) return { destinations: byEmail, retention: DEFAULT_RETENTION };
  const checked = checkLeadDeliveryFile(basename(resolve(dir)), readJson(file));
  if ('problems' in checked) throw new TenantConfigError(file, checked.problems);
  return { destinations: checked.file.destinations ?? byEmail, retention: checked.file.retention ?? DEFAULT_RETENTION };
}

/** What the build says of a tenant whose leads would be stored but sent nowhere (no site e-mail, no destination); undefined when they go somewhere. */
export function leadDestinationNotice(tenant: Pick<Tenant, 'leadDelivery'>): string | undefined {
  if (tenant.leadDelivery.destinations.length > 0) return undefined;
  return 'no lead destination: leads would be stored but sent nowhere. Add "email" to site.json or destinations to lead-delivery.json (docs/lead-api.md).';
}

/**
 * What the build says of each `stock_rules.excluded_stock_numbers` entry of a site.json (`file`)
 * that names no dealership in a site of several: it hides that stock number at every dealership,
 * as it always did, though it may have been meant for one (docs/decisions.md "Excluded stock
 * numbers"). An entry that names a dealership, or says every dealership on purpose
 * ({ "stock_number": ... } without one), and any entry of a site of one dealership, has none.
 */
export function stockRuleNotices(file: string, site: Pick<Site, 'dealerships' | 'stock_rules'>): string[] {
  const slugs = site.dealerships.map((dealership) => dealership.slug);
  if (slugs.length < 2) return [];
  return site.stock_rules.excluded_stock_numbers.flatMap((entry, index) => {
    if (typeof entry !== 'string') return [];
    const number = JSON.stringify(entry);
    return [
      `${file}: field stock_rules.excluded_stock_numbers.${index}: ${number} names no dealership and this site has ${slugs.length} (${slugs.join(', ')}): it hides stock number ${entry} at every one of them. ` +
        `Write { "stock_number": ${number}, "dealership_slug": ${JSON.stringify(slugs[0])} } to hide one dealership's car, or { "stock_number": ${number} } to hide it at every dealership (docs/site-json.md).`,
    ];
  });
}

/**
 * The tenant's stock parsed: the pipeline's (a parse the intake kept is used as a copy, each car's
 * kind decided from the site's `kinds`), else the folder's stock.json, model years held to the
 * dealer's year (`timeZone`). Stock of a shape no stock file may have (stockFileRecords) stops
 * the tenant: building it would publish a site with no cars.
 */
function parseTenantStock(dir: string, { kinds, timeZone }: { kinds: readonly VehicleKind[]; timeZone: string }, dateShift: number, now: number, stock?: { data: unknown; parsed?: ParsedStock }): ParsedStock {
  const slug = basename(dir);
  // A parse kept by the intake is used (a copy), with each car's kind decided from this site's
  // kinds, when it held the records to the latest model year of this clock in the dealer's zone.
  if (stock?.parsed && dateShift === 0 && stock.parsed.latestModelYear === latestModelYear(now, timeZone)) return withDealerKinds(structuredClone(stock.parsed), kinds);
  const stockFile = join(dir, 'stock.json');
  const content = stock ? stock.data : existsSync(stockFile) ? readJson(stockFile) : undefined;
  if (content === undefined)
    return { cars: [], problems: [{ tenant: slug, record: '', field: '', message: 'no such file: the site is built with no stock' }], read: 0, skipped: 0 };
  const records = stockFileRecords(content);
  if (!records) throw new TenantConfigError(stockFile, [stockShapeProblem(content)]);
  return parseStock(slug, shiftStockDates(records, dateShift), kinds, now, timeZone);
}

/**
 * A demo tenant's date shift for a clock (docs/demo-data.md, "Dates and the build clock"); 0
 * without a demo-clock.json. Whole days, rounded down: every load within
 * one day gives the same dates, so the cars' fingerprints hold and a one-car feed stays an
 * incremental release; rounding down never moves a date past the clock.
 */
export function demoDateShift(dir: string, now: number): number {
  const file = join(dir, DEMO_CLOCK_FILE);
  if (!existsSync(file)) return 0;
  try {
    return demoShiftDays(now - parseDemoClock(readJson(file)));
  } catch (error) {
    if (error instanceof TenantConfigError) throw error;
    throw new TenantConfigError(file, [(error as Error).message]);
  }
}

/** The sub-folders of a tenants directory (hidden ones left out), sorted by name. */
function subFolders(root: string): string[] {
  const absolute = resolve(root);
  if (!existsSync(absolute)) throw new Error(`tenants directory not found: ${absolute}`);
  return readdirSync(absolute)
    .filter((name) => !name.startsWith('.') && statSync(join(absolute, name)).isDirectory())
    .sort()
    .map((name) => join(absolute, name));
}

/** Tenant folders of a directory: sub-folders holding a site.json, sorted by name. */
export function listTenantDirs(root: string): string[] {
  return subFolders(root).filter((dir) => existsSync(join(dir, 'site.json')));
}

/**
 * The sub-folders of a tenants directory that are not tenants (no site.json), each with a note
 * naming it and a site.json spelt in another case ('Site.json'): without a word, a build skipped them.
 */
export function skippedTenantFolders(root: string): { dir: string; note: string }[] {
  return subFolders(root)
    .filter((dir) => !existsSync(join(dir, 'site.json')))
    .map((dir) => {
      const cased = readdirSync(dir).find((name) => name.toLowerCase() === 'site.json');
      const why = cased ? `it holds ${JSON.stringify(cased)} but no site.json (the name is lower-case)` : 'no site.json (a tenant is a folder holding site.json)';
      return { dir, note: `${dir}: not built: ${why}` };
    });
}

/** Read an optional JSON file of the tenant folder (models.json, reviews.json, offers.json...). */
export function readOptionalJson(dir: string, name: string): unknown {
  const file = join(dir, name);
  return existsSync(file) ? readJson(file) : undefined;
}
