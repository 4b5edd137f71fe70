/**
 * Requests about a car (spec §7): a finance quote, a phone reveal, a delivery estimate.
 * The lead API validates the request with this schema and the browser builds it with the
 * same one (DESIGN §6). Browser-safe: valibot only.
 */
import * as v from 'valibot';
import { FORM_MESSAGES } from '../forms/messages.ts';
import { idValue, numberInput, optionalText } from '../forms/fields.ts';

/** Body of POST /api/youx/quote (spec §7). */
export const FinanceQuoteRequestSchema = v.object({
  selfAssessedCreditScore: v.optional(v.picklist(['EXCELLENT', 'GREAT', 'GOOD', 'FAIR', 'POOR'], 'Please choose a credit rating.'), 'GREAT'),
  purchasePrice: numberInput(1000, 250_000),
  loanTerm: v.optional(v.pipe(numberInput(1, 7)), 5),
  year: v.optional(v.pipe(numberInput(1900, 2100), v.integer())),
  vin: optionalText(20),
  nvic: optionalText(20),
  whoIsHelping: optionalText(80),
});

/** Body of a phone reveal (spec §7: car_id, dealership_id, website_id). */
export const PhoneRevealSchema = v.object({
  car_id: v.optional(idValue),
  dealership_id: v.optional(idValue),
  website_id: v.optional(idValue),
});

/** Query of the postcode delivery estimate. */
export const DeliveryEstimateQuerySchema = v.object({
  postcode: v.pipe(v.string('Please enter a postcode.'), v.trim(), v.minLength(1, 'Please enter a postcode.'), v.regex(/^\d{4}$/, FORM_MESSAGES.postcode)),
  car_id: v.optional(idValue),
});

export type FinanceQuoteRequest = v.InferOutput<typeof FinanceQuoteRequestSchema>;
