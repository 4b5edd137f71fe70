/** The finance quote call (spec §7 POST /api/youx/quote, §8 "Quote failure silent"): who asks, what is sent, what is read. */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CarSchema, type Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { FinanceQuoteRequestSchema } from '../../schemas/api/cars.ts';
import { makeSite } from '../../../tests/fixtures/make-site.ts';
import { parseQuoteAnswer, requestQuote } from './quote-client.ts';
import { quoteRequest } from './quote-request.ts';
import { $liveQuote, askLiveQuote } from '../../stores/finance-quote.ts';

const site = (patch: Record<string, unknown> = {}): Site => makeSite({ finance_provider: 'Taurus', ...patch });
const quote = { weeklyRepaymentAmount: 255, comparisonRate: 9.6, advertisedRate: 8.49 };
const car = (patch: Record<string, unknown> = {}): Car =>
  v.parse(CarSchema, {
    id: 1,
    slug: 'a-car',
    name: '2023 BYD Seal',
    make: 'BYD',
    model: 'Seal',
    year: 2023,
    price: 52_990,
    status: 'in_stock',
    car_type: 'used',
    vin: 'LGXCE4CB0P0000001',
    nvic: 'ABC12',
    youxQuote: quote,
    ...patch,
  });

describe('quoteRequest: the cars that ask and what they send', () => {
  it("sends the spec's fields: GREAT credit, the car's price, 5 years, year, vin, nvic, who is helping", () => {
    expect(quoteRequest(car(), site())).toEqual({
      selfAssessedCreditScore: 'GREAT',
      purchasePrice: 52_990,
      loanTerm: 5,
      year: 2023,
      vin: 'LGXCE4CB0P0000001',
      nvic: 'ABC12',
      whoIsHelping: 'Test Motors',
    });
    expect(quoteRequest(car(), site({ finance: { who_is_helping: 'Finance Desk' } }))?.whoIsHelping).toBe('Finance Desk');
    // What the lead API accepts.
    expect(v.safeParse(FinanceQuoteRequestSchema, quoteRequest(car(), site())).success).toBe(true);
  });

  it('a subscription-priced car asks on its own price', () => {
    expect(quoteRequest(car({ price: 64_990, subscription_price: 499 }), site({ offers_subscription: true }))?.purchasePrice).toBe(64_990);
  });

  it.each([
    ['no quote from the provider in the feed', { youxQuote: null }],
    ['a sold car', { status: 'sold' }],
    ['no price', { price: 0 }],
    ["a price over the endpoint's $250,000", { price: 250_001 }],
  ])('%s: no call', (_name, patch) => {
    expect(quoteRequest(car(patch), site())).toBeNull();
  });
});

describe('parseQuoteAnswer: read defensively', () => {
  it('keeps a usable answer', () => {
    expect(parseQuoteAnswer(quote)).toEqual({ weeklyRepaymentAmount: 255, advertisedRate: 8.49, comparisonRate: 9.6 });
  });
  it.each([
    null,
    'text',
    {},
    { ...quote, weeklyRepaymentAmount: 0 },
    { ...quote, advertisedRate: '8.49' },
    { ...quote, advertisedRate: 0 },
    { ...quote, advertisedRate: 120 },
  ])('no answer from %o', (body) => {
    expect(parseQuoteAnswer(body)).toBeNull();
  });
  it('drops a comparison rate below the rate or missing (never printed below the rate beside it)', () => {
    expect(parseQuoteAnswer({ ...quote, comparisonRate: 7.9 })?.comparisonRate).toBeNull();
    expect(parseQuoteAnswer({ ...quote, comparisonRate: null })?.comparisonRate).toBeNull();
  });
});

describe('requestQuote and the live quote store: failures are silent', () => {
  const request = quoteRequest(car(), site())!;
  const terms = { amount: 52_990, years: 5, fees: [], rounding: 'dollar-up' as const, totalPayable: 'spec' as const, comparisonEverywhere: false };

  it("POSTs the request as JSON to the endpoint and sets the car's scenario from the answer", async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const fetchStub = (async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(JSON.stringify(quote), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    $liveQuote.set(null);
    const scenario = await askLiveQuote({ endpoint: '/api/youx/quote', request, terms }, { fetch: fetchStub });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/youx/quote');
    expect(sent[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual(request);
    expect($liveQuote.get()).toEqual(scenario);
    expect(scenario).toMatchObject({ source: 'quote', amount: 52_990, ratePercent: 8.49, published: { payment: 255, comparisonRate: 9.6 } });
  });

  it.each([
    ['a network failure', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 500', async () => new Response('oops', { status: 500 })],
    ['a body that is not JSON', async () => new Response('<html>', { status: 200 })],
    ['an answer without a repayment', async () => new Response(JSON.stringify({ advertisedRate: 8.49 }), { status: 200 })],
  ])('%s: null, nothing thrown, the store left as it was', async (_name, answer) => {
    $liveQuote.set(null);
    await expect(requestQuote('/api/youx/quote', request, { fetch: answer as unknown as typeof fetch })).resolves.toBeNull();
    await expect(askLiveQuote({ endpoint: '/api/youx/quote', request, terms }, { fetch: answer as unknown as typeof fetch })).resolves.toBeNull();
    expect($liveQuote.get()).toBeNull();
  });
});
