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

/** The island's one prop: SearchPageProps as JSON. */
export function searchIslandProps(props: SearchPageProps): { props: string } {
  return { props: JSON.stringify(props) };
}

export default function SearchPage({ props: text }: { props: string }) {
  const props = useMemo(() => JSON.parse(text) as SearchPageProps, [text]);
  return <SearchFeature {...props} quickEnquiry={<LeadModals config={props.config.leads.form} enquireLabel="Quick Enquiry" compact />} />;
}
