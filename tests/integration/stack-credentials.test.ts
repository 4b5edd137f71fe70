/**
 * Security review 2026-12-01 NEW-11: the local stack's services on a shared machine. Each
 * service the stack starts (scripts/stack.ts) must refuse a local stranger: the S3 stand-in
 * without a valid signature (and writes with the read-only key), PostgreSQL without the
 * generated password, Redis without its generated password; and the Meilisearch master key is
 * not on any command line (`ps`). Each service is started here the way the stack starts it.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { PutObjectCommand, S3Client, GetObjectCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startMeilisearch } from '../support/meilisearch-server.ts';
import { startLocalS3 } from '../support/s3-server.ts';
import { findPostgresBinaries, startThrowawayPostgres } from '../support/dev-postgres.ts';

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops.splice(0).reverse()) await stop().catch(() => {});
});

/** Every running process's command line (what `ps` shows to every local user). */
function commandLines(): string[] {
  const lines: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      lines.push(readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' '));
    } catch {
      // gone meanwhile
    }
  }
  return lines;
}

describe('NEW-11: the stack on a shared machine', () => {
  it('NEW-11: the S3 stand-in refuses anonymous and wrongly signed requests, and writes with the read-only key', async () => {
    const s3 = await startLocalS3({ bucket: 'sites' });
    stops.push(() => s3.stop());
    const url = `${s3.endpoint}/sites/zz-test/live.json`;
    // The review's anonymous write and read.
    expect((await fetch(url, { method: 'PUT', body: '{"release":"x"}' })).status).toBe(403);
    expect((await fetch(url)).status).toBe(403);
    const { readWrite, readOnly } = (
      s3 as unknown as {
        credentials: { readWrite: { accessKeyId: string; secretAccessKey: string }; readOnly: { accessKeyId: string; secretAccessKey: string } };
      }
    ).credentials;
    const client = (credentials: { accessKeyId: string; secretAccessKey: string }) =>
      new S3Client({ endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', credentials });
    const put = (credentials: { accessKeyId: string; secretAccessKey: string }, key: string) =>
      client(credentials).send(new PutObjectCommand({ Bucket: 'sites', Key: key, Body: 'x' }));
    // s3rver's fixed key is gone; a known key id with a wrong secret is refused.
    await expect(put({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, 'a')).rejects.toThrow();
    await expect(put({ accessKeyId: readWrite.accessKeyId, secretAccessKey: 'wrong-secret' }, 'b')).rejects.toThrow();
    // The read-only key reads but cannot write; the pipeline's key does both.
    await put(readWrite, 'ok.json');
    await expect(put(readOnly, 'ro.json')).rejects.toThrow();
    const read = await client(readOnly).send(new GetObjectCommand({ Bucket: 'sites', Key: 'ok.json' }));
    expect(await read.Body!.transformToString()).toBe('x');
  }, 60_000);

  it.skipIf(!findPostgresBinaries())(
    'NEW-11: the throw-away PostgreSQL refuses a connection without its generated password',
    async () => {
      const server = await startThrowawayPostgres();
      stops.push(() => server.stop());
      const url = new URL(server.url);
      expect(url.password).not.toBe('');
      url.password = '';
      const stranger = new pg.Client({ connectionString: url.href });
      await expect(stranger.connect()).rejects.toThrow(/password/);
      await stranger.end().catch(() => {});
      const owner = new pg.Client({ connectionString: server.url });
      await owner.connect();
      expect((await owner.query('SELECT 1 AS one')).rows[0].one).toBe(1);
      await owner.end();
    },
    120_000,
  );

  it('NEW-11: the Meilisearch master key is not on any process command line', async () => {
    const meili = await startMeilisearch();
    stops.push(() => meili.stop());
    expect((await fetch(`${meili.host}/keys`, { headers: { authorization: `Bearer ${meili.masterKey}` } })).status).toBe(200);
    expect(commandLines().filter((line) => line.includes(meili.masterKey))).toEqual([]);
  }, 120_000);

  it.skipIf(spawnSync('redis-server', ['--version']).status !== 0)(
    "NEW-11: the stack's Redis refuses commands without its generated password, and keeps it off the command line",
    async () => {
      const { startRedis } = await import('../support/redis-server.ts');
      const redis = await startRedis({});
      stops.push(() => redis.stop());
      const url = new URL(redis.url);
      expect(url.password).not.toBe('');
      const { Redis } = await import('ioredis');
      const stranger = new Redis({ host: url.hostname, port: Number(url.port), lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: true });
      stranger.on('error', () => {});
      await expect(stranger.ping()).rejects.toThrow(/NOAUTH|Authentication/i);
      stranger.disconnect();
      const owner = new Redis(redis.url, { maxRetriesPerRequest: 1 });
      expect(await owner.ping()).toBe('PONG');
      owner.disconnect();
      expect(commandLines().filter((line) => line.includes(url.password))).toEqual([]);
    },
    60_000,
  );
});
