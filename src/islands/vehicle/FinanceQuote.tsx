/**
 * Finance quote (spec §7 POST /api/youx/quote): weekly repayment, comparison and advertised
 * rate for this car. Shows the figures the feed already has, refreshes them from the quote
 * call, and stays silent when the call fails (spec §8 "Quote failure silent").
 */
import { useEffect, useState } from 'react';
import { formatMoney } from '../../lib/text/format.ts';

interface Quote {
  weeklyRepaymentAmount: number | null;
  comparisonRate: number | null;
  advertisedRate: number | null;
}

interface Props {
  endpoint: string;
  initial: Quote | null;
  /** `whoIsHelping` (spec §7): who is helping the shopper — site.json finance.who_is_helping, else the dealer's name. */
  request: { purchasePrice: number; year: number | null; vin: string | null; nvic: string | null; whoIsHelping: string };
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export default function FinanceQuote({ endpoint, initial, request }: Props) {
  const [quote, setQuote] = useState<Quote | null>(initial);
  useEffect(() => {
    const controller = new AbortController();
    fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        selfAssessedCreditScore: 'GREAT',
        purchasePrice: request.purchasePrice,
        loanTerm: 5,
        ...(request.year ? { year: request.year } : {}),
        ...(request.vin ? { vin: request.vin } : {}),
        ...(request.nvic ? { nvic: request.nvic } : {}),
        whoIsHelping: request.whoIsHelping,
      }),
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.json() : null))
      .then((data: Record<string, unknown> | null) => {
        const weekly = numberOrNull(data?.weeklyRepaymentAmount);
        if (weekly === null) return;
        setQuote({ weeklyRepaymentAmount: weekly, comparisonRate: numberOrNull(data?.comparisonRate), advertisedRate: numberOrNull(data?.advertisedRate) });
      })
      .catch(() => {
        /* silent by spec */
      });
    return () => controller.abort();
  }, [endpoint, request.purchasePrice, request.year, request.vin, request.nvic, request.whoIsHelping]);

  if (!quote || quote.weeklyRepaymentAmount === null) return null;
  return (
    <p className="finance-quote">
      Finance from <strong>{formatMoney(Math.ceil(quote.weeklyRepaymentAmount))}</strong> per week
      {quote.advertisedRate !== null && <> at {quote.advertisedRate.toFixed(2)}% p.a.</>}
      {quote.comparisonRate !== null && <> ({quote.comparisonRate.toFixed(2)}% comparison rate*)</>}
    </p>
  );
}
