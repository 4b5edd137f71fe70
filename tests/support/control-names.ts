/**
 * The links and buttons of server-rendered HTML as a screen reader and a sighted reader name
 * them, for component tests: the accessible name (aria-label, else the text with visually
 * hidden text and without aria-hidden text) and the visible label (the text without what is
 * visually hidden). A simplified name computation, enough for labels made of text and spans.
 * Like Chromium (and Playwright's and axe's computations), it reads a `.visually-hidden` span
 * as a block, absolutely positioned, with a space either side: 'Save<span ...>: Car</span>' is
 * 'Save : Car', not 'Save: Car' (the happy-dom document has no layout to say so). Links and
 * buttons carry their description (aria-describedby); checkboxes are named by their label.
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
  /** The accessible description: the text of the elements aria-describedby names (hidden ones too). */
  description: string;
}

/** A checkbox as a screen reader and a sighted reader name it from its label. */
export interface CheckboxName {
  id: string | null;
  /** The accessible name: its label's content, a part's aria-label in place of that part's text (as in the name of a link in the label). */
  name: string;
  /** The label's text a sighted reader sees. */
  visible: string;
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

/** The text of the elements that `element`'s aria-describedby names, in its document. */
function description(root: Element, element: Element): string {
  const ids = words(element.getAttribute('aria-describedby')).split(' ').filter(Boolean);
  return words(ids.map((id) => root.querySelector(`[id="${id}"]`)?.textContent ?? '').join(' '));
}

/** A label's content as a name: hidden parts left out, a part with an aria-label named by it, visually hidden text a block of its own. */
function contentName(element: Element): string {
  const copy = element.cloneNode(true);
  for (const part of copy.querySelectorAll('[aria-hidden="true"], [hidden]')) part.remove();
  for (const part of copy.querySelectorAll('[aria-label]'))
    if (words(part.getAttribute('aria-label'))) part.textContent = ` ${part.getAttribute('aria-label')} `;
  for (const part of copy.querySelectorAll('.visually-hidden')) part.textContent = ` ${part.textContent ?? ''} `;
  return words(copy.textContent);
}

/** Every checkbox of `html` with a label (label[for] its id, or the label around it), in document order. */
export function checkboxNames(html: string): CheckboxName[] {
  const root = new Window().document.createElement('div');
  root.innerHTML = html;
  return [...root.querySelectorAll('input[type="checkbox"]')].map((input) => {
    const id = input.getAttribute('id');
    const label = (id ? root.querySelector(`label[for="${id}"]`) : null) ?? input.closest('label');
    return {
      id,
      name: label ? contentName(label) : '',
      visible: label ? textWithout(label, '[aria-hidden="true"], [hidden], .visually-hidden') : '',
    };
  });
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
      description: description(root, element),
    }));
}
