import { describe, expect, it } from 'vitest';
import { inFlight } from './in-flight.ts';

function later() {
  let end!: () => void;
  const promise = new Promise<void>((resolve) => (end = resolve));
  return { promise, end: () => end() };
}

describe('inFlight', () => {
  it('is idle once every tracked promise has settled, also one tracked while it waits', async () => {
    const work = inFlight();
    const first = later();
    const second = later();
    work.track(first.promise);
    expect(work.size).toBe(1);
    let idle = false;
    const waiting = work.idle().then(() => (idle = true));
    work.track(second.promise);
    first.end();
    await new Promise((done) => setTimeout(done, 10));
    expect(idle).toBe(false);
    second.end();
    await waiting;
    expect(idle).toBe(true);
    expect(work.size).toBe(0);
  });
});
