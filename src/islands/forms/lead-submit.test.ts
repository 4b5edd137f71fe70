// @vitest-environment happy-dom
/**
 * docs/reliability.md "Lead API": a form answered 503 with a Retry-After sends the same
 * submission again after the wait (twice at most), with the same Idempotency-Key. That holds
 * for the last step of a multi-step form too (a service booking's final submit, accepting an
 * instant offer): the step's own key goes with it, so a database restart does not show the
 * shopper an error.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendLead, sentPairs } from './lead-submit.ts';

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

describe('sentPairs: what /success lists', () => {
  it('each labelled field as it was shown; unlabelled, blank, terms and _ fields left out', () => {
    const values = {
      car_id: '501',
      dealership_slug: 'gone',
      dateTime: '2026-12-24T16:30',
      day: '2026-12-24',
      opt_in: true,
      Deposit: '$500',
      terms_conditions: true,
      _step: 'x',
      evalid: 'E1',
      message: '',
    };
    const labels = {
      car_id: { label: 'Vehicle', choices: { '501': '2025 Toyota Corolla' } },
      dealership_slug: { label: 'Dealership', choices: { north: 'North' } },
      dateTime: { label: 'Booking', date: 'time' as const },
      day: { label: 'Day', date: 'day' as const },
      opt_in: { label: 'News' },
      Deposit: 'Deposit',
      terms_conditions: { label: 'Terms' },
      _step: 'Step',
      message: { label: 'Comments' },
    };
    expect(sentPairs(values, labels)).toEqual([
      ['Vehicle', '2025 Toyota Corolla'],
      ['Dealership', 'gone'],
      ['Booking', 'Thursday 24 December 2026, 4:30 pm'],
      ['Day', '24 December 2026'],
      ['News', 'Yes'],
      ['Deposit', '$500'],
    ]);
  });
});
