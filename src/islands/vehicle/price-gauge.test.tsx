// @vitest-environment happy-dom
/**
 * PriceGauge asking the lead API (no comparison in the feed): a failure, or no answer within the
 * islands' bounded wait, keeps the section hidden and is told on the console only.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { ANSWER_WAIT_MS } from '../ui/bounded-wait.ts';
import PriceGauge from './PriceGauge.tsx';

const mounted = mountRoot();
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PriceGauge asking the lead API', () => {
  it('no answer within the bounded wait: the section stays hidden, a console warning only', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn((_url: string, _init: RequestInit) => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetch);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mounted.render(<PriceGauge endpoint="/api/cars/car-1/autogauge" initial={null} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS);
    });
    expect(warn).toHaveBeenCalledWith('price comparison unavailable', expect.objectContaining({ name: 'TimeoutError' }));
    expect(fetch.mock.calls[0]![1].signal?.aborted).toBe(true);
    expect(mounted.host.innerHTML).toBe('<div class="gauge-slot" aria-hidden="true"></div>');
  });
});
