/**
 * The instant offer's own form steps (spec §4, §5): the final details and the trade-in
 * lead's contact. Its rego and candidate steps are request bodies the server reads too
 * (../api/trade-in.ts).
 * Browser-safe (valibot only); object schemas drop unknown keys.
 */
import * as v from 'valibot';
import { email, idValue, kmInput, messageText, mobilePhone, NAME_MAX, optionalText, postcode, requiredText } from './fields.ts';

/**
 * The options of the final step's condition selects (Service History, Number of Keys,
 * Condition): the island's selects offer them, the lead API refuses any other value
 * (optionProblems in ./lead-forms.ts) and each has its share of the offer
 * (ADJUSTMENTS in src/lib/forms/trade-in-adjustments.ts).
 */
export const CONDITION_OPTIONS = {
  service_history: ['Full service history', 'Partial service history', 'No service history'],
  number_of_keys: ['1', '2', '3 or more'],
  car_condition: ['Excellent', 'Good', 'Fair', 'Poor'],
} as const;

/** The condition questions, in the order the form asks them. */
export type ConditionQuestion = keyof typeof CONDITION_OPTIONS;

/** Instant offer final step (spec §5): all required. */
export const InstantOfferDetailsSchema = v.object({
  postcode,
  odometer: kmInput(2_000_000),
  service_history: requiredText(80),
  number_of_keys: requiredText(20),
  car_condition: requiredText(80),
  comments: messageText(true, 5000),
});

/** Trade-in lead (spec §3): First Name, last_name, postcode, Mobile Number, Email Address, location_id. */
export const TradeInLeadFormSchema = v.object({
  'First Name': requiredText(NAME_MAX),
  last_name: optionalText(NAME_MAX),
  postcode,
  'Mobile Number': mobilePhone,
  'Email Address': email,
  location_id: v.optional(idValue),
});
