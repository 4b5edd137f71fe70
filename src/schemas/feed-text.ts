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
