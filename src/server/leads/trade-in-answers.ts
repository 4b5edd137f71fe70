/**
 * The instant offer's condition answers (service history, keys, condition) and the offer they
 * adjust, kept in step on the evaluation: POST /api/trade-in/adjustments stores an adjusted
 * offer with the answers it was computed from, and POST /api/leads applies a trade-in lead's
 * answers the same way when they are not the stored ones, committed with the lead (never for
 * a lead the write refuses), so the dealer's e-mail and ADF print an offer and the answers
 * beside it that agree. Pure: the callers write the patch (writeEvaluation).
 */
import {
  ADJUSTMENTS,
  adjustmentErrors,
  adjustOffer,
  type Adjustment,
  type AdjustmentAnswers,
  type AdjustmentQuestion,
} from '../../lib/forms/trade-in-adjustments.ts';
import { offerWithheld, type TradeInLimits } from '../../lib/forms/trade-in-limits.ts';
import type { Evaluation, EvaluationPatch } from './evaluations.ts';

const QUESTIONS = Object.keys(ADJUSTMENTS) as AdjustmentQuestion[];

/** The valuation's own offer an adjustment starts from (answering again starts from it, not from an adjusted one); undefined when there is none. */
function baseOffer(evaluation: Evaluation): number | undefined {
  const stored = evaluation.vehicle ?? {};
  const base = typeof stored.baseOfferPrice === 'number' && stored.adjustedOffer === evaluation.offer_price ? stored.baseOfferPrice : evaluation.offer_price;
  return typeof base === 'number' && base > 0 ? base : undefined;
}

/** The answers the evaluation's offer was adjusted by, or undefined when its offer is not an adjusted one (none yet, or a new valuation since). */
function storedAnswers(evaluation: Evaluation): Partial<Record<AdjustmentQuestion, string>> | undefined {
  const stored = evaluation.vehicle ?? {};
  if (stored.adjustedOffer !== evaluation.offer_price || !Array.isArray(stored.adjustments)) return undefined;
  return Object.fromEntries((stored.adjustments as Adjustment[]).map((entry) => [entry.question, entry.answer]));
}

/** Whether an evaluation's offer can be adjusted (adjustableOffer): from `base`, or withheld (an over-limit car, with the shopper's message), or not valued yet. */
export type AdjustableOffer = { kind: 'base'; base: number } | { kind: 'withheld'; message: string } | { kind: 'unvalued' };

/**
 * The one rule of whether answers may adjust an evaluation's offer, for the adjustments call
 * and the trade-in lead alike: not for an over-limit car (the site's `limits`, read on the
 * dealer's clock `now` in `timeZone`: offerWithheld), nor before the valuation made an offer.
 */
export function adjustableOffer(evaluation: Evaluation, limits: TradeInLimits, now: number, timeZone?: string): AdjustableOffer {
  const withheld = offerWithheld({ year: evaluation.vehicle?.Year, km: evaluation.km }, limits, now, timeZone);
  if (withheld) return { kind: 'withheld', message: withheld.message };
  const base = baseOffer(evaluation);
  return base === undefined ? { kind: 'unvalued' } : { kind: 'base', base };
}

/** The offer `answers` (checked: adjustmentErrors) make of `base`, with each adjustment, and the evaluation's patch that stores both (writeEvaluation). */
export function adjustedOffer(
  evaluation: Evaluation,
  base: number,
  answers: AdjustmentAnswers,
): { offer: number; adjustments: Adjustment[]; patch: EvaluationPatch } {
  const result = adjustOffer(base, answers);
  const vehicle = { ...(evaluation.vehicle ?? {}), baseOfferPrice: base, adjustedOffer: result.offer, adjustments: result.adjustments };
  return { ...result, patch: { offer_price: result.offer, vehicle } };
}

/** A trade-in lead's answers and what the server does with them (leadAnswersPlan). */
export type LeadAnswersPlan = { kind: 'none' } | { kind: 'refuse'; problems: Record<string, string> } | { kind: 'adjust'; patch: EvaluationPatch };

/**
 * What a trade-in lead's answers (`lead`: its service_history, number_of_keys, car_condition)
 * ask of its evaluation. The evaluation decides: only an offer the adjustments call adjusted
 * (the trade-in valuation asks it; /sell-my-car and /trade-in keep the unadjusted instant
 * offer, docs/forms.md "Adjustments answers") follows the lead's answers, and only while it
 * may be adjusted (adjustableOffer: the same rule as the call). Nothing when the lead gives no
 * answers, or gives the very answers the offer was adjusted by. Otherwise each answer must be
 * one of its options (else the problems, by field) and the offer is adjusted by them.
 */
export function leadAnswersPlan(lead: Partial<Record<AdjustmentQuestion, unknown>>, evaluation: Evaluation, adjustable: AdjustableOffer): LeadAnswersPlan {
  if (QUESTIONS.every((question) => lead[question] === undefined)) return { kind: 'none' };
  const stored = storedAnswers(evaluation);
  if (stored === undefined || adjustable.kind !== 'base') return { kind: 'none' };
  const errors = adjustmentErrors(lead);
  if (errors) return { kind: 'refuse', problems: Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replace(/^answers\./, ''), message])) };
  if (QUESTIONS.every((question) => stored[question] === lead[question])) return { kind: 'none' };
  const answers = Object.fromEntries(QUESTIONS.map((question) => [question, lead[question]])) as AdjustmentAnswers;
  return { kind: 'adjust', patch: adjustedOffer(evaluation, adjustable.base, answers).patch };
}
