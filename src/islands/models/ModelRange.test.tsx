// @vitest-environment happy-dom
/**
 * The model range by screen reader and keyboard (WCAG 4.1.3, 2.4.3): the count a body type
 * leads to is said whole ('1 model shown', '3 models shown'), once, from one status; a page
 * opened at ?body= does not say it unasked; a choice in the models dropdown, or Escape in it,
 * leaves focus on its button, not on the page.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelTileData } from '../../lib/range/models.ts';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click } from '../../../tests/support/form-events.ts';
import { LIVE, listenLive } from '../../../tests/support/live-speech.ts';
import { SETTLE_MS } from '../ui/SettledStatus.tsx';
import ModelRange from './ModelRange.tsx';

const mounted = mountRoot();
const wait = async (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
const tile = (key: string, body: string, slug: string): ModelTileData => ({
  key,
  name: `Model ${key}`,
  href: `/models/${key}`,
  description: '',
  bodies: [body],
  bodySlugs: [slug],
});
const tiles = [tile('a', 'SUV', 'suv'), tile('b', 'SUV', 'suv'), tile('c', 'Ute', 'ute')];
const categories = [
  { body: 'SUV', slug: 'suv', count: 2 },
  { body: 'Ute', slug: 'ute', count: 1 },
];
const show = () => mounted.render(<ModelRange tiles={tiles} categories={categories} />);
const bodyButton = (name: string) => [...mounted.host.querySelectorAll('.body-button')].find((each) => each.textContent === name)!;

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('ModelRange', () => {
  it("says the count a body type leads to whole and once, from one status: '1 model shown', the plural otherwise", async () => {
    window.history.replaceState(null, '', '/models');
    show();
    expect(mounted.host.querySelectorAll(LIVE)).toHaveLength(1);
    const { said } = listenLive(mounted.host);
    click(bodyButton('Ute'));
    await wait(SETTLE_MS);
    click(bodyButton('SUV'));
    await wait(SETTLE_MS / 4);
    click(bodyButton('All Models'));
    await wait(SETTLE_MS);
    expect(said).toEqual(['1 model shown', '3 models shown']);
  });

  it('a page opened at ?body= says nothing unasked', async () => {
    window.history.replaceState(null, '', '/models?body=suv');
    const { said } = listenLive(document.body);
    show();
    await wait(SETTLE_MS * 2);
    expect(mounted.host.querySelectorAll('[data-testid="model-tile"]')).toHaveLength(2);
    expect(said).toEqual([]);
  });

  it('a choice in the models dropdown, or Escape, leaves focus on its button', () => {
    window.history.replaceState(null, '', '/models');
    show();
    const toggle = mounted.host.querySelector<HTMLButtonElement>('.models-dropdown__toggle')!;
    toggle.focus();
    click(toggle);
    const choice = [...mounted.host.querySelectorAll<HTMLAnchorElement>('#models-dropdown-list a')].find((each) => each.textContent === 'Ute')!;
    choice.focus();
    click(choice);
    expect(mounted.host.querySelector('#models-dropdown-list')).toBeNull();
    expect(toggle.textContent).toBe('Body type: Ute');
    expect(document.activeElement).toBe(toggle);

    click(toggle);
    mounted.host.querySelector<HTMLAnchorElement>('#models-dropdown-list a')!.focus();
    act(() => void document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(mounted.host.querySelector('#models-dropdown-list')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });
});
