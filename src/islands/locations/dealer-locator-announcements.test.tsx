// @vitest-environment happy-dom
/**
 * What the dealer locator says to a screen reader (WCAG 4.1.3): a search is answered once,
 * whole, from its one polite paragraph ('Nearest to Brisbane 4000'); a wrong postcode from
 * the alert beside the field; focus stays on Find nearest. (The audit of 2026-12-06 found
 * nothing to mend here; this keeps it so.)
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { fill } from '../../../tests/support/form-events.ts';
import { listenLive } from '../../../tests/support/live-speech.ts';
import { lookupPostcode } from '../../lib/locations/postcodes.ts';
import { FORM_MESSAGES } from '../../schemas/forms/messages.ts';
import DealerLocator, { type LocatorEntry } from './DealerLocator.tsx';

const mounted = mountRoot();
afterEach(() => window.history.replaceState(null, '', '/'));
const entry = (slug: string, lat: number, lng: number): LocatorEntry => ({
  slug,
  name: `Yard ${slug}`,
  address: '1 Main St',
  directions: 'https://maps.example/dir',
  lat,
  lng,
});

describe('DealerLocator', () => {
  it('says a search once, whole, from one polite paragraph; a wrong postcode from the alert; focus stays on the button', async () => {
    window.history.replaceState(null, '', '/dealer-locator');
    mounted.render(<DealerLocator locations={[entry('north', -27.4, 153.0), entry('south', -37.8, 144.9)]} />);
    const form = mounted.host.querySelector('form')!;
    const input = form.querySelector('input')!;
    const button = form.querySelector('button')!;
    const press = () => act(async () => void form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    expect(mounted.host.querySelectorAll('[aria-live], [role="status"]')).toHaveLength(1);
    const { said } = listenLive(mounted.host);
    const place = lookupPostcode('4000')!;
    fill(input, '4000');
    button.focus();
    await press();
    expect(said).toEqual([`Nearest to ${place.suburb} 4000`]);
    expect(document.activeElement).toBe(button);
    fill(input, '40');
    await press();
    // The alert, and the list no longer ordered by distance.
    expect(said.slice(1)).toEqual([FORM_MESSAGES.postcode, '2 locations']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(button);
  });
});
