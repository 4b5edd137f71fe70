/**
 * Reserve online, the deposit step: the deposit terms (site settings), how the deposit is
 * taken (by card here, or by the dealer when no provider is set), and the terms checkbox,
 * locked once a payment has started. The vehicle is named in its own noun ('We hold the bike').
 */
import type { FormSiteConfig } from '../../../lib/forms/form-config.ts';
import type { LeadCar } from '../../../lib/forms/lead-payload.ts';
import { depositTerms } from '../../../lib/forms/deposit-terms.ts';
import { kindsWording } from '../../../lib/text/template-wording.ts';
import type { FormKit } from '../../ui/form-kit/index.ts';
import { NewTabLink, NewTabNote, newTabNoteId } from '../../ui/NewTabLink.tsx';

export interface DepositStepProps {
  kit: FormKit;
  config: FormSiteConfig;
  car: LeadCar;
  deposit: number;
  online: boolean;
  paymentStarted: boolean;
}

export function DepositStep({ kit, config, car, deposit, online, paymentStarted }: DepositStepProps) {
  const { noun } = kindsWording([car.vehicle_kind ?? 'car']);
  return (
    <>
      <div className="alert alert--info" data-testid="deposit-summary">
        <p style={{ margin: 0 }}>
          {depositTerms(deposit, car.name ?? car.slug, {
            deposit_hold_hours: config.payments.depositHoldHours,
            deposit_refundable: config.payments.depositRefundable,
            deposit_terms: config.payments.depositTerms,
          })}
        </p>
      </div>
      {online ? (
        <p className="muted">
          You pay the deposit by card on this page. We hold the {noun} for you for {config.payments.holdMinutes} minutes while you pay; the {noun} is reserved
          once your payment is confirmed.
        </p>
      ) : (
        <p className="muted">No card is charged online: our team will contact you to take the deposit and confirm your reservation.</p>
      )}
      <div className="field field--check">
        <input
          id="reserve-terms_conditions"
          type="checkbox"
          checked={kit.values.terms_conditions === true}
          onChange={(event) => kit.set('terms_conditions', event.target.checked)}
          disabled={paymentStarted}
          aria-invalid={kit.errors.terms_conditions ? true : undefined}
          aria-describedby={kit.errors.terms_conditions ? 'reserve-terms_conditions-error' : undefined}
        />
        <label htmlFor="reserve-terms_conditions">
          I agree to the{' '}
          <NewTabLink href={config.termsHref} note={newTabNoteId('reserve-terms_conditions')}>
            terms of use
          </NewTabLink>{' '}
          and the reservation terms.
        </label>
        <NewTabNote id={newTabNoteId('reserve-terms_conditions')} />
        {kit.errors.terms_conditions && (
          <p className="field__error" id="reserve-terms_conditions-error">
            {kit.errors.terms_conditions}
          </p>
        )}
      </div>
    </>
  );
}
