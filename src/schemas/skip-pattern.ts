/**
 * The regular expressions of feed-mapping.json skip rules (`matches`, issue 34 N6). A
 * tenant writes them and they run on every cell of every feed, so they run in RE2 (re2js,
 * pure JavaScript), whose matching time is linear in the text: no pattern can make a feed
 * hang the pipeline (catastrophic backtracking, ReDoS). RE2 has no look-around and no
 * back-references; a pattern using them is refused when the mapping is read. Case-insensitive.
 */
import { RE2JS } from 're2js';

const compiled = new Map<string, RE2JS>();

/** Why a pattern cannot be used, or null when RE2 takes it. */
export function skipPatternProblem(pattern: string): string | null {
  try {
    RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** A compiled skip pattern (cached); throws on a pattern skipPatternProblem refuses. */
export function compileSkipPattern(pattern: string): { test(text: string): boolean } {
  let re = compiled.get(pattern);
  if (!re) {
    re = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
    if (compiled.size > 500) compiled.clear();
    compiled.set(pattern, re);
  }
  const found = re;
  return { test: (text) => found.matcher(text).find() };
}
