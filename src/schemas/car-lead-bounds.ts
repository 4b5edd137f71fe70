/**
 * The longest car values a lead carries (src/lib/forms/lead-payload.ts): the stock reader
 * refuses a longer one as a bad record (src/schemas/car.ts) and the lead API takes up to these
 * (src/schemas/lead.ts), so every car the site shows can be enquired about. Ids (the car's and
 * its dealership's) are bounded by the lead API's idValue (src/schemas/forms/fields.ts).
 */
import * as v from 'valibot';
import { idValue } from './forms/fields.ts';

export const CAR_LEAD_MAX = {
  /** `stocknum`, sent as stock_number. */
  stocknum: 100,
  /** `make`, sent as Vehicle Make. */
  make: 100,
  /** `model`, sent as Vehicle Model. */
  model: 200,
  /** `dealership_slug`, sent as dealership_slug. */
  dealership_slug: 120,
} as const;

/**
 * Whether a car's id or dealership id reaches the lead API as it is: idValue takes it and gives
 * back the same text (a cut, trimmed or reflowed id would name another car, or none).
 */
export function isLeadId(id: string | number): boolean {
  const result = v.safeParse(idValue, id);
  return result.success && result.output === String(id);
}
