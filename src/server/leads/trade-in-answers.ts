/**
 * The instant offer's condition answers (service history, keys, condition) and the offer they
 * adjust, kept in step on the evaluation: POST /api/trade-in/adjustments stores an adjusted
 * offer with the answers it was computed from, and POST /api/leads applies a trade-in lead's
 * answers the same way when they are not the stored ones, before the lead is stored, so the
 * dealer's e-mail and ADF print an offer and the answers beside it that agree.
 */
import type { SqlDatabase } from '../../platform/sql/db.ts';
import {
  ADJUSTMENTS,
  adjustmentErrors,
  adjustOffer,
  MINIMUM_OFFER,
  type Adjustment,
  type AdjustmentAnswers,
  type AdjustmentQuestion,
} from '../../lib/forms/trade-in-adjustments.ts';
import type { Evaluation } from './evaluations.ts';

const QUESTIONS = Object.keys(ADJUSTMENTS) as AdjustmentQuestion[];

/** The valuation's own offer an adjustment starts from (answering again starts from it, not from an adjusted one); undefined when there is none. */
export function baseOffer(evaluation: Evaluation): number | undefined {
  const stored = evaluation.vehicle ?? {};
  const base = typeof stored.baseOfferPrice === 'number' && stored.adjustedOffer === evaluation.offer_price ? stored.baseOfferPrice : evaluation.offer_price;
  return typeof base === 'number' && base > 0 ? base : undefined;
}

/** The answers the evaluation's offer was adjusted by, or undefined when its offer is not an adjusted one (none yet, or a new valuation since). */
export function storedAnswers(evaluation: Evaluation): Partial<Record<AdjustmentQuestion, string>> | undefined {
  const stored = evaluation.vehicle ?? {};
  if (stored.adjustedOffer !== evaluation.offer_price || !Array.isArray(stored.adjustments)) return undefined;
  return Object.fromEntries((stored.adjustments as Adjustment[]).map((entry) => [entry.question, entry.answer]));
}

/** Adjust the evaluation's offer by `answers` (checked: adjustmentErrors) from its base and store both; returns the result. */
export async function storeAdjustedOffer(
  db: SqlDatabase,
  evaluation: Evaluation,
  base: number,
  answers: AdjustmentAnswers,
  now: number,
): Promise<{ offer: number; adjustments: Adjustment[] }> {
  const result = adjustOffer(base, answers, MINIMUM_OFFER);
  const vehicle = { ...(evaluation.vehicle ?? {}), baseOfferPrice: base, adjustedOffer: result.offer, adjustments: result.adjustments };
  await db.run('UPDATE evaluations SET offer_price = $1, vehicle = $2, updated_at = $3 WHERE id = $4 AND tenant = $5', [
    result.offer,
    JSON.stringify(vehicle),
    now,
    evaluation.id,
    evaluation.tenant,
  ]);
  return result;
}

/** A trade-in lead's answers and what the server does with them (leadAnswersPlan). */
export type LeadAnswersPlan =
  { kind: 'none' } | { kind: 'refuse'; problems: Record<string, string> } | { kind: 'adjust'; base: number; answers: AdjustmentAnswers };

/**
 * What a trade-in lead's answers (`lead`: its service_history, number_of_keys, car_condition)
 * ask of its evaluation. Nothing when it gives none, or the evaluation has no offer to adjust
 * (an over-limit car, or no valuation yet: the dealer reads 'No online offer'), or the offer was
 * adjusted by these very answers, or it was never adjusted and the lead is not towards a car
 * (`towardsCar`: /sell-my-car and /trade-in keep the unadjusted instant offer, docs/forms.md
 * "Adjustments answers"). Otherwise each answer must be one of its options (else the problems,
 * by field) and the offer is adjusted by them.
 */
export function leadAnswersPlan(lead: Partial<Record<AdjustmentQuestion, unknown>>, evaluation: Evaluation, towardsCar: boolean): LeadAnswersPlan {
  if (QUESTIONS.every((question) => lead[question] === undefined)) return { kind: 'none' };
  const base = baseOffer(evaluation);
  const stored = storedAnswers(evaluation);
  if (base === undefined || (stored === undefined && !towardsCar)) return { kind: 'none' };
  const errors = adjustmentErrors(lead);
  if (errors) return { kind: 'refuse', problems: Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replace(/^answers\./, ''), message])) };
  if (stored && QUESTIONS.every((question) => stored[question] === lead[question])) return { kind: 'none' };
  return { kind: 'adjust', base, answers: Object.fromEntries(QUESTIONS.map((question) => [question, lead[question]])) as AdjustmentAnswers };
}
