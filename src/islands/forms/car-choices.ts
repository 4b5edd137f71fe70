/**
 * The cars a form offers (test drive, finance, trade-in, checkout journey), read from the
 * site's one car-choices file (src/pages/car-choices.json.ts) instead of being written into
 * each form page: the pages then do not change with the stock, so a release does not render
 * them again (src/pipeline/release/plan.ts), and a big tenant's form pages stay small.
 */
import { useEffect, useState } from 'react';
import { decodeCarChoices } from '../../lib/forms/form-config.ts';
import type { LeadCar } from '../../lib/forms/lead-payload.ts';

const loads = new Map<string, Promise<unknown>>();

/** A site file read by `parse`, fetched once per page (every island of the page shares the answer); a failed load is tried again by the next caller. */
export function loadSiteFile<T>(url: string, parse: (text: string) => T): Promise<T> {
  let load = loads.get(url) as Promise<T> | undefined;
  if (!load) {
    load = fetch(url, { credentials: 'same-origin' }).then(async (response) => {
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

/**
 * A form's car choices: `cars` is undefined when the form offers none (no `url`), else the
 * list, empty until it has loaded; `loaded` turns true once (also after a failed load, which
 * leaves the list empty and is reported in the console).
 */
export function useCarChoices(url: string | undefined): { cars: LeadCar[] | undefined; loaded: boolean } {
  const [state, setState] = useState<{ cars: LeadCar[] | undefined; loaded: boolean }>(() => ({ cars: url ? [] : undefined, loaded: !url }));
  useEffect(() => {
    if (!url) return;
    let current = true;
    loadCarChoices(url).then(
      (cars) => current && setState({ cars, loaded: true }),
      (error: unknown) => {
        console.error('car choices could not be loaded', error);
        if (current) setState({ cars: [], loaded: true });
      },
    );
    return () => {
      current = false;
    };
  }, [url]);
  return state;
}
