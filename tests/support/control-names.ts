/**
 * The links and buttons of server-rendered HTML as a screen reader and a sighted reader name
 * them, for component tests: the accessible name (aria-label, else the text with visually
 * hidden text and without aria-hidden text) and the visible label (the text without what is
 * visually hidden). A simplified name computation, enough for labels made of text and spans.
 * Like Chromium (and Playwright's and axe's computations), it reads a `.visually-hidden` span
 * as a block, absolutely positioned, with a space either side: 'Save<span ...>: Car</span>' is
 * 'Save : Car', not 'Save: Car' (the happy-dom document has no layout to say so).
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

/** The name of `element` from its content: visually hidden text a block of its own, aria-hidden text left out. */
function textName(element: Element): string {
  const copy = element.cloneNode(true);
  for (const part of copy.querySelectorAll('[aria-hidden="true"]')) part.remove();
  for (const part of copy.querySelectorAll('.visually-hidden')) part.textContent = ` ${part.textContent ?? ''} `;
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
      name: words(element.getAttribute('aria-label')) || textName(element),
      visible: textWithout(element, '[aria-hidden="true"], .visually-hidden'),
      href: element.getAttribute('href'),
      newTab: element.getAttribute('target') === '_blank',
    }));
}
