/**
 * The search page island as a page mounts it: the search feature's SearchPage with the forms
 * feature's lead modals as its one Quick Enquiry dialog (any card's Quick Enquiry button opens
 * it with that card's car, `data-car`). Feature islands never import each other; an island root
 * is where two features meet (docs/architecture.md, "Islands").
 * Its props come as one JSON text (`searchIslandProps`, kept for the server's render through
 * src/builder/render/astro/island-props.ts), without the route table: the page carries that once
 * as a JSON data block (`routeTableText`, made once per site) read when the island hydrates, as
 * Astro escapes and hashes island props on every page (measured in docs/scale.md).
 */
import { useMemo } from 'react';
// The search feature first: its stylesheet keeps its place before the forms' in the page head.
import SearchFeature, { type SearchPageProps } from '../search/SearchPage.tsx';
import LeadModals from '../forms/LeadModals.tsx';
import type { RouteTable } from '../../search/core/routes.ts';
import { jsonLdText } from '../../lib/text/seo.ts';
import { islandPropsMemo } from '../../builder/render/astro/island-props.ts';

/** The id of the page's route table data block (`<script type="application/json">`). */
export const ROUTE_TABLE_ID = 'search-routes';

/** The data block's text of each route table (one table per site build). */
const tableTexts = new WeakMap<RouteTable, string>();

/** The route table as the text of its data block: JSON that cannot close the script element. */
export function routeTableText(routes: RouteTable): string {
  let text = tableTexts.get(routes);
  if (text === undefined) {
    text = jsonLdText(routes);
    tableTexts.set(routes, text);
  }
  return text;
}

/** The props each JSON text was made from, for the server's render of the same page (island-props.ts). */
const madeHere = islandPropsMemo<SearchPageProps>();

/** The island's one prop: SearchPageProps as JSON, without the route table. */
export function searchIslandProps(props: SearchPageProps): { props: string } {
  return { props: madeHere.remember(JSON.stringify({ ...props, config: { ...props.config, routes: undefined } }), props) };
}

let pageTable: RouteTable | undefined;

/** In the browser: the route table from the page's data block (read once). */
function routeTableOfPage(): RouteTable {
  if (pageTable) return pageTable;
  const block = typeof document === 'undefined' ? null : document.getElementById(ROUTE_TABLE_ID);
  if (!block?.textContent) {
    throw new Error(`search page: the route table (#${ROUTE_TABLE_ID}) is not on the page${typeof document === 'undefined' ? ', and the server did not make these props' : ''}`);
  }
  pageTable = JSON.parse(block.textContent) as RouteTable;
  return pageTable;
}

/** The props of a text: the object it was made from, else the text parsed with the page's route table. */
function propsOf(text: string): SearchPageProps {
  const made = madeHere.recall(text);
  if (made) return made;
  const parsed = JSON.parse(text) as SearchPageProps;
  return { ...parsed, config: { ...parsed.config, routes: routeTableOfPage() } };
}

export default function SearchPage({ props: text }: { props: string }) {
  const props = useMemo(() => propsOf(text), [text]);
  return <SearchFeature {...props} quickEnquiry={<LeadModals config={props.config.leads.form} enquireLabel="Quick Enquiry" compact />} />;
}
