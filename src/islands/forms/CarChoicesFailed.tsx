/**
 * What a form shows when the site's car choices could not be loaded (car-choices.ts): the one
 * message, CAR_CHOICES_FAILED, beside a Try again button that loads them again. The test-drive,
 * checkout-journey, trade-in valuation and finance forms all show this component: as an alert
 * where the form needs the car, as a quiet note where the car is optional (finance).
 */
import { useCallback, useEffect, useRef } from 'react';
import { CAR_CHOICES_FAILED, type CarChoices } from './car-choices.ts';

/**
 * The Try again handler for `choices`. Once a retry has loaded the list, focus goes to what
 * `landing` returns (what took the message's place, looked for on each render until it is
 * there), unless the shopper has moved focus meanwhile.
 */
export function useCarChoicesRetry(choices: CarChoices, landing: () => HTMLElement | null | undefined): () => void {
  const retried = useRef(false);
  useEffect(() => {
    if (!retried.current || !choices.loaded) return;
    if (choices.failed) {
      // Failed again: the message and its button stay, and so does focus.
      retried.current = false;
      return;
    }
    const target = landing();
    if (!target) return;
    retried.current = false;
    if (!document.activeElement || document.activeElement === document.body) target.focus();
  });
  const { retry } = choices;
  return useCallback(() => {
    retried.current = true;
    retry();
  }, [retry]);
}

export interface CarChoicesFailedProps {
  choices: CarChoices;
  /** From useCarChoicesRetry. */
  retry: () => void;
  /** The message's id (the button is described by it); the button's is `{id}-retry`. */
  id: string;
  /** A note (role status, no error colour) where the form works without the car. */
  quiet?: boolean;
}

/** The message and its Try again button ('Loading…' while the list loads again); render it only while `choices.failed`. */
export function CarChoicesFailed({ choices, retry, id, quiet }: CarChoicesFailedProps) {
  return (
    <span className={quiet ? undefined : 'field__error'} role={quiet ? 'status' : 'alert'} data-testid="car-choices-failed">
      <span id={id}>{CAR_CHOICES_FAILED}</span>{' '}
      <button
        id={`${id}-retry`}
        type="button"
        className="button button--secondary"
        onClick={retry}
        aria-describedby={id}
        aria-busy={!choices.loaded || undefined}
      >
        {choices.loaded ? 'Try again' : 'Loading…'}
      </button>
    </span>
  );
}
