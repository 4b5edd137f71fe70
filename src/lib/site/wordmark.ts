/**
 * The dealer's name as a text word mark in the phone header: at most two lines, never cut. The
 * header sizes the text to the space it has (CSS container units) from the longest line of the
 * name split in two; a long name also makes the Call button an icon so the name keeps the room.
 * Pure: the header (src/components/chrome/Header.astro) renders what these return.
 */

/** Names longer than this many characters get the icon-only Call button on phones. */
export const LONG_WORDMARK = 20;

/**
 * The name split into at most two lines of whole words, the longest line as short as it can be
 * (what `text-wrap: balance` aims at), and that line's length in characters.
 */
export function wordmarkLines(name: string): { lines: string[]; longest: number } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { lines: words, longest: words[0]?.length ?? 0 };
  let best = { lines: [words.join(' ')], longest: words.join(' ').length };
  for (let cut = 1; cut < words.length; cut += 1) {
    const lines = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    const longest = Math.max(...lines.map((line) => line.length));
    if (longest < best.longest) best = { lines, longest };
  }
  return best;
}
