import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi, failureMessage, UNAVAILABLE_RETRIES } from './api.ts';

const unavailable = () =>
  new Response(JSON.stringify({ success: false, error: 'An unexpected error occured' }), { status: 503, headers: { 'retry-after': '5' } });
const created = () => new Response(JSON.stringify({ success: true, lead_id: 'abc' }), { status: 201 });

describe('callApi during a database outage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a submission with its Idempotency-Key again after Retry-After, and succeeds', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(unavailable()).mockResolvedValueOnce(created());
    vi.stubGlobal('fetch', fetch);
    const waits: number[] = [];
    const result = await callApi('/api', '/leads', { body: { name: 'Jo' }, idempotencyKey: 'key-12345678', wait: async (ms) => void waits.push(ms) });
    expect(result).toMatchObject({ ok: true, status: 201 });
    expect(waits).toEqual([5000]);
    expect(fetch.mock.calls.map((call) => (call[1] as RequestInit).headers)).toEqual([
      expect.objectContaining({ 'idempotency-key': 'key-12345678' }),
      expect.objectContaining({ 'idempotency-key': 'key-12345678' }),
    ]);
  });

  it('gives up after its retries and shows the answer; never repeats a submission without a key', async () => {
    const fetch = vi.fn().mockImplementation(async () => unavailable());
    vi.stubGlobal('fetch', fetch);
    const wait = async () => {};
    expect(await callApi('/api', '/leads', { body: { name: 'Jo' }, idempotencyKey: 'key-12345678', wait })).toMatchObject({
      ok: false,
      status: 503,
      message: 'An unexpected error occured',
    });
    expect(fetch).toHaveBeenCalledTimes(1 + UNAVAILABLE_RETRIES);
    fetch.mockClear();
    expect(await callApi('/api', '/leads', { body: { name: 'Jo' }, wait })).toMatchObject({ ok: false, status: 503 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('failureMessage', () => {
  it("keeps a 4xx's message and gives the fallback for a 5xx, a network failure or no message", () => {
    expect(failureMessage({ status: 422, message: 'Invalid postcode' }, 'fallback')).toBe('Invalid postcode');
    expect(failureMessage({ status: 500, message: 'An unexpected error occured' }, 'fallback')).toBe('fallback');
    expect(failureMessage({ status: 503, message: 'busy' }, 'fallback')).toBe('fallback');
    expect(failureMessage({ status: 0, message: undefined }, 'fallback')).toBe('fallback');
    expect(failureMessage({ status: 400, message: undefined }, 'fallback')).toBe('fallback');
  });
});

describe('callApi answered 401 by a gated call (src/server/kernel/gated-actions.ts)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const page = (pathname: string, search = '') => {
    const assign = vi.fn();
    vi.stubGlobal('window', {
      location: { pathname, search, origin: 'https://dealer.example', assign },
      document: { referrer: 'https://dealer.example/cars/car-1' },
    });
    return assign;
  };
  const refused = (body: object) => new Response(JSON.stringify(body), { status: 401 });

  it('sends the shopper to sign-in as the page gate does, back to this page, and still returns the answer', async () => {
    const assign = page('/cars/car-1/checkout', '?from=list');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(refused({ success: false, error: 'Please sign in to continue.', sign_in: true })));
    const result = await callApi('/api', '/payments/reservations', { body: {} });
    expect(result).toMatchObject({ ok: false, status: 401, message: 'Please sign in to continue.' });
    expect(assign).toHaveBeenCalledWith('/sign-in?type=checkout&redirect=%2Fcars%2Fcar-1%2Fcheckout%3Ffrom%3Dlist&back=%2Fcars%2Fcar-1');
  });

  it('leaves any other 401 to its island (the watchlist, Spin to Win)', async () => {
    const assign = page('/cars/car-1');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(refused({ success: false, error: 'Please sign in to use your watchlist.' })));
    expect(await callApi('/api', '/watchlist/save-car', { body: {} })).toMatchObject({ ok: false, status: 401 });
    expect(assign).not.toHaveBeenCalled();
  });
});
