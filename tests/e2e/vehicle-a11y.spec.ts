/**
 * Every vehicle page of the demo tenants (tenants/*) passes axe with no serious or critical
 * violations, and its JSON-LD parses with a schema.org Car (issue 3 "Done when").
 * Pages are found in the built output (E2E_DIST, default dist-test/<slug>/cars/<slug>/), so
 * each page the build wrote is checked. Images are not fetched: they do not change the markup.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { tenantUrl } from './vehicle-helpers.ts';

const dist = resolve(process.env.E2E_DIST ?? 'dist-test');
const tenants = readdirSync('tenants', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join('tenants', entry.name, 'site.json')))
  .map((entry) => entry.name);
const CHUNK = 40;
test.describe.configure({ mode: 'parallel' });

for (const tenant of tenants) {
  const carsDir = join(dist, tenant, 'cars');
  const slugs = existsSync(carsDir) ? readdirSync(carsDir).filter((name) => existsSync(join(carsDir, name, 'index.html'))) : [];

  test(`${tenant}: the build wrote vehicle pages`, () => {
    expect(slugs.length, `no vehicle pages under ${carsDir}: build the demo tenants first`).toBeGreaterThan(0);
  });

  for (let start = 0; start < slugs.length; start += CHUNK) {
    const chunk = slugs.slice(start, start + CHUNK);
    test(`${tenant}: vehicle pages ${start + 1}-${start + chunk.length} of ${slugs.length} pass axe and have parseable JSON-LD`, async ({ page }) => {
      test.setTimeout(chunk.length * 6_000);
      await page.route(/\.(webp|jpe?g|png|svg|gif)(\?|$)/, (route) => route.fulfill({ status: 204, body: '' }));
      const failures: string[] = [];
      for (const slug of chunk) {
        await page.goto(tenantUrl(tenant, `/cars/${slug}/`), { waitUntil: 'domcontentloaded' });
        const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
        const types: unknown[] = [];
        for (const text of blocks) {
          try {
            types.push((JSON.parse(text) as { '@type'?: unknown })['@type']);
          } catch (error) {
            failures.push(`${slug}: JSON-LD does not parse (${String(error)})`);
          }
        }
        if (!types.includes('Car')) failures.push(`${slug}: no schema.org Car JSON-LD`);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
        for (const violation of results.violations) {
          if (violation.impact === 'serious' || violation.impact === 'critical') {
            failures.push(`${slug}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
          }
        }
      }
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
}
