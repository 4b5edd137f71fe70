/**
 * The search page island as a page mounts it: the search feature's SearchPage with the forms
 * feature's lead modals as its one Quick Enquiry dialog (any card's Quick Enquiry button opens
 * it with that card's car, `data-car`). Feature islands never import each other; an island root
 * is where two features meet (docs/architecture.md, "Islands").
 * Its props are not island props: Astro escapes each quote of a prop's JSON as `\&quot;` and
 * hashes the props on every page (measured in docs/scale.md). The page carries them as two inert
 * JSON data blocks read when the island hydrates: the route table (`routeTableText`, made once
 * per site) and the rest (`searchIslandProps`). The island's one prop is a short key, by which
 * the server's render takes the props object back (src/builder/render/astro/island-props.ts).
 */
import { useMemo } from 'react';
// The search feature first: its stylesheet keeps its place before the forms' in the page head.
import SearchFeature, { type SearchPageProps } from '../search/SearchPage.tsx';
import LeadModals from '../forms/LeadModals.tsx';
import type { RouteTable, SearchRoute } from '../../search/core/routes.ts';
import { jsonLdText, scriptSafeJson } from '../../lib/text/seo.ts';
import { BlockText, blockProps, digest } from '../../builder/render/astro/island-props.ts';

/** The id of the page's route table data block (`<script type="application/json">`). */
export const ROUTE_TABLE_ID = 'search-routes';

/** The id of the page's data block of the island's other props. */
export const PROPS_ID = 'search-props';

/** The data block's text of each route table (one table per site build). */
const tableTexts = new WeakMap<RouteTable, string>();

/** A route as the data block writes it: [path, make] for a make's page, [path, make, model] for a model's, else the route itself. */
type WrittenRoute = SearchRoute | [string, string] | [string, string, string];

/** The route a written one stands for. */
function readRoute(written: WrittenRoute): SearchRoute {
  if (!Array.isArray(written)) return written;
  const [path, make, model] = written;
  return model === undefined ? { path, preset: { make: [make] }, title: make } : { path, preset: { make: [make], model: [model] }, title: `${make} ${model}` };
}

/** A route as the block writes it: short for a make's or a model's page whose title is its make (and model), when it reads back the same. */
function writeRoute(route: SearchRoute): WrittenRoute {
  const [make, model] = [route.preset.make, route.preset.model];
  if (make?.length !== 1 || (model !== undefined && model.length !== 1)) return route;
  const short: WrittenRoute = model ? [route.path, make[0]!, model[0]!] : [route.path, make[0]!];
  return JSON.stringify(readRoute(short)) === JSON.stringify(route) ? short : route;
}

/** The route table as the text of its data block: JSON that cannot close the script element, the makes' and models' routes short (writeRoute). */
export function routeTableText(routes: RouteTable): string {
  let text = tableTexts.get(routes);
  if (text === undefined) {
    text = jsonLdText({ ...routes, routes: routes.routes.map(writeRoute) });
    tableTexts.set(routes, text);
  }
  return text;
}

/** The digest of each route table's data block text (routeTableText). */
const tableDigests = new WeakMap<RouteTable, string>();

/** The digest of the route table's data block text, made once per table. */
function routeTableDigest(routes: RouteTable): string {
  let made = tableDigests.get(routes);
  if (made === undefined) {
    made = digest(routeTableText(routes));
    tableDigests.set(routes, made);
  }
  return made;
}

/** The route table of its data block's text (routeTableText). */
export function routeTableOfText(text: string): RouteTable {
  const table = JSON.parse(text) as Omit<RouteTable, 'routes'> & { routes: WrittenRoute[] };
  return { ...table, routes: table.routes.map(readRoute) };
}

/** The island's props but the route table, in the page's data block #search-props. */
const pageProps = blockProps<SearchPageProps>(PROPS_ID);

/**
 * A page's island props: `text`, the props without the route table as the text of the page's
 * data block (#search-props, before the island), and `props`, the island's one prop, the key
 * the server's render takes the props back by (island-props.ts blockProps). The key digests the
 * route table's block too: the props object handed back holds the table.
 */
export function searchIslandProps(props: SearchPageProps): { text: string; props: string } {
  const { text, key } = pageProps.make(props, props.route.path, new BlockText(carriedText(props)), routeTableDigest(props.config.routes));
  return { text, props: key };
}

/** The JSON text of each config without its route table, as scriptSafeJson writes it (the same on every search page of a site). */
const configTexts = new WeakMap<SearchPageProps['config'], string>();

/**
 * jsonLdText of the props with the config's route table left out, the config's text made once
 * per config. scriptSafeJson escapes characters one by one, so the text of each member is
 * escaped apart from the others.
 */
function carriedText(props: SearchPageProps): string {
  let config = configTexts.get(props.config);
  if (config === undefined) {
    config = scriptSafeJson(JSON.stringify({ ...props.config, routes: undefined }));
    configTexts.set(props.config, config);
  }
  // As JSON.stringify writes an object: its members in order, those without a JSON text left out.
  const members: string[] = [];
  for (const [name, value] of Object.entries(props)) {
    const json = name === 'config' ? config : (JSON.stringify(value) as string | undefined);
    if (json !== undefined) members.push(`${scriptSafeJson(JSON.stringify(name))}:${name === 'config' ? json : scriptSafeJson(json)}`);
  }
  return `{${members.join(',')}}`;
}

let pageTable: RouteTable | undefined;

/** In the browser: the route table from the page's data block (read once). */
function routeTableOfPage(): RouteTable {
  if (pageTable) return pageTable;
  const block = typeof document === 'undefined' ? null : document.getElementById(ROUTE_TABLE_ID);
  if (!block?.textContent) {
    throw new Error(`search page: the route table (#${ROUTE_TABLE_ID}) is not on the page${typeof document === 'undefined' ? ', and the server did not make these props' : ''}`);
  }
  pageTable = routeTableOfText(block.textContent);
  return pageTable;
}

/** The props of a key: the object it was made for, else the page's data blocks parsed (the block has no route table). */
function propsOf(key: string): SearchPageProps {
  const props = pageProps.read(key);
  return props.config.routes ? props : { ...props, config: { ...props.config, routes: routeTableOfPage() } };
}

export default function SearchPage({ props: key }: { props: string }) {
  const props = useMemo(() => propsOf(key), [key]);
  return <SearchFeature {...props} quickEnquiry={<LeadModals config={props.config.leads.form} enquireLabel="Quick Enquiry" compact />} />;
}
