/**
 * The basic colour words a shopper types ('white', 'grey'). The sentence reader refines the
 * colour facet to every value of the stock that carries the word ('Glacier White', 'White /
 * Silver Checkerplate'), and the search page shows those values as one chip named by the word.
 * Pure data, small: the chips import it without the reader.
 */

/** Colour word -> the word feeds spell it with (lower case). */
export const COLOUR_WORDS: Readonly<Record<string, string>> = {
  white: 'white',
  black: 'black',
  silver: 'silver',
  grey: 'grey',
  gray: 'grey',
  red: 'red',
  blue: 'blue',
  green: 'green',
  yellow: 'yellow',
  orange: 'orange',
  brown: 'brown',
  gold: 'gold',
  beige: 'beige',
  purple: 'purple',
  bronze: 'bronze',
  pink: 'pink',
  maroon: 'maroon',
  burgundy: 'burgundy',
  charcoal: 'charcoal',
};

/** The basic colours a colour value names, in the order they appear ('White / Silver Checkerplate' -> white, silver). */
export function colourFamilies(value: string): string[] {
  const words = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
  const families: string[] = [];
  for (const word of words) {
    const family = COLOUR_WORDS[word];
    if (family && !families.includes(family)) families.push(family);
  }
  return families;
}
