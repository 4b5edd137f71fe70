import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { writeKeptBundle } from '../../../tests/support/kept-bundle.ts';
import { bundleNamespace, FOREIGN_BUNDLE_STALE_MS, removeStaleBundleFolders } from './children.ts';

const children = pathToFileURL(join(import.meta.dirname, 'children.ts')).href;
const temps: string[] = [];
/** Renderer children left running by a test (killed after it). */
const children_: number[] = [];
afterEach(() => {
  for (const pid of children_.splice(0)) {
    try {
      process.kill(pid);
    } catch {
      // already gone
    }
  }
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Run `source` as a one-shot ES module in a fresh Node process (as `npm run bench:pipeline` or `pipeline --once` do). */
function oneShot(source: string, env: NodeJS.ProcessEnv = process.env) {
  return spawnSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8', timeout: 60_000, env });
}

/** What a one-shot process reported on its `RESULT <json>` line (null without one). */
function reported(run: { stdout: string }): unknown {
  return JSON.parse(/RESULT (.*)/.exec(run.stdout)?.[1] ?? 'null');
}

/** A folder of this test's own, removed after it. */
function testFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

/**
 * A folder of this test's own (removed after it), in it `tmp`, empty, and `runOneShot`: oneShot
 * with that folder its TMPDIR, where its renders' bundle folders go, read for what it left behind.
 */
function oneShotInTemp(prefix: string) {
  const dir = testFolder(prefix);
  const temp = join(dir, 'tmp');
  mkdirSync(temp);
  const runOneShot = (source: string) => oneShot(source, { ...process.env, TMPDIR: temp });
  return { dir, temp, runOneShot };
}

/** Source of `settle(job)` for a one-shot: a warm renderer job's code and output, the message it threw, or 'hung' after 10 s. */
const SETTLE_JOB = `
  const settle = (job) =>
    Promise.race([
      job.then((result) => ({ code: result.code, output: result.output.slice(0, 300) }), (error) => ({ threw: error.message })),
      new Promise((done) => setTimeout(() => done('hung'), 10_000)),
    ]);`;

/** Source of `failure(render)` for a one-shot: the code and message that `render()` (a runBundleChild call) threw, or 'none'. */
const RENDER_FAILURE = `
  const failure = async (render) => {
    try {
      await render();
      return 'none';
    } catch (thrown) {
      return { code: thrown.code, message: thrown.message };
    }
  };`;

describe('the pipeline warm renderer in a one-shot process', () => {
  // Fault (bench:pipeline exited with code 13 in the middle of a one-car release): the pool's
  // renderer unref'd its child and IPC channel for good, so a process with nothing else to do
  // ended while a render was still pending, and the release never finished.
  it('keeps the process alive while a render is pending, and lets it end when idle', () => {
    const dir = testFolder('warm-renderer-');
    // A renderer directory with no kept bundle: the child starts, fails to load it and exits,
    // and the pending render must report that rather than the process vanishing under it.
    const run = oneShot(`
      import { warmRendererFor } from ${JSON.stringify(children)};
      const job = warmRendererFor(${JSON.stringify(join(dir, 'no-renderer'))}).render({ slug: 'one-shot' }, ${JSON.stringify(join(dir, 'out'))}, 'https://one-shot.example');
      // A job that never reached a child still settles its 'sent' (a caller waiting on it goes on).
      await job.sent;
      const result = await job;
      console.log('RESULT ' + JSON.stringify({ code: result.code, output: result.output.slice(0, 200) }));
    `);
    expect(run.status, run.stderr).toBe(0);
    const result = reported(run) as { code: number; output: string } | null;
    expect(result?.code).toBe(1);
    expect(result?.output).toMatch(/warm renderer exited/);
  });

  it('a renderer warmed ahead of the next release never keeps a one-shot process alive', () => {
    const dir = testFolder('warm-renderer-');
    // A kept bundle that never finishes loading: the warm child stays up for good.
    const rendererDir = join(dir, 'renderer');
    writeKeptBundle(
      rendererDir,
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(join(dir, 'child.pid'))}, String(process.pid));\nsetInterval(() => {}, 1000);\nawait new Promise(() => {});\n`,
    );
    const run = oneShot(`
      import { existsSync } from 'node:fs';
      import { warmRendererFor } from ${JSON.stringify(children)};
      warmRendererFor(${JSON.stringify(rendererDir)}).warm();
      // Stay until the child is up, then end: the warming child must not hold this process.
      const wait = setInterval(() => { if (existsSync(${JSON.stringify(join(dir, 'child.pid'))})) { clearInterval(wait); console.log('WARMING'); } }, 20);
    `);
    const pid = existsSync(join(dir, 'child.pid')) ? Number(readFileSync(join(dir, 'child.pid'), 'utf8')) : 0;
    if (pid) children_.push(pid);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('WARMING');
    expect(pid).toBeGreaterThan(0);
  });
});

describe('a warm renderer after a job that could not be handed to its child', () => {
  // Fault (the fault suite's disk-full case, once in CI): a release's bundle could not be written
  // (ENOSPC) before the job reached the child; the job's rejection became the renderer's queue,
  // so every later job of that renderer failed with the same ENOSPC after the disk had room again.
  it('fails that job alone: its sent settles, and the next job reaches the child', () => {
    const dir = testFolder('warm-renderer-');
    const run = oneShot(`
      import { WarmRenderer } from ${JSON.stringify(children)};
      const renderer = new WarmRenderer(${JSON.stringify(join(dir, 'no-renderer'))});
      const settle = (job) => job.then((result) => ({ code: result.code, output: result.output.slice(0, 200) }), (error) => ({ threw: error.message }));
      // The bundle's temporary file cannot be made: its folder's parent does not exist.
      process.env.TMPDIR = ${JSON.stringify(join(dir, 'missing', 'tmp'))};
      const first = renderer.render({ slug: 'first' }, ${JSON.stringify(join(dir, 'out-1'))}, 'https://first.example');
      const firstSent = await Promise.race([first.sent.then(() => 'sent'), new Promise((done) => setTimeout(() => done('never'), 5000))]);
      const firstResult = await settle(first);
      process.env.TMPDIR = ${JSON.stringify(dir)};
      const secondResult = await settle(renderer.render({ slug: 'second' }, ${JSON.stringify(join(dir, 'out-2'))}, 'https://second.example'));
      console.log('RESULT ' + JSON.stringify({ firstSent, firstResult, secondResult }));
    `);
    expect(run.status, run.stderr).toBe(0);
    const result = reported(run) as {
      firstSent: string;
      firstResult: { code?: number; output?: string; threw?: string };
      secondResult: { code?: number; output?: string; threw?: string };
    } | null;
    expect(result?.firstSent).toBe('sent');
    expect(result?.firstResult).toMatchObject({ code: 1, output: expect.stringMatching(/ENOENT/) });
    // The second job is its own: it reached a child (which fails here: no kept bundle), not the first job's error.
    expect(result?.secondResult).toMatchObject({ code: 1, output: expect.stringMatching(/warm renderer exited/) });
  });
});

describe('a warm renderer whose child cannot be started', () => {
  // Fault: WarmRenderer listened for no 'error' on its child. Node reports a spawn that fails for
  // want of resources or a missing or forbidden executable (EAGAIN, EMFILE, ENFILE, ENOENT, EACCES)
  // later, as that event: unheard, it ended the whole process (a worker and every release it ran).
  // Heard alone it would not do: such a child never sends 'exit', the only event its start waited
  // on, so the job hung. Now the start and its job fail with the reason, and the next job starts a new child.
  it('fails the job with the reason when the spawn fails for want of file descriptors (EMFILE), and the next job starts a new child', () => {
    const { dir, temp, runOneShot } = oneShotInTemp('warm-renderer-');
    const run = runOneShot(`
      import childProcess from 'node:child_process';
      import { EventEmitter } from 'node:events';
      import { readdirSync } from 'node:fs';
      import { syncBuiltinESMExports } from 'node:module';
      const realSpawn = childProcess.spawn;
      let spawns = 0;
      // The first spawn fails as Node's does on EMFILE: a child without pid, stdio or channel, whose
      // exit code becomes the error number just before its 'error' comes on the next tick.
      childProcess.spawn = (file, ...rest) => {
        spawns += 1;
        if (spawns > 1) return realSpawn(file, ...rest);
        const child = Object.assign(new EventEmitter(), { exitCode: null, signalCode: null, ref() {}, unref() {} });
        const error = Object.assign(new Error('spawn ' + file + ' EMFILE'), { code: 'EMFILE', errno: -24, syscall: 'spawn ' + file });
        process.nextTick(() => {
          child.exitCode = -24;
          child.emit('error', error);
        });
        return child;
      };
      syncBuiltinESMExports();
      const { WarmRenderer } = await import(${JSON.stringify(children)});
      const renderer = new WarmRenderer(${JSON.stringify(join(dir, 'no-renderer'))});
      ${SETTLE_JOB}
      const first = await settle(renderer.render({ slug: 'first' }, ${JSON.stringify(join(dir, 'out-1'))}, 'https://first.example'));
      const second = await settle(renderer.render({ slug: 'second' }, ${JSON.stringify(join(dir, 'out-2'))}, 'https://second.example'));
      console.log('RESULT ' + JSON.stringify({ first, second, spawns, left: readdirSync(${JSON.stringify(temp)}) }));
    `);
    expect(run.status, run.stderr).toBe(0);
    expect(reported(run)).toEqual({
      first: { code: 1, output: expect.stringMatching(/^the warm renderer could not be started: spawn .* EMFILE$/) },
      // A new child (which fails here: no kept bundle), not the first one's error again.
      second: { code: 1, output: expect.stringMatching(/^warm renderer exited/) },
      spawns: 2,
      left: [],
    });
  });

  it('survives a warm start whose executable is missing (ENOENT: an error and a close, never an exit), and its jobs fail with the reason', () => {
    const { dir, temp, runOneShot } = oneShotInTemp('warm-renderer-');
    const missing = join(dir, 'no-such-node');
    const run = runOneShot(`
      import { readdirSync } from 'node:fs';
      import { warmRendererFor } from ${JSON.stringify(children)};
      const node = process.execPath;
      // The children run this process's Node; here it is gone (a Node upgrade under a running worker).
      process.execPath = ${JSON.stringify(missing)};
      // The pipeline's pool warms a renderer ahead of the next release, with no job waiting.
      const renderer = warmRendererFor(${JSON.stringify(join(dir, 'no-renderer'))});
      renderer.warm();
      await new Promise((done) => setTimeout(done, 200));
      ${SETTLE_JOB}
      const first = await settle(renderer.render({ slug: 'first' }, ${JSON.stringify(join(dir, 'out-1'))}, 'https://first.example'));
      process.execPath = node;
      const second = await settle(renderer.render({ slug: 'second' }, ${JSON.stringify(join(dir, 'out-2'))}, 'https://second.example'));
      console.log('RESULT ' + JSON.stringify({ first, second, left: readdirSync(${JSON.stringify(temp)}) }));
    `);
    expect(run.status, run.stderr).toBe(0);
    expect(reported(run)).toEqual({
      first: { code: 1, output: `the warm renderer could not be started: spawn ${missing} ENOENT` },
      second: { code: 1, output: expect.stringMatching(/^warm renderer exited/) },
      left: [],
    });
  });
});

describe('a warm renderer whose child was replaced', () => {
  // Fault: the 'exit' listener of every child the renderer started answered whatever job was
  // pending, so an old child (closed, then replaced by a new one for the next job) that ended
  // late failed the new child's job with "warm renderer exited" while the new child rendered it.
  it("answers a job only from its own child: a replaced child's late exit leaves the new child's job alone", () => {
    const dir = mkdtempSync(join(tmpdir(), 'warm-renderer-'));
    temps.push(dir);
    const temp = join(dir, 'tmp');
    mkdirSync(temp);
    const run = oneShot(`
      import childProcess from 'node:child_process';
      import { EventEmitter } from 'node:events';
      import { syncBuiltinESMExports } from 'node:module';
      // Fake render children: each says it is ready, and answers a job only when the test says so.
      const fakes = [];
      childProcess.spawn = () => {
        const child = Object.assign(new EventEmitter(), {
          exitCode: null,
          signalCode: null,
          connected: true,
          jobs: [],
          ref() {},
          unref() {},
          send(job) { child.jobs.push(job); },
          disconnect() { child.connected = false; },
          end(code) { child.exitCode = code; child.emit('exit', code); },
        });
        fakes.push(child);
        setImmediate(() => child.emit('message', { ready: true }));
        return child;
      };
      syncBuiltinESMExports();
      const { WarmRenderer } = await import(${JSON.stringify(children)});
      process.env.TMPDIR = ${JSON.stringify(temp)};
      const renderer = new WarmRenderer(${JSON.stringify(join(dir, 'renderer'))});
      const settle = (job) =>
        Promise.race([
          job.then((result) => ({ code: result.code, output: result.output.slice(0, 200) })),
          new Promise((done) => setTimeout(() => done('pending'), 300)),
        ]);
      const first = renderer.render({ slug: 'first' }, ${JSON.stringify(join(dir, 'out-1'))}, 'https://first.example');
      await first.sent;
      fakes[0].emit('message', { ok: true, pages: 1 });
      const firstResult = await settle(first);
      // The renderer is closed (the pool evicts it, a stop), and the next job starts a new child;
      // the old child ends only while the new one renders.
      renderer.close();
      const second = renderer.render({ slug: 'second' }, ${JSON.stringify(join(dir, 'out-2'))}, 'https://second.example');
      await second.sent;
      fakes[0].end(0);
      const secondWhileOldEnded = await settle(second);
      fakes[1].emit('message', { ok: true, pages: 2 });
      const secondResult = await settle(second);
      // The current child's own end still fails its own job, also once the renderer was closed.
      const third = renderer.render({ slug: 'third' }, ${JSON.stringify(join(dir, 'out-3'))}, 'https://third.example');
      await third.sent;
      renderer.close();
      fakes[1].end(1);
      const thirdResult = await settle(third);
      console.log('RESULT ' + JSON.stringify({ spawns: fakes.length, firstResult, secondWhileOldEnded, secondResult, thirdResult }));
    `);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(/RESULT (.*)/.exec(run.stdout)?.[1] ?? 'null')).toEqual({
      spawns: 2,
      firstResult: { code: 0, output: expect.stringContaining('"pages":1') },
      secondWhileOldEnded: 'pending',
      secondResult: { code: 0, output: expect.stringContaining('"pages":2') },
      thirdResult: { code: 1, output: expect.stringMatching(/^warm renderer exited \(1\)/) },
    });
  });
});

describe('a render child that cannot be started', () => {
  // Fault: runBundleChild wrote the bundle's temporary folder, then made the output directory;
  // when that threw (a path under a file, a full or read-only disk), the folder stayed behind.
  it('leaves no bundle folder behind when the output directory cannot be made', () => {
    const { dir, temp, runOneShot } = oneShotInTemp('bundle-child-');
    writeFileSync(join(dir, 'a-file'), '');
    const run = runOneShot(`
      import { readdirSync } from 'node:fs';
      import { ASTRO_BUILD_CHILD, runBundleChild } from ${JSON.stringify(children)};
      ${RENDER_FAILURE}
      const error = await failure(() => runBundleChild(ASTRO_BUILD_CHILD, [], { slug: 'no-out' }, ${JSON.stringify(join(dir, 'a-file', 'out'))}, {}));
      console.log('RESULT ' + JSON.stringify({ error, left: readdirSync(${JSON.stringify(temp)}) }));
    `);
    expect(run.status, run.stderr).toBe(0);
    expect(reported(run)).toEqual({ error: expect.objectContaining({ code: 'ENOTDIR' }), left: [] });
  });

  // Fault: Node reports a spawn that fails for want of resources or a missing or forbidden
  // executable (EAGAIN, EMFILE, ENFILE, ENOENT, EACCES) later, as the child's 'error' event;
  // runBundleChild listened for none. Unheard, that event ended the whole process (a worker and
  // every release it ran); with EMFILE the child has no output pipes either, so reading them threw
  // and the bundle's folder stayed until exit. Now the render fails with the reason, its folder removed.
  it('fails the render, its bundle folder removed, when the spawn fails later for want of file descriptors (EMFILE)', () => {
    const { dir, temp, runOneShot } = oneShotInTemp('bundle-child-');
    const run = runOneShot(`
      import childProcess from 'node:child_process';
      import { EventEmitter } from 'node:events';
      import { readdirSync } from 'node:fs';
      import { syncBuiltinESMExports } from 'node:module';
      // As Node's spawn does on EMFILE: a child without pid or stdio, whose 'error' comes on the next tick.
      childProcess.spawn = (file) => {
        const child = new EventEmitter();
        const error = Object.assign(new Error('spawn ' + file + ' EMFILE'), { code: 'EMFILE', errno: -24, syscall: 'spawn ' + file });
        process.nextTick(() => child.emit('error', error));
        return child;
      };
      syncBuiltinESMExports();
      const { ASTRO_BUILD_CHILD, runBundleChild } = await import(${JSON.stringify(children)});
      ${RENDER_FAILURE}
      const error = await failure(() => runBundleChild(ASTRO_BUILD_CHILD, [], { slug: 'emfile' }, ${JSON.stringify(join(dir, 'out'))}, {}));
      await new Promise((done) => setTimeout(done, 100));
      console.log('RESULT ' + JSON.stringify({ error, left: readdirSync(${JSON.stringify(temp)}) }));
    `);
    expect(run.status, run.stderr).toBe(0);
    expect(reported(run)).toEqual({
      error: { code: 'EMFILE', message: expect.stringMatching(/^the render child could not be started: spawn .* EMFILE$/) },
      left: [],
    });
  });

  it('fails the render, its bundle folder removed, when the executable is missing (ENOENT)', () => {
    const { dir, temp, runOneShot } = oneShotInTemp('bundle-child-');
    const missing = join(dir, 'no-such-node');
    const run = runOneShot(`
      import { readdirSync } from 'node:fs';
      import { ASTRO_BUILD_CHILD, runBundleChild } from ${JSON.stringify(children)};
      // The children run this process's Node; here it is gone (a Node upgrade under a running worker).
      process.execPath = ${JSON.stringify(missing)};
      ${RENDER_FAILURE}
      const error = await failure(() => runBundleChild(ASTRO_BUILD_CHILD, [], { slug: 'enoent' }, ${JSON.stringify(join(dir, 'out'))}, {}));
      await new Promise((done) => setTimeout(done, 100));
      console.log('RESULT ' + JSON.stringify({ error, left: readdirSync(${JSON.stringify(temp)}) }));
    `);
    expect(run.status, run.stderr).toBe(0);
    expect(reported(run)).toEqual({
      error: { code: 'ENOENT', message: `the render child could not be started: spawn ${missing} ENOENT` },
      left: [],
    });
  });
});

describe('the bundle folders of a render whose process died', () => {
  /** A one-shot's folders (oneShotInTemp), and a child script that lives `ms` then ends (a render child that outlives its parent a moment, as an orphan does). */
  function setUp(ms: number) {
    const { dir, temp, runOneShot } = oneShotInTemp('bundle-child-');
    const child = join(dir, 'child.mjs');
    writeFileSync(
      child,
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(join(dir, 'child.pid'))}, String(process.pid));\nsetTimeout(() => {}, ${ms});\n`,
    );
    const childPid = () => (existsSync(join(dir, 'child.pid')) ? Number(readFileSync(join(dir, 'child.pid'), 'utf8')) : 0);
    return { dir, temp, runOneShot, child, childPid };
  }

  // Fault: a worker that exits mid-render (a stop cut short when Redis is gone, a second SIGTERM)
  // left the bundle's temporary folder of each render under way in the temp folder.
  it('a process that exits while its render child runs removes the bundle folder it made for it', () => {
    const { dir, temp, runOneShot, child, childPid } = setUp(3000);
    const run = runOneShot(`
      import { existsSync, readdirSync } from 'node:fs';
      import { runBundleChild } from ${JSON.stringify(children)};
      void runBundleChild(${JSON.stringify(child)}, [], { slug: 'exits' }, ${JSON.stringify(join(dir, 'out'))}, {});
      const wait = setInterval(() => {
        if (!existsSync(${JSON.stringify(join(dir, 'child.pid'))})) return;
        console.log('HELD ' + JSON.stringify(readdirSync(${JSON.stringify(temp)})));
        process.exit(1);
      }, 20);
    `);
    const pid = childPid();
    if (pid) children_.push(pid);
    expect(run.status, run.stderr).toBe(1);
    expect(JSON.parse(/HELD (.*)/.exec(run.stdout)?.[1] ?? '[]')).toEqual([expect.stringMatching(/^dealer-bundle-[0-9a-f]{12}-\d+-/)]);
    expect(readdirSync(temp)).toEqual([]);
  });

  it('a render child killed mid-render: its parent removes the bundle folder', () => {
    const { dir, temp, runOneShot, child } = setUp(60_000);
    const run = runOneShot(`
      import { existsSync, readdirSync, readFileSync } from 'node:fs';
      import { runBundleChild } from ${JSON.stringify(children)};
      const render = runBundleChild(${JSON.stringify(child)}, [], { slug: 'killed' }, ${JSON.stringify(join(dir, 'out'))}, {});
      while (!existsSync(${JSON.stringify(join(dir, 'child.pid'))})) await new Promise((done) => setTimeout(done, 20));
      const held = readdirSync(${JSON.stringify(temp)});
      process.kill(Number(readFileSync(${JSON.stringify(join(dir, 'child.pid'))}, 'utf8')), 'SIGKILL');
      const { code } = await render;
      console.log('RESULT ' + JSON.stringify({ held, code, left: readdirSync(${JSON.stringify(temp)}) }));
    `);
    expect(run.status, run.stderr).toBe(0);
    const result = reported(run) as { held: string[]; code: number; left: string[] };
    expect(result).toMatchObject({ code: 1, left: [] });
    expect(result.held).toHaveLength(1);
  });

  // Fault: a worker killed mid-render (SIGKILL, the out-of-memory killer) can remove nothing; its
  // bundle folders stayed in the temp folder for good. The next start removes them.
  it("removes this namespace's folders whose owner process is gone, never a live process's", () => {
    const { temp } = setUp(0);
    const ours = bundleNamespace();
    expect(ours).toMatch(/^[0-9a-f]{12}$/);
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    const deadPid = Number(gone.stdout.trim());
    const names = {
      dead: `dealer-bundle-${ours}-${deadPid}-aB3dE6`,
      live: `dealer-bundle-${ours}-${process.pid}-xY9zW1`,
      oldUnowned: 'dealer-bundle-Qq1Ww2',
      newUnowned: 'dealer-bundle-Ee3Rr4',
      other: 'pipeline-redis-abc',
    };
    for (const name of Object.values(names)) {
      mkdirSync(join(temp, name));
      writeFileSync(join(temp, name, 'tenant.json'), '{}');
    }
    // Made before owners were named in the folder: removed once it is a day old (no render lasts that long).
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(join(temp, names.oldUnowned), twoDaysAgo, twoDaysAgo);
    const removed = removeStaleBundleFolders(temp);
    expect(removed.sort()).toEqual([names.dead, names.oldUnowned].sort());
    expect(readdirSync(temp).sort()).toEqual([names.live, names.newUnowned, names.other].sort());
  });

  it('names the folder it makes after its pid namespace and its process', () => {
    const { dir, temp, child, childPid } = setUp(3000);
    const run = oneShot(`
      import { existsSync, readdirSync } from 'node:fs';
      import { runBundleChild } from ${JSON.stringify(children)};
      process.env.TMPDIR = ${JSON.stringify(temp)};
      void runBundleChild(${JSON.stringify(child)}, [], { slug: 'named' }, ${JSON.stringify(join(dir, 'out'))}, {});
      const wait = setInterval(() => {
        if (!existsSync(${JSON.stringify(join(dir, 'child.pid'))})) return;
        console.log('HELD ' + JSON.stringify({ pid: process.pid, folders: readdirSync(${JSON.stringify(temp)}) }));
        process.exit(0);
      }, 20);
    `);
    const pid = childPid();
    if (pid) children_.push(pid);
    expect(run.status, run.stderr).toBe(0);
    const held = JSON.parse(/HELD (.*)/.exec(run.stdout)?.[1] ?? 'null') as { pid: number; folders: string[] };
    expect(held.folders).toEqual([expect.stringMatching(new RegExp(`^dealer-bundle-${bundleNamespace()}-${held.pid}-[A-Za-z0-9]{6}$`))]);
  });

  // Fault: the sweep took every pid in a folder's name for a pid of its own namespace. Two
  // containers sharing a temp folder (a host volume) see each other's pids as gone, so a worker's
  // start removed the bundle folders of the other container's renders under way.
  // Two containers sharing a temp folder, for real where this machine lets a process make a pid namespace (unshare, as root).
  const unshare = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;
  it.skipIf(!unshare)("a process in another pid namespace names its folders after it, and each namespace's sweep leaves the other's", () => {
    const { temp } = setUp(0);
    const ours = `dealer-bundle-${bundleNamespace()}-${process.pid}-xY9zW1`;
    mkdirSync(join(temp, ours));
    const run = spawnSync(
      'unshare',
      [
        '--pid',
        '--fork',
        '--mount-proc',
        process.execPath,
        '--input-type=module',
        '-e',
        `
          import { mkdirSync } from 'node:fs';
          import { join } from 'node:path';
          import { bundleNamespace, removeStaleBundleFolders } from ${JSON.stringify(children)};
          // This process's pid means nothing in the namespace outside, nor the other's pid here.
          const theirs = 'dealer-bundle-' + bundleNamespace() + '-' + process.pid + '-aB3dE6';
          mkdirSync(join(${JSON.stringify(temp)}, theirs));
          console.log('RESULT ' + JSON.stringify({ theirs, removed: removeStaleBundleFolders(${JSON.stringify(temp)}) }));
        `,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(/RESULT (.*)/.exec(run.stdout)?.[1] ?? 'null') as { theirs: string; removed: string[] };
    expect(result.theirs).not.toMatch(new RegExp(`^dealer-bundle-${bundleNamespace()}-`));
    expect(result.removed).toEqual([]);
    // Its process is gone, yet its folder is not provably gone here: its pid was of its own namespace.
    expect(removeStaleBundleFolders(temp)).toEqual([]);
    expect(readdirSync(temp).sort()).toEqual([ours, result.theirs].sort());
  });

  it("leaves another namespace's folders (and those naming none) until they are a day old, whatever their pid", () => {
    const { temp } = setUp(0);
    const ours = bundleNamespace()!;
    const theirs = ours === '0123456789ab' ? 'ba9876543210' : '0123456789ab';
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    const notHere = Number(gone.stdout.trim());
    const names = {
      theirsLive: `dealer-bundle-${theirs}-${notHere}-aB3dE6`,
      theirsOld: `dealer-bundle-${theirs}-${notHere}-cD4eF7`,
      // Named after a pid only (its namespace could not be read, or made before folders named it).
      pidOnlyLive: `dealer-bundle-${notHere}-gH5iJ8`,
      pidOnlyOld: `dealer-bundle-${notHere}-kL6mN9`,
    };
    for (const name of Object.values(names)) {
      mkdirSync(join(temp, name));
      writeFileSync(join(temp, name, 'tenant.json'), '{}');
    }
    const old = new Date(Date.now() - FOREIGN_BUNDLE_STALE_MS - 60_000);
    utimesSync(join(temp, names.theirsOld), old, old);
    utimesSync(join(temp, names.pidOnlyOld), old, old);
    const removed = removeStaleBundleFolders(temp);
    expect(removed.sort()).toEqual([names.theirsOld, names.pidOnlyOld].sort());
    expect(readdirSync(temp).sort()).toEqual([names.theirsLive, names.pidOnlyLive].sort());
  });
});

describe("the process's stop of its render children (stopRenderChildren)", () => {
  // Fault: a job on a warm child that never answered waited for ever (the pipeline's stop with
  // it), and the stop ended only the warm renderers' children: an Astro build's (runBundleChild)
  // ran on until its orphan watch saw its parent gone.
  it('ends a stalled warm render and a one-shot child, whose jobs fail; a job the stop cut starts no render child after', () => {
    const { dir, runOneShot } = oneShotInTemp('render-stop-');
    const stalled = `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(dir)} + '/child-' + process.pid, '');\nsetInterval(() => {}, 1000);\nawait new Promise(() => {});\n`;
    writeKeptBundle(join(dir, 'renderer'), stalled);
    writeFileSync(join(dir, 'one-shot.mjs'), stalled);
    const run = runOneShot(`
      import { readdirSync } from 'node:fs';
      import { runBundleChild, runningRenderChildren, stopRenderChildren, warmRendererFor, withRenderStop } from ${JSON.stringify(children)};
      ${SETTLE_JOB}
      ${RENDER_FAILURE}
      const started = () => readdirSync(${JSON.stringify(dir)}).filter((name) => name.startsWith('child-')).length;
      // A job under its stop, as the pipeline runs each (service.ts), and the stop cuts it.
      const cut = new AbortController();
      const job = (work) => withRenderStop(cut.signal, work);
      const warm = job(() => warmRendererFor(${JSON.stringify(join(dir, 'renderer'))}).render({ slug: 'warm' }, ${JSON.stringify(join(dir, 'out-warm'))}, 'https://warm.example'));
      const oneShot = job(() => runBundleChild(${JSON.stringify(join(dir, 'one-shot.mjs'))}, [], { slug: 'one-shot' }, ${JSON.stringify(join(dir, 'out-one-shot'))}, {}));
      while (started() < 2) await new Promise((done) => setTimeout(done, 20));
      const pending = await Promise.race([warm.then(() => 'settled'), new Promise((done) => setTimeout(() => done('pending'), 500))]);
      const tracked = runningRenderChildren().length;
      const told = Date.now();
      cut.abort();
      await stopRenderChildren();
      const stopSeconds = Math.round((Date.now() - told) / 1000);
      const warmResult = await settle(warm);
      const oneShotCode = (await oneShot).code;
      // The cut job's fallback (an Astro build), or its next warm render.
      const refused = await job(() => failure(() => runBundleChild(${JSON.stringify(join(dir, 'one-shot.mjs'))}, [], { slug: 'after' }, ${JSON.stringify(join(dir, 'out-after'))}, {})));
      const warmAfter = await job(() => settle(warmRendererFor(${JSON.stringify(join(dir, 'renderer'))}).render({ slug: 'after' }, ${JSON.stringify(join(dir, 'out-after'))}, 'https://after.example')));
      await new Promise((done) => setTimeout(done, 300));
      const startedAfterStop = started() - 2;
      // Other work of this process (a later pipeline's job, a build) still renders.
      const again = runBundleChild(${JSON.stringify(join(dir, 'one-shot.mjs'))}, [], { slug: 'again' }, ${JSON.stringify(join(dir, 'out-again'))}, {});
      while (started() < 3) await new Promise((done) => setTimeout(done, 20));
      await stopRenderChildren();
      await again;
      console.log('RESULT ' + JSON.stringify({ pending, tracked, stopSeconds, warmResult, oneShotCode, refused, warmAfter, startedAfterStop, left: runningRenderChildren().length }));
    `);
    expect(run.status, run.stderr).toBe(0);
    expect(reported(run)).toEqual({
      pending: 'pending',
      tracked: 2,
      // Each child answered its SIGTERM: no SIGKILL's wait.
      stopSeconds: 0,
      warmResult: { code: 1, output: expect.stringMatching(/^warm renderer exited/) },
      oneShotCode: 1,
      refused: { message: 'the stop cut this job: no render child starts for it' },
      warmAfter: { code: 1, output: 'the stop cut this job: no render child starts for it' },
      startedAfterStop: 0,
      left: 0,
    });
    const pids = readdirSync(dir)
      .filter((name) => name.startsWith('child-'))
      .map((name) => Number(name.slice('child-'.length)));
    expect(pids).toHaveLength(3);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });

  // Fault: any 'error' of a warm child dropped it from the children a stop ends, also one that
  // is no spawn failure (a job it could not be sent): the child ran on, and the stop left it.
  it('still ends a warm child whose job could not be sent to it', () => {
    const { dir, runOneShot } = oneShotInTemp('render-stop-');
    const run = runOneShot(`
      import childProcess from 'node:child_process';
      import { EventEmitter } from 'node:events';
      import { syncBuiltinESMExports } from 'node:module';
      // A fake render child that says it is ready and whose channel fails every send; it runs until killed.
      const signals = [];
      childProcess.spawn = () => {
        const child = Object.assign(new EventEmitter(), {
          pid: 424242,
          exitCode: null,
          signalCode: null,
          connected: true,
          ref() {},
          unref() {},
          send() {
            const error = Object.assign(new Error('Channel closed'), { code: 'ERR_IPC_CHANNEL_CLOSED' });
            process.nextTick(() => child.emit('error', error));
          },
          disconnect() { child.connected = false; },
          kill(signal) {
            signals.push(signal);
            child.signalCode = signal;
            setImmediate(() => child.emit('exit', null, signal));
            return true;
          },
        });
        setImmediate(() => child.emit('message', { ready: true }));
        return child;
      };
      syncBuiltinESMExports();
      const { runningRenderChildren, stopRenderChildren, WarmRenderer } = await import(${JSON.stringify(children)});
      ${SETTLE_JOB}
      const job = await settle(new WarmRenderer(${JSON.stringify(join(dir, 'renderer'))}).render({ slug: 'x' }, ${JSON.stringify(join(dir, 'out'))}, 'https://x.example'));
      const tracked = runningRenderChildren().length;
      await stopRenderChildren();
      console.log('RESULT ' + JSON.stringify({ job, tracked, signals, left: runningRenderChildren().length }));
    `);
    expect(run.status, run.stderr).toBe(0);
    expect(reported(run)).toEqual({
      job: { code: 1, output: 'warm renderer failed: Channel closed' },
      tracked: 1,
      signals: ['SIGTERM'],
      left: 0,
    });
  });
});
