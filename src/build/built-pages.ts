/**
 * The HTML pages of a built site and what the post-build steps read from them (the sitemap's
 * robots check, the Content-Security-Policy's inline script hashes), read once per file.
 *
 * An incremental release's unchanged pages are hard links of the previous release's files
 * (same inode), so the facts are remembered by file identity: a one-car release reads only the
 * pages it rendered and stats the rest (the sitemap step used to read the head of every page of
 * the site again, 0.2-0.3 s of a 1.4 s release at 2,000 cars; docs/scale.md).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
export function inlineScriptHashes(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!EXECUTABLE_TYPES.has(type)) continue;
    found.add(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...found];
}

/** Bytes of a page in which the robots meta tag is looked for (it is in the head). */
const HEAD_BYTES = 4000;

/** The facts of a page's bytes. */
export function pageFacts(bytes: Buffer): PageFacts {
  return {
    noindex: /<meta name="robots" content="noindex"/.test(bytes.toString('utf8', 0, Math.min(HEAD_BYTES, bytes.length))),
    scriptHashes: inlineScriptHashes(bytes.toString('utf8')),
  };
}

// Facts by file identity (device, inode, size, modification time).
const known = new Map<string, PageFacts>();
const KNOWN_LIMIT = 200_000;

/** Every .html file of a built site with its facts (the site root's `_astro/` and `media/`, hashed assets and photos, are skipped). */
export function builtPages(outDir: string): BuiltPage[] {
  const pages: BuiltPage[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (dir !== outDir || (entry.name !== '_astro' && entry.name !== 'media')) visit(file);
        continue;
      }
      if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
      const stats = statSync(file);
      const key = `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
      let facts = known.get(key);
      if (!facts) {
        facts = pageFacts(readFileSync(file));
        if (known.size > KNOWN_LIMIT) known.clear();
        known.set(key, facts);
      }
      pages.push({ file, facts });
    }
  };
  visit(outDir);
  return pages;
}

/** The pages of a post-build step's context: the list its steps share, or a fresh one. */
export function contextPages(context: { outDir: string; pages?: () => readonly BuiltPage[] }): readonly BuiltPage[] {
  return context.pages ? context.pages() : builtPages(context.outDir);
}
