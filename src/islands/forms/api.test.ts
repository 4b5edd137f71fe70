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
