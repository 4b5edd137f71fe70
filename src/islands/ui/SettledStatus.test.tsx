// @vitest-environment happy-dom
/**
 * The one status a widget speaks a changing figure through (a count, a repayment): nothing is
 * said while the figure keeps changing, the settled figure is said once, and the figure the
 * widget started with is not said at all.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { SETTLE_MS, SettledStatus } from './SettledStatus.tsx';

const mounted = mountRoot();

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

/** The status element, and every text it was given (a screen reader reads each one). */
function watch(text: string) {
  mounted.render(<SettledStatus text={text} />);
  const status = mounted.host.querySelector<HTMLElement>('[role="status"]')!;
  const said: string[] = [];
  new MutationObserver(() => said.push(status.textContent ?? '')).observe(status, { childList: true, characterData: true, subtree: true });
  return { status, said };
}
const wait = async (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

describe('SettledStatus', () => {
  it('is one visually hidden status, empty at first: the starting figure is not said', async () => {
    const { status, said } = watch('73 cars found');
    expect(mounted.host.querySelectorAll('[role="status"], [aria-live]')).toHaveLength(1);
    expect(status.className).toBe('visually-hidden');
    await wait(SETTLE_MS * 3);
    expect(status.textContent).toBe('');
    expect(said).toEqual([]);
  });

  it('says nothing while the figure keeps changing, then the settled figure once', async () => {
    const { status, said } = watch('73 cars found');
    for (const text of ['60 cars found', '41 cars found', '12 cars found']) {
      mounted.render(<SettledStatus text={text} />);
      await wait(SETTLE_MS / 2);
    }
    expect(said).toEqual([]);
    await wait(SETTLE_MS);
    expect(status.textContent).toBe('12 cars found');
    await wait(SETTLE_MS * 3);
    expect(said).toEqual(['12 cars found']);
  });

  it('says a figure that came back to the starting one, once the shopper has changed it', async () => {
    const { status } = watch('$147');
    mounted.render(<SettledStatus text="$294" />);
    await wait(SETTLE_MS);
    mounted.render(<SettledStatus text="$147" />);
    await wait(SETTLE_MS);
    expect(status.textContent).toBe('$147');
  });
});
