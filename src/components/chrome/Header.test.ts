/**
 * The header's menus as the browser gets them: the rendered Header's <details> menus wired by
 * wireDisclosureMenus (src/islands/ui/disclosure-menus.ts) close on Escape with focus back on
 * their summary, when focus moves out of them and on a click outside (WCAG 2.4.11: an open
 * menu covers the page); and a menu button's name is its label alone (no generated triangle).
 */
import { readFileSync } from 'node:fs';
import { experimental_AstroContainer } from 'astro/container';
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSite } from '../../../tests/fixtures/make-site.ts';
import { wireDisclosureMenus } from '../../islands/ui/disclosure-menus.ts';
import { headerButtons, headerMenu } from '../../lib/range/menu.ts';
import Header from './Header.astro';

let container: experimental_AstroContainer;
beforeAll(async () => {
  container = await experimental_AstroContainer.create();
});

/** The rendered header, then a link of the page below it, in a browser document with the menus wired. */
async function page(): Promise<Document> {
  const site = makeSite();
  const header = await container.renderToString(Header, {
    props: { site, menu: headerMenu(site, []), buttons: headerButtons(site), garage: null, currentPath: '/' },
  });
  const document = new Window().document as unknown as Document;
  document.body.innerHTML = `${header}<main><a href="/below" id="below">Below the menu</a></main>`;
  wireDisclosureMenus(document.querySelectorAll<HTMLDetailsElement>('details[data-menu]'), document);
  return document;
}

/** The phone menu, or the desktop dropdown labelled `label`, opened as its summary would. */
function open(document: Document, label = 'Menu'): { menu: HTMLDetailsElement; summary: HTMLElement; links: HTMLAnchorElement[] } {
  const summary = [...document.querySelectorAll<HTMLElement>('details[data-menu] > summary')].find((each) => each.textContent?.trim() === label)!;
  const menu = summary.parentElement as HTMLDetailsElement;
  menu.open = true;
  summary.focus();
  return { menu, summary, links: [...menu.querySelectorAll<HTMLAnchorElement>('a')] };
}

const press = (document: Document, key: string) =>
  document.activeElement!.dispatchEvent(new (document.defaultView as unknown as typeof globalThis).KeyboardEvent('keydown', { key, bubbles: true }));
const click = (document: Document, target: Element) =>
  target.dispatchEvent(new (document.defaultView as unknown as typeof globalThis).MouseEvent('click', { bubbles: true }));

describe('the header menus (wireDisclosureMenus)', () => {
  it('every menu of the header is wired: the phone menu and each desktop dropdown', async () => {
    const document = await page();
    const labels = [...document.querySelectorAll('details[data-menu] > summary')].map((summary) => summary.textContent?.trim());
    expect(labels).toEqual(['Menu', 'Range', 'Stock', 'Finance', 'Service & Parts', 'More']);
  });

  it('Escape in the open phone menu closes it and puts focus back on Menu', async () => {
    const document = await page();
    const { menu, summary, links } = open(document);
    links[2]!.focus();
    press(document, 'Escape');
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(summary);
  });

  it('the Escape that closes a menu is handled there: nothing else on the page (the watchlist toast) closes on it', async () => {
    const document = await page();
    const { links } = open(document);
    links[0]!.focus();
    const escape = new (document.defaultView as unknown as typeof globalThis).KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    links[0]!.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(true);
  });

  it('Escape closes a desktop dropdown too, from its summary or a link in it', async () => {
    const document = await page();
    const range = open(document, 'Range');
    press(document, 'Escape');
    expect(range.menu.open).toBe(false);
    const more = open(document, 'More');
    more.links[0]!.focus();
    press(document, 'Escape');
    expect(more.menu.open).toBe(false);
    expect(document.activeElement).toBe(more.summary);
  });

  it('another key leaves the menu open', async () => {
    const document = await page();
    const { menu, links } = open(document);
    links[0]!.focus();
    press(document, 'ArrowDown');
    expect(menu.open).toBe(true);
  });

  it('focus moving past the last item closes the menu; moving within it does not', async () => {
    const document = await page();
    const { menu, links } = open(document);
    links[0]!.focus();
    links.at(-1)!.focus();
    expect(menu.open).toBe(true);
    document.querySelector<HTMLElement>('#below')!.focus();
    expect(menu.open).toBe(false);
  });

  it('a click outside closes the open menu; a click inside it does not', async () => {
    const document = await page();
    const { menu } = open(document);
    click(document, menu.querySelector('li')!);
    expect(menu.open).toBe(true);
    click(document, document.querySelector('main')!);
    expect(menu.open).toBe(false);
  });

  it('a closed menu stays closed and Escape elsewhere changes nothing', async () => {
    const document = await page();
    const below = document.querySelector<HTMLElement>('#below')!;
    below.focus();
    press(document, 'Escape');
    expect(document.activeElement).toBe(below);
    expect([...document.querySelectorAll<HTMLDetailsElement>('details[data-menu]')].some((menu) => menu.open)).toBe(false);
  });
});

describe("the header's generated content", () => {
  it('every visible string the CSS adds (the dropdown triangle) has empty alternative text, so a button reads as its label', () => {
    const css = readFileSync('src/components/chrome/Header.astro', 'utf8').split('<style>')[1]!;
    const generated = [...css.matchAll(/(?<![\w-])content:\s*([^;}]+)/g)].map((match) => match[1]!.trim());
    expect(generated.some((value) => value.includes('▾'))).toBe(true);
    // A plain value right before its hidden form is the fallback of browsers without that syntax (tests/unit/generated-content.test.ts).
    const fallback = (value: string, index: number) => generated[index + 1] === `${value} / ''`;
    expect(generated.filter((value, index) => !/^(['"])\1$/.test(value) && !/\/\s*(['"])\1$/.test(value) && !fallback(value, index))).toEqual([]);
  });
});

describe("the header's garage link (garageLink)", () => {
  const render = (garage: { label: string; href: string } | null, currentPath = '/') => {
    const site = makeSite();
    return container.renderToString(Header, { props: { site, menu: headerMenu(site, []), buttons: headerButtons(site), garage, currentPath } });
  };

  it('is a plain link in the header, and in the phone menu, to the garage path: there without JavaScript', async () => {
    const document = new Window().document as unknown as Document;
    document.body.innerHTML = await render({ label: 'My Garage', href: '/mysunstate' });
    const links = [...document.querySelectorAll<HTMLAnchorElement>('a')].filter((link) => link.textContent?.trim() === 'My Garage');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/mysunstate', '/mysunstate']);
    expect(links[0]!.closest('.site-header__actions')).not.toBeNull();
    expect(links[1]!.closest('.site-nav__list--mobile')).not.toBeNull();
  });

  it('is marked the current page (aria-current="page") on the garage page only, as the menu links are', async () => {
    const marks = async (currentPath: string) => {
      const document = new Window().document as unknown as Document;
      document.body.innerHTML = await render({ label: 'My Garage', href: '/my-garage' }, currentPath);
      return [...document.querySelectorAll<HTMLAnchorElement>('a')]
        .filter((link) => link.textContent?.trim() === 'My Garage')
        .map((link) => link.getAttribute('aria-current'));
    };
    expect(await marks('/my-garage/')).toEqual(['page', 'page']);
    expect(await marks('/my-garage')).toEqual(['page', 'page']);
    expect(await marks('/')).toEqual([null, null]);
  });

  it('is not there on a site without the garage', async () => {
    expect(await render(null)).not.toContain('My Garage');
  });
});
