/**
 * The search page island as a page mounts it: the search feature's SearchPage with the forms
 * feature's lead modals as its one Quick Enquiry dialog (any card's Quick Enquiry button opens
 * it with that card's car, `data-car`). Feature islands never import each other; an island root
 * is where two features meet (docs/architecture.md, "Islands").
 *
 * Its props come as one JSON text (`searchIslandProps`): the route table and the first page of
 * results are the largest island props of the site (48 KB on a 300-car site, the route table
 * 86 KB at 16,000 cars), and Astro serialises and hashes a structured prop value by value, which
 * was the most costly part of rendering a search page after React (issue 17, fleet builds).
 */
import { useMemo } from 'react';
// The search feature first: its stylesheet keeps its place before the forms' in the page head.
import SearchFeature, { type SearchPageProps } from '../search/SearchPage.tsx';
import LeadModals from '../forms/LeadModals.tsx';

/**
 * The props each JSON text was made from, for the server's render of the same page: it renders
 * the island right after the page made the text, so it takes the object back instead of
 * parsing the text again (the browser, which has only the text, parses it).
 */
const madeHere = new Map<string, SearchPageProps>();

/** The island's one prop: SearchPageProps as JSON. */
export function searchIslandProps(props: SearchPageProps): { props: string } {
  const text = JSON.stringify(props);
  madeHere.set(text, props);
  return { props: text };
}

/** The props of a text: the object it was made from (once), else the text parsed. */
function propsOf(text: string): SearchPageProps {
  const made = madeHere.get(text);
  if (!made) return JSON.parse(text) as SearchPageProps;
  madeHere.delete(text);
  return made;
}

export default function SearchPage({ props: text }: { props: string }) {
  const props = useMemo(() => propsOf(text), [text]);
  return <SearchFeature {...props} quickEnquiry={<LeadModals config={props.config.leads.form} enquireLabel="Quick Enquiry" compact />} />;
}
