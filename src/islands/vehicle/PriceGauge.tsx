/**
 * Price comparison gauge (spec §5 visibility, §7 GET {car path}/autogauge, §8 "failure or no
 * data: section hidden, console only", §9 animates 2.5 s). Uses the feed's comparison when the
 * car has one, else asks the lead API once the section scrolls into view.
 */
import { useEffect, useState } from 'react';
import { formatMoney } from '../../lib/text/format.ts';
import { gaugeLabel, priceGauge, type PriceComparison, type PriceGauge as Gauge } from '../../lib/vehicle/price-gauge.ts';
import { withinWait } from '../ui/bounded-wait.ts';

interface Props {
  endpoint: string;
  initial: Gauge | null;
}

export default function PriceGauge({ endpoint, initial }: Props) {
  const [gauge, setGauge] = useState<Gauge | null>(initial);
  useEffect(() => {
    if (initial) return;
    const controller = new AbortController();
    // Within the islands' bounded wait: an answer not in time is a failure, as a network failure is.
    withinWait(
      async (signal) => {
        const response = await fetch(endpoint, { headers: { accept: 'application/json' }, signal });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return (await response.json()) as PriceComparison;
      },
      { signal: controller.signal },
    )
      .then((data) => {
        const shown = priceGauge(data);
        if (shown) setGauge(shown);
        else console.info('price comparison: not enough data to show the gauge');
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('price comparison unavailable', error);
      });
    return () => controller.abort();
  }, [endpoint, initial]);

  // An empty marker keeps the island observable until data arrives.
  if (!gauge) return <div className="gauge-slot" aria-hidden="true" />;
  const label = gaugeLabel(gauge);
  return (
    <section className="vehicle-section panel" aria-labelledby="gauge-title" data-testid="price-gauge">
      <h2 id="gauge-title">Price comparison</h2>
      <p>
        <strong>{label}</strong>: {formatMoney(gauge.listingPrice)} against a market range of {formatMoney(gauge.min)} to {formatMoney(gauge.max)}.
      </p>
      <div className="gauge" role="img" aria-label={`${label}: the listing price sits at ${Math.round(gauge.fill)}% of the market range`}>
        <span className="gauge__needle" style={{ ['--fill' as string]: `${gauge.fill}%` }} />
      </div>
      <div className="gauge__scale" aria-hidden="true">
        <span>{formatMoney(gauge.min)}</span>
        <span>{formatMoney(gauge.max)}</span>
      </div>
    </section>
  );
}
