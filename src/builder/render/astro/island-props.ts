/**
 * Island props passed as one JSON text, with the object they were made from kept for the
 * server's render of the same page. Astro serialises and hashes a structured island prop by
 * value on every page, so a large prop is cheaper as text; but the server renders the island
 * right after the page made the text (and Astro's renderer check may call the component once
 * before), so it takes the object back instead of parsing the text again. The text may also be
 * a short key of props the page carries in a JSON data block (blockProps). This relies on how
 * Astro 7 renders an island, hence its place here. Browser-safe: no Node imports.
 * Contract: `recall(text)` gives the object of one of the newest `keep` texts made, else undefined.
 * Sound across pages and tenants in one render child: a key is the name and a digest of all a page
 * carries (two texts of one key throw), and at most `keep` are held, so no clearing per tenant.
 */
import { jsonLdText } from '../../../lib/text/seo.ts';

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

/** A short digest of a text: two 32-bit FNV-1a hashes of different seeds, base 36. */
export function digest(text: string): string {
  let first = 0x811c9dc5;
  let second = 0x050c5d1f;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193);
    second = Math.imul(second ^ code, 0x01000193);
  }
  return `${(first >>> 0).toString(36)}${(second >>> 0).toString(36)}`;
}

/** A block's text made already (its JSON that cannot close the script element), to hand to BlockProps.make as `carried`. */
export class BlockText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/**
 * Island props a page carries as an inert JSON data block (`<script type="application/json">`
 * with the id `id`, put before the island: an island may hydrate while the rest of the document
 * is still arriving), not as island props: Astro writes each quote of a prop as `&quot;` and
 * wraps each value in a type tag. The island's one prop is a short key; the server's render takes
 * the props object back by it (as islandPropsMemo), the browser parses the page's block.
 * One block of an id a page.
 */
export interface BlockProps<T> {
  id: string;
  /**
   * For the page: the block's text, `carried` (default: the props) as JSON that cannot close the
   * script element (or a BlockText, that text), and the island's key, `name` and the text's digest, which gives back `props`.
   * `elsewhere`: a text standing for what of `props` the page carries outside the block (e.g. the
   * digest of another block), digested into the key with the text, so props that differ only
   * there get different keys.
   */
  make(props: T, name: string, carried?: unknown, elsewhere?: string): { text: string; key: string };
  /** For the island: the object the key was made for on this server, else the page's block parsed. */
  read(key: string): T;
}

/** Island props carried in the page's data block `id` (BlockProps). */
export function blockProps<T>(id: string, keep = 64): BlockProps<T> {
  const memo = islandPropsMemo<T>(keep);
  // The text each key was made from: two texts of one key among the newest would give one page another's props.
  const texts = islandPropsMemo<string>(keep);
  return {
    id,
    make(props, name, carried = props, elsewhere = '') {
      const text = carried instanceof BlockText ? carried.text : jsonLdText(carried);
      const keyed = elsewhere ? `${text}\n${elsewhere}` : text;
      const key = `${name} ${digest(keyed)}`;
      const before = texts.recall(key);
      if (before !== undefined && before !== keyed) throw new Error(`island props: two different props of ${name} share the key ${key}`);
      texts.remember(key, keyed);
      return { text, key: memo.remember(key, props) };
    },
    read(key) {
      const made = memo.recall(key);
      if (made) return made;
      const block = typeof document === 'undefined' ? null : document.getElementById(id);
      if (!block?.textContent)
        throw new Error(
          `island props: the data block #${id} is not on the page${typeof document === 'undefined' ? ', and the server did not make these props' : ''}`,
        );
      return JSON.parse(block.textContent) as T;
    },
  };
}
