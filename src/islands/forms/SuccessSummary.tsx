/**
 * /success (spec §2): what the shopper sent and what happens next, read from the record
 * the form left in localStorage (also the older keys, LegacyLeadRecord).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { successCopy, successRecord, type LegacyLeadRecord, type SuccessSite } from '../../lib/forms/lead-success.ts';
import { readLegacyLeadRecord } from './lead-traces.ts';
import { $sentLead } from '../../stores/prefill.ts';
import '../ui/form-kit/forms.css';

export default function SuccessSummary({ site, stockHref }: { site: SuccessSite; stockHref: string }) {
  const stored = useStore($sentLead);
  const [legacy, setLegacy] = useState<LegacyLeadRecord | null>(null);
  useEffect(() => setLegacy(readLegacyLeadRecord()), []);
  // Until mounted, render what the static HTML had (nothing is known at build time).
  const record = legacy ? successRecord(legacy, stored) : { category: null, car: null, sent: [] as [string, string][], offer: null };
  const car = record.car;
  const copy = successCopy(record.category, site, { withOffer: record.offer !== null, carName: car?.name ?? null });
  return (
    <div className="success-summary" data-testid="success-summary">
      <h1>{copy.heading}</h1>
      {record.offer && (
        <div data-testid="success-offer">
          <p>Our instant offer for your {record.offer.vehicle}:</p>
          <p className="offer-price">{record.offer.amount}</p>
        </div>
      )}
      <p>{copy.next}</p>
      {car && (
        <p>
          Vehicle: <a href={`/cars/${car.slug}`}>{car.name}</a>
        </p>
      )}
      {record.sent.length > 0 && (
        <section aria-labelledby="success-sent">
          <h2 id="success-sent">What you sent us</h2>
          <dl>
            {record.sent.map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <p>
        <a className="button" href={stockHref}>
          Browse our stock
        </a>{' '}
        <a className="button button--secondary" href="/">
          Back to home
        </a>
      </p>
    </div>
  );
}
