/**
 * The Request Photos form (spec §5).
 * Browser-safe (valibot only); object schemas drop unknown keys.
 */
import * as v from 'valibot';
import { checkbox, comparableText, contactEntries, messageText, termsAccepted } from './fields.ts';

/** The hidden default text of a photo request (spec §5): the form's and the lead API's (withRequestPhotosText). */
export const REQUEST_PHOTOS_TEXT = 'Please send photos for this car';

/** A lead as withRequestPhotosText reads it. */
interface LeadMessage {
  category?: string;
  message?: string;
}

/** A Request Photos lead (its category case and spacing aside) without a message carries the hidden default text, as the form sends it; any other lead is as it is. */
export function withRequestPhotosText<T extends LeadMessage>(lead: T): T {
  return lead.message === undefined && comparableText(lead.category) === comparableText('Request Photos') ? { ...lead, message: REQUEST_PHOTOS_TEXT } : lead;
}

/** Request Photos form (spec §5): hidden default text, optional message, the terms box on sites that require it. */
export function requestPhotosFormSchema(options: { termsRequired?: boolean } = {}) {
  return v.object({
    ...contactEntries,
    message: v.optional(
      v.pipe(
        messageText(false, 5000),
        v.transform((text) => text ?? REQUEST_PHOTOS_TEXT),
      ),
      REQUEST_PHOTOS_TEXT,
    ),
    terms_conditions: options.termsRequired ? termsAccepted : v.optional(checkbox),
  });
}
