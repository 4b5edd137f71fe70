import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const children = pathToFileURL(join(import.meta.dirname, 'children.ts')).href;
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Run `source` as a one-shot ES module in a fresh Node process (as `npm run bench:pipeline` or `pipeline --once` do). */
function oneShot(source: string) {
  return spawnSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8', timeout: 60_000 });
}

describe('the pipeline warm renderer in a one-shot process', () => {
  // Fault (bench:pipeline exited with code 13 in the middle of a one-car release): the pool's
  // renderer unref'd its child and IPC channel for good, so a process with nothing else to do
  // ended while a render was still pending, and the release never finished.
  it('keeps the process alive while a render is pending, and lets it end when idle', () => {
    const dir = mkdtempSync(join(tmpdir(), 'warm-renderer-'));
    temps.push(dir);
    // A renderer directory with no kept bundle: the child starts, fails to load it and exits,
    // and the pending render must report that rather than the process vanishing under it.
    const run = oneShot(`
      import { warmRendererFor } from ${JSON.stringify(children)};
      const result = await warmRendererFor(${JSON.stringify(join(dir, 'no-renderer'))}).render({ slug: 'one-shot' }, ${JSON.stringify(join(dir, 'out'))}, 'https://one-shot.example');
      console.log('RESULT ' + JSON.stringify({ code: result.code, output: result.output.slice(0, 200) }));
    `);
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(/RESULT (.*)/.exec(run.stdout)?.[1] ?? 'null') as { code: number; output: string } | null;
    expect(result?.code).toBe(1);
    expect(result?.output).toMatch(/warm renderer exited/);
  });
});
