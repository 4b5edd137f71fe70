import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/car.ts';
import { OVERLAY_LOCK_FILE, applyReservationOverlay, readReservationOverlay, settleReservationOverlay, updateReservationOverlay } from './reservation-overlay.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';

const car = (id: string, extra: Partial<Car> = {}) => makeCar({ id, slug: `car-${id}`, status: 'in_stock', ...extra });
const entry = { reference: 'pi_1', reserved_at: '2026-11-23T00:00:00.000Z' };

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

  it('a missing or broken file is an empty overlay; updates are written atomically', () => {
    const dir = mkdtempSync(join(tmpdir(), 'overlay-'));
    expect(readReservationOverlay(dir)).toEqual({});
    writeFileSync(join(dir, 'reservations.json'), '{ not json');
    expect(readReservationOverlay(dir)).toEqual({});
    expect(updateReservationOverlay(dir, (overlay) => ({ ...overlay, '7': entry }))).toBe(true);
    expect(updateReservationOverlay(dir, (overlay) => ({ ...overlay, '7': entry }))).toBe(false);
    expect(JSON.parse(readFileSync(join(dir, 'reservations.json'), 'utf8'))).toEqual({ '7': entry });
  });

  it('N8: a lock left by a crashed process is broken (dead holder, or older than the stale limit); a live lock is waited for', () => {
    const dir = mkdtempSync(join(tmpdir(), 'overlay-lock-'));
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
