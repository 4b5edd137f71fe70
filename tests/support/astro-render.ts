/**
 * Rendering an .astro component or page in a test (vitest project 'astro'): Astro's container
 * with the React renderer for the islands, the HTML read into a browser document.
 */
import reactRenderer from '@astrojs/react/server.js';
import { experimental_AstroContainer } from 'astro/container';
import { Window } from 'happy-dom';

type Renderable = Parameters<experimental_AstroContainer['renderToString']>[0];
type RenderOptions = Parameters<experimental_AstroContainer['renderToString']>[1];

let container: Promise<experimental_AstroContainer> | undefined;

/** One container per test file, with the React renderer the islands need. */
function reactContainer(): Promise<experimental_AstroContainer> {
  container ??= experimental_AstroContainer.create().then((created) => {
    created.addServerRenderer({ renderer: reactRenderer, name: '@astrojs/react' });
    return created;
  });
  return container;
}

/** `component` rendered on the server, as HTML. */
export async function renderedHtml(component: Renderable, options: RenderOptions): Promise<string> {
  return (await reactContainer()).renderToString(component, options);
}

/** `component` rendered on the server, as an element of a browser document. */
export async function renderedRoot(component: Renderable, options: RenderOptions): Promise<HTMLElement> {
  const html = await renderedHtml(component, options);
  const root = new Window().document.createElement('div');
  root.innerHTML = html;
  return root as unknown as HTMLElement;
}

/** An element's text with its white space collapsed, '' when there is none. */
export const plainText = (element: Element | null | undefined): string => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
