/** site.json `maps.tiles`: an https tile template with its placeholders and the provider's attribution, or nothing (the drawn map). */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SiteSchema } from '../site.ts';

const base = { slug: 'map-motors', template: 'used-group', name: 'Map Motors', url: 'https://map.example.com.au', phone: '+61 7 3555 0100' };
const tiles = { url: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: '© Example Maps contributors' };
const parse = (maps: unknown) => v.safeParse(SiteSchema, { ...base, maps });
const problems = (maps: unknown) => {
  const result = parse(maps);
  return result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`);
};

describe('site.json maps', () => {
  it('no setting: no tile source (the drawn map)', () => {
    const result = v.parse(SiteSchema, base);
    expect(result.maps).toEqual({});
    expect(result.maps.tiles).toBeUndefined();
  });

  it('a tile source gets its defaults', () => {
    expect(v.parse(SiteSchema, { ...base, maps: { tiles } }).maps.tiles).toEqual({ ...tiles, subdomains: 'abc', zoom: 15, max_zoom: 19 });
  });

  it.each([
    ['plain http', { ...tiles, url: 'http://tiles.example.com/{z}/{x}/{y}.png' }, /maps\.tiles\.url: expected an https:\/\/ tile URL/],
    ['a javascript: URL', { ...tiles, url: 'javascript:alert(1)//{z}{x}{y}' }, /maps\.tiles\.url/],
    ['no {y}', { ...tiles, url: 'https://tiles.example.com/{z}/{x}.png' }, /needs the \{z\}, \{x\} and \{y\} placeholders/],
    ['markup in the URL', { ...tiles, url: 'https://tiles.example.com/{z}/{x}/{y}.png"><script>' }, /maps\.tiles\.url/],
    ['no attribution', { url: tiles.url }, /maps\.tiles\.attribution/],
    ['a blank attribution', { ...tiles, attribution: '   ' }, /needs the attribution its provider requires/],
    ['a javascript: attribution link', { ...tiles, attribution_url: 'javascript:alert(1)' }, /maps\.tiles\.attribution_url/],
    ['a zoom past max_zoom', { ...tiles, zoom: 18, max_zoom: 16 }, /zoom is deeper than max_zoom/],
    ['a zoom of 0', { ...tiles, zoom: 0 }, /maps\.tiles\.zoom must be 1 to 22/],
    ['an unknown field', { ...tiles, style: 'dark' }, /style/],
  ])('refuses %s, naming the field', (_name, bad, message) => {
    const found = problems({ tiles: bad });
    expect(
      found.some((problem) => message.test(problem)),
      found.join('\n'),
    ).toBe(true);
  });
});
