/**
 * The pipeline command's stop (stop-signals.ts, scripts/pipeline.ts) and its warm render children
 * (src/builder/render/children.ts): a pipeline process told to stop ends its render children
 * before it exits, and a render child whose parent is gone (killed) ends by itself. `--once`
 * told to stop lets the work in hand end, then exits non-zero. The same signal again within a
 * second (a terminal's Ctrl-C reaches npm start's whole process group, and npm start passes it on
 * too) is the same stop; another signal is a second one. Each case runs a pipeline in a
 * process of its own whose warm renderers are stand-in kept bundles that never finish loading.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { caseLeftovers, until } from '../../../tests/support/process-cases.ts';
import { writeKeptBundle } from '../../../tests/support/kept-bundle.ts';
import { processRuns } from '../../platform/process/runs.ts';

const moduleUrl = (file: string) => JSON.stringify(pathToFileURL(join(import.meta.dirname, file)).href);
const { roots, started, run } = caseLeftovers();

/** Gone: no such process, or one that ended and waits to be reaped (a zombie). */
function gone(pid: number): boolean {
  if (!processRuns(pid)) return true;
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? false;
  } catch {
    return true;
  }
}

/**
 * A process running a pipeline (no tenants) with two warm renderers of the pool, each a child
 * that writes its pid and never finishes loading; it stops on signals as scripts/pipeline.ts
 * does (`once`: as `--once`, with a stop that takes a while and writes `stopped` at its end).
 * Resolves once both children run, with their pids and the process's exit.
 */
async function pipelineWithRenderers(once: boolean) {
  const root = mkdtempSync(join(tmpdir(), 'stop-signals-'));
  roots.push(root);
  mkdirSync(join(root, 'tenants'));
  for (const name of ['a', 'b'])
    writeKeptBundle(
      join(root, `renderer-${name}`),
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(join(root, 'child-'))} + process.pid, '');\nsetInterval(() => {}, 1000);\nawait new Promise(() => {});\n`,
    );
  const source = `
    import { readdirSync, writeFileSync } from 'node:fs';
    import { startPipeline } from ${moduleUrl('service.ts')};
    import { stopOnSignals } from ${moduleUrl('stop-signals.ts')};
    import { warmRendererFor } from ${moduleUrl('../../builder/render/children.ts')};
    const pipeline = await startPipeline({ tenantsDir: ${JSON.stringify(join(root, 'tenants'))}, sitesDir: ${JSON.stringify(join(root, 'sites'))}, log: () => {}, warmRenderers: false });
    stopOnSignals({
      once: ${once},
      log: (fields) => console.log('LOG ' + JSON.stringify(fields)),
      stop: async () => {
        await pipeline.close();
        // The render children still running once the stop is done, this process still their parent.
        const running = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
        const left = readdirSync(${JSON.stringify(root)}).filter((name) => name.startsWith('child-')).map((name) => Number(name.slice(6))).filter(running);
        console.log('LEFT ' + JSON.stringify(left));
        ${once ? `await new Promise((done) => setTimeout(done, 300)); writeFileSync(${JSON.stringify(join(root, 'stopped'))}, '');` : ''}
      },
    });
    warmRendererFor(${JSON.stringify(join(root, 'renderer-a'))}).warm();
    warmRendererFor(${JSON.stringify(join(root, 'renderer-b'))}).warm();
    setInterval(() => {}, 1000);
  `;
  const { owner, exited, output } = run(source);
  const children = () => readdirSync(root).filter((name) => name.startsWith('child-'));
  expect(await until(() => children().length === 2, 20_000), output()).toBe(true);
  const pids = children().map((name) => Number(name.slice('child-'.length)));
  started.push(...pids);
  return { root, owner, pids, exited, output };
}

describe('a pipeline process told to stop', () => {
  it('ends its warm render children before it exits (SIGTERM)', async () => {
    const { owner, pids, exited, output } = await pipelineWithRenderers(false);
    owner.kill('SIGTERM');
    expect(await exited, output()).toEqual({ code: 0, signal: null });
    // Its stop ended them: none outlives it, reparented, until its bundle has loaded.
    expect(output()).toContain('LEFT []');
    expect(pids.filter((pid) => !gone(pid))).toEqual([]);
  });

  it('leaves no render child behind when it is killed (SIGKILL): each ends once its parent is gone', async () => {
    const { owner, pids, exited } = await pipelineWithRenderers(false);
    owner.kill('SIGKILL');
    await exited;
    expect(await until(() => pids.every(gone), 3000)).toBe(true);
  });

  it('--once: lets the work in hand end, ends its render children, and exits non-zero (SIGTERM: 143)', async () => {
    const { root, owner, pids, exited, output } = await pipelineWithRenderers(true);
    owner.kill('SIGTERM');
    expect(await exited, output()).toEqual({ code: 143, signal: null });
    expect(existsSync(join(root, 'stopped'))).toBe(true);
    expect(output()).toContain('LEFT []');
    expect(output()).toContain('"event":"pipeline-stopping"');
    expect(pids.filter((pid) => !gone(pid))).toEqual([]);
  });

  it('takes the same signal twice within a second (Ctrl-C under npm start: from the terminal and from npm start) as one stop', async () => {
    const { root, owner, pids, exited, output } = await pipelineWithRenderers(true);
    owner.kill('SIGINT');
    // The second once the first is taken (two sent at once would reach the process as one).
    expect(await until(() => output().includes('"event":"pipeline-stopping"'), 5000)).toBe(true);
    owner.kill('SIGINT');
    expect(await exited, output()).toEqual({ code: 130, signal: null });
    expect(existsSync(join(root, 'stopped'))).toBe(true);
    expect(output()).toContain('LEFT []');
    expect(pids.filter((pid) => !gone(pid))).toEqual([]);
  });

  it('exits at once (1) on a second signal of another kind, however soon', async () => {
    const { root, owner, exited, output } = await pipelineWithRenderers(true);
    owner.kill('SIGINT');
    expect(await until(() => output().includes('"event":"pipeline-stopping"'), 5000)).toBe(true);
    owner.kill('SIGTERM');
    expect(await exited, output()).toEqual({ code: 1, signal: null });
    expect(existsSync(join(root, 'stopped'))).toBe(false);
  });
});
