/**
 * Form field primitives (spec §3 form values, §5 validation rules): the text, e-mail,
 * phone, postcode, number, checkbox and id fields every form and request schema is made of,
 * the contact entries of every lead form, and `fieldErrors` (a failed parse as messages).
 * Browser-safe: valibot only. Messages come from src/schemas/forms/messages.ts, the spec's
 * letter for letter. Blank inputs count as "not given" for optional fields. Every text field is
 * one line (oneLine) but the shopper's message (messageText), and no field keeps a bidirectional
 * control: see docs/forms.md "One-line fields".
 */
import * as v from 'valibot';
import { FORM_MESSAGES } from './messages.ts';
import { AU_MOBILE_PATTERN, AU_PHONE_PATTERN, normalisePhone } from '../phone.ts';

/** Australian states for selects (spec §5 instant offer: qld, nsw, vic, sa, wa, tas, act, nt). */
export const AU_STATES = ['qld', 'nsw', 'vic', 'sa', 'wa', 'tas', 'act', 'nt'] as const;
/** Preferred contact methods (spec §3 lead form values). */
export const CONTACT_METHODS = ['Phone', 'Email', 'SMS'] as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Control characters: C0 (line feed, carriage return, tab, vertical tab, form feed...), DEL, C1 (NEL U+0085...), and the line and paragraph separators. */
const CONTROLS = '\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029';
const CONTROL = new RegExp(`[${CONTROLS}]`);
/** A run of spaces and control characters (matched once each, without backtracking). */
const SPACE_OR_CONTROL_RUN = new RegExp(`[ ${CONTROLS}]+`, 'g');
/** Every kind of line break: CR LF, LF, CR, vertical tab, form feed, NEL, line and paragraph separators. */
const LINE_BREAK = /\r\n|[\n\r\u000B\u000C\u0085\u2028\u2029]/;
/**
 * The bidirectional controls: embeddings, overrides and their pop (U+202A-U+202E), isolates and
 * theirs (U+2066-U+2069), and the marks (LRM U+200E, RLM U+200F, ALM U+061C).
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/**
 * Text without its bidirectional controls. Invisible, they reorder the text around them as it is
 * shown: a name that shows a phone number's digits in another order, a line that reads as
 * another ("Trojan Source"). A mark alone turns digit groups around ('\u200F0412 345' shows as
 * '345 0412'). Right-to-left text reads correctly without them: the Unicode bidirectional
 * algorithm orders Arabic and Hebrew by their letters.
 */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROL, '');
}

/**
 * Text as one line: its bidirectional controls dropped (withoutBidiControls), and each run of
 * line breaks and other control characters (with the spaces around it) made one space, so a
 * value can add no line of its own where it is written (the dealer's lead e-mail) nor reorder
 * what is read there; the rest of the text is kept as typed.
 */
export function oneLine(text: string): string {
  return withoutBidiControls(text).replace(SPACE_OR_CONTROL_RUN, (run) => (CONTROL.test(run) ? ' ' : run));
}

/** A one-line field's value as the form sends it (oneLine, trimmed): a select's options are compared in this form on the page and at the API. */
export function formText(text: string): string {
  return oneLine(text).trim();
}

/** A one-line value as it is compared with a name the product gives it (a lead's category, a finance page's subcategory): case and spacing aside. */
export function comparableText(value: unknown): string {
  return typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').toLowerCase() : '';
}

/** The longest subcategory a lead carries (the lead API's and the enquiry form's). */
export const SUBCATEGORY_MAX = 80;

/** What a location's own contact page writes before the location's name in its subcategory ('Contact {name}'). */
export const CONTACT_LOCATION_PREFIX = 'Contact ';

/** The longest location name (site.json, as formText leaves it): 'Contact {name}' fits the subcategory. */
export const LOCATION_NAME_MAX = SUBCATEGORY_MAX - CONTACT_LOCATION_PREFIX.length;

/** Text of several lines, split at every kind of line break, each line made one line (oneLine). */
export function textLines(text: string): string[] {
  return text.split(LINE_BREAK).map(oneLine);
}

/** A one-line text field (every field but the shopper's message): collapsed by oneLine, trimmed, at most `max` characters. */
const oneLineText = (max: number, message?: string) => v.pipe(v.string(message), v.transform(oneLine), v.trim(), v.maxLength(max, FORM_MESSAGES.tooLong(max)));

/** The shopper's message (label Comments): its lines kept, every line break written as \n, other control characters a space; trimmed, bounded. */
const severalLinesText = (max: number, message?: string) =>
  v.pipe(
    v.string(message),
    v.transform((text) => textLines(text).join('\n')),
    v.trim(),
    v.maxLength(max, FORM_MESSAGES.tooLong(max)),
  );

/** Blank text as "not given". */
const blankAsUndefined = (text: string): string | undefined => (text === '' ? undefined : text);

/** A required one-line text field, trimmed, bounded. */
export const requiredText = (max = 200, message: string = FORM_MESSAGES.required) => v.pipe(oneLineText(max, message), v.minLength(1, message));

/** A lead's category (spec §5: required, default General Enquiry), at most 80 characters: the enquiry form's field and the lead API's, its messages theirs. */
export const leadCategory = v.optional(requiredText(80), 'General Enquiry');

/** An optional one-line text field: blank becomes undefined. */
export const optionalText = (max = 200) => v.optional(v.pipe(oneLineText(max), v.transform(blankAsUndefined)));

/** A one-line text field that is required or optional depending on a site setting. */
export const textField = (required: boolean, max = 2000) => (required ? requiredText(max) : optionalText(max));

/** The longest Comments a form takes, every form's (spec §5 gives none): the lead API takes the same. */
export const COMMENTS_MAX = 5000;

/** The shopper's message (label Comments), the one field of several lines: required or optional (blank becomes undefined) depending on the form. */
export const messageText = (required: boolean, max = COMMENTS_MAX) =>
  required
    ? v.pipe(severalLinesText(max, FORM_MESSAGES.required), v.minLength(1, FORM_MESSAGES.required))
    : v.optional(v.pipe(severalLinesText(max), v.transform(blankAsUndefined)));

/**
 * The type check's message of a required field that takes a kind of value (an e-mail address, a
 * phone number): none given (undefined, null) is missing, any other value is not of that kind.
 */
const missingOr =
  (kind: string) =>
  (issue: v.BaseIssue<unknown>): string =>
    issue.input === undefined || issue.input === null ? FORM_MESSAGES.required : kind;

/** Required e-mail address, lower-cased; one line (oneLine: a control character left in it is a space, which no address holds). */
export const email = v.pipe(
  v.string(missingOr(FORM_MESSAGES.email)),
  v.transform(oneLine),
  v.trim(),
  v.minLength(1, FORM_MESSAGES.required),
  v.maxLength(254, FORM_MESSAGES.email),
  v.regex(EMAIL_PATTERN, FORM_MESSAGES.email),
  v.toLowerCase(),
);

/** Optional e-mail address (blank allowed), one line as `email` is. */
export const optionalEmail = v.optional(
  v.pipe(
    v.string(FORM_MESSAGES.email),
    v.transform(oneLine),
    v.trim(),
    v.maxLength(254, FORM_MESSAGES.email),
    v.check((text) => text === '' || EMAIL_PATTERN.test(text), FORM_MESSAGES.email),
    v.transform((text) => (text === '' ? undefined : text.toLowerCase())),
  ),
);

/** A required Australian number, one line (oneLine), normalised to national digits, that must match `pattern` (else `message`). */
function requiredAuPhone(pattern: RegExp, message: string) {
  return v.pipe(
    v.string(missingOr(message)),
    v.transform(oneLine),
    v.trim(),
    v.minLength(1, FORM_MESSAGES.required),
    v.maxLength(24, message),
    v.transform(normalisePhone),
    v.regex(pattern, message),
  );
}

/** Required Australian phone number, normalised to national digits. */
export const phone = requiredAuPhone(AU_PHONE_PATTERN, FORM_MESSAGES.phone);

/** An optional Australian number (blank allowed), one line as the required one is, that must match `pattern` (else `message`). */
function optionalAuPhone(pattern: RegExp, message: string) {
  return v.optional(
    v.pipe(
      v.string(message),
      v.transform(oneLine),
      v.trim(),
      v.maxLength(24, message),
      v.transform(normalisePhone),
      v.check((text) => text === '' || pattern.test(text), message),
      v.transform((text) => (text === '' ? undefined : text)),
    ),
  );
}

/** Optional Australian phone number (blank allowed), one line as `phone` is. */
export const optionalPhone = optionalAuPhone(AU_PHONE_PATTERN, FORM_MESSAGES.phone);

/** Optional Australian mobile number (blank allowed), as `mobilePhone` when given: the trade-in lead's Mobile Number on a later post. */
export const optionalMobilePhone = optionalAuPhone(AU_MOBILE_PATTERN, FORM_MESSAGES.mobile);

/** Australian mobile number (sign-in, watchlist owner), normalised to 04XXXXXXXX. */
export const mobilePhone = requiredAuPhone(AU_MOBILE_PATTERN, FORM_MESSAGES.mobile);

/** Spec §5: postcode required, exactly 4 digits. */
export const postcode = v.pipe(v.string(FORM_MESSAGES.postcode), v.trim(), v.minLength(1, FORM_MESSAGES.postcode), v.regex(/^\d{4}$/, FORM_MESSAGES.postcode));

/** Optional postcode (blank allowed), still exactly 4 digits when given. */
export const optionalPostcode = v.optional(
  v.pipe(
    v.string(FORM_MESSAGES.postcode),
    v.trim(),
    v.check((text) => text === '' || /^\d{4}$/.test(text), FORM_MESSAGES.postcode),
    v.transform((text) => (text === '' ? undefined : text)),
  ),
);

/** A number typed into a form: accepts 45000, '45,000', '$45,000' or '45000 kms'. */
export const numberInput = (min = 0, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(
    v.union([v.number(), v.string()], FORM_MESSAGES.number),
    // A blank input is a missing answer, not a malformed number.
    v.check((input) => typeof input === 'number' || input.trim() !== '', FORM_MESSAGES.required),
    v.transform((input) => (typeof input === 'number' ? input : input.trim() === '' ? Number.NaN : Number(input.replace(/[\s,$]|kms?$/gi, '')))),
    v.number(FORM_MESSAGES.number),
    v.check((value) => Number.isFinite(value), FORM_MESSAGES.number),
    v.minValue(min, `Please enter a number of at least ${min}.`),
    v.maxValue(max, `Please enter a number no more than ${max}.`),
  );

/** The whole number before the first point of what was typed ('30,000.50' -> 30000, '45,000.5 kms' -> 45000, '$12,5a00' -> 12500); null when no digit precedes the point. */
export function parseWholeNumber(text: string): number | null {
  // Cents and fractions of a km are dropped: prices and odometers are whole numbers in every form.
  const beforeDecimal = text.split('.')[0] ?? '';
  const digits = beforeDecimal.replace(/\D/g, '');
  if (digits === '') return null;
  const value = Number(digits.slice(0, 15));
  return Number.isSafeInteger(value) ? value : null;
}

/** An optional form input whose blank ('') is "not given", else `schema` with its own messages. */
export const blankOr = <T extends v.GenericSchema>(schema: T) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform((input) => (input === '' ? undefined : input)),
      v.optional(schema),
    ),
  );

/** A kilometre reading as text: digits, grouped by commas or spaces or not, a fraction and 'km' or 'kms' after them optional. */
const KM_TEXT = /^\d[\d,\s]*(?:\.\d*)?\s*(?:kms?)?$/i;

/**
 * A kilometre reading typed into a form ('45,000 kms'), read by parseWholeNumber, the one reader
 * of a km value: the kilometre field shows what it reads (formatKmInput), and the valuation and
 * the lead take the same whole km ('45,000.5 kms' is 45,000). A text that is no km reading
 * ('1e3', '-5', '$45,000') is refused, not read another way; a number sent as such is its whole km.
 */
export const kmInput = (max: number) =>
  v.pipe(
    v.union([v.number(), v.string()], FORM_MESSAGES.number),
    // A blank input is a missing answer, not a malformed number.
    v.check((input) => typeof input === 'number' || input.trim() !== '', FORM_MESSAGES.required),
    v.check((input) => typeof input === 'number' || KM_TEXT.test(input.trim()), FORM_MESSAGES.number),
    v.transform((input) => (typeof input === 'number' ? Math.trunc(input) : (parseWholeNumber(input) ?? Number.NaN))),
    v.check((value) => Number.isFinite(value), FORM_MESSAGES.number),
    v.minValue(0, 'Please enter a number of at least 0.'),
    v.maxValue(max, `Please enter a number no more than ${max}.`),
  );

/** A checkbox value: true/false, 'true'/'false', 'on', '1'/'0'. */
export const checkbox = v.pipe(
  v.union([v.boolean(), v.picklist(['true', 'false', 'on', 'off', '1', '0', '']), v.picklist([0, 1])], 'Please tick or untick this box.'),
  v.transform((value) => value === true || value === 'true' || value === 'on' || value === '1' || value === 1),
);

/** A Yes/No radio (spec §3: finance, do-you-have-a-trade-in). */
export const yesNo = v.optional(v.picklist(['Yes', 'No'], FORM_MESSAGES.yesNo));

/** An id sent by the page: a car id, dealership id or location id (number or text). */
export const idValue = v.pipe(
  v.union(
    [v.pipe(v.number(), v.integer(), v.minValue(0)), v.pipe(v.string(), v.transform(oneLine), v.trim(), v.minLength(1), v.maxLength(80))],
    'expected an id',
  ),
  v.transform(String),
);

/** Terms checkbox: must be ticked where the site requires it (spec §5). */
export const termsAccepted = v.pipe(
  v.optional(checkbox, false),
  v.check((ticked) => ticked, FORM_MESSAGES.terms),
);

/**
 * The longest first name, and the longest last name, a form takes: every form's name fields,
 * the lead API's, and the valuation's `cName` (the two joined) are sized from it.
 */
export const NAME_MAX = 100;

/**
 * The longest delivery location a test-drive lead names (`delivery_location`): the test-drive
 * form's field and the lead API's take at most this, and a feed's distribution location name
 * or slug longer than this is dropped when the feed is read (src/schemas/dropped-values.ts), so
 * the form never offers one it cannot send.
 */
export const DELIVERY_LOCATION_MAX = 120;

/** Common contact fields of every lead form (spec §3 lead form values). */
export const contactEntries = {
  name: requiredText(NAME_MAX),
  last_name: optionalText(NAME_MAX),
  email,
  phone,
  postcode,
  /** Marketing opt-in; default opted in (spec §5). */
  opt_in: v.optional(checkbox, true),
  PreferredContactMethod: v.optional(v.picklist(CONTACT_METHODS, 'Please choose Phone, Email or SMS.')),
};

/**
 * The marketing opt-in entry, and the contact fields without it: the schema of a form (or a
 * step) that shows no opt-in box, so its posts claim no consent the shopper never gave (the
 * lead API keeps a missing opt_in missing).
 */
export const { opt_in: optInEntry, ...contactEntriesWithoutOptIn } = contactEntries;

/**
 * Whether a message is valibot's own wording, which it gives a rule that names no message of its
 * own ('Invalid key: Expected "state" but received undefined', 'Invalid type: Expected string but
 * received 123'): never shown as it is (fieldErrors here, issueMessage in ../issues.ts).
 */
export function isValibotWording(message: string): boolean {
  return /^Invalid [\w ]+: (?:Expected [\s\S]* but r|R)eceived /.test(message);
}

/** A schema as fieldErrors walks it: the parts of valibot's schemas it reads, all optional. */
interface SchemaParts {
  kind?: string;
  message?: unknown;
  pipe?: readonly SchemaParts[];
  wrapped?: SchemaParts;
  entries?: Record<string, SchemaParts>;
  item?: SchemaParts;
  value?: SchemaParts;
  options?: readonly SchemaParts[];
}

/**
 * The first message `schema` itself names (its type check's, then its rules' in order, through
 * optional and union), if any; `typeOnly`: its type checks' alone (the message of the kind of
 * value the field takes), never a length's, a range's or a pattern's.
 */
function ownMessage(schema: SchemaParts | undefined, typeOnly = false): string | undefined {
  if (!schema) return undefined;
  if (schema.pipe) {
    for (const item of schema.pipe) {
      const rule = typeof item.message === 'string' && !typeOnly ? item.message : undefined;
      const message = item.kind === 'schema' ? ownMessage(item, typeOnly) : rule;
      if (message !== undefined) return message;
    }
    return undefined;
  }
  if (typeof schema.message === 'string') return schema.message;
  if (schema.wrapped) return ownMessage(schema.wrapped, typeOnly);
  for (const option of schema.options ?? []) {
    const message = ownMessage(option, typeOnly);
    if (message !== undefined) return message;
  }
  return undefined;
}

/** The schema of the field at `path` inside `schema` (through optional, pipe, object, array, record and union), if it can be found. */
function schemaAt(schema: SchemaParts | undefined, path: readonly PropertyKey[]): SchemaParts | undefined {
  if (!schema || path.length === 0) return schema;
  if (schema.wrapped) return schemaAt(schema.wrapped, path);
  const [key, ...rest] = path;
  if (schema.entries) return schemaAt(schema.entries[String(key)], rest);
  if (schema.item) return schemaAt(schema.item, rest);
  if (schema.value) return schemaAt(schema.value, rest);
  const inner = schema.pipe?.find((item, index) => index > 0 && item.kind === 'schema');
  if (inner) return schemaAt(inner, path);
  for (const option of schema.options ?? []) {
    const found = schemaAt(option, path);
    if (found) return found;
  }
  return undefined;
}

/** The message a field's rule gives an empty value (''), when it refuses one in words of its own. */
function refusedBlankMessage(field: SchemaParts | undefined): string | undefined {
  const blank = field ? v.safeParse(field as v.GenericSchema, '') : undefined;
  const message = blank && !blank.success ? blank.issues[0].message : undefined;
  return message !== undefined && !isValibotWording(message) ? message : undefined;
}

/** The message a field's rule gives an empty value (''), else the first message it names, else the spec's required message. */
function blankMessage(field: SchemaParts | undefined): string {
  return refusedBlankMessage(field) ?? ownMessage(field) ?? FORM_MESSAGES.required;
}

/**
 * The message a person reads for `issue`: the rule's own, or in place of valibot's wording the
 * field's: a missing key reads as the field's blank-value message (blankMessage), a value over
 * a length without a message as tooLong, a wrong type as the message of a type check inside the
 * field (the kind of value it takes), else the one it gives a blank value, else the spec's
 * required message (never a length's, a range's or a pattern's: a name of 7 is not too long), a
 * rule without words of its own as the first message the field names, else its blank-value
 * message. Without the schema the field is unknown: required.
 */
function fieldMessage(issue: v.BaseIssue<unknown>, schema: v.GenericSchema | undefined): string {
  if (!isValibotWording(issue.message)) return issue.message;
  const path = (issue.path ?? []).map((item) => item.key as PropertyKey);
  const field = schemaAt(schema as SchemaParts | undefined, path);
  const missingKey = issue.kind === 'schema' && issue.input === undefined && path.length > 0 && issue.expected === `"${String(path.at(-1))}"`;
  if (missingKey) return blankMessage(field);
  if (issue.type === 'max_length' && typeof issue.requirement === 'number') return FORM_MESSAGES.tooLong(issue.requirement);
  if (issue.kind === 'schema') return ownMessage(field, true) ?? refusedBlankMessage(field) ?? FORM_MESSAGES.required;
  return ownMessage(field) ?? blankMessage(field);
}

/**
 * Field-level messages of a failed parse: { 'field': 'first message' } (for forms and API
 * responses), never valibot's own wording: `schema`, the one parsed, gives a field's own
 * message in its place (fieldMessage).
 */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[], schema?: v.GenericSchema): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '(form)';
    fields[key] ??= fieldMessage(issue, schema);
  }
  return fields;
}
