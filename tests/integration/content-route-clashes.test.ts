/**
 * A tenant Markdown file at a path of the product's own pages (content/service.md over
 * /service) is in the build's report naming the file and the path, and is not built; the rest
 * of the tenant is (src/builder/bundle/content.ts contentRouteClashes).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportedBuilds } from '../support/reported-builds.ts';
import { isPrepared, prepareTenant } from '../../src/builder/render/index.ts';

const builds = reportedBuilds('content-clashes-');

describe('content pages over product pages in the build report', () => {
  it('content/service.md and content/pages/unsubscribe.md: reported with the file and the path, left out; the tenant builds its other pages', async () => {
    const dir = builds.tenantCopy('clash', {});
    writeFileSync(join(dir, 'content', 'service.md'), '# Our Service\n\nWords of our own.');
    mkdirSync(join(dir, 'content', 'pages'), { recursive: true });
    writeFileSync(join(dir, 'content', 'pages', 'unsubscribe.md'), 'Unsubscribe words.');
    const messages = [
      `${join(dir, 'content', 'service.md')}: not built: /service is taken by the page /service of the product; give the page another name (docs/tenant-files.md "Content pages")`,
      `${join(dir, 'content', 'pages', 'unsubscribe.md')}: not built: /pages/unsubscribe is taken by the page /pages/unsubscribe of the product; give the page another name (docs/tenant-files.md "Content pages")`,
    ];
    expect(await builds.build(dir, (line) => line.includes('not built:'))).toEqual({ lines: messages.map((message) => `  ! ${message}`), problems: messages });
    const prepared = await prepareTenant({ dir, outRoot: join(dir, '..', 'out'), now: Date.parse('2026-11-21T00:00:00Z'), logProblems: false });
    if (!isPrepared(prepared)) throw new Error(prepared.error);
    const paths = prepared.bundle.content.map((page) => page.path);
    expect(paths).not.toContain('/service');
    expect(paths).not.toContain('/pages/unsubscribe');
    expect(paths).toContain('/pages/faqs');
  }, 60_000);
});
