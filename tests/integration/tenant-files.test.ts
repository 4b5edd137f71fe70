/** A bad optional tenant file stops that tenant's build with the file and the field path (issue 7). */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../src/builder/render/index.ts';

const root = mkdtempSync(join(tmpdir(), 'tenant-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tenantWith(files: Record<string, unknown>): string {
  const dir = join(root, `t${Math.random().toString(36).slice(2, 8)}`, 'basic-motors');
  cpSync(resolve('tests/fixtures/tenants/basic-motors'), dir, { recursive: true });
  for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(data));
  return dir;
}

describe('optional tenant files in the build', () => {
  it.each([
    ['models.json', [{ name: 'CX-5', slug: 'cx-5' }, { name: 'CX-9', slug: 'CX 9' }], 'field 1.slug'],
    ['reviews.json', { reviews: [{ id: 1, customer_name: 'Jo', rating: 7 }] }, 'field reviews.0.rating'],
    ['offers.json', [{ id: 'x', title: 'Sale', start: 'next week' }], 'field 0.start'],
  ])('a bad %s is reported with file and field path, before Astro runs', async (name, data, path) => {
    const dir = tenantWith({ [name]: data });
    const lines: string[] = [];
    const result = await buildTenant({ dir, outRoot: join(root, 'out'), now: Date.parse('2026-11-21T00:00:00Z'), log: (line) => lines.push(line) });
    expect(result.ok).toBe(false);
    expect(result.error).toContain(join(dir, name));
    expect(result.error).toContain(path);
    expect(lines.join('\n')).toContain(path);
  });
});
