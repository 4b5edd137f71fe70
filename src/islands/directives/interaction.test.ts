// @vitest-environment happy-dom
/**
 * client:interaction holds what the shopper did before the island was live and replays it once
 * it is: the text typed, and then an Enter pressed in the form (a paste and Enter at once). The
 * held Enter is replayed too: without it the replayed text would go out as a keyword query after
 * the search box's debounce instead of being read as a sentence.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientDirective } from 'astro';
import interaction from './interaction.ts';

let host: HTMLElement | undefined;
afterEach(() => host?.remove());

/** An island: a form with a search box; `live()` hydrates it, after which `seen` logs what reaches it. */
function island() {
  host = document.createElement('div');
  host.innerHTML = '<form><input type="search"></form>';
  document.body.append(host);
  const form = host.querySelector('form')!;
  const input = host.querySelector('input')!;
  const seen: string[] = [];
  let live!: () => void;
  const hydrated = new Promise<void>((resolve) => (live = resolve));
  const load: Parameters<ClientDirective>[0] = async () => async () => {
    await hydrated;
    input.addEventListener('input', () => seen.push(`input '${input.value}'`));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      seen.push(`submit '${input.value}'`);
    });
  };
  interaction(load, { name: 'interaction', value: '' }, host);
  return { form, input, seen, live };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('client:interaction', () => {
  it('replays an Enter pressed before the island was live, after the text typed', async () => {
    const { form, input, seen, live } = island();
    input.value = 'white suv awd';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const enter = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(enter);
    // Held: the built form has no action, the page would reload.
    expect(enter.defaultPrevented).toBe(true);
    live();
    await settle();
    expect(seen).toEqual(["input ''", "input 'white suv awd'", "submit 'white suv awd'"]);
  });

  it('replays the text alone when no Enter was pressed', async () => {
    const { input, seen, live } = island();
    input.value = 'hilux';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    live();
    await settle();
    expect(seen).toEqual(["input ''", "input 'hilux'"]);
  });
});
