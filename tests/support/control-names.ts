/**
 * The links and buttons of server-rendered HTML as a screen reader and a sighted reader name
 * them, for component tests: the accessible name (aria-label, else the text with visually
 * hidden text and without aria-hidden text) and the visible label (the text without what is
 * visually hidden). A simplified name computation, enough for labels made of text and spans.
 * Import it only from tests.
 */
import { Window, type Element } from 'happy-dom';

export interface ControlName {
  role: 'link' | 'button';
  /** The accessible name. */
  name: string;
  /** The text a sighted reader sees on it. */
  visible: string;
  href: string | null;
  /** Opens in a new tab (target="_blank"). */
  newTab: boolean;
}

const words = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The text of `element` less the parts matching `hidden`. */
function textWithout(element: Element, hidden: string): string {
  const copy = element.cloneNode(true);
  for (const part of copy.querySelectorAll(hidden)) part.remove();
  return words(copy.textContent);
}

/** Every link and button of `html` a reader reaches (not inside aria-hidden), in document order. */
export function controlNames(html: string): ControlName[] {
  const root = new Window().document.createElement('div');
  root.innerHTML = html;
  return [...root.querySelectorAll('a[href], button')]
    .filter((element) => !element.closest('[aria-hidden="true"]'))
    .map((element) => ({
      role: element.tagName === 'A' ? 'link' : 'button',
      name: words(element.getAttribute('aria-label')) || textWithout(element, '[aria-hidden="true"]'),
      visible: textWithout(element, '[aria-hidden="true"], .visually-hidden'),
      href: element.getAttribute('href'),
      newTab: element.getAttribute('target') === '_blank',
    }));
}
