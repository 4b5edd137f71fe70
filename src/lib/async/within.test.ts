import { afterEach, describe, expect, it, vi } from 'vitest';
import { within } from './within.ts';

afterEach(() => vi.useRealTimers());

describe('within', () => {
  it('gives the work its answer when it comes in time, and leaves no timer', async () => {
    vi.useFakeTimers();
    await expect(
      within(
        100,
        () => new Error('late'),
        async () => 'answer',
      ),
    ).resolves.toBe('answer');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('past its time rejects with the error made, and aborts the work with it, heeded or not', async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    const made = new Error('late');
    const answer = within(
      100,
      () => made,
      (signal) => {
        seen = signal;
        return new Promise<never>(() => undefined);
      },
    );
    const settled = expect(answer).rejects.toBe(made);
    await vi.advanceTimersByTimeAsync(99);
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(seen?.reason).toBe(made);
  });

  it("aborts the work's signal with the caller's reason when the caller's signal aborts, before or during the work", async () => {
    const before = new AbortController();
    before.abort('gone');
    let early: AbortSignal | undefined;
    await within(
      1000,
      () => new Error('late'),
      async (signal) => (early = signal),
      before.signal,
    );
    expect(early?.reason).toBe('gone');

    const during = new AbortController();
    const answer = within(
      1000,
      () => new Error('late'),
      (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))),
      during.signal,
    );
    const reason = new Error('left the page');
    during.abort(reason);
    await expect(answer).rejects.toBe(reason);
  });
});
