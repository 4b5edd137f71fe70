import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordPhoneReveal } from './phone-reveal.ts';

const reveal = { car_id: '42', dealership_id: '7', website_id: 'demo-motors' };

function answering(status: number) {
  return vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify({ success: status < 400 }), { status, headers: { 'content-type': 'application/json' } }),
  );
}

afterEach(() => vi.restoreAllMocks());

describe('recordPhoneReveal (spec §7 phone reveal "response only logged", §8 "Phone reveal failure ... logged only")', () => {
  it('logs an answer of 500 with its status, and does not throw', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(recordPhoneReveal('/api/phone-reveal', reveal, { fetch: answering(500) })).resolves.toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0])).toContain('500');
  });

  it('logs a network failure, and does not throw', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(recordPhoneReveal('/api/phone-reveal', reveal, { fetch: offline })).resolves.toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('posts the car, dealership and website, and logs nothing when the reveal is recorded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = answering(200);
    await expect(recordPhoneReveal('/api/phone-reveal', reveal, { fetch })).resolves.toBe(true);
    expect(warn).not.toHaveBeenCalled();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/phone-reveal');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(reveal);
  });

  it('leaves out a dealership the page does not know', async () => {
    const fetch = answering(200);
    await recordPhoneReveal('/api/phone-reveal', { car_id: '42', dealership_id: '', website_id: 'demo-motors' }, { fetch });
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({ car_id: '42', website_id: 'demo-motors' });
  });
});
