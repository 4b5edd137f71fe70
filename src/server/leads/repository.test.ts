/**
 * The lead write and the outbox's table over an in-memory SQLite database: a lead is stored
 * with one delivery job per destination, a retried Idempotency-Key is a replay, a later step
 * merges into the lead and gets a job only when none is waiting, a test drive clashing with
 * a booked one rolls the whole lead back, and dead letters are listed and retried by tenant or lead.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqlDatabase } from '../database.ts';
import { UNENDED_GRID_BOOKING_MS } from '../features/cars/appointments.ts';
import { LeadRepository, OutboxRepository, leadKey } from './repository.ts';

let db: SqlDatabase;
let leads: LeadRepository;
let outbox: OutboxRepository;

beforeEach(async () => {
  db = await openDatabase({ kind: 'sqlite', file: ':memory:' });
  leads = new LeadRepository(db);
  outbox = new OutboxRepository(db);
});

afterEach(async () => {
  await db.close();
});

/** How long a booking stored without its end holds the car on the local grid (AppointmentsAdapter.unendedMs). */
const enquiry = { category: 'General Enquiry', name: 'Jo', last_name: 'Citizen', email: 'jo@example.com', phone: '0412000001', form_completed: true };

describe('LeadRepository.save', () => {
  it('stores a new lead with its columns and one pending job per destination', async () => {
    const result = await leads.save({ tenant: 'alpha', values: enquiry, destinations: ['crm', 'email'], now: 1000 });
    expect(result).toMatchObject({ status: 'created', revision: 1 });
    const id = (result as { id: string }).id;
    const lead = await leads.get('alpha', id);
    expect(lead).toMatchObject({
      tenant: 'alpha',
      category: 'General Enquiry',
      name: 'Jo Citizen',
      email: 'jo@example.com',
      phone: '0412000001',
      form_completed: true,
      revision: 1,
      created_at: 1000,
    });
    expect(lead?.data).toEqual(enquiry);
    expect(await leads.get('beta', id)).toBeUndefined();
    expect(await outbox.deliveriesOf(id)).toEqual([
      { destination: 'crm', status: 'pending', attempts: 0, revision: 1, idempotency_key: `${id}:crm:1` },
      { destination: 'email', status: 'pending', attempts: 0, revision: 1, idempotency_key: `${id}:email:1` },
    ]);
  });

  it('takes the name, e-mail and phone from the form-builder field names when the plain ones are absent; the category defaults', async () => {
    const result = await leads.save({
      tenant: 'alpha',
      values: { 'First Name': 'Sam', 'Email Address': 'sam@example.com', 'Mobile Number': '0412000002' },
      destinations: [],
      now: 1,
    });
    const lead = await leads.get('alpha', (result as { id: string }).id);
    expect(lead).toMatchObject({ category: 'General Enquiry', name: 'Sam', email: 'sam@example.com', phone: '0412000002', car_id: null, subcategory: null });
  });

  it('a retried first submission (same Idempotency-Key, same tenant) is answered with the first lead and stores nothing', async () => {
    const clientKey = leadKey('browser', 'k-1');
    const first = await leads.save({ tenant: 'alpha', clientKey, values: enquiry, destinations: ['crm'], now: 1 });
    const again = await leads.save({ tenant: 'alpha', clientKey, values: enquiry, destinations: ['crm'], now: 2 });
    expect(again).toEqual({ status: 'replayed', id: (first as { id: string }).id, revision: 1 });
    expect(await leads.count('alpha')).toBe(1);
    expect(await outbox.deliveryCounts()).toEqual({ pending: 1 });
    // The key is the tenant's: another tenant's lead with the same key is a new lead.
    expect(await leads.save({ tenant: 'beta', clientKey, values: enquiry, destinations: [], now: 3 })).toMatchObject({ status: 'created' });
    expect(await leads.count()).toBe(2);
  });

  it('a retry after the deploy that gave browser keys their prefix finds the lead an earlier release stored under the key as sent', async () => {
    const first = await leads.save({ tenant: 'alpha', clientKey: leadKey('browser', 'k-before'), values: enquiry, destinations: ['crm'], now: 1 });
    const id = (first as { id: string }).id;
    // What the earlier release stored: the header itself.
    await db.run('UPDATE leads SET client_key = $1 WHERE id = $2', ['k-before', id]);
    const retried = await leads.save({ tenant: 'alpha', clientKey: leadKey('browser', 'k-before'), values: enquiry, destinations: ['crm'], now: 2 });
    expect(retried).toEqual({ status: 'replayed', id, revision: 1 });
    expect(await leads.count('alpha')).toBe(1);
    expect(await outbox.deliveryCounts()).toEqual({ pending: 1 });
  });

  it('an earlier release (rolling deploy) cannot store a lead again under the key as sent once this release stored the browser key', async () => {
    const now = Date.now();
    expect(await leads.save({ tenant: 'alpha', clientKey: leadKey('browser', 'k-after'), values: enquiry, destinations: [], now })).toMatchObject({
      status: 'created',
    });
    // The earlier release's write on SQLite: its lookup of the key as sent found nothing, so it inserts.
    const insert = `INSERT INTO leads (id, tenant, category, data, created_at, updated_at, client_key) VALUES ($1, 'alpha', 'General Enquiry', '{}', $2, $2, $3)`;
    await expect(db.run(insert, ['old-1', now, 'k-after'])).rejects.toThrow(/UNIQUE/);
    expect(await leads.count('alpha')).toBe(1);
    // Another tenant's key, and a key as sent naming a server's key, are not the same key.
    await db.run(insert.replace("'alpha'", "'beta'"), ['old-2', now, 'k-after']);
    await db.run(insert, ['old-3', now, 'browser:spin-to-win:s-1']);
    expect(await leads.save({ tenant: 'alpha', clientKey: leadKey('spin-to-win', 's-1'), values: enquiry, destinations: [], now })).toMatchObject({
      status: 'created',
    });
  });

  it("never finds a server's lead through that fallback: a browser key naming a payment attempt or a spin is a new lead", async () => {
    for (const [owner, key] of [
      ['online-payment', 'attempt-1'],
      ['spin-to-win', 'spin-1'],
    ] as const) {
      const made = await leads.save({ tenant: 'alpha', clientKey: leadKey(owner, key), values: enquiry, destinations: [], now: 1 });
      const posted = await leads.save({ tenant: 'alpha', clientKey: leadKey('browser', `${owner}:${key}`), values: enquiry, destinations: [], now: 2 });
      expect(posted).toMatchObject({ status: 'created' });
      expect((posted as { id: string }).id).not.toBe((made as { id: string }).id);
    }
  });

  it('a step with form_completed false is stored but not delivered; the last step merges, raises the revision and is delivered', async () => {
    const first = await leads.save({ tenant: 'alpha', values: { category: 'Finance', name: 'Jo', form_completed: false }, destinations: ['crm'], now: 1 });
    const id = (first as { id: string }).id;
    expect(await outbox.deliveriesOf(id)).toEqual([]);
    const last = await leads.save({
      tenant: 'alpha',
      leadId: id,
      values: { email: 'jo@example.com', form_completed: true, name: undefined },
      destinations: ['crm'],
      now: 5,
    });
    expect(last).toEqual({ status: 'updated', id, revision: 2, data: { category: 'Finance', name: 'Jo', email: 'jo@example.com', form_completed: true } });
    const lead = await leads.get('alpha', id);
    expect(lead).toMatchObject({ name: 'Jo', email: 'jo@example.com', category: 'Finance', form_completed: true, revision: 2, created_at: 1, updated_at: 5 });
    expect(await outbox.deliveriesOf(id)).toMatchObject([{ destination: 'crm', revision: 2, idempotency_key: `${id}:crm:2` }]);
  });

  it('a later step adds no job while the first still waits unleased, and one for its revision once the first is leased', async () => {
    const first = await leads.save({ tenant: 'alpha', values: enquiry, destinations: ['crm'], now: 1 });
    const id = (first as { id: string }).id;
    await leads.save({ tenant: 'alpha', leadId: id, values: { message: 'a second step' }, destinations: ['crm'], now: 2 });
    expect((await outbox.deliveriesOf(id)).map((job) => job.revision)).toEqual([1]);
    expect(await outbox.claimDeliveries(3, 10, 60_000)).toHaveLength(1);
    await leads.save({ tenant: 'alpha', leadId: id, values: { message: 'a third step' }, destinations: ['crm'], now: 4 });
    expect((await outbox.deliveriesOf(id)).map((job) => job.revision)).toEqual([1, 3]);
  });

  it("a step for another tenant's lead, or an unknown one, is not found and changes nothing", async () => {
    const first = await leads.save({ tenant: 'alpha', values: enquiry, destinations: [], now: 1 });
    const id = (first as { id: string }).id;
    expect(await leads.save({ tenant: 'beta', leadId: id, values: { name: 'Mallory' }, destinations: [], now: 2 })).toEqual({ status: 'not-found' });
    expect(await leads.save({ tenant: 'alpha', leadId: '00000000-0000-4000-8000-000000000000', values: {}, destinations: [], now: 2 })).toEqual({
      status: 'not-found',
    });
    expect((await leads.get('alpha', id))?.name).toBe('Jo Citizen');
  });

  it('a clashing test drive rolls the lead and its jobs back; the booked drives are those holding the car in [from, to)', async () => {
    const appointment = { carId: '7', startsAt: 10_000, endsAt: 20_000, unendedMs: UNENDED_GRID_BOOKING_MS };
    expect(await leads.save({ tenant: 'alpha', values: enquiry, destinations: ['crm'], appointment, now: 1 })).toMatchObject({ status: 'created' });
    expect(await leads.save({ tenant: 'alpha', values: enquiry, destinations: ['crm'], appointment, now: 2 })).toEqual({ status: 'drive-clash' });
    expect(await leads.count('alpha')).toBe(1);
    expect(await outbox.deliveryCounts()).toEqual({ pending: 1 });
    // Another tenant's car 7 is another car.
    expect(await leads.save({ tenant: 'beta', values: enquiry, destinations: [], appointment, now: 3 })).toMatchObject({ status: 'created' });
    await leads.save({
      tenant: 'alpha',
      values: enquiry,
      destinations: [],
      appointment: { carId: '7', startsAt: 20_000, endsAt: 30_000, unendedMs: UNENDED_GRID_BOOKING_MS },
      now: 4,
    });
    expect(await leads.bookedDrives('alpha', '7', 10_000, 20_000, UNENDED_GRID_BOOKING_MS)).toEqual([{ startsAt: 10_000, endsAt: 20_000 }]);
    expect(await leads.bookedDrives('alpha', '7', 15_000, 20_001, UNENDED_GRID_BOOKING_MS)).toEqual([
      { startsAt: 10_000, endsAt: 20_000 },
      { startsAt: 20_000, endsAt: 30_000 },
    ]);
    expect(await leads.bookedDrives('alpha', '7', 0, 40_000, UNENDED_GRID_BOOKING_MS)).toHaveLength(2);
    expect(await leads.bookedDrives('alpha', '7', 30_000, 40_000, UNENDED_GRID_BOOKING_MS)).toEqual([]);
    expect(await leads.bookedDrives('alpha', '8', 0, 30_000, UNENDED_GRID_BOOKING_MS)).toEqual([]);
  });
});

describe("LeadRepository.save: a test drive clashes on the drives' own times", () => {
  const drive = (startsAt: number, endsAt = startsAt + 10_000) => ({ carId: '7', startsAt, endsAt, unendedMs: UNENDED_GRID_BOOKING_MS });
  const book = (appointment: ReturnType<typeof drive>, now = 1) => leads.save({ tenant: 'alpha', values: enquiry, destinations: ['crm'], appointment, now });

  it('takes drives that only meet or sit apart, refuses one overlapping a booked drive at any start, and rolls its lead back', async () => {
    for (const startsAt of [10_000, 20_000, 35_000]) expect(await book(drive(startsAt))).toMatchObject({ status: 'created' });
    for (const startsAt of [1_000, 15_000, 29_999, 40_000]) expect([startsAt, await book(drive(startsAt))]).toEqual([startsAt, { status: 'drive-clash' }]);
    // A drive inside a booked one, and one around it.
    expect(await book(drive(21_000, 22_000))).toEqual({ status: 'drive-clash' });
    expect(await book(drive(34_000, 50_000))).toEqual({ status: 'drive-clash' });
    expect(await leads.count('alpha')).toBe(3);
    expect(await outbox.deliveryCounts()).toEqual({ pending: 3 });
    expect(await book(drive(30_000, 35_000))).toMatchObject({ status: 'created' });
    expect((await leads.bookedDrives('alpha', '7', 0, 60_000, UNENDED_GRID_BOOKING_MS)).map((booked) => booked.startsAt)).toEqual([
      10_000, 20_000, 30_000, 35_000,
    ]);
  });

  it('a booking stored without its end (before migration 310) holds unendedMs from its start: an hour on the local grid, its start alone with a provider', async () => {
    const START = 10_000;
    await db.run('INSERT INTO appointments (id, tenant, car_id, starts_at, lead_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      'old',
      'alpha',
      '7',
      START,
      'lead-old',
      1,
    ]);
    const half = START + UNENDED_GRID_BOOKING_MS / 2;
    expect(await book({ carId: '7', startsAt: half, endsAt: half + 10_000, unendedMs: UNENDED_GRID_BOOKING_MS })).toEqual({ status: 'drive-clash' });
    expect(await leads.bookedDrives('alpha', '7', 0, 3 * UNENDED_GRID_BOOKING_MS, UNENDED_GRID_BOOKING_MS)).toEqual([
      { startsAt: START, endsAt: START + UNENDED_GRID_BOOKING_MS },
    ]);
    expect(await book({ carId: '7', startsAt: START, endsAt: START, unendedMs: 0 })).toEqual({ status: 'drive-clash' });
    expect(await book({ carId: '7', startsAt: half, endsAt: half, unendedMs: 0 })).toMatchObject({ status: 'created' });
    expect(await leads.bookedDrives('alpha', '7', 0, 3 * UNENDED_GRID_BOOKING_MS, 0)).toEqual([
      { startsAt: START, endsAt: START },
      { startsAt: half, endsAt: half },
    ]);
  });

  it("holds a provider's slot (its start alone) against another booking at that start, or a drive over it", async () => {
    expect(await book(drive(10_000, 10_000))).toMatchObject({ status: 'created' });
    expect(await book(drive(10_000, 10_000))).toEqual({ status: 'drive-clash' });
    expect(await book(drive(5_000))).toEqual({ status: 'drive-clash' });
    expect(await book(drive(10_000))).toEqual({ status: 'drive-clash' });
    expect(await book(drive(11_000, 11_000))).toMatchObject({ status: 'created' });
  });
});

describe('OutboxRepository dead letters', () => {
  async function deadJob(tenant: string, now: number): Promise<string> {
    const result = await leads.save({ tenant, values: enquiry, destinations: ['crm'], now });
    const [job] = await outbox.claimDeliveries(now, 1, 60_000);
    await outbox.recordDeliveryOutcomes([], [{ id: job!.id, error: `HTTP 410 ${'x'.repeat(600)}`, nextAttemptAt: now + 1000, dead: true }], now);
    return (result as { id: string }).id;
  }

  it('a failure marked dead leaves the queue with its error cut to 500 characters; health counts it', async () => {
    const leadId = await deadJob('alpha', 100);
    const [dead] = await outbox.deadDeliveries();
    expect(dead).toMatchObject({ tenant: 'alpha', lead_id: leadId, destination: 'crm', attempts: 1, created_at: 100 });
    expect(dead!.last_error).toHaveLength(500);
    expect(await outbox.nextDeliveryDue()).toBeUndefined();
    expect(await outbox.deliveryHealth()).toEqual({ alpha: { pending: 0, dead: 1, oldest_pending_at: null } });
  });

  it('are listed newest first, per tenant, and retried for one lead, one tenant or all', async () => {
    const alphaOld = await deadJob('alpha', 100);
    const alphaNew = await deadJob('alpha', 200);
    const beta = await deadJob('beta', 300);
    expect((await outbox.deadDeliveries()).map((job) => job.lead_id)).toEqual([beta, alphaNew, alphaOld]);
    expect((await outbox.deadDeliveries('alpha', 1)).map((job) => job.lead_id)).toEqual([alphaNew]);

    expect(await outbox.retryDeadDeliveries({ leadId: alphaOld }, 1000)).toBe(1);
    expect(await outbox.deliveriesOf(alphaOld)).toMatchObject([{ status: 'pending', attempts: 0 }]);
    expect(await outbox.nextDeliveryDue()).toBe(1000);
    expect(await outbox.retryDeadDeliveries({ tenant: 'beta' }, 1000)).toBe(1);
    expect((await outbox.deadDeliveries()).map((job) => job.lead_id)).toEqual([alphaNew]);
    expect(await outbox.retryDeadDeliveries({}, 1000)).toBe(1);
    expect(await outbox.deadDeliveries()).toEqual([]);
    expect(await outbox.deliveryCounts()).toEqual({ pending: 3 });
  });

  it('a delivered round and a failed one are recorded together; a failure not dead is retried at its time', async () => {
    await leads.save({ tenant: 'alpha', values: enquiry, destinations: ['crm', 'email'], now: 1 });
    const [first, second] = await outbox.claimDeliveries(1, 10, 60_000);
    await outbox.recordDeliveryOutcomes([first!.id], [{ id: second!.id, error: 'timeout', nextAttemptAt: 5000 }], 2);
    expect(await outbox.deliveryCounts()).toEqual({ delivered: 1, pending: 1 });
    expect(await outbox.nextDeliveryDue()).toBe(5000);
    expect(await outbox.claimDeliveries(4999, 10, 60_000)).toEqual([]);
    expect(await outbox.claimDeliveries(5000, 10, 60_000)).toMatchObject([{ id: second!.id, attempts: 1 }]);
  });
});
