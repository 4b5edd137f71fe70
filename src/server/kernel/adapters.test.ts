/**
 * The kernel's adapters: with a provider configured, a text or an e-mail is POSTed as JSON to
 * `<url>/<operation>` with the key as a bearer token (a provider on loopback here), and a
 * provider's error answer fails the send; without one, the message is recorded in the message
 * log (in-memory SQLite) for a developer to read, newest first.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqlDatabase } from '../database.ts';
import { MessageLog } from '../ops/messages.ts';
import { callProvider, createKernelAdapters } from './adapters.ts';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

const received: Received[] = [];
let status = 200;
let server: Server;
let base: string;

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void bodyOf(request).then((text) => {
      received.push({
        method: request.method!,
        url: request.url!,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: JSON.parse(text),
      });
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'msg-1' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

let db: SqlDatabase;
beforeEach(async () => {
  received.length = 0;
  status = 200;
  db = await openDatabase({ kind: 'sqlite', file: ':memory:' });
});
afterEach(async () => {
  await db.close();
});

describe('callProvider', () => {
  it("POSTs JSON to <url>/<operation> with the key as a bearer token and resolves to the provider's JSON", async () => {
    expect(await callProvider({ url: `${base}/v1/`, key: 'sk_test' }, 'valuation', { rego: 'ABC123' })).toEqual({ id: 'msg-1' });
    expect(received).toEqual([
      { method: 'POST', url: '/v1/valuation', authorization: 'Bearer sk_test', contentType: 'application/json', body: { rego: 'ABC123' } },
    ]);
    await callProvider({ url: base }, 'sms', {});
    expect(received[1]).toMatchObject({ url: '/sms', authorization: undefined });
  });

  it('fails with the operation and the HTTP status when the provider does not answer 2xx', async () => {
    status = 502;
    await expect(callProvider({ url: base, key: 'k' }, 'sms', {})).rejects.toThrow('provider sms answered HTTP 502');
  });
});

describe('createKernelAdapters', () => {
  it('sends texts and e-mails through the configured providers, and records nothing', async () => {
    const messages = new MessageLog(db);
    const adapters = createKernelAdapters(messages, { sms: { url: base, key: 'sms-key' }, mail: { url: base, key: 'mail-key' } });
    await adapters.sms.send({ tenant: 'alpha', to: '0412000001', from: 'Alpha', body: 'Your code is 123456' });
    const mail = {
      tenant: 'alpha',
      to: ['sales@alpha.example'],
      subject: 'New lead',
      body: 'Category: General Enquiry',
      contentType: 'text/plain; charset=utf-8',
      attachments: [{ filename: 'lead-1.xml', contentType: 'application/xml', content: '<?xml version="1.0"?><adf/>' }],
    };
    await adapters.mail.send(mail);
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/sms',
        authorization: 'Bearer sms-key',
        contentType: 'application/json',
        body: { to: '0412000001', from: 'Alpha', body: 'Your code is 123456' },
      },
      { method: 'POST', url: '/mail', authorization: 'Bearer mail-key', contentType: 'application/json', body: mail },
    ]);
    expect(await messages.list('alpha')).toEqual([]);
  });

  it('records texts and e-mails in the message log without a provider, per tenant, newest first, by channel and recipient', async () => {
    const messages = new MessageLog(db);
    let now = 1000;
    const adapters = createKernelAdapters(messages, {}, () => now++);
    await adapters.sms.send({ tenant: 'alpha', to: '0412000001', from: 'Alpha', body: 'code 1' });
    await adapters.mail.send({ tenant: 'alpha', to: ['a@alpha.example', 'b@alpha.example'], subject: 'New lead', body: 'lead', contentType: 'text/plain' });
    await adapters.sms.send({ tenant: 'beta', to: '0412000001', from: 'Beta', body: 'code 2' });
    expect(received).toEqual([]);
    expect(await messages.list('alpha')).toEqual([
      { recipient: 'a@alpha.example, b@alpha.example', subject: 'New lead', body: 'lead', created_at: 1001 },
      { recipient: '0412000001', subject: 'Alpha', body: 'code 1', created_at: 1000 },
    ]);
    expect((await messages.list('alpha', 'sms')).map((message) => message.body)).toEqual(['code 1']);
    expect(await messages.list('alpha', 'sms', '0412000002')).toEqual([]);
    expect((await messages.list('beta', undefined, '0412000001')).map((message) => message.body)).toEqual(['code 2']);
  });

  it('records an e-mail with its attachments after the body, each under a line naming it', async () => {
    const messages = new MessageLog(db);
    const adapters = createKernelAdapters(messages, {}, () => 5000);
    const attachments = [{ filename: 'lead-1.xml', contentType: 'application/xml', content: '<adf/>' }];
    await adapters.mail.send({ tenant: 'gamma', to: ['a@gamma.example'], subject: 'New lead', body: 'Name: Jo', contentType: 'text/plain', attachments });
    expect((await messages.list('gamma', 'email'))[0]!.body).toBe('Name: Jo\n\n--- attached: lead-1.xml (application/xml) ---\n<adf/>');
  });
});
