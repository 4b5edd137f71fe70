/**
 * Island props passed as one JSON text, with the object they were made from kept for the
 * server's render of the same page. Astro serialises and hashes a structured island prop by
 * value on every page, so a large prop is cheaper as text; but the server renders the island
 * right after the page made the text (and Astro's renderer check may call the component once
 * before), so it takes the object back instead of parsing the text again. This relies on how
 * Astro 7 renders an island, hence its place here. Browser-safe: no Node imports.
 * Contract: `recall(text)` gives the object of one of the newest `keep` texts made, else undefined.
 */

/** The props objects of the newest JSON texts made on this server. */
export interface IslandPropsMemo<T> {
  /** The props as JSON text (what the island gets), remembering the object it was made from. */
  remember(text: string, props: T): string;
  /** The object a text was made from, when it is one of the newest made here. */
  recall(text: string): T | undefined;
}

/** A memo of the newest `keep` texts (a render has at most a few pages in flight). */
export function islandPropsMemo<T>(keep = 64): IslandPropsMemo<T> {
  const made = new Map<string, T>();
  return {
    remember(text, props) {
      made.delete(text);
      made.set(text, props);
      if (made.size > keep) made.delete(made.keys().next().value!);
      return text;
    },
    recall: (text) => made.get(text),
  };
}
