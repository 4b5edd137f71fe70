/**
 * Unsubscribe: the page's and the API's messages and the request body.
 * The lead API validates the request with this schema and the browser builds it with the
 * same one (DESIGN §6). Browser-safe: valibot only.
 */
import * as v from 'valibot';
import { optionalEmail, optionalPhone } from '../forms/fields.ts';

/** What the unsubscribe page and POST /api/unsubscribe say (the spec has no wording). */
export const UNSUBSCRIBE_MESSAGES = {
  contactNeeded: 'Please enter the email address or mobile number you want to unsubscribe.',
  badLink: 'This unsubscribe link is not valid. Please enter your email address or mobile number instead.',
  done: (brand: string) =>
    `You have been unsubscribed. ${brand} will not send you marketing emails or SMS any more. We will still answer any enquiry you send us.`,
  /** Site setting unsubscribe_typed "confirm": a typed contact gets a link first. */
  confirmSent: (brand: string) => `We have sent a link to the email address or mobile number you entered. Open it to stop marketing from ${brand}.`,
} as const;

/**
 * Body of POST /api/unsubscribe: the signed token of an unsubscribe link, or the e-mail
 * address and / or phone number the shopper typed.
 */
export const UnsubscribeSchema = v.pipe(
  v.object({
    token: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(120, UNSUBSCRIBE_MESSAGES.badLink), v.regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/, UNSUBSCRIBE_MESSAGES.badLink)),
    ),
    email: optionalEmail,
    phone: optionalPhone,
  }),
  v.forward(
    v.check((body) => Boolean(body.token || body.email || body.phone), UNSUBSCRIBE_MESSAGES.contactNeeded),
    ['email'],
  ),
);

export type Unsubscribe = v.InferOutput<typeof UnsubscribeSchema>;
