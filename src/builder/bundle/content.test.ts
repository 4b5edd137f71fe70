/**
 * Issue 13 M8: tenant Markdown is rendered through marked and then sanitised with a strict
 * allow-list, so a content page cannot carry script into the dealer's site.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SiteSchema } from '../../schemas/site.ts';
import { loadContentPages } from './content.ts';

const dir = mkdtempSync(join(tmpdir(), 'content-md-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const site = v.parse(SiteSchema, { slug: 'md-motors', template: 'used-group', name: 'MD Motors', url: 'https://md.example.com.au', phone: '+61 7 3555 0100' });

function render(markdown: string): string {
  mkdirSync(join(dir, 'content'), { recursive: true });
  writeFileSync(join(dir, 'content', 'hostile.md'), `---\ntitle: Hostile\n---\n${markdown}`);
  const page = loadContentPages(dir, site).find((entry) => entry.path === '/hostile');
  if (!page) throw new Error('page not rendered');
  return page.html;
}

describe('M8 tenant Markdown is sanitised', () => {
  it.each([
    ['a script element', 'Hello <script>alert(1)</script> world', /<script/i],
    ['an onerror handler', '<img src="x" onerror="alert(1)">', /onerror/i],
    ['an inline event handler on any element', '<p onclick="alert(1)">click</p>', /onclick/i],
    ['a javascript: link (Markdown)', '[win a car](javascript:alert(1))', /javascript:/i],
    ['a javascript: link (HTML)', '<a href="JaVaScRiPt:alert(1)">x</a>', /javascript:/i],
    ['an entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">x</a>', /href="[^"]*avascript/i],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ['a form', '<form action="https://evil.example"><input name="card"></form>', /<form|<input/i],
    ['a style element', '<style>body{display:none}</style>', /<style/i],
    ['a data: URL image with script', '<img src="data:text/html,<script>alert(1)</script>">', /data:text/i],
    ['an svg with onload', '<svg onload="alert(1)"><circle r="1"/></svg>', /<svg|onload/i],
  ])('M8 removes %s', (_name, markdown, forbidden) => {
    expect(render(markdown)).not.toMatch(forbidden);
  });

  it('M8 keeps ordinary Markdown: headings, emphasis, lists, tables, http(s)/mailto/tel links and images', () => {
    const html = render('## Hours\n\n*Open* **daily**\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[Call](tel:+61735550100) [Mail](mailto:sales@example.com) [Site](https://example.com/x) [Here](/finance)\n\n![Yard](https://img.example.com/yard.jpg "The yard")');
    expect(html).toContain('<h2>Hours</h2>');
    expect(html).toContain('<em>Open</em>');
    expect(html).toContain('<strong>daily</strong>');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>/);
    expect(html).toContain('<table>');
    expect(html).toContain('href="tel:+61735550100"');
    expect(html).toContain('href="mailto:sales@example.com"');
    expect(html).toContain('href="https://example.com/x"');
    expect(html).toContain('href="/finance"');
    expect(html).toMatch(/<img src="https:\/\/img\.example\.com\/yard\.jpg" alt="Yard" title="The yard"/);
  });
});
