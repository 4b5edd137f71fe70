/**
 * The test-drive booking form (spec §5 "Test-drive form").
 * Browser-safe (valibot only); object schemas drop unknown keys.
 */
import * as v from 'valibot';
import { checkbox, contactEntries, DELIVERY_LOCATION_MAX, messageText, optionalText, termsAccepted } from './fields.ts';
import { FORM_MESSAGES } from './messages.ts';

/** Test-drive booking form (spec §5 "Test-drive form"). */
export function testDriveFormSchema(options: { termsRequired?: boolean } = {}) {
  return v.object({
    ...contactEntries,
    message: messageText(false, 5000),
    /** 'Test Drive Booking Date': ISO date-time or 'YYYY-MM-DDTHH:MM' from the slot picker. */
    dateTime: v.optional(
      v.pipe(
        v.string(FORM_MESSAGES.dateTime),
        v.trim(),
        v.check((text) => text === '' || !Number.isNaN(Date.parse(text)), FORM_MESSAGES.dateTime),
        v.transform((text) => (text === '' ? undefined : text)),
      ),
    ),
    /** Delivery location, offered when the car's location has distribution locations. */
    delivery_location: optionalText(DELIVERY_LOCATION_MAX),
    terms_conditions: options.termsRequired ? termsAccepted : v.optional(checkbox),
  });
}

export type TestDriveForm = v.InferOutput<ReturnType<typeof testDriveFormSchema>>;
