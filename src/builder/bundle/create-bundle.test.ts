/**
 * createBundle over a copy of a fixture tenant: the optional files become `extras` (parsed, with
 * their defaults), a missing one is absent, a bad one stops the build naming the file and the
 * field, and the bundle carries the tenant's visible stock, build time and content pages.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTenant, TenantConfigError } from '../../lib/site/tenant.ts';
import { createBundle } from './create-bundle.ts';

const FIXTURE = join(import.meta.dirname, '../../../tests/fixtures/tenants/site-no-locations');
let dir: string;

beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'create-bundle-')), 'site-no-locations');
  cpSync(FIXTURE, dir, { recursive: true });
});

afterEach(() => {
  rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe('createBundle', () => {
  it("hands the tenant's optional files to pages as extras, parsed with their defaults; files it lacks are absent", () => {
    const now = Date.UTC(2026, 11, 2);
    const tenant = loadTenant(dir, now);
    const bundle = createBundle(tenant, now);
    expect(Object.keys(bundle.extras).sort()).toEqual(['models', 'offers', 'reviews']);
    expect(bundle.extras.reviews).toMatchObject({ minimum_rating: expect.any(Number), source: expect.any(String) });
    expect(bundle).toMatchObject({ slug: tenant.slug, site: tenant.site, cars: tenant.visible, buildTime: now, tenantDir: dir });
    expect(bundle.content.map((page) => page.path)).toContain('/privacy-policy');
  });

  it('stops at a bad optional file, naming the file and the field', () => {
    writeFileSync(join(dir, 'reviews.json'), JSON.stringify({ reviews: [{ id: 1, customer_name: 'Jo', rating: 9 }] }));
    const tenant = loadTenant(dir);
    let error: unknown;
    try {
      createBundle(tenant, 0);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TenantConfigError);
    expect((error as TenantConfigError).file).toBe(join(dir, 'reviews.json'));
    expect((error as TenantConfigError).details).toEqual([expect.stringMatching(/^field reviews\.0\.rating: /)]);
  });
});
