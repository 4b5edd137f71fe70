import { describe, expect, it } from 'vitest';
import { loadTenant } from '../site/tenant.ts';
import { toSearchDocuments } from '../../search/core/documents.ts';
import { buildRouteTable, searchPrefix } from '../../search/core/routes.ts';
import { computeRange, siteMenus } from './site-range.ts';

const NOW = Date.parse('2026-11-21T00:00:00Z');
const tenantOf = (name: string) => loadTenant(`tests/fixtures/tenants/${name}`, NOW);

/** The hrefs of the Range menu's models and the footer's Models column (Models Overview aside). */
function modelLinks(menus: ReturnType<typeof siteMenus>): string[] {
  const range = menus.menu.find((item) => item.label === 'Range')?.children ?? [];
  const footer = menus.footer.find((group) => group.heading === 'Models')?.links ?? [];
  return [...range.flatMap((column) => column.links), ...footer].map((link) => link.href).filter((href) => href !== '/models');
}

describe('menu model links of a used_car_routes site', () => {
  it("link the site's own /used-car search pages (a /search page's filter was lost once the shopper used it)", () => {
    const { site, visible } = tenantOf('search-options');
    const links = modelLinks(siteMenus(site, visible, computeRange(site, visible, undefined)));
    const paths = new Set(buildRouteTable(toSearchDocuments(visible, site), searchPrefix(site)).routes.map((route) => route.path));
    expect(links).toContain('/used-car/jayco/journey');
    for (const href of links) expect(paths.has(href), href).toBe(true);
  });
});
