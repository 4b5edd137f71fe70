/**
 * The vehicle page's finance quote call in the browser (spec §7 POST /api/youx/quote; reads
 * weeklyRepaymentAmount, comparisonRate, advertisedRate): the request built at build time
 * (quote-request.ts) is sent as it is and the answer read defensively. Failures are silent
 * (spec §8 "Quote failure silent"): the page keeps the figures it was built with. Kept free of
 * schema code so the page's first script stays small.
 */
import type { FinanceQuoteRequest } from '../../schemas/api/cars.ts';
import type { QuoteAnswer } from './car-finance.ts';

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The answer as the page uses it, or null when it is not usable: a repayment above 0 and a rate
 * above 0 and at most 100 are needed; a comparison rate is kept when it is a number not below
 * the rate (one below it cannot be right, and a worked-out one is shown instead where one is
 * shown at all).
 */
export function parseQuoteAnswer(body: unknown): QuoteAnswer | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const weekly = record.weeklyRepaymentAmount;
  const rate = record.advertisedRate;
  if (!finite(weekly) || weekly <= 0 || !finite(rate) || rate <= 0 || rate > 100) return null;
  const comparison = record.comparisonRate;
  return {
    weeklyRepaymentAmount: weekly,
    advertisedRate: rate,
    comparisonRate: finite(comparison) && comparison >= rate && comparison <= 100 ? comparison : null,
  };
}

/** Ask for a quote; the answer, or null on any failure (network, status, body), silently. */
export async function requestQuote(
  endpoint: string,
  request: FinanceQuoteRequest,
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<QuoteAnswer | null> {
  try {
    const response = await (options.fetch ?? fetch)(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
      signal: options.signal,
    });
    if (!response.ok) return null;
    return parseQuoteAnswer(await response.json());
  } catch {
    return null;
  }
}
