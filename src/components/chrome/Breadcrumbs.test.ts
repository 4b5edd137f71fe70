/**
 * The breadcrumb trail as assistive technology gets it: a nav named 'Breadcrumb' with an ordered
 * list, the last crumb marked as the current page, and each item read as its label alone: the
 * separator between crumbs is drawn by the CSS (src/styles/global.css) with empty alternative
 * text, after the plain declaration that browsers without that syntax keep.
 */
import { readFileSync } from 'node:fs';
import { experimental_AstroContainer } from 'astro/container';
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import Breadcrumbs from './Breadcrumbs.astro';

let container: experimental_AstroContainer;
beforeAll(async () => {
  container = await experimental_AstroContainer.create();
});

describe('Breadcrumbs', () => {
  it('a nav named Breadcrumb, its items their labels alone, the last the current page', async () => {
    const html = await container.renderToString(Breadcrumbs, {
      props: { crumbs: [{ label: 'Home', href: '/' }, { label: 'Stock', href: '/search/all' }, { label: '2021 Toyota Corolla' }] },
    });
    const document = new Window().document;
    document.body.innerHTML = html;
    const nav = document.querySelector('nav')!;
    expect(nav.getAttribute('aria-label')).toBe('Breadcrumb');
    const items = [...nav.querySelectorAll('ol > li')];
    expect(items.map((item) => item.textContent?.trim())).toEqual(['Home', 'Stock', '2021 Toyota Corolla']);
    expect(items.map((item) => item.querySelector('a')?.getAttribute('href') ?? null)).toEqual(['/', '/search/all', null]);
    expect([...nav.querySelectorAll('[aria-current]')].map((current) => [current.textContent, current.getAttribute('aria-current')])).toEqual([
      ['2021 Toyota Corolla', 'page'],
    ]);
  });

  it('the separator the CSS draws is not read: empty alternative text, after a plain fallback', () => {
    const css = readFileSync('src/styles/global.css', 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const rules = [...css.matchAll(/([^{}]*\.breadcrumbs[^{}]*)\{([^}]*)\}/g)].filter((rule) => /(?<![\w-])content:/.test(rule[2]!));
    expect(rules.map((rule) => rule[1]!.trim())).toEqual(['.breadcrumbs li + li::before']);
    const contents = [...rules[0]![2]!.matchAll(/(?<![\w-])content:\s*([^;]+)/g)].map((match) => match[1]!.trim());
    expect(contents).toEqual(["'/'", "'/' / ''"]);
  });
});
