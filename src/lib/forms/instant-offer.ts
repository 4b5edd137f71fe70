/**
 * The instant offer (trade-in / sell-my-car) step machine (spec §4 "Instant offer"):
 * step 1 rego and state; a candidate list goes to step 2 (choose one); a result with an
 * EvalID skips to the image upload (step 3) where the site has it, else the details step;
 * no match shows the not-found panel. Pure: it reads API answers and returns the next step.
 */
import { LEAD_MESSAGES } from '../../schemas/forms/messages.ts';

export type InstantOfferStep = 'vehicle' | 'choose' | 'images' | 'details' | 'not-found' | 'done';

/** One vehicle answer of the evaluation service (spec §3 "Vehicle result"; the service's own spellings). */
export interface EvalVehicle {
  EvalID?: string | number | null;
  /** Evaluation id while no single vehicle matched (the choose step posts it back). */
  evalid?: string | null;
  VIN?: string | null;
  Make?: string | null;
  Model?: string | null;
  Series?: string | null;
  Variant?: string | null;
  Year?: string | number | null;
  Registration?: string | null;
  VechielDescriptions?: readonly ({ Description?: string | null } | string)[] | null;
  VechicleDescriptions?: readonly ({ Description?: string | null } | string)[] | null;
  [key: string]: unknown;
}

/** What the flow learnt from enter-vin. */
export interface EnterVinOutcome {
  step: InstantOfferStep;
  evalId: string | undefined;
  vin: string | undefined;
  candidates: string[];
  vehicle: EvalVehicle | undefined;
}

/** The candidate descriptions of a result, whichever spelling the service used. */
export function candidateDescriptions(vehicle: EvalVehicle | undefined): string[] {
  const list = vehicle?.VechielDescriptions ?? vehicle?.VechicleDescriptions ?? [];
  const descriptions = list.map((item) => (typeof item === 'string' ? item : (item?.Description ?? ''))).map((text) => text.trim());
  return [...new Set(descriptions.filter((text) => text !== ''))];
}

function idText(value: unknown): string | undefined {
  return (typeof value === 'string' && value.trim() !== '') || typeof value === 'number' ? String(value) : undefined;
}

/** Next step after step 1 (POST /api/eval-expert/enter-vin answered `list`). */
export function afterEnterVin(list: readonly EvalVehicle[] | null | undefined, options: { imagesEnabled: boolean }): EnterVinOutcome {
  const first = list?.[0];
  const matchedId = idText(first?.EvalID);
  // Without a match the service still names the evaluation (lowercase evalid) for the choose step.
  const evalId = matchedId ?? idText(first?.evalid);
  const vin = idText(first?.VIN);
  const candidates = candidateDescriptions(first);
  if (!first || (!evalId && candidates.length === 0)) return { step: 'not-found', evalId: undefined, vin: undefined, candidates: [], vehicle: undefined };
  // An EvalID means one vehicle matched: skip straight on (its own description may still be listed).
  if (matchedId) return { step: options.imagesEnabled ? 'images' : 'details', evalId, vin, candidates: [], vehicle: first };
  // A candidate list means the registration matched several builds: the shopper picks one.
  if (candidates.length > 0) return { step: 'choose', evalId, vin, candidates, vehicle: first };
  return { step: 'not-found', evalId: undefined, vin: undefined, candidates: [], vehicle: undefined };
}

/** Next step after step 2 (the chosen candidate was posted to manual-entry). */
export function afterChoose(options: { imagesEnabled: boolean }): InstantOfferStep {
  return options.imagesEnabled ? 'images' : 'details';
}

/**
 * The place a shopper sent to sign-in from this step comes back to (the form kit's kept place): a step that
 * stands on the lookup, or the offer to accept under its lead; none at step 1, the not-found panel or a
 * withheld offer (nothing there to go on with), which reopen at step 1 with the values.
 */
export function placeToKeep(
  step: InstantOfferStep,
  leadId: string | undefined,
  withheld: string | null,
): { step: InstantOfferStep; leadId?: string } | undefined {
  if (step === 'choose' || step === 'images' || step === 'details') return { step };
  if (step === 'done' && leadId && withheld === null) return { step, leadId };
  return undefined;
}

/** The numbered steps the shopper sees, for the progress line. */
export function visibleSteps(options: { imagesEnabled: boolean; hasCandidates: boolean }): InstantOfferStep[] {
  return ['vehicle', ...(options.hasCandidates ? (['choose'] as const) : []), ...(options.imagesEnabled ? (['images'] as const) : []), 'details'];
}

/** Headings of the steps, naming what the site buys ('car', 'motorcycle', 'bike or truck': template-wording.ts). */
export function stepTitles(vehicle = 'car'): Record<InstantOfferStep, string> {
  return {
    vehicle: 'Your vehicle',
    choose: `Choose your ${vehicle}`,
    images: `Photos of your ${vehicle}`,
    details: 'A few more details',
    'not-found': 'No match found',
    done: 'Thank you',
  };
}

/** Headings of the steps on a car site. */
export const STEP_TITLES: Record<InstantOfferStep, string> = stepTitles();

/** Spec §4 not-found panel wording. */
export const NOT_FOUND_MESSAGES = {
  title: 'Unfortunately, we could not find a match for your registration number.',
  body: 'Please get in touch with one of our friendly team members to receive an offer for your vehicle.',
} as const;

/** Spec §8 instant offer failure fallback text. */
export const INSTANT_OFFER_ERROR = 'An error occurred while submitting the form. Please try again.';

/**
 * What any of the instant offer's calls (lookup, candidate, photo, valuation, adjustments, lead,
 * acceptance) shows when it fails (spec §8 "Instant offer failure: error message or '...'"): the
 * call's own reason (`said`), else the fallback. The lead API's generic 500 text ('An unexpected
 * error occured', the spec's lead failure) gives no reason of the call's own: the fallback too.
 */
export function instantOfferFailure(said: string | undefined): string {
  return said && said !== LEAD_MESSAGES.unexpected ? said : INSTANT_OFFER_ERROR;
}

/** A readable vehicle line: '2019 Mazda CX-5 Maxx'. */
export function vehicleLabel(vehicle: EvalVehicle | undefined, chosen?: string): string {
  if (chosen) return chosen;
  if (!vehicle) return '';
  return [vehicle.Year, vehicle.Make, vehicle.Model, vehicle.Variant ?? vehicle.Series]
    .filter((part) => part !== undefined && part !== null && String(part).trim() !== '')
    .join(' ');
}

/** The thank-you SMS sent after the final step (spec §7 update-eval then lead with sms_content). */
export function thankYouSms(options: { firstName: string; dealer: string; vehicle: string }): string {
  const name = options.firstName.trim() || 'there';
  const car = options.vehicle ? ` for your ${options.vehicle}` : '';
  return `Hi ${name}, thanks for requesting an offer${car} from ${options.dealer}. Our buying team will be in touch shortly.`.slice(0, 640);
}
