/**
 * Feed text that means "nothing" (spec §5 "Spec row hidden when empty, null or text 'null'"):
 * dealer systems send blanks and the literal text 'null' for missing values. The Car schema
 * turns the text 'null' into null when a feed is parsed (src/schemas/car.ts); this is the one
 * check, also used where a value did not come through the schema (search hits, lead forms).
 */

/** True when a text is the feed's placeholder for "no value": the text 'null', any case, trimmed. */
export function isNullText(value: string): boolean {
  return value.trim().toLowerCase() === 'null';
}

/** The trimmed text, or null when it is absent, blank or the text 'null'. */
export function presentText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' || isNullText(text) ? null : text;
}

/** An ISO 8601 date and time without a zone (`2026-11-03T10:00`, `2026-11-03 10:00:00.250`). */
const ISO_LOCAL_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/**
 * A feed's ISO date-time without a zone, as UTC ('2026-11-03 10:00' -> '2026-11-03T10:00Z'), as a
 * date alone is: Date.parse would read it in the server's zone. Any other text as it is.
 */
export function isoTimeAsUtc(text: string): string {
  const trimmed = text.trim();
  return ISO_LOCAL_TIME.test(trimmed) ? `${trimmed.replace(' ', 'T')}Z` : text;
}
