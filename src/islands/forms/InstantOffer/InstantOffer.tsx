/**
 * Instant offer (spec §4 "Instant offer", §5, §8) on /trade-in and /sell-my-car, and the
 * trade-in valuation of /cars/trade-in?car_id={id} (mode 'trade-in'): rego and state, a
 * candidate to choose, optional photos, the car's details and the shopper's contact, then
 * the offer (or the not-found panel). State and API calls: useInstantOffer(); each step is
 * a component of this folder. This file lays out the form: step list, heading, notice,
 * messages, the current step and its button.
 */
import { NOT_FOUND_MESSAGES, stepTitles } from '../../../lib/forms/instant-offer.ts';
import { ErrorSummary, FormAlert, SubmitButton } from '../../ui/form-kit/index.ts';
import { CarChoicesFailed } from '../CarChoicesFailed.tsx';
import { CollectionNotice } from '../shared-fields.tsx';
import { ChooseStep } from './ChooseStep.tsx';
import { DetailsStep } from './DetailsStep.tsx';
import { ImagesStep } from './ImagesStep.tsx';
import { NotFoundPanel } from './NotFoundPanel.tsx';
import { OfferShown, OfferWithheld } from './OfferResult.tsx';
import { useInstantOffer, type InstantOfferProps } from './use-instant-offer.ts';
import { VehicleStep } from './VehicleStep.tsx';

export type { InstantOfferProps } from './use-instant-offer.ts';

export default function InstantOffer(props: InstantOfferProps) {
  const { config } = props;
  const noun = props.vehicle ?? 'car';
  const STEP_TITLES = stepTitles(noun);
  const offer = useInstantOffer(props);
  const { kit, formId, step, numbered, withheld, car } = offer;
  const flow = step !== 'not-found' && step !== 'done';
  return (
    <form ref={kit.formRef} className="dealer-form" onSubmit={offer.submit} noValidate aria-labelledby={`${formId}-title`} data-step={step}>
      {flow && (
        <ol className="form-steps" aria-label="Steps">
          {numbered.map((each) => (
            <li key={each} aria-current={each === step ? 'step' : undefined} className={numbered.indexOf(each) < numbered.indexOf(step) ? 'is-done' : undefined}>
              {STEP_TITLES[each]}
            </li>
          ))}
        </ol>
      )}
      <h2 id={`${formId}-title`} ref={offer.heading} tabIndex={-1}>
        {step === 'not-found' ? NOT_FOUND_MESSAGES.title : step === 'done' ? (withheld ? 'Thank you, we have your details' : 'Your trade-in offer') : STEP_TITLES[step]}
      </h2>
      {car && props.mode === 'trade-in' && step !== 'done' && (
        <p id={`${formId}-car-line`} className="muted" tabIndex={-1}>
          Trade-in valuation towards the {car.name}
        </p>
      )}
      {offer.carUnknown && (
        <p>
          <CarChoicesFailed choices={offer.choices} retry={offer.retryChoices} id={`${formId}-car-choices`} />
        </p>
      )}
      {/* Privacy: the notice is on screen from the first step, so no photo or detail is sent before it shows. */}
      {flow && <CollectionNotice brand={config.brand} privacyHref={config.privacyHref} purpose="instantOffer" />}
      <ErrorSummary kit={kit} />
      {step === 'vehicle' && <VehicleStep kit={kit} />}
      {step === 'choose' && <ChooseStep kit={kit} candidates={offer.candidates} noun={noun} />}
      {step === 'images' && <ImagesStep kit={kit} noun={noun} uploaded={offer.uploaded} uploading={offer.uploading} imageAlert={offer.imageAlert} onFiles={offer.onFiles} />}
      {step === 'details' && <DetailsStep kit={kit} config={config} locations={props.locations} vehicleText={offer.vehicle ? offer.vehicleText : null} />}
      {step === 'not-found' && <NotFoundPanel phone={config.phone} onBack={() => offer.go('vehicle')} />}
      {step === 'done' && withheld && <OfferWithheld kit={kit} message={withheld} vehicleText={offer.vehicleText} />}
      {step === 'done' && !withheld && <OfferShown offer={offer.offer} vehicleText={offer.vehicleText} car={car} />}
      <FormAlert kit={kit} />
      {step !== 'not-found' && !(step === 'done' && withheld) && (
        <div className="form__actions">
          {step === 'vehicle' && <SubmitButton kit={kit} label="Get My Offer" busyLabel="Searching…" />}
          {step === 'choose' && <SubmitButton kit={kit} label="Continue" />}
          {step === 'images' && (
            <button type="submit" className="button" disabled={offer.uploading}>
              Continue
            </button>
          )}
          {step === 'details' && <SubmitButton kit={kit} label="Submit" />}
          {step === 'done' && !withheld && <SubmitButton kit={kit} label="Accept Offer" />}
        </div>
      )}
    </form>
  );
}
