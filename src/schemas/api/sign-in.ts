/**
 * Sign-in requests: the mobile number, then the 6-digit code sent by SMS.
 * The lead API validates the request with this schema and the browser builds it with the
 * same one (DESIGN §6). Browser-safe: valibot only.
 */
import * as v from 'valibot';
import { FORM_MESSAGES } from '../forms/messages.ts';
import { mobilePhone } from '../forms/fields.ts';

/** Sign-in step 1: the shopper's mobile number. */
export const SignInRequestSchema = v.object({ phone: mobilePhone });

/** Sign-in step 2: the 6-digit code sent by SMS. */
export const SignInVerifySchema = v.object({
  phone: mobilePhone,
  code: v.pipe(v.string(FORM_MESSAGES.code), v.trim(), v.regex(/^\d{6}$/, FORM_MESSAGES.code)),
});
