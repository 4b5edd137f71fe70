// @vitest-environment happy-dom
/**
 * docs/reliability.md "Lead API": a form answered 503 with a Retry-After sends the same
 * submission again after the wait (twice at most), with the same Idempotency-Key. That holds
 * for the last step of a multi-step form too (a service booking's final submit, accepting an
 * instant offer): the step's own key goes with it, so a database restart does not show the
 * shopper an error.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendLead } from './lead-submit.ts';

afterEach(() => vi.unstubAllGlobals());

const unavailable = () =>
  new Response(JSON.stringify({ success: false, error: 'An unexpected error occured' }), { status: 503, headers: { 'retry-after': '1' } });
const saved = () => new Response(JSON.stringify({ success: true, lead_id: 'L1' }), { status: 200 });

describe('the last step of a multi-step form during a database restart', () => {
  it('is sent again with its key after the Retry-After, and goes through', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(unavailable()).mockResolvedValueOnce(saved());
    vi.stubGlobal('fetch', fetch);
    const result = await sendLead({
      apiBase: '/api',
      values: { name: 'Jo', email: 'jo@example.com' },
      category: 'Service',
      leadId: 'L1',
      formCompleted: true,
      idempotencyKey: 'booking-key-1-final',
    });
    expect(result).toEqual({ ok: true, leadId: 'L1' });
    expect(fetch).toHaveBeenCalledTimes(2);
    for (const call of fetch.mock.calls) expect((call[1] as RequestInit).headers).toMatchObject({ 'idempotency-key': 'booking-key-1-final' });
  });
});
