/**
 * The cars a form offers (test drive, finance, trade-in, checkout journey), read from the
 * site's one car-choices file (src/pages/car-choices.json.ts) instead of being written into
 * each form page: the pages then do not change with the stock, so a release does not render
 * them again (src/pipeline/release/plan.ts), and a big tenant's form pages stay small.
 */
import { useCallback, useEffect, useState } from 'react';
import { decodeCarChoices } from '../../lib/forms/form-config.ts';
import type { LeadCar } from '../../lib/forms/lead-payload.ts';
import { withinWait } from '../ui/bounded-wait.ts';

const loads = new Map<string, Promise<unknown>>();

/**
 * A site file read by `parse`, fetched once per page (every island of the page shares the answer);
 * a failed load, or one not done within the islands' bounded wait (src/islands/ui/bounded-wait.ts),
 * is tried again by the next caller.
 */
export function loadSiteFile<T>(url: string, parse: (text: string) => T): Promise<T> {
  let load = loads.get(url) as Promise<T> | undefined;
  if (!load) {
    load = withinWait(async (signal) => {
      const response = await fetch(url, { credentials: 'same-origin', signal });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return parse(await response.text());
    });
    loads.set(url, load);
    load.catch(() => loads.delete(url));
  }
  return load;
}

/** The car choices at `url` (the site's CAR_CHOICES_PATH). */
export function loadCarChoices(url: string): Promise<LeadCar[]> {
  return loadSiteFile(url, decodeCarChoices);
}

/** The car the page's ?car_id= names (an id or a slug), or null; the browser's URL, so read it only after hydration. */
export function linkedCarId(): string | null {
  return new URLSearchParams(location.search).get('car_id');
}

/** What a form shows when its car choices could not be loaded, beside a Try again button (CarChoicesFailed.tsx). */
export const CAR_CHOICES_FAILED = 'The vehicle list could not be loaded. Please try again.';

/** A form's car choices and how their load went. */
export interface CarChoices {
  /** Undefined when the form offers none (no `url`), else the list, empty until it has loaded or when the load failed. */
  cars: LeadCar[] | undefined;
  /** True once an answer came (also a failure); false again while `retry` loads. */
  loaded: boolean;
  /** The last load failed (reported in the console); stays true while a retry loads. */
  failed: boolean;
  /** Load the list again. */
  retry: () => void;
}

/** A form's car choices from `url` (the site's CAR_CHOICES_PATH), loaded once and again on `retry`. */
export function useCarChoices(url: string | undefined): CarChoices {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState(() => ({ cars: url ? ([] as LeadCar[]) : undefined, loaded: !url, failed: false }));
  useEffect(() => {
    if (!url) return;
    let current = true;
    loadCarChoices(url).then(
      (cars) => current && setState({ cars, loaded: true, failed: false }),
      (error: unknown) => {
        console.error('car choices could not be loaded', error);
        if (current) setState({ cars: [], loaded: true, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [url, attempt]);
  const retry = useCallback(() => {
    setState((previous) => ({ ...previous, loaded: false }));
    setAttempt((count) => count + 1);
  }, []);
  return { ...state, retry };
}
