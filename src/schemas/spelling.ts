/**
 * Spelling distance between words, for a misspelt word's intended one: the search sentence
 * reader's makes and models (src/search/core/sentence.ts) and the config messages' "did you
 * mean" (./issues.ts). Pure and browser-safe.
 */

/** Edit distance with adjacent transpositions (optimal string alignment), cut off above `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  let before = new Array<number>(columns).fill(0);
  let previous = Array.from({ length: columns }, (_, index) => index);
  let current = new Array<number>(columns).fill(0);
  for (let i = 1; i < rows; i += 1) {
    current[0] = i;
    let smallest = current[0];
    for (let j = 1; j < columns; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < smallest) smallest = value;
    }
    if (smallest > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[columns - 1]!;
}

/**
 * The one of `names` a misspelt `word` most likely meant, ignoring case: within one edit (two
 * for a word of six letters or more); undefined when none is that close or two are equally close.
 */
export function closestName(word: string, names: readonly string[]): string | undefined {
  const key = word.toLowerCase();
  const limit = key.length >= 6 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = limit + 1;
  let tie = false;
  for (const name of new Set(names)) {
    const distance = editDistance(key, name.toLowerCase(), limit);
    if (distance < bestDistance) [best, bestDistance, tie] = [name, distance, false];
    else if (distance === bestDistance) tie = true;
  }
  return tie ? undefined : best;
}
