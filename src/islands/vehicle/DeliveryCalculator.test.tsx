// @vitest-environment happy-dom
/**
 * The delivery calculator by keyboard and screen reader: Calculate keeps focus while the
 * estimate is asked for (a focused button that becomes disabled drops focus to the page), a
 * second press then asks nothing, the answer is said from the one live region, and a postcode
 * the dealer has no estimate for is not marked as wrongly typed. An estimate that does not come
 * within the islands' bounded wait gets the apology instead of Calculating… for ever.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { browserFocusFixup, fill, settle } from '../../../tests/support/form-events.ts';
import { LIVE, listenLive } from '../../../tests/support/live-speech.ts';
import { ANSWER_WAIT_MS } from '../ui/bounded-wait.ts';
import DeliveryCalculator, { NO_ESTIMATE_MESSAGE } from './DeliveryCalculator.tsx';

const mounted = mountRoot();
afterEach(() => vi.unstubAllGlobals());

/** The calculator, with the estimate API held until `answer` is called. */
function show() {
  const asked: string[] = [];
  let answer: (response: Response) => void = () => undefined;
  vi.stubGlobal('fetch', (url: URL) => {
    asked.push(url.searchParams.get('postcode') ?? '');
    return new Promise<Response>((resolve) => (answer = resolve));
  });
  mounted.render(<DeliveryCalculator endpoint="/api/delivery" carId="7" />);
  const form = mounted.host.querySelector('form')!;
  const input = form.querySelector('input')!;
  const button = form.querySelector('button')!;
  const press = () => act(async () => void form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
  return { form, input, button, press, asked, answer: (response: Response) => act(async () => answer(response)) };
}

describe('DeliveryCalculator', () => {
  it('Calculate keeps keyboard focus while the estimate is asked for; a second press asks nothing', async () => {
    const stopFixup = browserFocusFixup();
    try {
      const { input, button, press, asked, answer } = show();
      expect(mounted.host.querySelectorAll(LIVE)).toHaveLength(1);
      const { said } = listenLive(mounted.host);
      fill(input, '4000');
      button.focus();
      await press();
      expect(button.textContent).toBe('Calculating…');
      expect(document.activeElement).toBe(button);
      expect(button.getAttribute('aria-disabled')).toBe('true');
      await press();
      expect(asked).toEqual(['4000']);
      await answer(Response.json({ price: 350, name: 'Brisbane City' }));
      await settle();
      expect(document.activeElement).toBe(button);
      expect(button.textContent).toBe('Calculate');
      expect(button.hasAttribute('aria-disabled')).toBe(false);
      expect(said).toEqual(['Delivery to Brisbane City: $350']);
    } finally {
      stopFixup();
    }
  });

  it('a postcode with no estimate gets the apology, without marking the postcode invalid; a mistyped one is', async () => {
    const { input, press, answer } = show();
    fill(input, '0872');
    await press();
    await answer(new Response('{"error":"none"}', { status: 404 }));
    await settle();
    expect(mounted.host.textContent).toContain(NO_ESTIMATE_MESSAGE);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    fill(input, '08');
    await press();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('an estimate that does not come within the bounded wait: the apology, and Calculate again', async () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { input, button, press, asked } = show();
      fill(input, '4000');
      await press();
      expect(button.textContent).toBe('Calculating…');
      await act(async () => void (await vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS - 1)));
      expect(button.textContent).toBe('Calculating…');
      await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
      expect(mounted.host.textContent).toContain(NO_ESTIMATE_MESSAGE);
      expect(button.textContent).toBe('Calculate');
      expect(input.hasAttribute('aria-invalid')).toBe(false);
      await press();
      expect(asked).toEqual(['4000', '4000']);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });
});
