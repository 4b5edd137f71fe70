/**
 * Audit 2.79, 2.80, 2.82: the programme routes the spec names are tenant content pages
 * (tenants/<slug>/content/*.md; README "Tenants", docs/tenant-files.md "Programme pages"). The
 * demo dealers carry the ones that belong to them, linked from their menus: the Sunstate group
 * its buying centre, TWG businesses, Mazda and Mitsubishi programmes and the Value My Car
 * terms; Ridgeline Toyota its Guaranteed Future Value finance, Neotek protection and 4x4 shop.
 * A dealer that does not carry a route answers 404 there. axe checks these pages in
 * site-a11y.spec.ts and the Nu checker in html-valid.spec.ts.
 */
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { tenantUrl } from './forms-helpers.ts';

/** Each demo dealer's programme pages: path, the menu (header More or footer group column) and link, the page heading. */
const CARRIED = {
  'sunstate-motor-group': [
    { path: '/buying', menu: 'more', link: 'We Buy Cars', heading: 'We Buy Cars' },
    { path: '/mazda-assured', menu: 'more', link: 'Mazda Assured', heading: 'Mazda Assured' },
    { path: '/diamond-advantage', menu: 'more', link: 'Diamond Advantage', heading: 'Diamond Advantage' },
    { path: '/twg-cars', menu: 'footer', link: 'TWG Cars', heading: 'TWG Cars' },
    { path: '/twg-rental', menu: 'footer', link: 'TWG Rental', heading: 'TWG Rental' },
    { path: '/twg-tyres', menu: 'footer', link: 'TWG Tyres', heading: 'TWG Tyres' },
    { path: '/pages/value-my-car-terms-and-conditions', menu: 'footer', link: 'Value My Car Terms', heading: 'Value My Car Terms and Conditions' },
  ],
  'ridgeline-toyota': [
    { path: '/guaranteed-future-value', menu: 'more', link: 'Guaranteed Future Value', heading: 'Guaranteed Future Value' },
    { path: '/neotek', menu: 'more', link: 'Neotek Protection', heading: 'Neotek Paint and Interior Protection' },
    { path: '/4x4-outdoor', menu: 'more', link: '4x4 and Outdoor', heading: '4x4 and Outdoor' },
  ],
} as const;

const ALL_ROUTES = [
  '/buying',
  '/diamond-advantage',
  '/mazda-assured',
  '/guaranteed-future-value',
  '/pages/value-my-car-terms-and-conditions',
  '/twg-cars',
  '/twg-rental',
  '/twg-tyres',
  '/neotek',
  '/4x4-outdoor',
];
const DEMO_TENANTS = ['sunstate-motor-group', 'ridgeline-toyota', 'bayside-caravans', 'ironbark-moto-trucks'];

/** The header's More menu link (the menu opened by its summary, as a shopper does) or the footer's link. */
async function menuLink(page: Page, menu: 'more' | 'footer', label: string) {
  if (menu === 'footer') return page.getByRole('contentinfo').getByRole('link', { name: label, exact: true });
  const more = page
    .getByRole('navigation', { name: 'Main' })
    .locator('details.site-nav__dropdown')
    .filter({ has: page.locator('summary', { hasText: /^More$/ }) });
  await more.locator('summary').click();
  return more.getByRole('link', { name: label, exact: true });
}

for (const [tenant, pages] of Object.entries(CARRIED)) {
  test(`2.79-2.82: ${tenant}'s programme pages are reached from its menus and have their content`, async ({ page }) => {
    test.setTimeout(60_000);
    for (const entry of pages) {
      await page.goto(tenantUrl(tenant, '/about-us'));
      const link = await menuLink(page, entry.menu, entry.link);
      await expect(link).toHaveAttribute('href', entry.path);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${entry.path.replace(/\//g, '\\/')}\\/?$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.heading);
      // A content page, not a shell: several paragraphs or list items of the tenant's text.
      expect(await page.locator('main article.prose').locator('p, li').count()).toBeGreaterThanOrEqual(4);
    }
  });
}

test('2.79-2.82: a dealer that does not carry a named programme route answers 404 there', async ({ page }) => {
  test.setTimeout(60_000);
  const carried = (tenant: string) => new Set<string>(((CARRIED as Record<string, readonly { path: string }[]>)[tenant] ?? []).map((entry) => entry.path));
  for (const tenant of DEMO_TENANTS) {
    for (const path of ALL_ROUTES) {
      const response = await page.goto(tenantUrl(tenant, `${path}/`), { waitUntil: 'commit' });
      expect(response?.status(), `${tenant}${path}`).toBe(carried(tenant).has(path) ? 200 : 404);
    }
  }
});
