/**
 * The car types of spec §3 (new, used, demo): the Car schema's `car_type`, a promo's `display`,
 * stock rules and the lead form's vehicle of interest all name this list. Its own file, free of
 * valibot, so that islands (promos) can name it without loading the schemas.
 */
export const CAR_TYPES = ['new', 'used', 'demo'] as const;

/** One car type. */
export type CarType = (typeof CAR_TYPES)[number];
