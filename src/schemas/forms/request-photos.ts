/**
 * The Request Photos form (spec §5).
 * Browser-safe (valibot only); object schemas drop unknown keys.
 */
import * as v from 'valibot';
import { FORM_MESSAGES } from './messages.ts';
import { checkbox, contactEntries, termsAccepted } from './fields.ts';

/** Request Photos form (spec §5): hidden default text, optional message, the terms box on sites that require it. */
export function requestPhotosFormSchema(options: { termsRequired?: boolean } = {}) {
  return v.object({
    ...contactEntries,
    message: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(5000, FORM_MESSAGES.tooLong(5000)),
        v.transform((text) => (text === '' ? 'Please send photos for this car' : text)),
      ),
      'Please send photos for this car',
    ),
    terms_conditions: options.termsRequired ? termsAccepted : v.optional(checkbox),
  });
}
