// @vitest-environment happy-dom
/**
 * The Save and Compare toggles of a car say their state in their words (Save or Saved, Compare
 * or Comparing): a button whose name changes is a plain button, not also a pressed toggle, which
 * keeps one name (WAI-ARIA APG button pattern; docs/decisions.md "Toggle buttons").
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mountRoot } from '../../../tests/support/mount-root.ts';
import { click, settle } from '../../../tests/support/form-events.ts';
import { controlNames } from '../../../tests/support/control-names.ts';
import { clearCompare } from '../../stores/compare.ts';
import { removeFavourite } from '../../stores/favourites.ts';
import SaveCompare from './SaveCompare.tsx';

const mounted = mountRoot();
const car = { id: '7', name: '2021 Toyota Corolla', slug: '2021-toyota-corolla-7', make: null, model: null, primary_image_url: null };

// The stores are the page's own (localStorage): emptied again while the island still listens.
afterEach(() =>
  act(() => {
    removeFavourite(car.id);
    clearCompare();
  }),
);

/** Each toggle's accessible name, aria-pressed and chosen look, in the order shown. */
function toggles() {
  return [...mounted.host.querySelectorAll('button')].map((button) => ({
    name: controlNames(button.outerHTML)[0]!.name,
    pressed: button.getAttribute('aria-pressed'),
    // The look of the chosen state hangs on a class.
    on: button.classList.contains('save-compare__button--on'),
  }));
}

describe('SaveCompare: each toggle’s name says its state', () => {
  it('Save becomes Saved and Compare becomes Comparing, with no aria-pressed beside the changing name', async () => {
    mounted.render(<SaveCompare car={car} saveEligible favouritesEnabled compareEligible />);
    await settle();
    const before = toggles();
    for (const button of mounted.host.querySelectorAll('button')) click(button);
    await settle();
    expect([before, toggles()]).toEqual([
      [
        { name: 'Save: 2021 Toyota Corolla', pressed: null, on: false },
        { name: 'Compare: 2021 Toyota Corolla', pressed: null, on: false },
      ],
      [
        { name: 'Saved: 2021 Toyota Corolla', pressed: null, on: true },
        { name: 'Comparing: 2021 Toyota Corolla', pressed: null, on: true },
      ],
    ]);
  });
});
