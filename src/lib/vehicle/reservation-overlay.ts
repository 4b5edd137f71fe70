/**
 * The reserved overlay (issue 16, docs/payments.md): a paid online reservation marks its car
 * reserved on the live site before the dealer's own system says so. The lead API writes
 * `tenants/<slug>/reservations.json`; wherever stock is read (loadTenant: builds, the
 * pipeline, the API) the overlay is laid over the feed, so the next feed does not undo it.
 * When a feed itself shows the car reserved or sold, or drops it, the dealer's system has
 * caught up and the pipeline's intake removes the entry (settleReservationOverlay); from
 * then on the feed decides again. A refund removes the entry too.
 *
 * File format: { "<car id>": { "reference": "<payment reference>", "reserved_at": "<ISO time>" } }.
 * A missing or unreadable file is an empty overlay: it never stops a build.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Car } from '../../schemas/car.ts';

export const OVERLAY_FILE = 'reservations.json';

export interface OverlayEntry {
  reference: string;
  reserved_at: string;
}

export type ReservationOverlay = Record<string, OverlayEntry>;

/** Only well-formed entries of parsed overlay JSON. */
export function overlayFromJson(data: unknown): ReservationOverlay {
  const overlay: ReservationOverlay = {};
  if (!data || typeof data !== 'object' || Array.isArray(data)) return overlay;
  for (const [carId, entry] of Object.entries(data as Record<string, unknown>)) {
    if (!entry || typeof entry !== 'object') continue;
    const { reference, reserved_at: reservedAt } = entry as Record<string, unknown>;
    if (typeof reference === 'string' && typeof reservedAt === 'string') overlay[carId] = { reference, reserved_at: reservedAt };
  }
  return overlay;
}

/** The tenant folder's overlay ({} when absent or unreadable). */
export function readReservationOverlay(tenantDir: string): ReservationOverlay {
  const file = join(tenantDir, OVERLAY_FILE);
  if (!existsSync(file)) return {};
  try {
    return overlayFromJson(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return {};
  }
}

/** Cars with the overlay applied: an overlaid car still in stock is reserved. */
export function applyReservationOverlay(cars: Car[], overlay: ReservationOverlay): Car[] {
  if (Object.keys(overlay).length === 0) return cars;
  return cars.map((car) => (overlay[String(car.id)] && car.status === 'in_stock' && !car.reserved ? { ...car, reserved: true } : car));
}

/** The overlay after a feed: entries whose car the feed shows reserved, sold or no longer lists are done. */
export function settleReservationOverlay(overlay: ReservationOverlay, feedRecords: readonly unknown[]): ReservationOverlay {
  const byId = new Map<string, Record<string, unknown>>();
  for (const record of feedRecords) {
    if (record && typeof record === 'object' && 'id' in record) byId.set(String((record as { id: unknown }).id), record as Record<string, unknown>);
  }
  const kept: ReservationOverlay = {};
  for (const [carId, entry] of Object.entries(overlay)) {
    const record = byId.get(carId);
    const caughtUp = !record || record.reserved === true || record.status === 'sold';
    if (!caughtUp) kept[carId] = entry;
  }
  return kept;
}

/** Write the overlay atomically (readers see the old file or the new one); an empty overlay removes nothing but is written as {}. */
export function writeReservationOverlay(tenantDir: string, overlay: ReservationOverlay): void {
  const file = join(tenantDir, OVERLAY_FILE);
  const temporary = `${file}.tmp-${process.pid}-${randomBytes(3).toString('hex')}`;
  writeFileSync(temporary, `${JSON.stringify(overlay, null, 1)}\n`);
  renameSync(temporary, file);
}

/** Change the overlay of a tenant folder (read, change, write); returns whether it changed. */
export function updateReservationOverlay(tenantDir: string, change: (overlay: ReservationOverlay) => ReservationOverlay): boolean {
  const before = readReservationOverlay(tenantDir);
  const after = change({ ...before });
  if (JSON.stringify(after) === JSON.stringify(before)) return false;
  writeReservationOverlay(tenantDir, after);
  return true;
}
