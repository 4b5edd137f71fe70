/**
 * A pipeline worker's process that dies (its machine lives on) leaves no render child behind:
 * the Astro build it had started stops within moments instead of rendering its whole batch into
 * a disk nobody reads (src/builder/render/orphan-watch.ts). The parent here is a script that
 * starts a fixture tenant's Astro build as the pipeline does (runAstroBuild), then is killed
 * with SIGKILL while the build runs.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'render-child-orphan-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Running and not a zombie waiting to be reaped. */
function running(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The child processes of `pid` (Linux). */
function childrenOf(pid: number): number[] {
  const tasks = `/proc/${pid}/task`;
  if (!existsSync(tasks)) return [];
  return readdirSync(tasks).flatMap((task) => {
    try {
      return readFileSync(join(tasks, task, 'children'), 'utf8')
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('render children of a process that dies', () => {
  it.skipIf(process.platform !== 'linux')(
    'the Astro build a killed parent started stops within seconds, its work folder removed',
    async () => {
      const parentScript = join(work, 'parent.ts');
      writeFileSync(
        parentScript,
        `import { prepareTenant, isPrepared } from ${JSON.stringify(join(repo, 'src/builder/render/index.ts'))};\n` +
          `import { runAstroBuild } from ${JSON.stringify(join(repo, 'src/builder/render/children.ts'))};\n` +
          `const prepared = await prepareTenant({ dir: ${JSON.stringify(join(repo, 'tests/fixtures/tenants/vehicle-showroom'))}, outRoot: ${JSON.stringify(join(work, 'out'))}, now: Date.parse('2026-11-21T10:00:00Z'), logProblems: false });\n` +
          `if (!isPrepared(prepared)) throw new Error(prepared.error);\n` +
          `const run = runAstroBuild(prepared.bundle, ${JSON.stringify(join(work, 'site'))}, prepared.bundle.site.url);\n` +
          `console.log('started');\n` +
          `console.log(JSON.stringify(await run));\n`,
      );
      const parent = spawn(process.execPath, [parentScript], {
        cwd: repo,
        stdio: ['ignore', 'pipe', 'inherit'],
        // Its temp folder in the work folder: the killed parent cannot remove its bundle's temporary file.
        env: { ...process.env, PIPELINE_CACHE_DIR: join(work, 'cache'), TMPDIR: work },
      });
      let output = '';
      parent.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      let build: number | undefined;
      try {
        const deadline = Date.now() + 60_000;
        while (build === undefined && Date.now() < deadline) {
          build = childrenOf(parent.pid!).find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('astro-build.ts'));
          if (build === undefined) await sleep(50);
        }
        expect(build, `no Astro build child started: ${output}`).toBeDefined();
        // The build has begun (Astro loaded, its work folder made): then its parent dies at once.
        const workFolder = join(work, 'cache', 'astro-build', String(build));
        while (!existsSync(workFolder) && Date.now() < deadline && running(build!)) await sleep(50);
        expect(existsSync(workFolder)).toBe(true);
        parent.kill('SIGKILL');
        const killed = Date.now();
        while (running(build!) && Date.now() - killed < 30_000) await sleep(100);
        const stoppedAfter = Date.now() - killed;
        expect(running(build!), 'the Astro build was still running 30 s after its parent died').toBe(false);
        expect(stoppedAfter).toBeLessThan(5000);
        expect(existsSync(workFolder)).toBe(false);
        expect(output).not.toContain('"code"');
      } finally {
        parent.kill('SIGKILL');
        if (build !== undefined && running(build)) process.kill(build, 'SIGKILL');
      }
    },
    120_000,
  );
});
