/**
 * The HTML pages of a built site and what the post-build steps read from them (the sitemap's
 * robots check, the Content-Security-Policy's inline script hashes), read once per file.
 *
 * An incremental release's unchanged pages are hard links of the previous release's files
 * (same inode), so the facts are remembered by file identity: a one-car release reads only the
 * pages it rendered and stats the rest (measured in docs/scale.md).
 */
import { hash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { walkFiles } from '../../platform/fs/walk.ts';

/** What the post-build steps need from one page. */
export interface PageFacts {
  /** The page asks not to be indexed (`<meta name="robots" content="noindex">` in its first 4 KB). */
  noindex: boolean;
  /** CSP source expressions (`'sha256-<base64>'`) of the page's executable inline scripts. */
  scriptHashes: string[];
}

export interface BuiltPage {
  /** Absolute path of the .html file. */
  file: string;
  facts: PageFacts;
}

const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript']);

/** CSP source expressions (`'sha256-<base64>'`) of the executable inline scripts of a page. */
export function inlineScriptHashes(html: string | Buffer): string[] {
  const bytes = typeof html === 'string' ? Buffer.from(html, 'utf8') : html;
  const found = new Set<string>();
  for (const { attributes, start, end } of inlineScripts(bytes)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!EXECUTABLE_TYPES.has(type)) continue;
    // The hash of the script's UTF-8 bytes, as the browser computes it (one call: no Hash object a script).
    found.add(`'sha256-${hash('sha256', bytes.subarray(start, end), 'base64')}'`);
  }
  return [...found];
}

const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const SLASH = 0x2f;
const SCRIPT = [0x73, 0x63, 0x72, 0x69, 0x70, 0x74]; // 'script'
/** '<' and the two bytes 'script' (any case) can start with: a page's other tags are passed over by the native search. */
const OPEN_LOWER = Buffer.from('<s');
const OPEN_UPPER = Buffer.from('<S');

/** Whether `bytes` holds 'script' (any case) at `at`. */
function isScriptAt(bytes: Buffer, at: number): boolean {
  for (let index = 0; index < SCRIPT.length; index += 1) if ((bytes[at + index]! | 0x20) !== SCRIPT[index]) return false;
  return true;
}

/** HTML white space as the pattern `\s` matches it in a page's ASCII markup. */
const isSpace = (byte: number | undefined) => byte === 0x20 || (byte !== undefined && byte >= 0x09 && byte <= 0x0d);

/**
 * Every `<script ...>...</script>` of a page's bytes, as the pattern
 * `/<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi` finds them: the opening tag's attributes and the
 * byte range of the content. Read on the bytes (no text made of the whole page: the post-build
 * steps read every page of a site, and decoding them all cost more than the rest).
 */
function* inlineScripts(bytes: Buffer): Generator<{ attributes: string; start: number; end: number }> {
  let from = 0;
  // The next '<s' and '<S' at or after `from` (-1: none left; below `from`: to be looked for again).
  let lower = -2;
  let upper = -2;
  while (from < bytes.length) {
    if (lower !== -1 && lower < from) lower = bytes.indexOf(OPEN_LOWER, from);
    if (upper !== -1 && upper < from) upper = bytes.indexOf(OPEN_UPPER, from);
    const open = lower === -1 ? upper : upper === -1 ? lower : Math.min(lower, upper);
    if (open === -1) return;
    from = open + 1;
    if (!isScriptAt(bytes, open + 1)) continue;
    const afterName = open + 1 + SCRIPT.length;
    const next = bytes[afterName];
    if (next !== GREATER_THAN && !isSpace(next)) continue;
    const close = bytes.indexOf(GREATER_THAN, afterName);
    if (close === -1) return;
    const start = close + 1;
    // The first '</script' followed by optional white space and '>'.
    let end = -1;
    let after = start;
    for (let at = bytes.indexOf(LESS_THAN, start); at !== -1; at = bytes.indexOf(LESS_THAN, at + 1)) {
      if (bytes[at + 1] !== SLASH || !isScriptAt(bytes, at + 2)) continue;
      let tail = at + 2 + SCRIPT.length;
      while (isSpace(bytes[tail])) tail += 1;
      if (bytes[tail] !== GREATER_THAN) continue;
      end = at;
      after = tail + 1;
      break;
    }
    if (end === -1) return;
    yield { attributes: bytes.toString('latin1', afterName, close), start, end };
    from = after;
  }
}

/** Bytes of a page in which the robots meta tag is looked for (it is in the head). */
const HEAD_BYTES = 4000;

/** The facts of a page's bytes. */
export function pageFacts(bytes: Buffer): PageFacts {
  return {
    noindex: /<meta name="robots" content="noindex"/.test(bytes.toString('utf8', 0, Math.min(HEAD_BYTES, bytes.length))),
    scriptHashes: inlineScriptHashes(bytes),
  };
}

// Facts by file identity (device, inode, size, modification time).
const known = new Map<string, PageFacts>();
const KNOWN_LIMIT = 200_000;

/**
 * Facts of pages a render child took from the bytes it wrote (relative paths under `outDir`), so
 * that `builtPages` does not read those files back: remembered by file identity like its own.
 */
export function rememberPageFacts(outDir: string, facts: Readonly<Record<string, PageFacts>>): void {
  for (const [path, pageFacts] of Object.entries(facts)) {
    const stats = statSync(join(outDir, path), { throwIfNoEntry: false });
    if (!stats) continue;
    if (known.size > KNOWN_LIMIT) known.clear();
    known.set(identity(stats), pageFacts);
  }
}

/** The key of a file's facts: device, inode, size, modification time. */
function identity(stats: { dev: number; ino: number; size: number; mtimeMs: number }): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
}

/** Every .html file of a built site with its facts (the site root's `_astro/` and `media/`, hashed assets and photos, are skipped). */
export function builtPages(outDir: string): BuiltPage[] {
  const pages: BuiltPage[] = [];
  for (const { path: file, dirent } of walkFiles(outDir, { skip: ({ relative }) => relative === '_astro' || relative === 'media' })) {
    if (!dirent.isFile() || !dirent.name.endsWith('.html')) continue;
    const key = identity(statSync(file));
    let facts = known.get(key);
    if (!facts) {
      facts = pageFacts(readFileSync(file));
      if (known.size > KNOWN_LIMIT) known.clear();
      known.set(key, facts);
    }
    pages.push({ file, facts });
  }
  return pages;
}

/** The pages of a post-build step's context: the list its steps share, or a fresh one. */
export function contextPages(context: { outDir: string; pages?: () => readonly BuiltPage[] }): readonly BuiltPage[] {
  return context.pages ? context.pages() : builtPages(context.outDir);
}
