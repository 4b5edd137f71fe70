/**
 * The vehicle page's live finance quote: the car's scenario from the quote provider's answer
 * (src/lib/finance/car-finance.ts quoteScenario), null until it answers, and for good when it
 * does not. The page script that asks (components/vehicle/FinanceQuoteCall.astro) sets it and
 * prints its figures in the finance box, the sticky header and the quote line; the finance
 * calculator island starts from it. One quote per page load.
 */
import { atom, type WritableAtom } from 'nanostores';
import type { FinanceQuoteRequest } from '../schemas/api/cars.ts';
import { quoteScenario, type FinanceScenario, type QuoteTerms } from '../lib/finance/car-finance.ts';
import { requestQuote } from '../lib/finance/quote-client.ts';

/** What the page asks with: the endpoint, the request built at build time, the terms to print the answer with. */
export interface QuoteCall {
  endpoint: string;
  request: FinanceQuoteRequest;
  terms: QuoteTerms;
}

/** The car's scenario from the live quote; null until (and unless) the quote provider answers. */
export const $liveQuote: WritableAtom<FinanceScenario | null> = atom<FinanceScenario | null>(null);

/** Ask once; a usable answer becomes the car's scenario, anything else leaves the store as it is. */
export async function askLiveQuote(call: QuoteCall, options: { fetch?: typeof fetch; signal?: AbortSignal } = {}): Promise<FinanceScenario | null> {
  const answer = await requestQuote(call.endpoint, call.request, options);
  if (!answer) return null;
  const scenario = quoteScenario(answer, call.terms);
  $liveQuote.set(scenario);
  return scenario;
}
