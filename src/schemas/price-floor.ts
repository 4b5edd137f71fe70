/** Prices at or below this are placeholders in feeds ($1, $10), never a real price (spec §4). */
export const MIN_DISPLAY_PRICE = 10;
