/**
 * POST /api/auth/sign-out ends the session of the tenant it is posted to only: a token of one
 * tenant posted to another ends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLeadApi, stopLeadApi, type LeadApiSuite } from '../../../../tests/support/server-helpers.ts';
import { SESSION_COOKIE, hashToken } from '../../kernel/session.ts';
import { AuthStore } from './store.ts';

let suite: LeadApiSuite;

beforeAll(async () => {
  suite = await startLeadApi('sqlite', 'sign-out-tenant-');
}, 60_000);

afterAll(async () => {
  await stopLeadApi(suite);
});

describe('sign-out', () => {
  it("ends the token's session on the tenant signing out, never another tenant's", async () => {
    const auth = new AuthStore(suite.database.db);
    const at = Date.now();
    const user = await auth.upsertUser('alpha', '0412000001', at);
    await auth.createSession(hashToken('alpha-token'), user, 'alpha', at, at + 86_400_000);
    const session = (host: string) => suite.app.inject({ method: 'GET', url: '/api/auth/session', headers: { host, cookie: `${SESSION_COOKIE}=alpha-token` } });
    const signOut = (host: string) =>
      suite.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { host, cookie: `${SESSION_COOKIE}=alpha-token` } });
    expect((await signOut('beta.localhost')).statusCode).toBe(200);
    expect((await session('alpha.localhost')).statusCode).toBe(200);
    expect((await signOut('alpha.localhost')).statusCode).toBe(200);
    expect((await session('alpha.localhost')).statusCode).toBe(401);
  }, 60_000);
});
