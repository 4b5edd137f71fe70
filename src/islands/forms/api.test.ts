import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_WAIT_MS, UPLOAD_WAIT_MS } from '../ui/bounded-wait.ts';
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

describe('callApi within the bounded wait (src/islands/ui/bounded-wait.ts)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** callApi against a fetch that answers only with headers, its body never coming; the result once settled. */
  function slowCall(options: Parameters<typeof callApi>[2] = {}) {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const body = new ReadableStream({ start: () => undefined });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(body, { status: 200 })));
    const settled: { result?: unknown } = {};
    void callApi('/api', '/test-drive/availability?car_id=1', options).then((result) => (settled.result = result));
    return settled;
  }

  it('an answer whose body does not come within ANSWER_WAIT_MS is a failure (status 0), as a network failure is', async () => {
    const settled = slowCall();
    await vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS - 1);
    expect(settled.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled.result).toEqual({ ok: false, status: 0, message: undefined, fieldErrors: {} });
  });

  it('a photo upload (a multipart body) has UPLOAD_WAIT_MS', async () => {
    const body = new FormData();
    body.append('evalid', 'E1');
    const settled = slowCall({ body });
    await vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS);
    expect(settled.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(UPLOAD_WAIT_MS - ANSWER_WAIT_MS);
    expect(settled.result).toMatchObject({ ok: false, status: 0 });
  });

  it("the caller's own abort still ends the call at once", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const controller = new AbortController();
    const call = callApi('/api', '/watchlist', { signal: controller.signal });
    controller.abort();
    expect(await call).toMatchObject({ ok: false, status: 0 });
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
