/**
 * The lead API's field messages are a person's words, never valibot's own ('Invalid key: Expected
 * "state" but received undefined'): every endpoint the app serves is called without its fields,
 * and every schema the endpoints validate with (kept as parseOr400 sees it) is given each field
 * missing, of each wrong type, and too long. A missing field reads as the field's blank-value
 * message, a wrong type as the field's own message (spec §5 wording where it has one).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import type * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { spinEntrySchema } from '../../src/schemas/api/spin-to-win.ts';
import { FORM_MESSAGES } from '../../src/schemas/forms/messages.ts';
import { tempDir, testApp, testDatabase, writeTestTenants } from '../support/server-helpers.ts';

/** Every schema an endpoint validated a request with (parseOr400's first argument). */
const schemas = new Set<v.GenericSchema>();

vi.mock('../../src/server/kernel/http.ts', async (importOriginal) => {
  const http = await importOriginal<typeof import('../../src/server/kernel/http.ts')>();
  return {
    ...http,
    parseOr400: (schema: v.GenericSchema, input: unknown, reply: FastifyReply) => {
      schemas.add(schema);
      return http.parseOr400(schema, input, reply);
    },
  };
});

/** valibot's own wording. */
const VALIBOT_PHRASES = ['Invalid key', 'Invalid type', 'Invalid length', 'Expected'];
const HOST = { host: 'alpha.localhost:4321' };

/** The valibot phrases in an answer's text. */
function valibotPhrases(body: string): string[] {
  return VALIBOT_PHRASES.filter((phrase) => body.includes(phrase));
}

/** Every /api route of the app as [method, url], its parameters filled in. */
function apiRoutes(app: LeadApi): [string, string][] {
  const routes: [string, string][] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/api\S*) \(([A-Z, ]+)\)/.exec(line);
    if (!match) continue;
    const url = match[1]!.replace(/:\w+/g, '00000000-0000-0000-0000-000000000000');
    for (const method of match[2]!.split(', ')) if (method === 'GET' || method === 'POST') routes.push([method, url]);
  }
  return routes;
}

/** A reply that keeps what parseOr400 sent. */
function keptReply(): { reply: FastifyReply; sent: () => string } {
  let body: unknown;
  const reply = {
    code: () => reply,
    send: (payload: unknown) => {
      body = payload;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, sent: () => JSON.stringify(body ?? null) };
}

describe('field messages of every endpoint', () => {
  let app: LeadApi;
  let folder: ReturnType<typeof tempDir>;
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let parseOr400: typeof import('../../src/server/kernel/http.ts').parseOr400;

  beforeAll(async () => {
    folder = tempDir('field-messages-test-');
    writeTestTenants(`${folder.dir}/tenants`);
    database = await testDatabase('sqlite', folder.dir);
    app = await testApp(database.db, `${folder.dir}/tenants`, { now: () => Date.parse('2026-03-05T23:00:00Z') });
    // The request schemas of src/schemas/api too: an endpoint behind a sign-in or a switched-off feature validates with them.
    for (const file of readdirSync('src/schemas/api')) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const module = (await import(`../../src/schemas/api/${file.slice(0, -'.ts'.length)}.ts`)) as Record<string, unknown>;
      for (const value of Object.values(module)) if ((value as { kind?: unknown } | null)?.kind === 'schema') schemas.add(value as v.GenericSchema);
    }
    schemas.add(spinEntrySchema(true)).add(spinEntrySchema(false));
    ({ parseOr400 } = await vi.importActual<typeof import('../../src/server/kernel/http.ts')>('../../src/server/kernel/http.ts'));
  });
  afterAll(async () => {
    await app?.close();
    await database?.stop();
    folder?.remove();
  });

  it('answers a request without its fields in its own words', async () => {
    const routes = apiRoutes(app);
    expect(routes.length).toBeGreaterThan(20);
    const leaks: string[] = [];
    for (const [method, url] of routes) {
      const response = await app.inject({ method: method as 'GET' | 'POST', url, headers: HOST, ...(method === 'POST' ? { payload: {} } : {}) });
      const phrases = valibotPhrases(response.body);
      if (phrases.length > 0) leaks.push(`${method} ${url}: ${response.body}`);
    }
    expect(leaks).toEqual([]);
  });

  it("answers each field missing, of a wrong type or too long in the field's own words", () => {
    const leaks: string[] = [];
    const wrongValues: unknown[] = [123, true, null, [], {}, 'x'.repeat(10_001), ['x'], { a: {} }];
    for (const schema of schemas) {
      const entries = (schema as { entries?: Record<string, unknown> }).entries ?? {};
      const inputs: unknown[] = [{}, undefined, 'text'];
      for (const key of Object.keys(entries)) for (const value of wrongValues) inputs.push({ [key]: value });
      for (const input of inputs) {
        const kept = keptReply();
        parseOr400(schema, input, kept.reply);
        if (valibotPhrases(kept.sent()).length > 0)
          leaks.push(`${Object.keys(entries).join(',')} given ${JSON.stringify(input)?.slice(0, 60)}: ${kept.sent()}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('has every field message of the source go through a schema (fieldErrors with the schema parsed)', () => {
    const calls: string[] = [];
    for (const entry of readdirSync('src', { recursive: true, withFileTypes: true })) {
      if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
      const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
      for (const call of text.matchAll(/\bfieldErrors\(([^()]*(?:\([^()]*\))?[^()]*)\)/g)) if (!call[1]!.includes(',')) calls.push(`${entry.name}: ${call[0]}`);
    }
    expect(calls).toEqual([]);
  });

  it("gives the spec's words for a missing field", async () => {
    const post = async (url: string, payload: object) => (await app.inject({ method: 'POST', url, headers: HOST, payload })).json().fields;
    expect(await post('/api/eval-expert/enter-vin', { rego: 'ABC123' })).toEqual({ state: FORM_MESSAGES.required });
    expect(await post('/api/eval-expert/manual-entry', {})).toEqual({ desc: FORM_MESSAGES.chooseCar });
    expect((await app.inject({ method: 'GET', url: '/api/delivery-estimate', headers: HOST })).json().fields).toEqual({ postcode: 'Please enter a postcode.' });
    const leads = async (category: unknown) =>
      (await post('/api/leads', { ...{ name: 'Jo', email: 'jo@example.com', phone: '0412345678', postcode: '4000' }, category })).category;
    expect(await leads(123)).toBe(await leads(''));
    expect(await leads('')).toBe(FORM_MESSAGES.required);
    expect(await leads('x'.repeat(81))).toBe(FORM_MESSAGES.tooLong(80));
  });

  it("answers a field of the wrong type with the field's required message, never a rule's (a name of 7 is not too long)", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: HOST,
      payload: { name: 7, last_name: ['Smith'], email: 'jo@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ name: FORM_MESSAGES.required, last_name: FORM_MESSAGES.required });
  });

  it('answers a wrong-typed field with its own message of what it takes, where it has one: dateTime 7 asks for a date and time', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: HOST,
      payload: { name: 'Jo', email: 'jo@example.com', phone: '0412345678', postcode: '4000', dateTime: 7 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ dateTime: FORM_MESSAGES.dateTime });
  });
});
