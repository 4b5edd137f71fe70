import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_WAIT_MS } from '../ui/bounded-wait.ts';
import { loadCarChoices, loadSiteFile } from './car-choices.ts';

afterEach(() => vi.unstubAllGlobals());

describe('site files read by islands (car choices, garage cars)', () => {
  it('fetch a file once per page: every island asking for it shares the answer', async () => {
    const fetch = vi.fn(async () => new Response('[{"id":7,"slug":"a-7","name":"Car A","status":"in_stock"},{"id":{}}]'));
    vi.stubGlobal('fetch', fetch);
    const [first, second] = await Promise.all([loadCarChoices('/car-choices.json?t=1'), loadCarChoices('/car-choices.json?t=1')]);
    expect(first).toEqual([{ id: 7, slug: 'a-7', name: 'Car A', status: 'in_stock' }]);
    expect(second).toBe(first);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a failed load (HTTP error) rejects with the URL and is tried again by the next caller', async () => {
    const fetch = vi.fn(async () => new Response('busy', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    await expect(loadSiteFile('/garage-cars.json?t=2', (text) => text)).rejects.toThrow('/garage-cars.json?t=2: HTTP 503');
    fetch.mockImplementationOnce(async () => new Response('[]'));
    await expect(loadSiteFile('/garage-cars.json?t=2', (text) => JSON.parse(text) as unknown[])).resolves.toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a load not done within the bounded wait fails (the form then offers Try again) and is tried again by the next caller', async () => {
    vi.useFakeTimers();
    try {
      const fetch = vi.fn(() => new Promise<Response>(() => undefined));
      vi.stubGlobal('fetch', fetch);
      const slow = loadSiteFile('/car-choices.json?t=3', (text) => text);
      const failed = expect(slow).rejects.toThrow(`no answer within ${ANSWER_WAIT_MS} ms`);
      await vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS);
      await failed;
      fetch.mockImplementationOnce(async () => new Response('ok'));
      await expect(loadSiteFile('/car-choices.json?t=3', (text) => text)).resolves.toBe('ok');
    } finally {
      vi.useRealTimers();
    }
  });
});
