// @vitest-environment happy-dom
/**
 * The stand-in payment client (test builds): its confirm with the Stripe stand-in is bounded by
 * the islands' wait, and an answer not in time fails as an unreachable service does.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_WAIT_MS } from '../ui/bounded-wait.ts';
import StandInPaymentForm from './payment-stand-in.tsx';
import type { ConfirmResult, StartedPayment } from './payment-types.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The form rendered once (which sets its confirm), the stand-in at a test URL. */
function confirmOf(): () => Promise<ConfirmResult> {
  vi.stubGlobal('__STRIPE_STAND_IN_URL__', 'http://stand-in.test');
  const confirmRef: { current: (() => Promise<ConfirmResult>) | null } = { current: null };
  const payment = { publishable_key: 'pk_test_1' } as StartedPayment;
  renderToString(<StandInPaymentForm payment={payment} confirmRef={confirmRef} intent={async () => ({ ok: true, clientSecret: 'pi_1_secret_2' })} />);
  return confirmRef.current!;
}

describe('the stand-in payment client', () => {
  it('a network failure: the test payment service could not be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(confirmOf()()).resolves.toEqual({ ok: false, message: 'The test payment service could not be reached.' });
  });

  it('no answer within the bounded wait: given up, with the failure a network failure shows', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn((_url: string, _init: RequestInit) => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetch);
    const confirming = confirmOf()();
    await vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS);
    await expect(confirming).resolves.toEqual({ ok: false, message: 'The test payment service could not be reached.' });
    expect(fetch.mock.calls[0]![1].signal?.aborted).toBe(true);
  });
});
