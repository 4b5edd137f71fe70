/**
 * The committed broken fixtures (tests/fixtures/tenants/broken-stock, broken-site) hold the
 * problems their READMEs list: each bad record is reported with its field path and skipped,
 * the valid ones (markup in their text included) are kept, and a bad site.json names its field.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../src/lib/vehicle/stock.ts';
import { loadTenant, TenantConfigError } from '../../src/lib/site/tenant.ts';

const fixtures = resolve(import.meta.dirname, '../fixtures/tenants');
const NOW = Date.parse('2026-11-21T10:00:00Z');

describe('broken-stock fixture', () => {
  const tenant = loadTenant(join(fixtures, 'broken-stock'), NOW);
  const lines = tenant.problems.map((problem) => formatProblem(problem));
  const fieldsOf = (record: string) => tenant.problems.filter((problem) => problem.record === record).map((problem) => problem.field).sort();

  it('reads every record, skips the broken ones and keeps the valid ones', () => {
    expect(tenant.read).toBe(18);
    expect(tenant.skipped).toBe(13);
    expect(tenant.visible.map((car) => car.id).sort()).toEqual([1, 11, 12, 15, 2].sort());
  });

  it.each([
    ['id 3 (#2)', ['images', 'km', 'price', 'reserved']],
    ['#3', ['id']],
    ['id 5 (#4)', ['slug']],
    ['id 6 (#5)', ['slug']],
    ['id 7 (#6)', ['status']],
    ['id 8 (#7)', ['car_type']],
    ['id 9 (#8)', ['slug']],
    ['#9', ['id']],
    ['#12', ['']],
    ['#13', ['']],
    ['id 1 (#15)', ['id']],
    ['id 17 (#16)', ['created_at', 'km']],
    ['id 18 (#17)', ['images.0.image']],
  ])('reports record %s at its field paths', (record, fields) => {
    expect(fieldsOf(record)).toEqual(fields);
  });

  it('names the duplicate and the unknown values in its messages', () => {
    expect(lines).toContain('broken-stock: stock.json record id 6 (#5) field slug: duplicate slug "2020-toyota-corolla-ascent-sport-bs1" (already used by id 1, stock BS1 (#0)); record skipped');
    expect(lines.some((line) => line.includes('field status: status must be one of in_stock, coming_soon, sold'))).toBe(true);
  });

  it('keeps markup in labels as plain text for the pages to escape, and reduces dealer comments to their text', () => {
    const evil = tenant.visible.find((car) => car.id === 2)!;
    expect(evil.name).toBe('Evil <script>alert(1)</script> Ranger');
    expect(evil.badge).toBe('<img src=x onerror=alert(1)>');
    expect(evil.dealercomments).toBe('Valid record with markup in every text field.');
    expect(tenant.visible.find((car) => car.id === 15)!.dealercomments).toBe('Coming soon  with an image tag in the comments.');
  });

  it('accepts feed-style strings and 0/1 flags and builds a missing name', () => {
    const mazda = tenant.visible.find((car) => car.id === 12)!;
    expect([mazda.price, mazda.km, mazda.reserved, mazda.stocknum, mazda.name]).toEqual([34990, 25000, true, '12', '2022 Mazda CX-5 Maxx Sport']);
  });
});

describe('broken-site fixture', () => {
  it('fails with the file and the field path of the bad field', () => {
    let error: unknown;
    try {
      loadTenant(join(fixtures, 'broken-site'), NOW);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TenantConfigError);
    const config = error as TenantConfigError;
    expect(config.file).toBe(join(fixtures, 'broken-site', 'site.json'));
    expect(config.details).toHaveLength(1);
    expect(config.details[0]).toMatch(/^field locations\.0\.address\.state \(location 1 "Broken Site Test Yard"\): .*"Queensland"/);
  });
});
