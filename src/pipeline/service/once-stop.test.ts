/**
 * `npm run pipeline -- --once` told to stop mid-release (scripts/pipeline.ts, stop-signals.ts):
 * the command itself, over a tenant whose photo host holds its answers, gets a SIGTERM while the
 * release makes its photos; it lets the photos under way end, gives the job back, begins no
 * render, and exits 143 with no render child of its left running.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writePhotoTenant } from '../../../tests/support/photos/tenant.ts';

const REPO = resolve(import.meta.dirname, '../../..');
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The processes whose parent, as a render child is told (DEALER_PARENT_PID), is `pid`. */
function renderChildrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`DEALER_PARENT_PID=${pid}`)) found.push(Number(entry));
    } catch {
      // gone, or another user's
    }
  }
  return found;
}

describe('pipeline --once told to stop mid-release', () => {
  it('lets the work in hand end, gives the job back, and exits 143 (SIGTERM) with no render child left', { timeout: 90_000 }, async () => {
    const root = mkdtempSync(join(tmpdir(), 'once-stop-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    // A photo host that holds every answer until the test lets it go (then: not found).
    const held: ServerResponse[] = [];
    let release = false;
    const server = createServer((_request, response) => {
      if (release) response.writeHead(404).end();
      else held.push(response);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const answerAll = () => {
      release = true;
      for (const response of held.splice(0)) response.writeHead(404).end();
    };
    cleanups.push(() => (answerAll(), new Promise((done) => server.close(done))));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    writePhotoTenant(join(root, 'tenants'), origin, { cars: 1, slug: 'once-cars', faults: false });

    const command = spawn(
      process.execPath,
      [join(REPO, 'scripts/pipeline.ts'), '--once', '--no-webhook', '--tenants', join(root, 'tenants'), '--sites', join(root, 'sites')],
      {
        cwd: REPO,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          PIPELINE_CACHE_DIR: join(root, 'cache'),
          DEALER_PHOTO_ALLOW_PRIVATE: '1',
          DEALER_PHOTO_RETRIES: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    cleanups.push(() => command.exitCode === null && command.signalCode === null && command.kill('SIGKILL'));
    let output = '';
    command.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    command.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => command.on('exit', (code) => done(code)));

    // Mid-release: its photos asked for and held.
    const deadline = Date.now() + 60_000;
    while (held.length === 0 && command.exitCode === null && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
    expect(held.length, output).toBeGreaterThan(0);
    command.kill('SIGTERM');
    // The photos under way end; the job then goes back instead of rendering.
    await new Promise((done) => setTimeout(done, 500));
    answerAll();

    expect(await exited, output).toBe(143);
    expect(output).toContain('"event":"pipeline-stopping"');
    expect(output).not.toContain('"event":"build-start"');
    expect(output).not.toContain('"event":"release"');
    expect(renderChildrenOf(command.pid!)).toEqual([]);
  });
});
