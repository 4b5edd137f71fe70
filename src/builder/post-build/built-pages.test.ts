import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtPages, inlineScriptHashes, pageFacts, rememberPageFacts } from './built-pages.ts';

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

/** The pattern the byte scanner replaced (it decoded the whole page first): the reference. */
function patternHashes(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript'].includes(type)) continue;
    found.add(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...found].sort();
}

describe('inline script hashes read on the bytes', () => {
  it('find what the pattern over the decoded page finds, in awkward markup and non-ASCII text', () => {
    const cases = [
      '<script>a()</script>',
      '<SCRIPT type="module">b("é ✓ 🚗")</ScRiPt >',
      '<script\ttype=text/javascript>c()</script\n>',
      '<scripts>not()</scripts><script>d()</scriptx><p></script>',
      '<script src="/x.js"></script><script type="application/ld+json">{"a":"ü"}</script>',
      '<script>unclosed()',
      '<script>one()</script><p>≠</p><script async>two()</script><script>one()</script>',
      '<script',
      '<script >\n  multi\n  line\n</script>',
    ];
    for (const html of cases) expect(inlineScriptHashes(Buffer.from(html)).sort(), html).toEqual(patternHashes(html));
    // Random markup from the same pieces.
    const pieces = ['<script>', '<script type="module">', '<SCRIPT>', '<Script>', '</script>', '</script >', '</scriptx>', 'a()', 'é', '<p>', '<s>', '<S', '<span>', '<style>', '>', '<', ' ', '<script src=x>', '\n'];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let round = 0; round < 500; round += 1) {
      const html = Array.from({ length: 12 }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      expect(inlineScriptHashes(Buffer.from(html)).sort(), html).toEqual(patternHashes(html));
    }
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

  it('takes the facts a render child sent for the pages it wrote, without reading them; a page written later is read', () => {
    const root = site({ 'cars/a/index.html': '<script>one()</script>', 'index.html': '<p>home</p>' });
    // Facts unlike the bytes: if builtPages read the file, it would find one script hash.
    const sent = { noindex: true, scriptHashes: ["'sha256-sent'"] };
    rememberPageFacts(root, { 'cars/a/index.html': sent, 'gone/index.html': sent });
    const facts = Object.fromEntries(builtPages(root).map((page) => [relative(root, page.file), page.facts]));
    expect(facts['cars/a/index.html']).toBe(sent);
    expect(facts['index.html']).toEqual({ noindex: false, scriptHashes: [] });
    writeFileSync(join(root, 'cars/a/index.html'), '<script>two()</script><p>longer</p>');
    expect(builtPages(root).find((page) => page.file.endsWith('cars/a/index.html'))!.facts).toEqual(pageFacts(Buffer.from('<script>two()</script><p>longer</p>')));
  });
});
