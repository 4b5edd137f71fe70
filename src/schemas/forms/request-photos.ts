/**
 * The Request Photos form (spec §5).
 * Browser-safe (valibot only); object schemas drop unknown keys.
 */
import * as v from 'valibot';
import { checkbox, contactEntries, messageText, termsAccepted } from './fields.ts';

/** The hidden default text of a photo request (spec §5). */
const REQUEST_PHOTOS_TEXT = 'Please send photos for this car';

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
