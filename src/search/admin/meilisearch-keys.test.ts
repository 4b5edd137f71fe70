/**
 * Issue 13 M9: what the platform sends to Meilisearch and what it ships to browsers.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { generateTenantToken } from 'meilisearch/token';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { syncTenantSearch } from '../../pipeline/release/search-sync.ts';
import { SiteSchema } from '../../schemas/site.ts';
import { engineConfig } from '../build-time/page-data.ts';
import { syncTenant, tenantFilter } from './meilisearch.ts';

const site = (extra: Record<string, unknown> = {}) =>
  v.parse(SiteSchema, { slug: 'demo', template: 'used-group', name: 'Demo', url: 'https://demo.example.com.au', phone: '+61 7 3555 0100', ...extra });
const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    searchRules: Record<string, { filter: string }>;
    exp?: number;
    apiKeyUid: string;
  };
const SEARCH_ENV = { MEILI_SEARCH_KEY: 'a-secret-search-key-value-0123456789', MEILI_SEARCH_KEY_UID: '6062abda-a5aa-4414-ac91-ecd7944c0f8d' };

describe('M9 search_filters narrows the tenant filter, never replaces it', () => {
  it('M9 the tenant filter is always ANDed with search_filters', () => {
    expect(tenantFilter({ slug: 'demo' })).toBe('site = "demo"');
    expect(tenantFilter({ slug: 'demo', search_filters: 'site = "rival" OR site != "rival"' })).toBe('site = "demo" AND (site = "rival" OR site != "rival")');
  });

  it('M9 a search_filters that closes the parenthesis it is put in (to OR past the site filter) is refused: by the site schema, naming the field, and by tenantFilter', () => {
    for (const escape of ['year > 0) OR (site = "rival"', 'x) OR (year > 0', 'year > 0)', '(year > 0', 'make = "Ford', "make = 'Ford", 'make IN [Ford']) {
      const parsed = v.safeParse(SiteSchema, {
        slug: 'demo',
        template: 'used-group',
        name: 'Demo',
        url: 'https://demo.example.com.au',
        phone: '+61 7 3555 0100',
        search_filters: escape,
      });
      expect(parsed.success, escape).toBe(false);
      expect(parsed.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`).join('; '), escape).toMatch(/^search_filters: /);
      expect(() => tenantFilter({ slug: 'demo', search_filters: escape }), escape).toThrow(/search_filters/);
    }
    // Parentheses, brackets and quotes that close inside it are a filter like any other.
    const fine = '(year > 2015 OR make = "Ford (AU)") AND body IN [SUV, "Ute ]"]';
    expect(
      v.safeParse(SiteSchema, {
        slug: 'demo',
        template: 'used-group',
        name: 'Demo',
        url: 'https://demo.example.com.au',
        phone: '+61 7 3555 0100',
        search_filters: fine,
      }).success,
    ).toBe(true);
    expect(tenantFilter({ slug: 'demo', search_filters: fine })).toBe(`site = "demo" AND (${fine})`);
  });

  it('M9 a browser token minted for a site with a broad search_filters still holds the site filter', async () => {
    const config = await engineConfig(
      { slug: 'demo', site: site({ search: { host: 'https://search.example.com', index: 'Cars' }, search_filters: 'site != "nobody"' }) },
      SEARCH_ENV,
    );
    if (config.kind !== 'meilisearch') throw new Error('expected meilisearch');
    expect(payloadOf(config.key).searchRules.Cars!.filter).toBe('site = "demo" AND (site != "nobody")');
  });

  it("M9 the sync only reads (and so only deletes) the tenant's own documents, whatever filter it is given", async () => {
    const filters: string[] = [];
    const deleted: string[][] = [];
    const index = {
      updateSettings: async () => ({ taskUid: 1 }),
      getDocuments: async (query: { filter: string }) => {
        filters.push(query.filter);
        return {
          results: [
            { uid: 'rival__1', fingerprint: 'x' },
            { uid: 'demo__9', fingerprint: 'y' },
          ],
        };
      },
      addDocuments: async () => ({ taskUid: 2 }),
      deleteDocuments: async (uids: string[]) => (deleted.push(uids), { taskUid: 3 }),
    };
    const client = { getIndex: async () => ({}), index: () => index, tasks: { waitForTask: async () => ({ status: 'succeeded' }) } };
    await syncTenant(client as never, { index: 'Cars', site: 'demo', filter: 'site != "nobody"', documents: [] });
    expect(filters.every((filter) => filter.startsWith('site = "demo" AND'))).toBe(true);
    // Even a store that answered with another tenant's document: only this tenant's uids are deleted.
    expect(deleted.flat()).toEqual(['demo__9']);
  });
});

describe('M9 the admin key goes only to the operator-configured host', () => {
  let server: Server;
  let port = 0;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(String(req.headers.authorization ?? ''));
      res.writeHead(500).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((done) => server.close(done)));

  it('M9 a site.json naming another search host never receives the admin key', async () => {
    const hostile = site({ search: { host: `http://127.0.0.1:${port}`, index: 'Cars' } });
    await expect(syncTenantSearch(hostile, [], { MEILI_ADMIN_KEY: 'the-admin-key' })).rejects.toThrow(/MEILI_ADMIN_HOST/);
    // With the operator's host set, the request goes there (here: nothing listens on port 9), never to site.json's host.
    await expect(syncTenantSearch(hostile, [], { MEILI_ADMIN_KEY: 'the-admin-key', MEILI_ADMIN_HOST: 'http://127.0.0.1:9' })).rejects.toThrow();
    expect(seen.filter((value) => value.includes('the-admin-key'))).toEqual([]);
  });
});

/** A tenant token as Meilisearch reads it (HS256 JWT signed with the search key). */
function jwt(payload: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ apiKeyUid: SEARCH_ENV.MEILI_SEARCH_KEY_UID, ...payload })}`;
  return `${unsigned}.${createHmac('sha256', SEARCH_ENV.MEILI_SEARCH_KEY).update(unsigned).digest('base64url')}`;
}
const inAWeek = () => Math.floor(Date.now() / 1000) + 7 * 86_400;

describe('M9 search.key from site.json is checked before it reaches a browser', () => {
  const search = { host: 'https://search.example.com', index: 'Cars' };
  it.each([
    ['a raw API key (could be the admin or master key)', () => 'masterKey-0123456789abcdef0123456789abcdef'],
    ['a token without an expiry', () => jwt({ searchRules: { Cars: { filter: 'site = "demo"' } } })],
    ['a token for every index', () => jwt({ searchRules: ['*'], exp: inAWeek() })],
    ['a token for every index (object form)', () => jwt({ searchRules: { '*': {} }, exp: inAWeek() })],
    ['a token without the tenant filter', () => jwt({ searchRules: { Cars: { filter: 'site = "rival"' } }, exp: inAWeek() })],
    [
      'a token whose filter widens the tenant filter with OR',
      () => jwt({ searchRules: { Cars: { filter: 'site = "demo" OR site != "demo"' } }, exp: inAWeek() }),
    ],
    ['an expired token', () => jwt({ searchRules: { Cars: { filter: 'site = "demo"' } }, exp: Math.floor(Date.now() / 1000) - 60 })],
  ])('M9 refuses %s', async (_name, key) => {
    await expect(engineConfig({ slug: 'demo', site: site({ search: { ...search, key: key() } }) }, {})).rejects.toThrow(/search\.key/);
  });

  it('M9 accepts a tenant token restricted to the index and the tenant filter, with an expiry', async () => {
    const key = await generateTenantToken({
      apiKey: SEARCH_ENV.MEILI_SEARCH_KEY,
      apiKeyUid: SEARCH_ENV.MEILI_SEARCH_KEY_UID,
      searchRules: { Cars: { filter: 'site = "demo" AND status != "sold"' } },
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
    });
    expect(await engineConfig({ slug: 'demo', site: site({ search: { ...search, key } }) }, {})).toMatchObject({
      kind: 'meilisearch',
      host: search.host,
      key,
      index: 'Cars',
    });
  });
});

describe('M9 tenant tokens expire', () => {
  const meiliSite = { slug: 'demo', site: site({ search: { host: 'https://search.example.com', index: 'Cars' } }) };
  const tokenAt = async (at: number, env: Record<string, string> = SEARCH_ENV): Promise<string> => {
    vi.useFakeTimers({ toFake: ['Date'], now: at });
    try {
      const config = await engineConfig(meiliSite, env);
      if (config.kind !== 'meilisearch') throw new Error('expected meilisearch');
      return config.key;
    } finally {
      vi.useRealTimers();
    }
  };
  const DAY = 86_400_000;
  // A build's moment: an hour into one of the default lifetime's quarters (7.5 days) since 1970.
  const QUARTER = 7.5 * DAY;
  const AT = Math.floor(Date.UTC(2027, 2, 10) / QUARTER) * QUARTER + 3_600_000;

  it('M9 a token minted by the build expires (default 30 days, MEILI_TOKEN_TTL_DAYS to change), with more than three quarters of its lifetime left', async () => {
    for (const at of [AT, AT + 3 * DAY, AT + 7 * DAY + 1234, AT + 15 * DAY]) {
      const exp = payloadOf(await tokenAt(at)).exp! * 1000;
      expect(exp).toBeGreaterThan(at + 22.5 * DAY);
      expect(exp).toBeLessThanOrEqual(at + 30 * DAY);
      const short = payloadOf(await tokenAt(at, { ...SEARCH_ENV, MEILI_TOKEN_TTL_DAYS: '2' })).exp! * 1000;
      expect(short).toBeGreaterThan(at + 1.5 * DAY);
      expect(short).toBeLessThanOrEqual(at + 2 * DAY);
    }
  });

  it('M9 builds within a quarter of the lifetime ship the same token, byte for byte (a full build of unchanged stock changes no page)', async () => {
    const tokens: string[] = [];
    for (const later of [0, 1000, 6 * 3_600_000, 7 * DAY]) tokens.push(await tokenAt(AT + later));
    expect(new Set(tokens).size).toBe(1);
    // Renewed once a quarter: a build 7.5 days on mints a later one.
    const renewed = await tokenAt(AT + QUARTER);
    expect(renewed).not.toBe(tokens[0]);
    expect(payloadOf(renewed).exp).toBe(payloadOf(tokens[0]!).exp! + QUARTER / 1000);
  });
});
