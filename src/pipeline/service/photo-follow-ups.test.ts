/**
 * A release that left photos for later asks for the tenant's next release after a short
 * delay, at most a few times in a row (photo-follow-ups.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { photoFollowUps } from './photo-follow-ups.ts';

afterEach(() => vi.useRealTimers());

const setup = (known: (slug: string) => boolean = () => true) => {
  const enqueued: string[] = [];
  const lines: Record<string, unknown>[] = [];
  const followUps = photoFollowUps({ delayMs: 60_000, max: 2, known, enqueue: (slug) => enqueued.push(slug), log: (fields) => lines.push(fields) });
  return { enqueued, lines, followUps };
};

describe('photo follow-ups', () => {
  it('a release that deferred photos asks for the tenant again after the delay, once however many releases end meanwhile', () => {
    vi.useFakeTimers();
    const { enqueued, followUps } = setup();
    followUps.after('slow-host', 8);
    followUps.after('slow-host', 8);
    followUps.after('fine', 0);
    vi.advanceTimersByTime(59_999);
    expect(enqueued).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(enqueued).toEqual(['slow-host']);
  });

  it('stops after `max` follow-ups in a row, and starts over once a release defers nothing', () => {
    vi.useFakeTimers();
    const { enqueued, lines, followUps } = setup();
    for (let i = 0; i < 4; i++) {
      followUps.after('slow-host', 3);
      vi.advanceTimersByTime(60_000);
    }
    expect(enqueued).toEqual(['slow-host', 'slow-host']);
    expect(lines.at(-1)).toMatchObject({ level: 'warn', event: 'photos-follow-up', tenant: 'slow-host' });
    followUps.after('slow-host', 0);
    followUps.after('slow-host', 3);
    vi.advanceTimersByTime(60_000);
    expect(enqueued).toHaveLength(3);
  });

  it('a release that defers nothing drops the follow-up not yet asked for (the photos are all there)', () => {
    vi.useFakeTimers();
    const { enqueued, followUps } = setup();
    followUps.after('slow-host', 5);
    followUps.after('slow-host', 0);
    vi.advanceTimersByTime(120_000);
    expect(enqueued).toEqual([]);
  });

  it('a tenant removed before its follow-up is due is not asked for: an info line, no error, and the count starts over', () => {
    vi.useFakeTimers();
    const tenants = new Set(['gone', 'kept']);
    const { enqueued, lines, followUps } = setup((slug) => tenants.has(slug));
    followUps.after('gone', 5);
    followUps.after('kept', 5);
    tenants.delete('gone');
    vi.advanceTimersByTime(60_000);
    expect(enqueued).toEqual(['kept']);
    expect(lines.at(-1)).toEqual({ event: 'photos-follow-up', tenant: 'gone', outcome: 'dropped', reason: 'the tenant is no longer known' });
    tenants.add('gone');
    for (let i = 0; i < 2; i++) {
      followUps.after('gone', 5);
      vi.advanceTimersByTime(60_000);
    }
    expect(enqueued).toEqual(['kept', 'gone', 'gone']);
  });

  it('asks for nothing once closed', () => {
    vi.useFakeTimers();
    const { enqueued, followUps } = setup();
    followUps.after('slow-host', 1);
    followUps.close();
    followUps.after('other', 1);
    vi.advanceTimersByTime(120_000);
    expect(enqueued).toEqual([]);
  });
});
