/**
 * Matches once the lead modals' openers work (islands/forms/LeadModals.tsx sets it): a button
 * outside that island waits for it with `data-interaction-ready` (the search cards' Quick Enquiry).
 */
export const LEAD_MODALS_READY = 'html[data-lead-modals=ready]';
