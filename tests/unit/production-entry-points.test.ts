/**
 * The production check is shared by every process (docs/security.md NEW-4): each entry point in
 * scripts/ that reads the production settings (database, bucket, pipeline state, search engine)
 * runs src/config/production.ts before it opens anything, directly (`checkProduction`) or
 * through the lead API's `loadConfig` (refund and invoice through runPaymentsCommand). A new
 * command that opens them without the check fails here; benchmarks are exempt by name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Calls that read or open production settings. */
const OPENS =
  /\b(loadConfig|runPaymentsCommand|platformFromSettings|pipelineSettings|pipelineConfig|rollbackConfig|searchSettings|edgeSettings|openPipelineState|openDatabase)\(|new S3ObjectStore\(/;
/** Calls that run the production check. */
const CHECKS = /\b(checkProduction|loadConfig|runPaymentsCommand)\(/;
/** Entry points that never run with production settings: benchmarks (their own stand-ins). */
const EXEMPT = /^bench-/;

/** The scripts that open production settings without the check (pure, so the rule is tested on samples too). */
function uncheckedEntryPoints(files: { name: string; text: string }[]): string[] {
  return files.filter(({ name, text }) => !EXEMPT.test(name) && OPENS.test(text) && !CHECKS.test(text)).map(({ name }) => name);
}

describe('NEW-4: every entry point that reads production settings runs the shared production check', () => {
  it('NEW-4: no script in scripts/ opens the database, bucket, state or search engine without it', () => {
    const files = readdirSync(join(root, 'scripts'))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => ({ name, text: readFileSync(join(root, 'scripts', name), 'utf8') }));
    const opening = files.filter(({ name, text }) => !EXEMPT.test(name) && OPENS.test(text)).map(({ name }) => name);
    // The rule covers the processes and commands the review names (and sees them).
    for (const name of ['api.ts', 'pipeline.ts', 'edge.ts', 'rollback.ts', 'refund.ts', 'invoice.ts', 'outbox.ts', 'purge.ts', 'sync-search.ts'])
      expect(opening).toContain(name);
    expect(uncheckedEntryPoints(files)).toEqual([]);
  });

  it('the rule fails on a command that opens the state without the check', () => {
    const samples = [
      { name: 'retire.ts', text: 'const { state } = await platformFromSettings({ env, state: {} });' },
      { name: 'checked.ts', text: "settingsOrExit(() => checkProduction('command'));\nawait platformFromSettings({ env });" },
      { name: 'bench-x.ts', text: 'await openDatabase(config)' },
    ];
    expect(uncheckedEntryPoints(samples)).toEqual(['retire.ts']);
  });
});
