/**
 * The service's options of the pipeline command's configuration (pipelineOptions): what an
 * operator sets reaches the part that uses it; here the inbox and webhook size cap.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pipelineConfig } from '../../config/pipeline.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../intake/read/feeds.ts';
import { pipelineOptions } from './platform.ts';
import { startPipeline, type RunningPipeline } from './service.ts';

const CAP = 5_000_000;
let running: RunningPipeline | undefined;
let root: string | undefined;

afterEach(async () => {
  await running?.close();
  if (root) rmSync(root, { recursive: true, force: true });
  running = undefined;
  root = undefined;
});

/** What the server answers (status line and all) to a signed-looking push declaring `length` bytes and sending none; '' when it waits for the body. */
function answerToDeclared(url: string, length: number): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    const finish = () => (socket.destroy(), done(text));
    const timer = setTimeout(finish, 2000);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('close', () => (clearTimeout(timer), done(text)));
    socket.on('error', () => {});
    socket.write(
      `POST /feeds/acme HTTP/1.1\r\nHost: x\r\nContent-Length: ${length}\r\n${SIGNATURE_HEADER}: sha256=${'0'.repeat(64)}\r\n${TIMESTAMP_HEADER}: ${Math.floor(Date.now() / 1000)}\r\n\r\n`,
    );
  });
}

describe('pipelineOptions', () => {
  it('PIPELINE_INBOX_MAX_BYTES is the webhook body cap too (docs/security.md "Feed inbox")', () => {
    const options = pipelineOptions(pipelineConfig({ PIPELINE_INBOX_MAX_BYTES: String(CAP) }, {}), {}, {});
    expect(options).toMatchObject({ inboxMaxBytes: CAP, webhookMaxBytes: CAP });
  });

  it('a pipeline started from them refuses a push declaring more than PIPELINE_INBOX_MAX_BYTES with 413', async () => {
    root = mkdtempSync(join(tmpdir(), 'pipeline-options-'));
    const paths = { tenants: join(root, 'tenants'), sites: join(root, 'sites'), inbox: join(root, 'feeds') };
    for (const dir of Object.values(paths)) mkdirSync(dir);
    const env = { PIPELINE_INBOX_MAX_BYTES: String(CAP), PIPELINE_CACHE_DIR: join(root, 'cache') };
    const config = pipelineConfig(env, { ...paths, port: '0' });
    running = await startPipeline({ ...pipelineOptions(config, {}, env), log: () => {} });
    const answer = await answerToDeclared(running.webhookUrl!, CAP + 1);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    // The refusal names the cap as the inbox's does, not rounded to whole megabytes ('0 MB').
    expect(answer).toContain('body larger than the limit of 4.8 MB (PIPELINE_INBOX_MAX_BYTES)');
  }, 30_000);
});

describe('a webhook port in use', () => {
  it('stops the start with one line naming the port and how to choose another (an unhandled EADDRINUSE crashed the process with a stack)', async () => {
    root = mkdtempSync(join(tmpdir(), 'pipeline-port-'));
    const paths = { tenants: join(root, 'tenants'), sites: join(root, 'sites'), inbox: join(root, 'feeds') };
    for (const dir of Object.values(paths)) mkdirSync(dir);
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    const port = (taken.address() as AddressInfo).port;
    try {
      const env = { PIPELINE_CACHE_DIR: join(root, 'cache') };
      const config = pipelineConfig(env, { ...paths, port: String(port) });
      await expect(startPipeline({ ...pipelineOptions(config, {}, env), log: () => {} })).rejects.toThrow(
        `the pipeline's webhook port 127.0.0.1:${port} is in use (is another npm start or pipeline running?): stop it, or choose another port with PIPELINE_PORT or --port`,
      );
    } finally {
      await new Promise((done) => taken.close(done));
    }
  }, 30_000);
});
