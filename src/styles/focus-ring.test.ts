/**
 * The keyboard focus ring keeps 3:1 against the surface it is drawn on (WCAG 1.4.11) in every
 * shipped theme (each tenants/<slug>/site.json and the default): the page's ring (global.css
 * `:focus-visible`) and the colour a painted surface gives it (`--focus-ring-colour`), read from
 * the CSS as written and resolved through the variables themeCss writes for the theme.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { themeCss } from '../lib/site/theme.ts';
import { ThemeSchema, type Theme } from '../schemas/site/theme.ts';

const GLOBAL = 'src/styles/global.css';
const HEADER = 'src/components/chrome/Header.astro';
const FOOTER = 'src/components/chrome/Footer.astro';

/** A surface: the rules that paint it, outermost first (each may set the ring's colour for what is inside). */
const SURFACES: { name: string; rules: [file: string, selector: string][] }[] = [
  { name: 'page', rules: [[GLOBAL, 'body']] },
  { name: 'header', rules: [[HEADER, '.site-header']] },
  {
    name: 'desktop menu bar',
    rules: [
      [HEADER, '.site-header'],
      [HEADER, '.site-nav'],
    ],
  },
  {
    name: 'open phone menu',
    rules: [
      [HEADER, '.site-header'],
      [HEADER, '.site-nav__mobile[open] .site-nav__list--mobile'],
    ],
  },
  {
    name: 'desktop dropdown panel',
    rules: [
      [HEADER, '.site-header'],
      [HEADER, '.site-nav__panel'],
    ],
  },
  // The skip link shows over the header, in the header's colour.
  { name: 'skip link', rules: [[GLOBAL, '.skip-link']] },
  { name: 'footer', rules: [[FOOTER, '.site-footer']] },
  { name: 'vehicle location notice', rules: [['src/components/vehicle/vehicle.css', '.announcement']] },
  { name: 'promo slide', rules: [['src/components/marketing/marketing.css', '.slide']] },
  { name: 'service hero', rules: [['src/components/service/service.css', '.service-hero']] },
  { name: 'search promo card', rules: [['src/islands/search/search.css', '.search-promo']] },
];

function shippedThemes(): [string, Theme][] {
  const tenants = readdirSync('tenants').filter((slug) => existsSync(join('tenants', slug, 'site.json')));
  const themeOf = (slug: string) => (JSON.parse(readFileSync(join('tenants', slug, 'site.json'), 'utf8')) as { theme?: unknown }).theme ?? {};
  return [['default', v.parse(ThemeSchema, {})], ...tenants.map((slug): [string, Theme] => [slug, v.parse(ThemeSchema, themeOf(slug))])];
}

/** The declarations of the first rule with exactly `selector` in `file`. */
function declarations(file: string, selector: string): Map<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rule = new RegExp(`(?:^|[{};]|\\*/)\\s*${escaped}\\s*\\{([^{}]*)\\}`, 'm').exec(readFileSync(file, 'utf8'));
  if (!rule) throw new Error(`${file}: no rule ${selector}`);
  return new Map(
    rule[1]!
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part): [string, string] => [part.slice(0, part.indexOf(':')).trim(), part.slice(part.indexOf(':') + 1).trim()]),
  );
}

/** `value` with every var() replaced: the variable's value when set (not `initial`), else the fallback. */
function resolve(value: string, variables: Map<string, string>): string {
  const call = /^var\(\s*(--[\w-]+)\s*(?:,\s*([\s\S]*))?\)$/.exec(value.trim());
  if (!call) return value.trim();
  const set = variables.get(call[1]!);
  if (set !== undefined && set !== 'initial') return resolve(set, variables);
  if (call[2] === undefined) throw new Error(`${call[1]} is not set`);
  return resolve(call[2], variables);
}

type Rgba = [number, number, number, number];

/** #rgb, #rrggbb or rgb(r g b / a); other colour forms would need adding here. */
function rgba(colour: string): Rgba {
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(colour);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit) : hex[1]!.match(/../g)!;
    return [...digits.map((pair) => Number.parseInt(pair, 16)), 1] as Rgba;
  }
  const rgb = /^rgb\(\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*(?:\/\s*([\d.]+))?\s*\)$/.exec(colour);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
  throw new Error(`colour form not handled by this test: ${colour}`);
}

/** `top` painted over the opaque `under`. */
const over = (top: Rgba, under: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + under[i]! * (1 - top[3])).concat(1) as Rgba;

function luminance([r, g, b]: Rgba): number {
  const linear = (channel: number) => (channel / 255 <= 0.03928 ? channel / 255 / 12.92 : ((channel / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The colours of a background: one colour, or each stop of a linear-gradient(). */
function backgroundColours(background: string): string[] {
  const gradient = /^linear-gradient\(\s*(?:[\d.]+deg\s*,\s*)?([\s\S]*)\)$/.exec(background);
  if (!gradient) return [background];
  return gradient[1]!.split(/,(?![^(]*\))/).map((stop) => stop.trim());
}

/** For one theme and surface: each colour the surface shows behind the ring, and the ring's colour. */
function ringOn(theme: Theme, surface: (typeof SURFACES)[number]): { ring: Rgba; behind: Rgba[] } {
  const variables = new Map([...themeCss(theme).matchAll(/(--[\w-]+):([^;}]+)/g)].map((match): [string, string] => [match[1]!, match[2]!]));
  let behind: Rgba[] = [rgba(resolve('var(--colour-background)', variables))];
  for (const [file, selector] of surface.rules) {
    const rule = declarations(file, selector);
    for (const [name, value] of rule) if (name.startsWith('--')) variables.set(name, value);
    const background = rule.get('background');
    if (background) {
      const layers = backgroundColours(resolve(background, variables)).map((colour) => rgba(resolve(colour, variables)));
      behind = layers.flatMap((layer) => behind.map((under) => over(layer, under)));
    }
  }
  const outline = declarations(GLOBAL, ':focus-visible').get('outline')!;
  const colour = /^\S+\s+solid\s+([\s\S]+)$/.exec(outline)![1]!;
  return { ring: rgba(resolve(colour, variables)), behind };
}

describe('the focus ring against the surface behind it, in every shipped theme', () => {
  const themes = shippedThemes();

  it('covers the default theme and every demo tenant', () => {
    expect(themes.length).toBeGreaterThan(2);
  });

  for (const surface of SURFACES) {
    it(`${surface.name}: at least 3:1`, () => {
      const weak = themes.flatMap(([name, theme]) => {
        const { ring, behind } = ringOn(theme, surface);
        return behind
          .map((colour) => contrast(ring, colour))
          .filter((ratio) => ratio < 3)
          .map((ratio) => `${name}: ${ratio.toFixed(2)}:1`);
      });
      expect(weak).toEqual([]);
    });
  }

  it('the contrast sum itself: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrast(rgba('#000'), rgba('#ffffff'))).toBeCloseTo(21, 5);
    expect(contrast(rgba('#0b4f6c'), rgba('#0b4f6c'))).toBe(1);
    expect(over(rgba('rgb(0 0 0 / 0.5)'), rgba('#ffffff'))).toEqual([127.5, 127.5, 127.5, 1]);
  });
});
