/**
 * Trade-in valuation adjustments (spec §7 "Trade-in valuation: adjustments answers with id, or
 * rego and regoState"): the shopper's answers about service history, keys
 * and condition move the valuation's offer by a share each. The lead API applies them (the
 * server decides the dealer's offer); the instant-offer form only sends the answers. Pure.
 */
import { CONDITION_OPTIONS, type ConditionQuestion } from '../../schemas/forms/instant-offer.ts';

/** Each question's options (CONDITION_OPTIONS), each with its share: exactly the options the form offers. */
type Shares = { [Q in ConditionQuestion]: Record<(typeof CONDITION_OPTIONS)[Q][number], number> };

/** The questions and the share of the offer each answer adds or takes (decisions in docs/forms.md). */
export const ADJUSTMENTS = {
  service_history: { 'Full service history': 0, 'Partial service history': -0.03, 'No service history': -0.08 },
  number_of_keys: { '1': -0.02, '2': 0, '3 or more': 0 },
  car_condition: { Excellent: 0.03, Good: 0, Fair: -0.07, Poor: -0.15 },
} as const satisfies Shares;

export type AdjustmentQuestion = keyof typeof ADJUSTMENTS;
export type AdjustmentAnswers = { [Q in AdjustmentQuestion]: keyof (typeof ADJUSTMENTS)[Q] & string };

/** Labels of the questions, as the form shows them. */
export const ADJUSTMENT_LABELS: Record<AdjustmentQuestion, string> = { service_history: 'Service History', number_of_keys: 'Number of Keys', car_condition: 'Condition' };

/** One applied adjustment. */
export interface Adjustment {
  question: AdjustmentQuestion;
  answer: string;
  /** Dollars added (negative: taken off). */
  amount: number;
}

/** The lowest offer made online (the valuation's and an adjusted one's). */
export const MINIMUM_OFFER = 500;

/** Offers are rounded down to this many dollars. */
export const OFFER_ROUNDING = 10;

/**
 * Check answers: every question answered with one of its options. Returns field messages by
 * question (for a 400), or null when all are valid.
 */
export function adjustmentErrors(answers: Record<string, unknown> | null | undefined): Record<string, string> | null {
  const errors: Record<string, string> = {};
  for (const question of Object.keys(ADJUSTMENTS) as AdjustmentQuestion[]) {
    const answer = answers?.[question];
    const options = Object.keys(ADJUSTMENTS[question]);
    if (typeof answer !== 'string' || !options.includes(answer)) errors[`answers.${question}`] = `${ADJUSTMENT_LABELS[question]}: choose one of ${options.join(', ')}`;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The offer after the answers, rounded down to $10 and never below MINIMUM_OFFER, with each adjustment. */
export function adjustOffer(base: number, answers: AdjustmentAnswers): { offer: number; adjustments: Adjustment[] } {
  const adjustments = (Object.keys(ADJUSTMENTS) as AdjustmentQuestion[]).map((question) => {
    const answer = answers[question] as string;
    const share = (ADJUSTMENTS[question] as Record<string, number>)[answer] ?? 0;
    return { question, answer, amount: Math.round(base * share) };
  });
  const total = base + adjustments.reduce((sum, adjustment) => sum + adjustment.amount, 0);
  const offer = Math.max(MINIMUM_OFFER, Math.floor(total / OFFER_ROUNDING) * OFFER_ROUNDING);
  return { offer, adjustments };
}
