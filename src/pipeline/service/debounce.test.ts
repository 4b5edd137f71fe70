/** The debounce of rebuild requests (debounce.ts): one request per burst, never later than the maximum wait after the first change. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncer } from './debounce.ts';

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

const setup = () => {
  const fired: [string, number][] = [];
  const first: string[] = [];
  const debouncer = createDebouncer({
    debounceMs: 2000,
    maxWaitMs: 15_000,
    fire: (slug) => fired.push([slug, Date.now()]),
    onFirst: (slug) => first.push(slug),
  });
  return { fired, first, debouncer };
};

describe('createDebouncer', () => {
  it('fires once, debounceMs after the last change of a burst', () => {
    const { fired, first, debouncer } = setup();
    debouncer.request('a');
    vi.advanceTimersByTime(1500);
    debouncer.request('a');
    vi.advanceTimersByTime(1999);
    expect(fired).toEqual([]);
    expect(debouncer.size).toBe(1);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([['a', 3500]]);
    expect(first).toEqual(['a']);
    expect(debouncer.size).toBe(0);
  });

  it('fires a tenant that keeps changing maxWaitMs after its first change', () => {
    const { fired, debouncer } = setup();
    for (let at = 0; at < 20_000; at += 1000) {
      debouncer.request('busy');
      vi.advanceTimersByTime(1000);
    }
    expect(fired.map(([, at]) => at)).toEqual([15_000]);
  });

  it('keeps tenants apart, and a new burst after a fire is a new first change', () => {
    const { fired, first, debouncer } = setup();
    debouncer.request('a');
    vi.advanceTimersByTime(1000);
    debouncer.request('b');
    vi.advanceTimersByTime(2000);
    debouncer.request('a');
    vi.advanceTimersByTime(2000);
    expect(fired).toEqual([
      ['a', 2000],
      ['b', 3000],
      ['a', 5000],
    ]);
    expect(first).toEqual(['a', 'b', 'a']);
  });

  it('cancel and clear stop waits without firing', () => {
    const { fired, debouncer } = setup();
    debouncer.request('a');
    debouncer.request('b');
    debouncer.cancel('a');
    expect(debouncer.size).toBe(1);
    debouncer.clear();
    vi.advanceTimersByTime(60_000);
    expect(fired).toEqual([]);
    expect(debouncer.size).toBe(0);
  });
});
