// @vitest-environment happy-dom
/**
 * The Spin to Win island (docs/spin-to-win.md) against a stubbed lead API: signed out it
 * offers sign-in and asks only the public availability (no chance is printed before it);
 * signed in it shows what the server says (the form, this month's prize, a closed promotion);
 * the entry is checked before it is sent and names no prize; the server's prize is shown and
 * read once, by focus on its heading (no live region says it again); with reduced motion at
 * once. A refused spin's message is an alert and takes focus. By keyboard, focus stays on the
 * one Spin button while the wheel turns.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORM_MESSAGES } from '../../../schemas/forms/messages.ts';
import { angleUnderPointer, wheelSegments } from '../../../lib/marketing/spin-to-win.ts';
import { currentSession, signIn, signOut } from '../../../stores/session.ts';
import { act } from 'react';
import { browserFocusFixup, settle, click, fill, submit } from '../../../../tests/support/form-events.ts';
import { mountRoot } from '../../../../tests/support/mount-root.ts';
import SpinToWin from './SpinToWin.tsx';
import type { SpinToWinProps } from './use-spin-to-win.ts';

const mounted = mountRoot();

const props: SpinToWinProps = {
  apiBase: '/api',
  brand: 'Wheel Motors',
  prizes: [
    { id: 'fuel', label: '$50 fuel voucher', weight: 3, value: 50 },
    { id: 'wash', label: 'Car wash', weight: 1, description: 'At our yard.' },
  ],
  termsHref: '/pages/spin-terms',
  privacyHref: '/privacy-policy',
  signInHref: '/sign-in?type=spin-to-win&redirect=%2Fspin-to-win&back=%2Fspin-to-win',
};

type Answer = [number, unknown];
/** The API: GET and POST /spin-to-win answered from the given answers; the calls made. */
function stubWheelApi(get: Answer, post?: Answer) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, path: String(url), body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    const [status, body] = method === 'POST' ? (post ?? [500, {}]) : get;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const open = { success: true, can_spin: true, promotion: 'open', spin: null, next_spin: '2027-01-01', unavailable: [] };

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

beforeEach(() => {
  signIn({ user_id: 'u1', phone: '0412000111', expires_at: Date.now() + 86_400_000 });
  reducedMotion(false);
});
afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function show() {
  mounted.render(<SpinToWin {...props} />);
  await settle();
  return mounted.host;
}

describe('SpinToWin', () => {
  it('signed out: a sign-in link, and only the public availability is asked', async () => {
    signOut();
    const calls = stubWheelApi([200, { success: true, promotion: 'open', unavailable: [] }]);
    const host = await show();
    expect(host.querySelector(`a[href="${props.signInHref}"]`)?.textContent).toBe('Sign in to spin');
    expect(calls).toEqual([{ method: 'GET', path: '/api/spin-to-win/availability', body: undefined }]);
    // The prizes and their chances are listed whoever looks.
    expect([...host.querySelectorAll('[data-testid="spin-prizes"] li')].map((item) => item.textContent)).toEqual([
      '$50 fuel voucher (valued at $50)75% chance',
      'Car wash25% chanceAt our yard.',
    ]);
  });

  it('signed out: a prize all won has no chance, and the others’ chances are among what is left', async () => {
    signOut();
    stubWheelApi([200, { success: true, promotion: 'open', unavailable: ['fuel'] }]);
    const host = await show();
    expect([...host.querySelectorAll('[data-testid="spin-prizes"] li')].map((item) => item.textContent)).toEqual([
      '$50 fuel voucher (valued at $50)All won',
      'Car wash100% chanceAt our yard.',
    ]);
  });

  it('prints no chance before the server has said which prizes are left (the built page, an unanswered request)', async () => {
    expect(renderToString(<SpinToWin {...props} />)).not.toMatch(/%|All won/);
    signOut();
    stubWheelApi([503, { success: false, error: 'down' }]);
    const host = await show();
    expect(host.querySelector('[data-testid="spin-prizes"]')?.textContent).not.toMatch(/%|All won/);
  });

  it('a session the API no longer knows is signed out here too, and the chances come from the public availability', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      String(url).endsWith('/availability')
        ? new Response(JSON.stringify({ success: true, promotion: 'open', unavailable: ['wash'] }), { status: 200 })
        : new Response(JSON.stringify({ success: false, error: 'Please sign in to spin the wheel.' }), { status: 401 }),
    );
    const host = await show();
    expect(host.querySelector('a[href^="/sign-in"]')).not.toBeNull();
    expect(currentSession()).toBeNull();
    expect(host.querySelector('[data-testid="spin-prizes"] [data-prize="fuel"]')?.textContent).toContain('100% chance');
    expect(host.querySelector('[data-testid="spin-prizes"] [data-prize="wash"]')?.textContent).toContain('All won');
  });

  it('already spun this month: the prize and the date of the next spin, no form; focus stays where it was (no action of the shopper’s moved it)', async () => {
    stubWheelApi([
      200,
      {
        ...open,
        can_spin: false,
        spin: { prize: { id: 'wash', label: 'Car wash' }, month: '2026-12', spun_at: '2026-12-02T00:00:00Z' },
        message: 'You have already spun the wheel this month. Your next spin is on 1 January 2027.',
      },
    ]);
    const host = await show();
    expect(host.querySelector('form')).toBeNull();
    expect(host.querySelector('[data-testid="spin-result"]')?.textContent).toBe(
      'This month you won Car washYou have already spun the wheel this month. Your next spin is on 1 January 2027.',
    );
    expect(document.activeElement).toBe(document.body);
  });

  it('a promotion that takes no spin now says why; a prize all won is marked', async () => {
    stubWheelApi([200, { ...open, can_spin: false, promotion: 'ended', message: 'Spin to Win closed on 30 June 2026.', unavailable: ['fuel'] }]);
    const host = await show();
    expect(host.querySelector('[data-testid="spin-message"]')?.textContent).toBe('Spin to Win closed on 30 June 2026.');
    expect(host.querySelector('[data-testid="spin-prizes"] [data-prize="fuel"]')?.textContent).toContain('All won');
    expect(host.querySelector('[data-testid="spin-prizes"] [data-prize="wash"]')?.textContent).toContain('100% chance');
    // Said on load, not in answer to the shopper: no alert, and focus stays where it was.
    expect(liveText(host)).toBe('');
    expect(document.activeElement).toBe(document.body);
  });

  it('checks the entry before sending; the entry names no prize; the server’s prize is shown and read once, by focus on its heading', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const calls = stubWheelApi(
      [200, open],
      [201, { success: true, prize: { id: 'wash', label: 'Car wash' }, lead_id: 'lead-1', month: '2026-12', next_spin: '2027-01-01' }],
    );
    const host = await show();
    const form = host.querySelector('form')!;
    await submit(form);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(form.querySelector('#spin-to-win-name-error')?.textContent).toBe(FORM_MESSAGES.required);
    expect(form.querySelector('#spin-to-win-terms_conditions-error')?.textContent).toBe(FORM_MESSAGES.terms);

    fill(form.querySelector<HTMLInputElement>('#spin-to-win-name')!, 'Jo');
    fill(form.querySelector<HTMLInputElement>('#spin-to-win-email')!, 'jo@example.com');
    click(form.querySelector('#spin-to-win-terms_conditions')!);
    await submit(form);
    const posted = calls.find((call) => call.method === 'POST')!;
    expect(posted.body).toEqual({ name: 'Jo', email: 'jo@example.com', opt_in: false, terms_conditions: true });

    // The wheel turns to the server's slice; the result waits for it to stop.
    const disc = host.querySelector('.spin-wheel__disc')!;
    expect(disc.classList.contains('spin-wheel__disc--turning')).toBe(true);
    const slice = wheelSegments(props.prizes).find((segment) => segment.id === 'wash')!;
    const under = angleUnderPointer(Number(disc.getAttribute('data-rotation')));
    expect(under).toBeGreaterThan(slice.start);
    expect(under).toBeLessThan(slice.end);
    expect(host.querySelector('[data-testid="spin-result"]')).toBeNull();
    disc.dispatchEvent(new Event('transitionend', { bubbles: true }));
    await settle();
    expectResultReadOnce(host, 'You won Car wash!', 'Wheel Motors has your entry and will contact you on 0412000111 to arrange your prize.');
  });

  it('a spin that wins the last of a prize: once the wheel stops the list says "All won" and the others’ chances are recomputed; the wheel keeps its slices', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    stubWheelApi(
      [200, open],
      [201, { success: true, prize: { id: 'wash', label: 'Car wash' }, lead_id: 'lead-3', month: '2026-12', next_spin: '2027-01-01', unavailable: ['wash'] }],
    );
    const host = await show();
    const chances = () => [...host.querySelectorAll('[data-testid="spin-prizes"] .spin-to-win__chance')].map((item) => item.textContent);
    expect(chances()).toEqual(['75% chance', '25% chance']);
    const form = host.querySelector('form')!;
    fill(form.querySelector<HTMLInputElement>('#spin-to-win-name')!, 'Jo');
    fill(form.querySelector<HTMLInputElement>('#spin-to-win-email')!, 'jo@example.com');
    click(form.querySelector('#spin-to-win-terms_conditions')!);
    await submit(form);
    // While the wheel turns, the list does not give the prize away.
    expect(chances()).toEqual(['75% chance', '25% chance']);
    const disc = host.querySelector('.spin-wheel__disc')!;
    disc.dispatchEvent(new Event('transitionend', { bubbles: true }));
    await settle();
    expect(chances()).toEqual(['100% chance', 'All won']);
    // The wheel is not redrawn under the result: the won slice stays under the pointer.
    expect([...host.querySelectorAll('.spin-wheel__disc > g[data-prize]')].map((slice) => slice.getAttribute('data-prize'))).toEqual(['fuel', 'wash']);
    const slice = wheelSegments(props.prizes).find((segment) => segment.id === 'wash')!;
    const under = angleUnderPointer(Number(disc.getAttribute('data-rotation')));
    expect(under).toBeGreaterThan(slice.start);
    expect(under).toBeLessThan(slice.end);
  });

  it('with reduced motion there is no turn: the result at once', async () => {
    reducedMotion(true);
    stubWheelApi(
      [200, open],
      [201, { success: true, prize: { id: 'fuel', label: '$50 fuel voucher' }, lead_id: 'lead-2', month: '2026-12', next_spin: '2027-01-01' }],
    );
    const host = await show();
    const form = host.querySelector('form')!;
    fill(form.querySelector<HTMLInputElement>('#spin-to-win-name')!, 'Jo');
    fill(form.querySelector<HTMLInputElement>('#spin-to-win-email')!, 'jo@example.com');
    click(form.querySelector('#spin-to-win-terms_conditions')!);
    await submit(form);
    const disc = host.querySelector('.spin-wheel__disc')!;
    expect(disc.classList.contains('spin-wheel__disc--turning')).toBe(false);
    expect(Number(disc.getAttribute('data-rotation'))).toBeLessThan(360);
    expectResultReadOnce(host, 'You won $50 fuel voucher!', 'Wheel Motors has your entry and will contact you on 0412000111 to arrange your prize.');
  });

  it('a spin the server refuses shows the server’s state, not a prize', async () => {
    let spun = false;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'POST') {
        spun = true;
        return new Response(JSON.stringify({ success: false, error: 'You have already spun the wheel this month. Your next spin is on 1 January 2027.' }), {
          status: 409,
        });
      }
      const body = spun
        ? {
            ...open,
            can_spin: false,
            spin: { prize: { id: 'fuel', label: '$50 fuel voucher' }, month: '2026-12', spun_at: '2026-12-02T00:00:00Z' },
            message: 'You have already spun the wheel this month. Your next spin is on 1 January 2027.',
          }
        : open;
      return new Response(JSON.stringify(body), { status: 200 });
    });
    const host = await show();
    const form = host.querySelector('form')!;
    fill(form.querySelector<HTMLInputElement>('#spin-to-win-name')!, 'Jo');
    fill(form.querySelector<HTMLInputElement>('#spin-to-win-email')!, 'jo@example.com');
    click(form.querySelector('#spin-to-win-terms_conditions')!);
    await submit(form);
    await settle();
    expect(host.querySelector('form')).toBeNull();
    expect(host.querySelector('[data-testid="spin-result"]')?.textContent).toBe(
      'This month you won $50 fuel voucherYou have already spun the wheel this month. Your next spin is on 1 January 2027.',
    );
    // The shopper pressed Spin: focus moves from the removed form to the result's heading.
    expect(document.activeElement).toBe(host.querySelector('[data-testid="spin-result"] h2'));
    expect(liveText(host)).toBe('');
  });

  it('a spin refused because every prize is now won: the message is announced and takes focus from the removed form', async () => {
    const stop = browserFocusFixup();
    let spun = false;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'POST') {
        spun = true;
        return new Response(JSON.stringify({ success: false, error: 'Every prize has been won.' }), { status: 403 });
      }
      const body = spun ? { ...open, can_spin: false, promotion: 'sold_out', message: 'Every prize has been won.', unavailable: ['fuel', 'wash'] } : open;
      return new Response(JSON.stringify(body), { status: 200 });
    });
    const host = await show();
    const form = host.querySelector('form')!;
    fill(form.querySelector<HTMLInputElement>('#spin-to-win-name')!, 'Jo');
    fill(form.querySelector<HTMLInputElement>('#spin-to-win-email')!, 'jo@example.com');
    click(form.querySelector('#spin-to-win-terms_conditions')!);
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.focus();
    await submit(form);
    await settle();
    stop();
    expect(host.querySelector('form')).toBeNull();
    const box = host.querySelector('[data-testid="spin-message"]')!.parentElement!;
    expect(box.getAttribute('role')).toBe('alert');
    expect(document.activeElement).toBe(box);
    expect(liveText(host)).toBe('Every prize has been won.');
  });

  it('by keyboard: focus stays on the one Spin button while the wheel turns, pressed or by Enter in a field', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const stopFixup = browserFocusFixup();
    try {
      for (const from of ['button', 'email'] as const) {
        stubWheelApi(
          [200, open],
          [201, { success: true, prize: { id: 'wash', label: 'Car wash' }, lead_id: 'lead-4', month: '2026-12', next_spin: '2027-01-01' }],
        );
        mounted.reset();
        const host = await show();
        const form = host.querySelector('form')!;
        fill(form.querySelector<HTMLInputElement>('#spin-to-win-name')!, 'Jo');
        fill(form.querySelector<HTMLInputElement>('#spin-to-win-email')!, 'jo@example.com');
        click(form.querySelector('#spin-to-win-terms_conditions')!);
        const spinButton = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
        (from === 'button' ? spinButton : form.querySelector<HTMLInputElement>('#spin-to-win-email')!).focus();
        await submit(form);
        expect(host.querySelector('.spin-wheel__disc')!.classList.contains('spin-wheel__disc--turning')).toBe(true);
        const buttons = [...form.querySelectorAll('button')];
        expect(buttons).toEqual([spinButton]);
        expect(spinButton.textContent).toBe('Spinning…');
        expect(spinButton.disabled).toBe(false);
        expect(spinButton.getAttribute('aria-disabled')).toBe('true');
        expect(document.activeElement).toBe(spinButton);
        await act(async () => void vi.advanceTimersByTime(2000));
        expect(document.activeElement).toBe(spinButton);
      }
    } finally {
      stopFixup();
    }
  });
});

/** The text of the island's live regions (status, alert, aria-live). */
function liveText(host: HTMLElement): string {
  return [...host.querySelectorAll('[role="status"], [role="alert"], [aria-live]')].map((region) => region.textContent).join('');
}

/** The result is read once: its heading has focus and is described by the detail; no live region says it again. */
function expectResultReadOnce(host: HTMLElement, heading: string, detail: string): void {
  const focused = document.activeElement as HTMLElement;
  expect(focused.tagName).toBe('H2');
  expect(focused.textContent).toBe(heading);
  const described = focused.getAttribute('aria-describedby');
  expect(described && document.getElementById(described)?.textContent).toBe(detail);
  expect(liveText(host)).toBe('');
}
