/**
 * Watchlist requests (spec §7): save or remove a car for a mobile number.
 * The lead API validates the request with this schema and the browser builds it with the
 * same one (DESIGN §6). Browser-safe: valibot only.
 */
import * as v from 'valibot';
import { idValue, mobilePhone } from '../forms/fields.ts';

/** Body of POST /api/watchlist/save-car and /remove-car (spec §7). */
export const WatchlistChangeSchema = v.object({
  phone_number: mobilePhone,
  car_id: idValue,
});

export type WatchlistChange = v.InferOutput<typeof WatchlistChangeSchema>;
