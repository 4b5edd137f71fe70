/**
 * An island whose props the page carries in its JSON data block `id` (island-props.ts
 * blockProps), not as island props: the page writes the block's text before the island and
 * hands the island one prop, a short key; the island takes its props back by the key (the
 * server's render from what the page made, the browser from the block).
 * Contract: `islandProps(props, name)` gives the block's text and the key; `FromPage` with that
 * key renders `Component` with those props. The React half lives here, beside the islands:
 * island-props.ts holds only what rests on how Astro renders an island.
 * Astro hydrates an island by its module's named export, so each island exports its
 * `FromPage` under a name of its own (e.g. `export const MediaViewerFromPage = island.FromPage`).
 */
import { useMemo, type ComponentType, type ReactElement } from 'react';
import { blockProps } from '../../builder/render/astro/island-props.ts';

/** An island mounted from its page's data block (pageIsland). */
export interface PageIsland<P> {
  /** For the page: the text of its data block (before the island) and the island's one prop, a key named by `name` (e.g. the car's slug). */
  islandProps(props: P, name: string): { text: string; props: string };
  /** The island as the page mounts it: its props from the page's data block, by the key. */
  FromPage(island: { props: string }): ReactElement;
}

/** `Component` as an island whose props the page carries in its data block `id`. */
export function pageIsland<P extends object>(id: string, Component: ComponentType<P>): PageIsland<P> {
  const pageProps = blockProps<P>(id);
  return {
    islandProps(props, name) {
      const { text, key } = pageProps.make(props, name);
      return { text, props: key };
    },
    FromPage: function FromPage({ props: key }) {
      const props = useMemo(() => pageProps.read(key), [key]);
      return <Component {...props} />;
    },
  };
}
