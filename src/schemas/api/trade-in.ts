/**
 * Instant offer requests (spec §7 eval-expert): enter-vin (also the form's first step),
 * manual-entry (the chosen candidate), update-eval, and the image upload limits.
 * The lead API validates the request with this schema and the browser builds it with the
 * same one (DESIGN §6). Browser-safe: valibot only.
 */
import * as v from 'valibot';
import { FORM_MESSAGES } from '../forms/messages.ts';
import { AU_STATES, email, kmInput, mobilePhone, NAME_MAX, optionalEmail, optionalText, requiredText } from '../forms/fields.ts';

/** Instant-offer / trade-in image limits (spec §5, §9): at most 10, each under 10 MB. */
export const IMAGE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxCount: 10,
  /** Accepted kinds (checked by content on the server, by type/extension in the browser). */
  extensions: ['jpeg', 'jpg', 'png', 'gif', 'heic'],
  mimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/heic', 'image/heif'],
} as const;

/**
 * The lead API's answer (404) to a valuation call on a site with site.json `features.trade_in`
 * false: the site has no valuation service. In the spec's words for a car it cannot value online.
 */
export const TRADE_IN_NOT_OFFERED =
  'This site does not value vehicles online. Please get in touch with one of our friendly team members to receive an offer for your vehicle.';

/** The lead API's field message (422, `evalid`) for a lead naming an evaluation this site did not make. */
export const EVALUATION_NOT_FOUND = 'This valuation could not be found. Please start again from your registration number.';

/** The lead API's field message (422, `offer_accepted`) for an acceptance on a post that continues no valuation of this site: there is no offer to accept. */
export const NO_OFFER_TO_ACCEPT = 'There is no instant offer on this lead to accept. Please start again from your registration number.';

/**
 * The lead API's field message (422, on each answer sent: service_history, number_of_keys,
 * car_condition) for condition answers on a post that belongs to no evaluation of this site
 * (neither the post nor the lead it continues names one): the answers are about an offer.
 */
export const ANSWERS_WITHOUT_OFFER = 'These answers belong to an instant offer. Please start again from your registration number.';

/** Instant offer step 1 (spec §5): rego and state required. Also the body of POST /api/eval-expert/enter-vin. */
export const EnterVinSchema = v.object({
  rego: v.pipe(requiredText(12), v.toUpperCase(), v.regex(/^[A-Z0-9 -]{1,12}$/, 'Please enter a registration of letters and digits.')),
  state: v.pipe(v.string(FORM_MESSAGES.required), v.trim(), v.toLowerCase(), v.picklist(AU_STATES, FORM_MESSAGES.required)),
});

/** Instant offer step 2: the chosen candidate. Body of POST /api/eval-expert/manual-entry. */
export const ManualEntrySchema = v.object({
  /** The chosen description (spec: desc); required: '* Please choose one car.' */
  desc: requiredText(300, FORM_MESSAGES.chooseCar),
  vin: optionalText(20),
  /** Evaluation id from enter-vin, when the client has one. */
  evalid: optionalText(64),
});

/** Body of POST /api/eval-expert/update-eval (spec §7). */
export const UpdateEvalSchema = v.object({
  evalid: requiredText(64),
  km: kmInput(2_000_000),
  userEmail: optionalEmail,
  /** The trade-in form's First Name and Last Name joined by a space: room for both at their limit. */
  cName: requiredText(2 * NAME_MAX + 1),
  cEmail: email,
  /** The trade-in form's Mobile Number: a mobile (mobilePhone), as the form asks it. */
  cPhone: mobilePhone,
});

/** An image chosen for upload, as the browser sees it (File-like). */
export interface ImageCandidate {
  name: string;
  size: number;
  type?: string;
}

/** Check a batch of chosen images against the spec §5 limits; returns the message to alert, or undefined. */
export function imageUploadProblem(files: readonly ImageCandidate[], alreadyUploaded = 0): string | undefined {
  if (files.length + alreadyUploaded > IMAGE_LIMITS.maxCount) return FORM_MESSAGES.tooManyImages;
  for (const file of files) {
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    const typeOk = file.type ? (IMAGE_LIMITS.mimeTypes as readonly string[]).includes(file.type.toLowerCase()) : false;
    if (file.size >= IMAGE_LIMITS.maxBytes || (!typeOk && !(IMAGE_LIMITS.extensions as readonly string[]).includes(extension)))
      return FORM_MESSAGES.imageTooLarge;
  }
  return undefined;
}

export type EnterVin = v.InferOutput<typeof EnterVinSchema>;
export type ManualEntry = v.InferOutput<typeof ManualEntrySchema>;
export type UpdateEval = v.InferOutput<typeof UpdateEvalSchema>;
