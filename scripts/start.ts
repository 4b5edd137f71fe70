#!/usr/bin/env node
/**
 * `npm start`: publish every demo tenant of tenants/ as a release under dist/ (the operations
 * pipeline, once), then serve them all with the lead API on one port
 * (http://<slug>.localhost:4321/; PORT / HOST to change) while the pipeline keeps running:
 * a stock file dropped in feeds/<slug>/ (or a signed push to its webhook) is live in the
 * browser a few seconds later, with no restart. A tenant that fails is reported; the others
 * are served.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { basename } from 'node:path';
import { environment, setEnvironment, settingsOrExit } from '../src/config/env.ts';
import { superviseChild, type Supervised } from '../src/pipeline/service/supervisor.ts';
import { localServerAddress, startsWithDevMessages } from '../src/config/server.ts';
import { startPorts, unavailablePort } from '../src/pipeline/service/start-ports.ts';
import { holdUntilFirstPass, signalExitCode } from '../src/pipeline/service/start-hold.ts';
import { devMessagesLine, startLine } from '../src/pipeline/service/start-line.ts';
import { currentRelease } from '../src/pipeline/state/release-dirs.ts';
import { listTenantDirs } from '../src/lib/site/tenant.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
// Another npm start of this checkout stops here, before the first pass builds or writes anything
// into dist/ (exit 2, as the pipeline's own port check): dist/ is held by a lock file naming this
// process and each pipeline child it starts, so of two started at the same instant only one
// builds, and a child left writing after this process was killed still holds it; then a port
// already taken (a pipeline or server of another folder) stops it too. A TERM or Ctrl-C from here
// until the first pass begins ends npm start at once with the lock let go (start-hold.ts).
const held = await holdUntilFirstPass('dist');
if ('refused' in held) {
  console.error(held.refused);
  process.exit(2);
}
const { lock } = held;
const children: { first?: ChildProcess; pipeline?: Supervised } = {};
// On exit (the site server stopping npm start too, its port in use) the children are told to stop,
// so no pipeline is left running; the lock is let go only if none runs any more (else it names
// them, and the next npm start takes it over once they are gone).
process.on('exit', () => {
  for (const child of [children.first, children.pipeline?.current()]) if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  lock.release();
});
const portProblem = await unavailablePort(settingsOrExit(() => startPorts(environment())));
if (portProblem) {
  console.error(portProblem);
  process.exit(2);
}
const pipelineArgs = ['scripts/pipeline.ts', '--tenants', 'tenants', '--sites', 'dist', '--inbox', 'feeds'];
// Nothing listens until the first publish is done: say what happens meanwhile (a first run builds every tenant).
let slugs: string[] = [];
try {
  slugs = listTenantDirs('tenants').map((dir) => basename(dir));
} catch {
  // No tenants folder: the pipeline says so.
}
console.log(startLine({ tenants: slugs.length, published: slugs.filter((slug) => currentRelease('dist', slug)).length, sites: 'dist' }));
// The first pass: a signal meanwhile is passed to it (a second one kills it), and npm start exits
// once it has ended, so nothing of this start writes into dist/ after the lock is let go.
let stoppedBy: NodeJS.Signals | undefined;
const stopFirst = (signal: NodeJS.Signals) => {
  children.first?.kill(stoppedBy ? 'SIGKILL' : signal);
  stoppedBy ??= signal;
};
held.firstPass();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stopFirst);
const first = lock.holdChild(spawn(process.execPath, [...pipelineArgs, '--once'], { stdio: 'inherit' }));
children.first = first;
const firstCode = await new Promise<number | null>((done) => {
  first.once('exit', (code) => done(code));
  first.once('error', (error) => {
    console.error(`the pipeline could not start: ${error.message}`);
    done(null);
  });
});
if (stoppedBy) process.exit(signalExitCode(stoppedBy));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, stopFirst);
if (firstCode !== 0) console.error('some tenants failed to publish (see above); serving the ones that did');

// Supervised (issue 13 H3): a pipeline that dies is started again (after a growing pause
// while it keeps dying), so feeds keep being taken in; the sites stay served meanwhile. One
// that cannot run as set (exit 2: its webhook port in use, said in one line) stops npm start.
const pipeline = superviseChild(() => lock.holdChild(spawn(process.execPath, pipelineArgs, { stdio: 'inherit' })), {
  name: 'the pipeline',
  log: (line) => console.error(line.includes('starting it again') ? `${line} (sites stay served)` : line),
  finalExitCodes: [2],
  onGiveUp: () => {
    console.error('npm start stops: the sites would be served without the pipeline (feeds not taken in)');
    process.exit(1);
  },
});
children.pipeline = pipeline;
// Passed on even though a terminal's Ctrl-C reaches the pipeline itself too (npm start may be signalled
// alone, with kill): the pipeline takes the same signal again within a second as one stop (stop-signals.ts).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void pipeline.stop(signal));

// No SMS or e-mail provider, on this machine only (the config decides): a sign-in code can be read through the dev message log.
if (startsWithDevMessages(environment())) {
  setEnvironment('DEV_MESSAGES', 'true');
  console.log(devMessagesLine(localServerAddress(environment()).PORT));
}
process.argv.splice(2, process.argv.length, '--dir', 'dist', '--tenants', 'tenants');
await import('./serve.ts');
