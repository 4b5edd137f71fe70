import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/feed-mapping.md is generated from the schema; a schema change without the doc fails here.
describe('docs/feed-mapping.md', () => {
  it('matches the feed-mapping.json schema', () => {
    const root = resolve(import.meta.dirname, '../..');
    const result = spawnSync(process.execPath, ['scripts/feed-mapping-reference.ts', '--check'], { cwd: root, encoding: 'utf8' });
    expect(result.stderr + result.stdout).toContain('up to date');
    expect(result.status).toBe(0);
  });
});
