/**
 * Test-drive bookings stored without their end (appointments.ends_at NULL): a row an API process
 * older than migration 310 writes during a rolling restart. The clash check and the
 * availability list read such a booking as holding the car for an hour from its start, as the
 * grid slot that process booked did. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { DATABASES, POSTGRES_SKIP_REASON, tempDir, testApp, testDatabase, writeTestTenants } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const contact = { name: 'Jo', email: 'jo@example.com', phone: '0412345678', postcode: '4000' };
const clock = Date.parse('2026-03-05T23:00:00Z'); // Friday 9am in Brisbane

for (const kind of DATABASES) {
  const skip = kind === 'postgres' ? POSTGRES_SKIP_REASON : undefined;
  if (skip) console.warn(`skipping PostgreSQL test-drive booking tests: ${skip}`);
  describe.skipIf(skip !== undefined)(`test-drive bookings without their end on ${kind}`, () => {
    let app: LeadApi;
    let folder: ReturnType<typeof tempDir>;
    let database: Awaited<ReturnType<typeof testDatabase>>;

    beforeAll(async () => {
      folder = tempDir('test-drive-bookings-');
      writeTestTenants(`${folder.dir}/tenants`);
      database = await testDatabase(kind, folder.dir);
      app = await testApp(database.db, `${folder.dir}/tenants`, { now: () => clock });
    });
    afterAll(async () => {
      await app?.close();
      await database?.stop();
      folder?.remove();
    });

    /** A booking as a process before migration 310 writes it: no ends_at. */
    const olderProcessBooks = (id: string, carId: string, iso: string) =>
      database.db.run('INSERT INTO appointments (id, tenant, car_id, starts_at, lead_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        id,
        'alpha',
        carId,
        Date.parse(iso),
        `lead-${id}`,
        clock,
      ]);
    const testDrive = (dateTime: string) =>
      app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, category: 'Test Drive', car_id: 1, dateTime } });
    const listed = async (date: string) =>
      (await app.inject({ method: 'GET', url: '/api/test-drive/availability?car_id=1&days=8', headers: ALPHA }))
        .json()
        .days.find((day: { date: string }) => day.date === date)
        .slots.map((slot: { label: string }) => slot.label);

    it('holds an hour from its start: a drive overlapping it is refused (409), one after it taken, and the list leaves off the slots it overlaps', async () => {
      await olderProcessBooks('older-1', '1', '2026-03-11T10:30:00+10:00');
      expect(await listed('2026-03-11')).toEqual(['9:00am', '12:00pm', '1:00pm', '2:00pm', '3:00pm', '4:00pm']);
      for (const clash of ['2026-03-11T10:00', '2026-03-11T11:00', '2026-03-11T11:29'])
        expect([clash, (await testDrive(clash)).statusCode]).toEqual([clash, 409]);
      expect((await testDrive('2026-03-11T11:30')).statusCode).toBe(201);
      expect((await testDrive('2026-03-11T09:00')).statusCode).toBe(201);
    });
  });
}
