/**
 * Issue 34 N12: the pipeline's operator page. A short PIPELINE_OPERATOR_TOKEN is refused at
 * start; wrong tokens are limited per client address with a growing wait; and with
 * PIPELINE_OPERATOR_PORT the page lives on its own port (loopback by default), not on the
 * internet-facing webhook port. Security review 2026-12-01 NEW-8: the wait never keeps out
 * the right token (a stranger behind the operator's proxy cannot lock the operator out), a
 * low-entropy token is refused, and the page sends a Content-Security-Policy.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineSettings } from '../../src/config/pipeline.ts';
import { startPipeline, type RunningPipeline } from '../../src/pipeline/service/service.ts';
import { tempDir } from '../support/server-helpers.ts';

const TOKEN = 'n12-operator-token-with-more-than-32-characters';

describe('N12 operator page hardening', () => {
  let folder: ReturnType<typeof tempDir>;
  let pipeline: RunningPipeline | undefined;
  const options = () => ({
    tenantsDir: join(folder.dir, 'tenants'),
    sitesDir: join(folder.dir, 'sites'),
    webhookPort: 0,
    concurrency: 1,
    log: () => {},
    env: {},
  });

  beforeAll(async () => {
    folder = tempDir('operator-n12-');
    mkdirSync(join(folder.dir, 'tenants'), { recursive: true });
    pipeline = await startPipeline({ ...options(), operatorToken: TOKEN, operatorPort: 0 });
  });
  afterAll(async () => {
    await pipeline?.close();
    folder?.remove();
  });

  const status = (base: string, token: string) => fetch(`${base}/status.json`, { headers: { authorization: `Bearer ${token}` } });

  it('N12: a short operator token is refused at start, naming the variable and the length wanted', async () => {
    await expect(startPipeline({ ...options(), operatorToken: 'op-token-123' })).rejects.toThrow(
      /PIPELINE_OPERATOR_TOKEN: expected at least 32 random characters/,
    );
    expect(() => pipelineSettings({ PIPELINE_OPERATOR_TOKEN: 'op-token-123' })).toThrow(/PIPELINE_OPERATOR_TOKEN.*at least 32/s);
    expect(pipelineSettings({ PIPELINE_OPERATOR_TOKEN: TOKEN, PIPELINE_OPERATOR_PORT: '4330' })).toMatchObject({
      operatorToken: TOKEN,
      operatorPort: 4330,
      operatorHost: '127.0.0.1',
    });
  });

  it('N12: with an operator port the page is served there (loopback by default) and not on the webhook port', async () => {
    expect(pipeline!.operatorUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await status(pipeline!.operatorUrl!, TOKEN)).status).toBe(200);
    const onWebhook = await status(pipeline!.webhookUrl!, TOKEN);
    expect(onWebhook.status).not.toBe(200);
    expect(await onWebhook.text()).not.toContain('tenants');
    // The operator port serves nothing else.
    expect((await fetch(`${pipeline!.operatorUrl}/feeds/acme`, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('N12: wrong tokens are limited: after 5 the client must wait (429, Retry-After)', async () => {
    const base = pipeline!.operatorUrl!;
    const wrong = [];
    for (let i = 0; i < 5; i++) wrong.push((await status(base, `guess-${i}`.padEnd(40, 'x'))).status);
    expect(wrong).toEqual([401, 401, 401, 401, 401]);
    const locked = await status(base, 'guess-6'.padEnd(40, 'x'));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it("NEW-8: a stranger sharing the operator's address cannot lock the operator out: the right token always gets in", async () => {
    const base = pipeline!.operatorUrl!;
    // The stranger (same address: behind the same proxy) keeps guessing, well past the free tries.
    for (let i = 0; i < 12; i++) expect([401, 429]).toContain((await status(base, `stranger-${i}`.padEnd(40, 'y'))).status);
    expect((await status(base, `stranger-last`.padEnd(40, 'y'))).status).toBe(429);
    // The operator, at once.
    const operator = await status(base, TOKEN);
    expect(operator.status).toBe(200);
    expect((await operator.json()).tenants).toEqual([]);
  });

  it('NEW-8: a low-entropy operator token (32 identical characters, a short repeated pattern) is refused at start', async () => {
    for (const weak of ['a'.repeat(32), 'ab'.repeat(20), '0123'.repeat(10)]) {
      await expect(startPipeline({ ...options(), operatorToken: weak }), weak).rejects.toThrow(/PIPELINE_OPERATOR_TOKEN: .*(random|entropy)/);
      expect(() => pipelineSettings({ PIPELINE_OPERATOR_TOKEN: weak }), weak).toThrow(/PIPELINE_OPERATOR_TOKEN/);
    }
  });

  it('NEW-8: the operator page sends a Content-Security-Policy (no script, its own style, no framing) and no referrer', async () => {
    const response = await fetch(`${pipeline!.operatorUrl}/status`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/form-action 'self'/);
    expect(csp).not.toMatch(/script-src/);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    // The page's one inline style is allowed by its hash, nothing else inline.
    const html = await response.text();
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    // The JSON and the refusals carry it too.
    expect((await fetch(`${pipeline!.operatorUrl}/status.json`)).headers.get('content-security-policy')).toMatch(/default-src 'none'/);
  });
});
