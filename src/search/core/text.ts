/**
 * Text normalisation shared by the embedded engine's index and its queries, chosen to
 * match Meilisearch's tokenizer on car data: lower case, accents removed, split on
 * anything that is not a letter or a digit.
 */

/** Lower-case, accent-free form of a text. */
export function normalizeText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Words of a text, normalised. */
export function tokenize(value: string): string[] {
  return normalizeText(value)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** Query words; the last one is matched as a prefix unless the query ends with a separator (Meilisearch's rule). */
export function parseQuery(query: string): { words: string[]; lastIsPrefix: boolean } {
  const words = tokenize(query);
  const lastIsPrefix = words.length > 0 && /[\p{L}\p{N}]$/u.test(normalizeText(query));
  return { words, lastIsPrefix };
}
