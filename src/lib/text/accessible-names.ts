/**
 * Accessible names of links and buttons beyond their visible words. NEW_TAB_NOTE is what a link
 * that opens a new tab adds to its name, so a screen reader hears it before the tab opens: one
 * wording on every page. `nameOf` is the name of a control a page repeats (a card's Save, a
 * location's View Our Stock), set as its `aria-label`: the visible label first (WCAG 2.5.3),
 * then what it acts on (2.4.4). An `aria-label`, not a visually-hidden span after the label:
 * such a span is absolutely positioned, so browsers (Chromium, and Playwright's and axe's name
 * computations) read it as a block and put a space before it ('Save : 2021 Toyota Corolla').
 */
export const NEW_TAB_NOTE = ' (opens in a new tab)';

/** The accessible name of a repeated control: `label`, then what it acts on ('Save: 2021 Toyota Corolla'). */
export function nameOf(label: string, subject: string): string {
  return `${label}: ${subject}`;
}

/** The name of a location's Get Directions link, which opens the route in a new tab. */
export function directionsName(location: string): string {
  return `Get Directions to ${location}${NEW_TAB_NOTE}`;
}
