/**
 * The reserve online form (/cars/{slug}/checkout, the online purchase journey).
 * Browser-safe (valibot only); object schemas drop unknown keys.
 */
import * as v from 'valibot';
import { contactEntries, idValue, optionalText, termsAccepted } from './fields.ts';

/** Reserve online form (/cars/{slug}/checkout): contact details plus agreement to the terms. */
export const ReserveFormSchema = v.object({
  ...contactEntries,
  car_id: idValue,
  message: optionalText(2000),
  terms_conditions: termsAccepted,
});
