// @vitest-environment happy-dom
/**
 * docs/reliability.md "Lead API": a form answered 503 with a Retry-After sends the same
 * submission again after the wait (twice at most), with the same Idempotency-Key. That holds
 * for the last step of a multi-step form too (a service booking's final submit, accepting an
 * instant offer): the step's own key goes with it, so a database restart does not show the
 * shopper an error.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEAD_FAILURE_MESSAGE } from '../../lib/forms/form-validation.ts';
import { ANSWER_WAIT_MS } from '../ui/bounded-wait.ts';
import { sendLead, sentPairs } from './lead-submit.ts';

afterEach(() => vi.unstubAllGlobals());

const unavailable = () =>
  new Response(JSON.stringify({ success: false, error: 'An unexpected error occured' }), { status: 503, headers: { 'retry-after': '1' } });
const saved = () => new Response(JSON.stringify({ success: true, lead_id: 'L1' }), { status: 200 });

describe('a lead the API does not answer within the bounded wait', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("is given up after ANSWER_WAIT_MS with the spec's 'An unexpected error occured', not left sending for ever", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let aborted = false;
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      init.signal?.addEventListener('abort', () => (aborted = true));
      return new Promise<Response>(() => undefined);
    });
    let outcome: unknown;
    void sendLead({ apiBase: '/api', values: { name: 'Jo' }, category: 'Finance Enquiry', formCompleted: true }).then((result) => (outcome = result));
    await vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS - 1);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toEqual({ ok: false, message: LEAD_FAILURE_MESSAGE, fieldErrors: {} });
    expect(LEAD_FAILURE_MESSAGE).toBe('An unexpected error occured');
    expect(aborted).toBe(true);
  });
});

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
