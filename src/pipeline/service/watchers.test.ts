/** The inbox scanner's stop (watchers.ts): once close() has returned, no scan is due and none runs. */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogFields } from '../log.ts';
import { inboxScanner } from './watchers.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('inboxScanner', () => {
  it('sets no rescan after close(), even when the scan under way at close left a file still being written', async () => {
    const root = mkdtempSync(join(tmpdir(), 'inbox-scanner-'));
    roots.push(root);
    const inboxDir = join(root, 'inbox');
    const tenantDir = join(root, 'tenants', 'alpha');
    mkdirSync(join(inboxDir, 'alpha'), { recursive: true });
    mkdirSync(tenantDir, { recursive: true });
    const logged: LogFields[] = [];
    const changed: string[] = [];
    const scanner = inboxScanner({
      inboxDir,
      tenantDirOf: (slug) => (slug === 'alpha' ? tenantDir : null),
      log: (entry) => void logged.push(entry),
      intake: { sitesDir: join(root, 'sites'), guard: false },
      onChanged: (slug) => void changed.push(slug),
    });
    // Written just now: the scan leaves it for a later look (still being written, as far as it can tell).
    writeFileSync(join(inboxDir, 'alpha', 'stock.json'), '[]');
    scanner.scan();
    await scanner.close();

    expect(scanner.busy()).toBe(false);
    const afterClose = logged.length;
    // Longer than a rescan's wait plus the settle time: a rescan set after close would have read the file by now.
    await new Promise((done) => setTimeout(done, 1000));
    expect(logged.slice(afterClose)).toEqual([]);
    expect(changed).toEqual([]);
    expect(readdirSync(join(inboxDir, 'alpha'))).toEqual(['stock.json']);
    // A scan asked for after the stop does nothing either.
    scanner.scan();
    expect(scanner.busy()).toBe(false);
  });
});
