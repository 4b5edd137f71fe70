/**
 * The search page island as a page mounts it: the search feature's SearchPage with the forms
 * feature's lead modals as its one Quick Enquiry dialog (any card's Quick Enquiry button opens
 * it with that card's car, `data-car`). Feature islands never import each other; an island root
 * is where two features meet (docs/architecture.md, "Islands").
 */
// The search feature first: its stylesheet keeps its place before the forms' in the page head.
import SearchFeature, { type SearchPageProps } from '../search/SearchPage.tsx';
import LeadModals from '../forms/LeadModals.tsx';

export default function SearchPage(props: SearchPageProps) {
  return <SearchFeature {...props} quickEnquiry={<LeadModals config={props.config.leads.form} enquireLabel="Quick Enquiry" compact />} />;
}
