/**
 * site.json gated_routes at build: a content page's path the product's own page takes stops the
 * tenant naming site.json and the value; one no content page has is said, the tenant built.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../../lib/site/tenant.ts';
import type { PhotoReport } from '../../images/resolve.ts';
import { isPrepared, preparedTenant } from './build-tenant.ts';

const dir = join(import.meta.dirname, '../../../tests/fixtures/tenants/forms-demo');
const photos: PhotoReport = { photos: 0, known: 0, fetched: 0, fetchedBytes: 0, transformed: 0, shared: 0, deferred: 0, faults: [], seconds: 0 };

function prepare(gated_routes: string[]) {
  const now = Date.now();
  const tenant = loadTenant(dir, now);
  return preparedTenant({ tenant: { ...tenant, site: { ...tenant.site, gated_routes } }, photos, outDir: join(dir, 'no-out'), now });
}

describe('gated_routes at build', () => {
  it("stops the tenant for a path the product's own page takes", () => {
    const result = prepare(['/checkout', '/service']);
    expect(isPrepared(result)).toBe(false);
    if (isPrepared(result)) return;
    expect(result.error).toBe(
      `${join(dir, 'site.json')}: field gated_routes.1: "/service" gates no page: /service is the page /service of the product, which has no gate`,
    );
  });

  it('builds a tenant gating a content page it lacks, saying so', () => {
    const result = prepare(['/vip-offers']);
    expect(isPrepared(result)).toBe(true);
    if (!isPrepared(result)) return;
    expect(result.problems).toContain(
      `${join(dir, 'site.json')}: field gated_routes.0: "/vip-offers" gates no page yet: no content page /vip-offers (content/vip-offers.md, docs/tenant-files.md "Content pages")`,
    );
  });
});
