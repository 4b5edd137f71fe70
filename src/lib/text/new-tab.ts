/**
 * The words a link that opens a new tab adds to its name, visually hidden after its visible
 * text (`<span class="visually-hidden">{NEW_TAB_NOTE}</span>`), so a screen reader hears it before
 * the tab opens: one wording on every page.
 */
export const NEW_TAB_NOTE = ' (opens in a new tab)';
