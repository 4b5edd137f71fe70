import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/car.ts';
import { OVERLAY_LOCK_FILE, applyReservationOverlay, folderReservations, readReservationOverlay, settleReservationOverlay, updateReservationOverlay } from './reservation-overlay.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';

const car = (id: string, extra: Partial<Car> = {}) => makeCar({ id, slug: `car-${id}`, status: 'in_stock', ...extra });
const entry = { reference: 'pi_1', reserved_at: '2026-11-23T00:00:00.000Z' };

/** A temp folder, removed after the test. */
const temps: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('reserved overlay (issue 16)', () => {
  it('marks an overlaid car in stock reserved and leaves the others alone', () => {
    const cars = applyReservationOverlay([car('1'), car('2'), car('3', { status: 'sold' } as Partial<Car>)], { '1': entry, '3': entry });
    expect(cars.map((each) => Boolean(each.reserved))).toEqual([true, false, false]);
  });

  it('the next feed does not undo it until the feed shows the car reserved, sold or gone', () => {
    const overlay = { '1': entry, '2': entry, '3': entry, '4': entry };
    const feed = [{ id: '1', status: 'in_stock' }, { id: '2', status: 'in_stock', reserved: true }, { id: 3, status: 'sold' }];
    expect(Object.keys(settleReservationOverlay(overlay, feed))).toEqual(['1']);
  });

  it('settles on a feed that says reserved the way the car schema reads yes (1, "1", "true"), and keeps it on no (0, "false")', () => {
    const paid = { '7': { reference: 'pi_1', reserved_at: '2026-01-01' } };
    for (const reserved of [1, '1', 'true', true]) expect(settleReservationOverlay(paid, [{ id: 7, status: 'in_stock', reserved }])).toEqual({});
    for (const reserved of [0, '0', 'false', false]) expect(settleReservationOverlay(paid, [{ id: 7, status: 'in_stock', reserved }])).toEqual(paid);
  });

  it('a missing or broken file is an empty overlay; updates are written atomically', () => {
    const dir = tempDir('overlay-');
    expect(readReservationOverlay(dir)).toEqual({});
    writeFileSync(join(dir, 'reservations.json'), '{ not json');
    expect(readReservationOverlay(dir)).toEqual({});
    expect(updateReservationOverlay(dir, (overlay) => ({ ...overlay, '7': entry }))).toBe(true);
    expect(updateReservationOverlay(dir, (overlay) => ({ ...overlay, '7': entry }))).toBe(false);
    expect(JSON.parse(readFileSync(join(dir, 'reservations.json'), 'utf8'))).toEqual({ '7': entry });
  });

  it('N8: a lock left by a crashed process is broken (dead holder, or older than the stale limit); a live lock is waited for', () => {
    const dir = tempDir('overlay-lock-');
    const lock = join(dir, OVERLAY_LOCK_FILE);
    writeFileSync(lock, '2147483646 crashed');
    expect(updateReservationOverlay(dir, (overlay) => ({ ...overlay, '8': entry }))).toBe(true);
    expect(existsSync(lock)).toBe(false);
    writeFileSync(lock, `${process.pid} old`);
    utimesSync(lock, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    expect(updateReservationOverlay(dir, (overlay) => ({ ...overlay, '9': entry }))).toBe(true);
    expect(Object.keys(readReservationOverlay(dir))).toEqual(['8', '9']);
  });
});

describe('the tenant folder as Reservations (a lead API without the pipeline state)', () => {
  it('reserves a car once, unreserves by reference or any, and settles what a feed reflects', async () => {
    const dir = tempDir('overlay-folder-');
    const reservations = folderReservations(() => dir);
    expect(await reservations.reserveCar('acme', '7', 'pi_1', 't1')).toBe(true);
    expect(await reservations.reserveCar('acme', '7', 'pi_2', 't2')).toBe(false);
    expect(await reservations.of('acme')).toEqual({ '7': { reference: 'pi_1', reserved_at: 't1' } });
    expect(await reservations.unreserveCar('acme', '7', 'pi_other')).toBe(false);
    expect(await reservations.unreserveCar('acme', '7', 'pi_1')).toBe(true);
    await reservations.reserveCar('acme', '8', 'pi_3', 't3');
    await reservations.reserveCar('acme', '9', 'pi_4', 't4');
    expect(await reservations.settle('acme', [{ id: '8', status: 'sold' }, { id: '9', status: 'in_stock' }])).toEqual(['8']);
    expect(readReservationOverlay(dir)).toEqual({ '9': { reference: 'pi_4', reserved_at: 't4' } });
    expect(await reservations.unreserveCar('acme', '9', null)).toBe(true);
    expect(await reservations.of('acme')).toEqual({});
  });
});
