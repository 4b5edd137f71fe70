/**
 * A Meilisearch filter expression read as text: whether its parentheses, brackets and quotes
 * close within it, and whether it holds an OR outside them. A tenant's site.json
 * `search_filters` is put in parentheses after the site filter (`site = "<slug>" AND (...)`,
 * src/search/admin/meilisearch.ts tenantFilter); one that closed that parenthesis itself could
 * OR past the site filter and let the tenant's pages search other tenants' cars, so a filter
 * must close everything it opens (docs/security.md "Search keys").
 */

/** What a filter's text opens and closes. */
export interface FilterShape {
  /** Every parenthesis, bracket and quote it opens is closed within it, none closed that it did not open. */
  closed: boolean;
  /** An OR outside every parenthesis, bracket and quote. */
  topLevelOr: boolean;
}

const CLOSER: Record<string, string> = { '(': ')', '[': ']' };

/** The shape of `filter` (quotes may hold a backslash-escaped character). */
export function filterShape(filter: string): FilterShape {
  const open: string[] = [];
  let quote: string | null = null;
  let topLevelOr = false;
  for (let index = 0; index < filter.length; index += 1) {
    const char = filter[index]!;
    if (quote) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (CLOSER[char]) open.push(CLOSER[char]);
    else if (char === ')' || char === ']') {
      if (open.pop() !== char) return { closed: false, topLevelOr };
    } else if (open.length === 0 && /^OR\b/i.test(filter.slice(index)) && /[\s)\]]/.test(filter[index - 1] ?? ' ')) topLevelOr = true;
  }
  return { closed: open.length === 0 && quote === null, topLevelOr };
}

/** Why `filter` cannot narrow a tenant's search (site.json search_filters), or null. */
export function searchFilterProblem(filter: string): string | null {
  return filterShape(filter).closed ? null : "its parentheses, brackets or quotes do not all close within it (it may only narrow the site's own cars)";
}
