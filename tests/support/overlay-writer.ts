/**
 * A child process for the N8 test (payments-overlay.test.ts): adds `count` entries named
 * `<tag>-<n>` to a tenant folder's reserved overlay, one read-change-write each, the way the
 * lead API (a paid deposit) and the pipeline (a feed taken) change it.
 *   node tests/support/overlay-writer.ts <tenant dir> <tag> <count>
 */
import { updateReservationOverlay } from '../../src/lib/vehicle/reservation-overlay.ts';

const [dir, tag, count] = process.argv.slice(2);
if (!dir || !tag || !count) throw new Error('usage: overlay-writer.ts <tenant dir> <tag> <count>');
for (let n = 0; n < Number(count); n++) {
  updateReservationOverlay(dir, (overlay) => ({ ...overlay, [`${tag}-${n}`]: { reference: `pi_${tag}_${n}`, reserved_at: new Date().toISOString() } }));
}
