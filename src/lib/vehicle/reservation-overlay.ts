/**
 * The reserved overlay (docs/payments.md): a paid online reservation marks its car reserved
 * on the live site before the dealer's own system says so. The lead API writes
 * `tenants/<slug>/reservations.json`, or with STOCK_FROM_STATE the pipeline state's table
 * (src/pipeline/state/store.ts, same rules); loadTenant lays it over the feed, so the next
 * feed does not undo it. When a feed shows the car reserved or sold, or drops it, the intake
 * removes the entry (settleReservationOverlay) and the feed decides again; a refund removes
 * it too. A missing or unreadable file is an empty overlay: it never stops a build.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../platform/fs/atomic-file.ts';
import { isFeedYes, type Car } from '../../schemas/car.ts';
import { processRuns } from '../../platform/process/runs.ts';

/** The overlay file: { "<car id>": { "reference": "<payment reference>", "reserved_at": "<ISO time>" } }. */
export const OVERLAY_FILE = 'reservations.json';
/** The lock of a change (dot-named: not part of the configuration hash). */
export const OVERLAY_LOCK_FILE = '.reservations.json.lock';
/** A lock older than this is a crashed holder's: a change takes a few milliseconds. */
const LOCK_STALE_MS = 30_000;
/** How long a change waits for the lock before it gives up with an error. */
const LOCK_WAIT_MS = 20_000;

export interface OverlayEntry {
  reference: string;
  reserved_at: string;
}

export type ReservationOverlay = Record<string, OverlayEntry>;

/**
 * Where the reserved overlay is kept: the pipeline state's table (src/pipeline/state/reservations.ts)
 * or, for a lead API without the state, the tenant folder's file (folderReservations). A process
 * chooses one at start; the payments and the intake write through it.
 */
export interface Reservations {
  /** The overlay of a tenant. */
  of(slug: string): Promise<ReservationOverlay>;
  /** Mark a car reserved; an existing entry (an earlier payment) stands. Returns whether an entry was added. */
  reserveCar(slug: string, carId: string, reference: string, reservedAt: string): Promise<boolean>;
  /** Remove a car's entry: only the one of `reference` when given (a refund), any when null. Returns whether one went. */
  unreserveCar(slug: string, carId: string, reference: string | null): Promise<boolean>;
  /** Remove the entries an accepted feed now reflects (settleReservationOverlay); returns their car ids. */
  settle(slug: string, feedRecords: readonly unknown[]): Promise<string[]>;
}

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

/** The overlay after a feed: entries whose car the feed shows reserved (the car schema's yes: isFeedYes), sold or no longer lists are done. */
export function settleReservationOverlay(overlay: ReservationOverlay, feedRecords: readonly unknown[]): ReservationOverlay {
  const byId = new Map<string, Record<string, unknown>>();
  for (const record of feedRecords) {
    if (record && typeof record === 'object' && 'id' in record) byId.set(String((record as { id: unknown }).id), record as Record<string, unknown>);
  }
  const kept: ReservationOverlay = {};
  for (const [carId, entry] of Object.entries(overlay)) {
    const record = byId.get(carId);
    const caughtUp = !record || isFeedYes(record.reserved) || record.status === 'sold';
    if (!caughtUp) kept[carId] = entry;
  }
  return kept;
}

/** Write the overlay atomically (readers see the old file or the new one); an empty overlay removes nothing but is written as {}. */
export function writeReservationOverlay(tenantDir: string, overlay: ReservationOverlay): void {
  writeFileAtomic(join(tenantDir, OVERLAY_FILE), `${JSON.stringify(overlay, null, 1)}\n`);
}

/**
 * Change the overlay of a tenant folder (read, change, write under the lock); returns whether
 * it changed. The lock file is created with O_EXCL; a lock of a dead process or older than
 * LOCK_STALE_MS is broken, so the API and the pipeline never lose each other's entries.
 */
export function updateReservationOverlay(tenantDir: string, change: (overlay: ReservationOverlay) => ReservationOverlay): boolean {
  return withOverlayLock(tenantDir, () => {
    const before = readReservationOverlay(tenantDir);
    const after = change({ ...before });
    if (JSON.stringify(after) === JSON.stringify(before)) return false;
    writeReservationOverlay(tenantDir, after);
    return true;
  });
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Break the lock when its holder died or it is older than LOCK_STALE_MS; a lock taken meanwhile by a live process is put back. */
function breakStaleLock(lock: string): void {
  let holder: string;
  let age: number;
  try {
    holder = readFileSync(lock, 'utf8');
    age = Date.now() - statSync(lock).mtimeMs;
  } catch {
    return; // released meanwhile
  }
  const pid = Number(holder.split(' ')[0]);
  if (age < LOCK_STALE_MS && (!Number.isInteger(pid) || pid <= 0 || processRuns(pid))) return;
  const aside = `${lock}.stale-${process.pid}-${randomBytes(3).toString('hex')}`;
  try {
    renameSync(lock, aside);
  } catch {
    return; // another process broke it first
  }
  try {
    if (readFileSync(aside, 'utf8') !== holder) linkSync(aside, lock); // a fresh lock was moved by mistake: put it back
  } catch {
    /* a newer lock exists already: that one stands */
  }
  unlinkSync(aside);
}

/** Run `work` holding the tenant folder's overlay lock (O_EXCL create; waits, breaks stale locks). */
function withOverlayLock<T>(tenantDir: string, work: () => T): T {
  const lock = join(tenantDir, OVERLAY_LOCK_FILE);
  const token = `${process.pid} ${randomBytes(6).toString('hex')}`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let tries = 0; ; tries++) {
    try {
      writeFileSync(lock, token, { flag: 'wx' });
      break;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    breakStaleLock(lock);
    if (Date.now() > deadline) throw new Error(`the reserved overlay of ${tenantDir} stayed locked for ${LOCK_WAIT_MS / 1000} s (${lock}); remove that file if no process is changing the overlay`);
    pause(Math.min(50, 1 + tries) + Math.floor(Math.random() * 3));
  }
  try {
    return work();
  } finally {
    try {
      if (readFileSync(lock, 'utf8') === token) unlinkSync(lock);
    } catch {
      /* broken as stale by another process: nothing of ours to remove */
    }
  }
}

/** The tenant folders' files as Reservations (each change under the folder's lock): the adapter of a lead API without the pipeline state. */
export function folderReservations(tenantDirOf: (slug: string) => string): Reservations {
  return {
    of: async (slug) => readReservationOverlay(tenantDirOf(slug)),
    reserveCar: async (slug, carId, reference, reservedAt) =>
      updateReservationOverlay(tenantDirOf(slug), (overlay) => ({ ...overlay, [carId]: overlay[carId] ?? { reference, reserved_at: reservedAt } })),
    unreserveCar: async (slug, carId, reference) =>
      updateReservationOverlay(tenantDirOf(slug), (overlay) => {
        if (overlay[carId] && (reference === null || overlay[carId]!.reference === reference)) delete overlay[carId];
        return overlay;
      }),
    settle: async (slug, feedRecords) => {
      const settled: string[] = [];
      updateReservationOverlay(tenantDirOf(slug), (overlay) => {
        const kept = settleReservationOverlay(overlay, feedRecords);
        settled.push(...Object.keys(overlay).filter((carId) => !kept[carId]));
        return kept;
      });
      return settled;
    },
  };
}
