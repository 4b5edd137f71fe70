/**
 * npm start stopped before its first publishing pass (start-hold.ts, scripts/start.ts): a TERM
 * or Ctrl-C while it holds dist/'s lock and checks its ports, or while it is taking the lock,
 * ends it at once (143, 130) with the lock let go and nothing else left in the folder; once the
 * first pass begins, the signals are the pass's handling's. Each case runs in a process of its own.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { caseLeftovers, until } from '../../../tests/support/process-cases.ts';
import { START_LOCK_FILE } from './start-lock.ts';

const moduleUrl = JSON.stringify(pathToFileURL(join(import.meta.dirname, 'start-hold.ts')).href);
const { roots, run } = caseLeftovers();

/** A process taking a sites folder's lock as npm start does, then running `then` (its sites folder is `sites`); its output and exit. */
function starting(then: string, options: { signalWhileTaking?: NodeJS.Signals } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'start-hold-'));
  roots.push(root);
  const sites = join(root, 'dist');
  const source = `
    import { holdUntilFirstPass } from ${moduleUrl};
    const sites = ${JSON.stringify(sites)};
    const pending = holdUntilFirstPass(sites);
    ${options.signalWhileTaking ? `process.emit(${JSON.stringify(options.signalWhileTaking)}, ${JSON.stringify(options.signalWhileTaking)});` : ''}
    const held = await pending;
    if ('refused' in held) { console.log('REFUSED'); process.exit(2); }
    process.on('exit', () => held.lock.release());
    ${then}
  `;
  return { sites, ...run(source) };
}

// As npm start between its lock and its first pass: the port check and the tenants' listing, here a wait.
const BEFORE_FIRST_PASS = `console.log('HELD'); setInterval(() => {}, 1000);`;

describe('npm start stopped before its first pass', () => {
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)
    it(`${signal} while it holds the lock ends it at once (${code}), the lock let go, nothing left in dist/`, async () => {
      const { sites, owner, exited, output } = starting(BEFORE_FIRST_PASS);
      expect(await until(() => output().includes('HELD'), 20_000), output()).toBe(true);
      expect(existsSync(join(sites, START_LOCK_FILE))).toBe(true);
      owner.kill(signal);
      // Ended by the hold (an exit code, not death by the signal), its lock removed from dist/.
      expect(await exited, output()).toEqual({ code, signal: null });
      expect(readdirSync(sites)).toEqual([]);
    });

  it('a signal while the lock is being taken stops it once the lock is had: let go, exit 143', async () => {
    const { sites, exited, output } = starting(`console.log('NOT STOPPED'); setTimeout(() => process.exit(0), 200);`, { signalWhileTaking: 'SIGTERM' });
    expect(await exited, output()).toEqual({ code: 143, signal: null });
    expect(output()).not.toContain('NOT STOPPED');
    expect(readdirSync(sites)).toEqual([]);
  });

  it('after firstPass() the signals are the first pass’s to handle', async () => {
    const { sites, owner, exited, output } = starting(
      `held.firstPass(); process.on('SIGTERM', () => { console.log('OWN STOP'); process.exit(0); }); ${BEFORE_FIRST_PASS}`,
    );
    expect(await until(() => output().includes('HELD'), 20_000), output()).toBe(true);
    owner.kill('SIGTERM');
    expect(await exited, output()).toEqual({ code: 0, signal: null });
    expect(output()).toContain('OWN STOP');
    expect(readdirSync(sites)).toEqual([]);
  });
});
