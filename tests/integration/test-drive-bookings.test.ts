/**
 * Test-drive bookings stored without their end (appointments.ends_at NULL): the rows booked
 * before migration 310, and a row an API process older than it writes during a rolling restart.
 * Such a booking holds the car as that process's bookings did: on the local grid an hour from
 * its start (the clash check and the availability list alike), with an appointments provider
 * (APPOINTMENTS_API_URL) its start alone. On SQLite and PostgreSQL.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { openDatabase, LEAD_API_SCHEMA, type SqlDatabase } from '../../src/server/database.ts';
import { openDatabase as openWithSchema, type DatabaseConfig } from '../../src/platform/sql/db.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/dev-postgres.ts';
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

/** An appointments provider on loopback: its slots on 11 March 2026 (Brisbane) are 10:00 and 10:30. */
async function startProvider(): Promise<{ server: Server; url: string }> {
  const days = [{ date: '2026-03-11', slots: ['10:00', '10:30'].map((time) => ({ start: `2026-03-11T${time}:00+10:00`, label: time })) }];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ timezone: 'Australia/Brisbane', days })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

for (const kind of DATABASES) {
  const skip = kind === 'postgres' ? POSTGRES_SKIP_REASON : undefined;
  describe.skipIf(skip !== undefined)(`test-drive bookings made before migration 310 on ${kind}`, () => {
    let folder: ReturnType<typeof tempDir>;
    let postgres: ThrowawayPostgres | undefined;
    let db: SqlDatabase;
    let provider: { server: Server; url: string };
    let local: LeadApi;
    let withProvider: LeadApi;

    beforeAll(async () => {
      folder = tempDir('test-drive-bookings-310-');
      writeTestTenants(`${folder.dir}/tenants`);
      postgres = kind === 'postgres' ? await startThrowawayPostgres() : undefined;
      const config: DatabaseConfig = postgres
        ? { kind: 'postgres', url: postgres.url, poolSize: 5 }
        : { kind: 'sqlite', file: join(folder.dir, 'leads.sqlite') };
      // The database without migration 310, with bookings made under that schema: each row its start alone.
      const before = await openWithSchema(config, {
        ...LEAD_API_SCHEMA,
        migrations: LEAD_API_SCHEMA.migrations.filter((migration) => migration.version !== 310),
      });
      const booked = [
        // With a provider: its 10:00 slot on car 1.
        ['provider-10', '1', '2026-03-11T10:00:00+10:00'],
        // On the local grid: a typed 9:15 on car 2 took the 9:00 and 10:00 slots, an hour each.
        ['grid-9', '2', '2026-03-11T09:00:00+10:00'],
        ['grid-10', '2', '2026-03-11T10:00:00+10:00'],
      ];
      for (const [id, carId, iso] of booked) {
        await before.run('INSERT INTO appointments (id, tenant, car_id, starts_at, lead_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
          id,
          'alpha',
          carId,
          Date.parse(iso!),
          `lead-${id}`,
          clock,
        ]);
      }
      await before.close();
      db = await openDatabase(config);
      provider = await startProvider();
      local = await testApp(db, `${folder.dir}/tenants`, { now: () => clock });
      withProvider = await testApp(db, `${folder.dir}/tenants`, { now: () => clock, providers: { appointments: { url: provider.url, key: 'k' } } });
    });
    afterAll(async () => {
      await withProvider?.close();
      await local?.close();
      await db?.close();
      await postgres?.stop();
      await new Promise((resolve) => provider?.server.close(resolve));
      folder?.remove();
    });

    const testDrive = (app: LeadApi, carId: number, dateTime: string) =>
      app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, category: 'Test Drive', car_id: carId, dateTime } });

    it("a provider's booking holds its start alone, as it did: the provider's 10:30 slot is booked, its 10:00 is not booked twice", async () => {
      expect((await testDrive(withProvider, 1, '2026-03-11T10:30:00+10:00')).statusCode).toBe(201);
      expect((await testDrive(withProvider, 1, '2026-03-11T10:00:00+10:00')).statusCode).toBe(409);
    });

    it('a grid slot booked on the local grid holds its hour, as it did: a drive over it is refused, the list leaves off its slots', async () => {
      for (const clash of ['2026-03-11T09:30', '2026-03-11T10:30']) expect([clash, (await testDrive(local, 2, clash)).statusCode]).toEqual([clash, 409]);
      const days = (await local.inject({ method: 'GET', url: '/api/test-drive/availability?car_id=2&days=8', headers: ALPHA })).json().days;
      expect(days.find((day: { date: string }) => day.date === '2026-03-11').slots[0].label).toBe('11:00am');
      expect((await testDrive(local, 2, '2026-03-11T11:00')).statusCode).toBe(201);
    });
  });
}
