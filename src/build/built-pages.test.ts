import { linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtPages, pageFacts } from './built-pages.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function site(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'built-pages-'));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('pageFacts', () => {
  it('reads the robots tag from the head only and hashes executable inline scripts', () => {
    const head = '<head><meta name="robots" content="noindex"></head><script>a()</script><script src="/x.js"></script><script type="application/ld+json">{}</script>';
    const facts = pageFacts(Buffer.from(head));
    expect(facts.noindex).toBe(true);
    expect(facts.scriptHashes).toHaveLength(1);
    expect(pageFacts(Buffer.from(`${'x'.repeat(5000)}<meta name="robots" content="noindex">`)).noindex).toBe(false);
  });
});

describe('builtPages', () => {
  it("lists every .html page with its facts, skipping the root's _astro and media but not a page folder named media", () => {
    const root = site({ 'index.html': '<p>home</p>', '404.html': '<meta name="robots" content="noindex">', 'cars/a/index.html': '<script>one()</script>', '_astro/x/index.html': 'asset', 'media/photos/index.html': 'photo', 'pages/media/index.html': '<p>a content page</p>', 'cars/a/data.json': '{}' });
    const pages = builtPages(root).map(({ file, facts }) => [relative(root, file), facts.noindex, facts.scriptHashes.length]);
    expect(pages.sort()).toEqual([
      ['404.html', true, 0],
      ['cars/a/index.html', false, 1],
      ['index.html', false, 0],
      ['pages/media/index.html', false, 0],
    ]);
  });

  it('reads a file once per identity: a hard link of a scanned page (an incremental release) is not read again; a rewritten page is', () => {
    const previous = site({ 'cars/a/index.html': '<script>one()</script>' });
    const next = site({});
    mkdirSync(join(next, 'cars/a'), { recursive: true });
    linkSync(join(previous, 'cars/a/index.html'), join(next, 'cars/a/index.html'));
    const first = builtPages(previous)[0]!.facts;
    expect(builtPages(next)[0]!.facts).toBe(first);
    writeFileSync(join(next, 'cars/a/index.html'), '<script>two(); three()</script>');
    const rewritten = builtPages(next)[0]!.facts;
    expect(rewritten).not.toBe(first);
    expect(rewritten.scriptHashes).not.toEqual(first.scriptHashes);
  });
});
