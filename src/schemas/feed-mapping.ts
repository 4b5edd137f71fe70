/**
 * Feed mapping file: `tenants/<slug>/feed-mapping.json` tells the pipeline how a
 * dealer system's CSV or XML export maps to Car records, so a new export shape is
 * configuration, not code. Every key is optional: without the file (or a key) the built-in
 * column names of docs/pipeline.md apply. Each field carries its one-line doc as a valibot
 * description; `npm run docs:feed-mapping` writes docs/feed-mapping.md from this file.
 */
import * as v from 'valibot';
import { CarRecordSchema } from './car.ts';
import { issueLines } from './issues.ts';
import { skipPatternProblem } from './skip-pattern.ts';

type AnySchema = v.GenericSchema & { kind: string; type: string; wrapped?: AnySchema; options?: AnySchema[]; pipe?: AnySchema[] };

function unwrap(schema: AnySchema): AnySchema {
  let current = schema;
  while (current.wrapped) current = current.wrapped;
  return current;
}

/** Car fields whose value is a single text, number or yes/no (what one cell can hold). */
function isScalar(schema: AnySchema): boolean {
  const inner = unwrap(schema);
  if (['string', 'number', 'boolean', 'picklist'].includes(inner.type)) return true;
  if (inner.type === 'union') return (inner.options ?? []).every(isScalar);
  // A pipe's value is what its last schema checks (car.ts's optional fields read the text 'null' first, then check the value).
  const checked = inner.pipe?.filter((item) => item.kind === 'schema' && item !== inner).at(-1);
  return checked ? isScalar(checked) : false;
}

/** Car fields that hold a list; a cell is split into its items, repeated columns are gathered. */
export const LIST_FIELDS = ['images', 'standardEquipment'] as const;

/** Every Car field a column can feed (spec §3 names): the scalar fields plus the list fields. */
export const MAPPABLE_FIELDS: readonly string[] = [
  ...Object.entries(CarRecordSchema.entries as unknown as Record<string, AnySchema>)
    .filter(([, schema]) => isScalar(schema))
    .map(([name]) => name),
  ...LIST_FIELDS,
];

const mappable = new Set(MAPPABLE_FIELDS);
const fieldName = v.pipe(
  v.string(),
  v.check((name) => mappable.has(name), (issue) => `unknown Car field "${String(issue.input)}" (a column can feed: ${MAPPABLE_FIELDS.join(', ')})`),
);

const doc = <T extends v.GenericSchema>(description: string, schema: T) => v.pipe(schema, v.description(description));

/** Keys of an object must be Car fields (value maps, constants). */
const byField = <T extends v.GenericSchema>(value: T) =>
  v.pipe(
    v.record(v.string(), value),
    v.check(
      (record) => Object.keys(record).every((key) => mappable.has(key)),
      (issue) => `unknown Car field "${Object.keys(issue.input as object).find((key) => !mappable.has(key))}" (a column can feed: ${MAPPABLE_FIELDS.join(', ')})`,
    ),
  );

// Run in RE2 (linear time, src/schemas/skip-pattern.ts): no look-around, no back-references.
const regexText = v.pipe(
  v.string(),
  v.maxLength(500, 'a pattern of at most 500 characters'),
  v.check((text) => skipPatternProblem(text) === null, (issue) => `expected a regular expression RE2 reads (no look-around or back-references): ${skipPatternProblem(String(issue.input))}`),
);

/** A skip rule: rows whose column holds one of the values (or matches the pattern) are left out. */
export const SkipRuleSchema = v.strictObject({
  /** Column whose value decides (header name, or XML element path). */
  column: doc('Column whose value decides (CSV header name or XML element path; exact or normalised).', v.pipe(v.string(), v.minLength(1))),
  equals: v.optional(doc('Skip the row when the value is one of these (compared ignoring case, spaces and punctuation).', v.array(v.string()))),
  matches: v.optional(doc('Skip the row when the value matches this regular expression (case-insensitive).', regexText)),
  empty: v.optional(doc('Skip the row when the column is empty.', v.boolean())),
});

/** How number and date cells are written in the export. */
export const FormatsSchema = v.strictObject({
  price: v.optional(
    doc('How prices are written: "dollars" ($26,495.00), "cents" (2649500 = $26,495) or "comma-decimal" (26.495,00). Applies to every price field. A negative price is dropped from the vehicle and reported (the car shows the no-price text).', v.picklist(['dollars', 'cents', 'comma-decimal'])),
    'dollars',
  ),
  km: v.optional(doc('How the odometer is written: "km", "thousands" (35 = 35,000 km) or "miles" (converted to km).', v.picklist(['km', 'thousands', 'miles'])), 'km'),
  date: v.optional(
    doc('How dates are written: "auto" (ISO 8601 or what Date.parse reads), "d/m/y" (Australian 03/04/2025 = 3 April), "m/d/y", "y-m-d", "unix" (seconds) or "unix-ms". A date without a time zone is read as UTC.', v.picklist(['auto', 'd/m/y', 'm/d/y', 'y-m-d', 'unix', 'unix-ms'])),
    'auto',
  ),
});

/** The mass-change guard of this tenant (docs/pipeline.md "Mass-change guard"). */
export const GuardSchema = v.strictObject({
  max_removed_share: v.optional(
    doc('Hold a feed that would take more than this share (0-1) of the visible stock off the site until an operator confirms it. Default: the pipeline option (--max-removed-share, 0.5).', v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  ),
  min_removed: v.optional(doc('Never hold a feed that removes fewer cars than this (small dealers sell out). Default: the pipeline option (--min-removed, 5).', v.pipe(v.number(), v.integer(), v.minValue(1)))),
});

const cellValue = v.union([v.string(), v.number(), v.boolean(), v.null()]);

/** The feed mapping file. */
export const FeedMappingSchema = v.strictObject({
  format: v.optional(doc('Reader for dropped files: "auto" (by file name: .csv/.tsv -> CSV, .xml -> XML, .json -> Car JSON), "csv" or "xml".', v.picklist(['auto', 'csv', 'xml'])), 'auto'),
  encoding: v.optional(
    doc('Character encoding of the file: "auto" (BOM, the XML declaration, else UTF-8, falling back to Windows-1252 with a note), "utf-8", "windows-1252", "latin1" or "iso-8859-1" (both read as Windows-1252, its superset).', v.picklist(['auto', 'utf-8', 'windows-1252', 'latin1', 'iso-8859-1'])),
    'auto',
  ),
  separator: v.optional(doc('CSV separator: "auto" (detected from the header line), ",", ";", "\\t" (tab) or "|".', v.picklist(['auto', ',', ';', '\t', '|'])), 'auto'),
  vehicle_element: v.optional(doc('XML: name of the element that holds one vehicle (default: the first of Vehicle, Car, Listing, Item, Advert, StockItem, Unit).', v.pipe(v.string(), v.minLength(1)))),
  columns: v.optional(
    doc('Column -> Car field (or "ignore"). A column is a CSV header name or an XML element path below the vehicle element (Price/Advertised, @id for an attribute), matched exactly or ignoring case, spaces and _-./()#. Named columns must exist in the file. Columns not named here keep the built-in names.', v.record(v.string(), v.union([fieldName, v.literal('ignore')]))),
    {},
  ),
  photos: v.optional(
    doc('Photo columns in order: "Photo#" gathers Photo1, Photo2, ... Photo12 by number; a plain name gathers that column (every repeat of it, every repeated XML element). Each cell may hold one URL or a list. A photo must be an http(s) URL (a protocol-relative //host/... is read as https) or a site path starting with /: any other is dropped from the vehicle and reported.', v.array(v.pipe(v.string(), v.minLength(1)))),
    [],
  ),
  values: v.optional(
    doc('Per Car field: file value -> Car value, e.g. { "status": { "Stock": "in_stock", "On Order": "coming_soon" } }. Keys compare ignoring case, spaces and punctuation; null drops the value; values not listed keep the built-in reading.', byField(v.record(v.string(), cellValue))),
    {},
  ),
  formats: v.optional(doc('How numbers and dates are written where the default reading is wrong.', FormatsSchema), {}),
  constants: v.optional(doc('Car field -> value set on every vehicle of this feed, e.g. { "dealership_slug": "north-yard" }. A field cannot be both a constant and a mapped column.', byField(v.union([v.string(), v.number(), v.boolean()]))), {}),
  skip: v.optional(doc('Rows to leave out, e.g. [{ "column": "Web Visible", "equals": ["No"] }]. Skipped rows are listed by the dry run, not reported as problems.', v.array(SkipRuleSchema)), []),
  guard: v.optional(doc('Mass-change guard settings for this tenant.', GuardSchema), {}),
});

export type FeedMapping = v.InferOutput<typeof FeedMappingSchema>;
export type SkipRule = v.InferOutput<typeof SkipRuleSchema>;

/** File name of the mapping in a tenant folder. */
export const FEED_MAPPING_FILE = 'feed-mapping.json';

/** Validate a parsed mapping: the mapping, or every problem as `field <path>: <message>`. */
export function parseFeedMapping(data: unknown): { ok: true; mapping: FeedMapping } | { ok: false; problems: string[] } {
  const result = v.safeParse(FeedMappingSchema, data);
  if (result.success) {
    const both = Object.keys(result.output.constants).filter((field) => Object.values(result.output.columns).includes(field));
    if (both.length) return { ok: false, problems: both.map((field) => `field constants.${field}: "${field}" is also fed by a column in "columns" (keep one)`) };
    return { ok: true, mapping: result.output };
  }
  return { ok: false, problems: issueLines(result.issues, { schema: FeedMappingSchema, docs: 'docs/feed-mapping.md' }) };
}

/** The mapping used when a tenant has no mapping file: built-in names only. */
export const DEFAULT_FEED_MAPPING: FeedMapping = v.parse(FeedMappingSchema, {});
