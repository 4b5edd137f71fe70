import { describe, expect, it } from 'vitest';
import { memoryStorage } from './persisted.ts';
import { createSession, SESSION_KEY } from './session.ts';

describe('session store', () => {
  it('signs in and out, persisting the session', () => {
    const storage = memoryStorage();
    const store = createSession(storage);
    expect(store.$signedIn.get()).toBe(false);
    store.signIn({ user_id: 'u1', phone: '0412345678', expires_at: Date.now() + 60_000 });
    expect(store.$signedIn.get()).toBe(true);
    expect(JSON.parse(storage.data[SESSION_KEY])).toMatchObject({ user_id: 'u1', phone: '0412345678' });
    expect(createSession(storage).currentSession()?.phone).toBe('0412345678');
    store.signOut();
    expect(store.currentSession()).toBeNull();
  });

  it('an API answer of 401 ends the local session; any other answer keeps it', () => {
    const store = createSession(memoryStorage());
    store.signIn({ user_id: 'u1', phone: '0412345678' });
    expect(store.signOutIfRejected(500)).toBe(false);
    expect(store.currentSession()).not.toBeNull();
    expect(store.signOutIfRejected(401)).toBe(true);
    expect(store.currentSession()).toBeNull();
  });

  it('drops an expired or malformed session', () => {
    let now = 1000;
    const store = createSession(memoryStorage({ [SESSION_KEY]: JSON.stringify({ user_id: 'u', phone: '0412345678', expires_at: 2000 }) }), () => now);
    expect(store.currentSession()).not.toBeNull();
    now = 3000;
    expect(store.currentSession()).toBeNull();
    expect(createSession(memoryStorage({ [SESSION_KEY]: JSON.stringify({ user_id: 'u', phone: '12' }) })).currentSession()).toBeNull();
  });

  it('M7 a session token an older version left in localStorage is removed', () => {
    const storage = memoryStorage({ [SESSION_KEY]: JSON.stringify({ user_id: 'u', phone: '0412345678', token: 'secret-session-token' }) });
    const store = createSession(storage);
    expect(store.currentSession()).toMatchObject({ user_id: 'u', phone: '0412345678' });
    expect(storage.data[SESSION_KEY]).not.toContain('secret-session-token');
  });
});
