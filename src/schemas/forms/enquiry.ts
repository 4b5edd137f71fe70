/**
 * The enquiry form (spec §5 "Enquiry form"): contact details and comments, with site
 * settings that make comments, terms, location and dealership required.
 * Browser-safe (valibot only); object schemas drop unknown keys.
 */
import * as v from 'valibot';
import { contactEntries, checkbox, leadCategory, messageText, optionalText, requiredText, SUBCATEGORY_MAX, termsAccepted, yesNo } from './fields.ts';

/** Categories offered when the form shows the category select (the lead e-mail's subject names each). */
export const ENQUIRY_CATEGORIES = ['General Enquiry', 'Sales Enquiry', 'Finance Enquiry', 'Service Enquiry', 'Parts Enquiry', 'Trade-in Enquiry'] as const;

/** Settings that switch enquiry fields between required and optional (site features). */
export interface EnquiryFormOptions {
  /** Comments required (features.enquiry_comments_required). Default true. */
  commentsRequired?: boolean;
  /** Terms-of-use checkbox required (features.terms_required). Default false. */
  termsRequired?: boolean;
  /** A location select is shown (then required). Default false. */
  locationRequired?: boolean;
  /** A dealership select is shown (then required). Default false. */
  dealershipRequired?: boolean;
}

/** Enquiry form (spec §5 "Enquiry form"). */
export function enquiryFormSchema(options: EnquiryFormOptions = {}) {
  return v.object({
    ...contactEntries,
    category: leadCategory,
    subcategory: optionalText(SUBCATEGORY_MAX),
    /** Label 'Comments'. */
    message: messageText(options.commentsRequired ?? true, 5000),
    location: options.locationRequired ? requiredText(120) : optionalText(120),
    dealership_slug: options.dealershipRequired ? requiredText(120) : optionalText(120),
    Rego: optionalText(12),
    finance: yesNo,
    'do-you-have-a-trade-in': yesNo,
    terms_conditions: options.termsRequired ? termsAccepted : v.optional(checkbox),
  });
}

export type EnquiryForm = v.InferOutput<ReturnType<typeof enquiryFormSchema>>;
