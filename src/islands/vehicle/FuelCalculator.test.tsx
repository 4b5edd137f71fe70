// @vitest-environment happy-dom
/**
 * What the fuel calculator says to a screen reader while the shopper types (WCAG 4.1.3): not
 * each cost a keystroke makes, only the settled cost, once, in one status.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { fill } from '../../../tests/support/form-events.ts';
import { LIVE, listenLive } from '../../../tests/support/live-speech.ts';
import { SETTLE_MS } from '../ui/SettledStatus.tsx';
import FuelCalculator from './FuelCalculator.tsx';

const mounted = mountRoot();
const wait = async (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

describe('the fuel calculator speaks its cost once', () => {
  it('says nothing at first, nothing per keystroke, then the settled cost once', async () => {
    mounted.render(<FuelCalculator distanceKm={250} litresPer100Km={6} pricePerLitre={1.7} />);
    expect(mounted.host.querySelectorAll(LIVE)).toHaveLength(1);
    const { said } = listenLive(mounted.host);
    const consumption = mounted.host.querySelector<HTMLInputElement>('input[id$="-consumption"]')!;
    for (const typed of ['', '1', '10']) {
      fill(consumption, typed);
      await wait(SETTLE_MS / 4);
    }
    expect(said).toEqual([]);
    await wait(SETTLE_MS);
    // 250 / 100 x 10 x 1.70
    expect(said).toEqual(['Estimated fuel cost: $42.50 per week']);
    expect(mounted.host.querySelector('[data-testid="fuel-cost"]')!.textContent).toBe('$42.50');
  });
});
