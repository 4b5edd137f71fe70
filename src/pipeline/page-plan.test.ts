import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLOCK_SEEDED_ROUTES, reusableRoutes, STOCK_FREE_ROUTES } from './page-plan.ts';

const pages = join(import.meta.dirname, '..', 'pages');
const routeFile = (route: string) => [`${route}.astro`, `${route}.ts`, `${route}/index.astro`].map((file) => join(pages, file)).find((file) => existsSync(file));

describe('page plan: stock-free routes (issue 17 item 6)', () => {
  const listed = [...STOCK_FREE_ROUTES, ...CLOCK_SEEDED_ROUTES];

  it('names only routes that exist, each once', () => {
    expect(new Set(listed).size).toBe(listed.length);
    for (const route of listed) expect(routeFile(route), route).toBeDefined();
  });

  it('clock-seeded pages read no stock either', () => {
    for (const route of CLOCK_SEEDED_ROUTES) expect(readFileSync(routeFile(route)!, 'utf8'), route).not.toMatch(/\.cars\b|carChoices\b|carList|searchBuildData|\.range\(|carsToRender/);
  });

  it('lists no page that reads the stock or the build time (the words that do, in the page file itself)', () => {
    for (const route of STOCK_FREE_ROUTES) {
      const source = readFileSync(routeFile(route)!, 'utf8');
      expect(source, route).not.toMatch(/\.cars\b|carChoices\b|carList|buildTime|searchBuildData|getRange|\.range\(|carsToRender|renderCars/);
    }
  });

  it('takes pages over only within the year of the last full build (the footer shows the year)', () => {
    const full = Date.parse('2026-11-21T10:00:00+10:00');
    expect(reusableRoutes(full + 3_600_000, full)).toEqual(listed);
    expect(reusableRoutes(Date.parse('2027-06-01T12:00:00Z'), Date.parse('2026-06-01T12:00:00Z'))).toEqual([]);
  });
});
