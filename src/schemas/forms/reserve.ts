/**
 * The reserve online form (/cars/{slug}/checkout, the online purchase journey).
 * Browser-safe (valibot only); object schemas drop unknown keys.
 */
import * as v from 'valibot';
import { contactEntriesWithoutOptIn, idValue, messageText, termsAccepted } from './fields.ts';

/**
 * Reserve online form (/cars/{slug}/checkout and the journey): contact details plus agreement
 * to the terms. It shows no marketing opt-in box (the spec gives it none), so it asks no opt_in.
 */
export const ReserveFormSchema = v.object({
  ...contactEntriesWithoutOptIn,
  car_id: idValue,
  /** Comments: every form's limit (COMMENTS_MAX), the lead API's too. */
  message: messageText(false),
  terms_conditions: termsAccepted,
});
