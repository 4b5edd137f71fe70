/**
 * The search page island as a page mounts it: the search feature's SearchPage with the forms
 * feature's lead modals as its one Quick Enquiry dialog (any card's Quick Enquiry button opens
 * it with that card's car, `data-car`). Feature islands never import each other; an island root
 * is where two features meet (docs/architecture.md, "Islands").
 *
 * Its props come as one JSON text (`searchIslandProps`): the first page of results is the
 * largest island prop of the site, and Astro serialises and hashes a structured prop value by
 * value, which was the most costly part of rendering a search page after React (issue 17, fleet
 * builds). The route table (every make, model, location and dealership route: 33 KB on a
 * 300-car site, 86 KB at 16,000 cars) is not in them: Astro escapes and hashes island props on
 * every page, so the page carries the table once as a JSON data block (`routeTableText`, made
 * once per site) that the island reads when it hydrates. A sixth of a 300-car site's render
 * time went to the table in the props.
 */
import { useMemo } from 'react';
// The search feature first: its stylesheet keeps its place before the forms' in the page head.
import SearchFeature, { type SearchPageProps } from '../search/SearchPage.tsx';
import LeadModals from '../forms/LeadModals.tsx';
import type { RouteTable } from '../../search/core/routes.ts';
import { jsonLdText } from '../../lib/text/seo.ts';

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

/**
 * The props each JSON text was made from, for the server's render of the same page: it renders
 * the island right after the page made the text (Astro's renderer check may call the component
 * once before), so it takes the object back instead of parsing the text again and finding the
 * route table missing. The newest texts are kept: a render has at most a few pages in flight.
 */
const madeHere = new Map<string, SearchPageProps>();
const KEEP_MADE = 64;

/** The island's one prop: SearchPageProps as JSON, without the route table. */
export function searchIslandProps(props: SearchPageProps): { props: string } {
  const text = JSON.stringify({ ...props, config: { ...props.config, routes: undefined } });
  madeHere.delete(text);
  madeHere.set(text, props);
  if (madeHere.size > KEEP_MADE) madeHere.delete(madeHere.keys().next().value!);
  return { props: text };
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
  const made = madeHere.get(text);
  if (made) return made;
  const parsed = JSON.parse(text) as SearchPageProps;
  return { ...parsed, config: { ...parsed.config, routes: routeTableOfPage() } };
}

export default function SearchPage({ props: text }: { props: string }) {
  const props = useMemo(() => propsOf(text), [text]);
  return <SearchFeature {...props} quickEnquiry={<LeadModals config={props.config.leads.form} enquireLabel="Quick Enquiry" compact />} />;
}
