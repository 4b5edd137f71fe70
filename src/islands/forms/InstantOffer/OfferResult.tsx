/**
 * Instant offer, after submitting: the offer (and, in 'trade-in' mode, the price the car's page
 * shows first, with its label, and that price less the offer), or, when the server withheld an online offer, its reason and the details
 * the dealer now has.
 */
import type { LeadCar } from '../../../lib/forms/lead-payload.ts';
import { formatKmInput, parseWholeNumber } from '../../../lib/forms/money-input.ts';
import { formatMoney } from '../../../lib/text/format.ts';
import type { FormKit } from '../../ui/form-kit/index.ts';

export function OfferWithheld({ kit, message, vehicleText }: { kit: FormKit; message: string; vehicleText: string }) {
  return (
    <div data-testid="offer-withheld">
      <p role="status">{message}</p>
      <dl>
        <dt>Vehicle</dt>
        <dd>{vehicleText || String(kit.values.rego ?? '').toUpperCase()}</dd>
        <dt>Odometer</dt>
        {/* As the odometer field shows it ('150,000 kms'), of the whole km the valuation and the lead read ('45,000.5 kms' is 45,000). */}
        <dd>{formatKmInput(String(parseWholeNumber(String(kit.values.odometer ?? '')) ?? ''))}</dd>
        <dt>Name</dt>
        <dd>{[kit.values['First Name'], kit.values.last_name].filter(Boolean).join(' ')}</dd>
        <dt>Email Address</dt>
        <dd>{String(kit.values['Email Address'] ?? '')}</dd>
        <dt>Mobile Number</dt>
        <dd>{String(kit.values['Mobile Number'] ?? '')}</dd>
      </dl>
    </div>
  );
}

export function OfferShown({ offer, vehicleText, car }: { offer: number | null; vehicleText: string; car: LeadCar | null }) {
  // The car's headline price (the drive-away total when the feed gives one), never the raw feed price.
  const price = car?.headline_price ?? null;
  const reduced = price && offer !== null && offer > 0 ? price.amount - offer : null;
  return (
    <div data-testid="trade-in-offer">
      <p>Our instant offer for your {vehicleText}:</p>
      <p className="offer-price" data-testid="offer-price">
        {formatMoney(offer ?? 0)}
      </p>
      {car && price !== null && (
        <dl className="offer-summary">
          <div>
            <dt>{car.name}</dt>
            <dd>
              {price.text}
              {price.label && ` ${price.label}`}
            </dd>
          </div>
          {reduced !== null && (
            <div>
              <dt>Your trade-in</dt>
              <dd>&minus;{formatMoney(offer ?? 0)}</dd>
            </div>
          )}
          {reduced !== null && reduced > 0 && (
            <div className="offer-summary__total">
              <dt>Price after your trade-in</dt>
              <dd data-testid="reduced-price">{formatMoney(reduced)}</dd>
            </div>
          )}
        </dl>
      )}
      {car && price !== null && reduced !== null && reduced <= 0 && (
        // A trade-in worth the car or more: said in words, never as a negative price.
        <p className="offer-summary__covers" data-testid="trade-in-covers">
          {reduced < 0
            ? `Your trade-in is worth ${formatMoney(-reduced)} more than the price of the ${car.name}: it covers the car in full.`
            : `Your trade-in covers the full price of the ${car.name}.`}
        </p>
      )}
      <p className="muted">The offer is valid for 7 days and subject to an inspection of your vehicle.</p>
    </div>
  );
}
