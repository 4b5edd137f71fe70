/**
 * Lead API: the smaller endpoints (finance quote, miscellaneous, views, price comparison,
 * test-drive availability and booking, phone reveal, delivery estimate, geocoding, dealer
 * locator), rate limits, the static-site fallback and tenant reload, on SQLite and PostgreSQL.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { DATABASES, POSTGRES_SKIP_REASON, tempDir, testApp, testDatabase, writeTestTenants } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const BETA = { host: 'beta.localhost:4321' };
const contact = { name: 'Jo', email: 'jo@example.com', phone: '0412345678', postcode: '4000' };
/** A complete enquiry of the contact page on alpha (two locations: one is chosen; Comments required by default). */
const enquiry = { ...contact, message: 'Hello', location: 'alpha-brisbane' };

for (const kind of DATABASES) {
  const skip = kind === 'postgres' ? POSTGRES_SKIP_REASON : undefined;
  if (skip) console.warn(`skipping PostgreSQL endpoint tests: ${skip}`);
  describe.skipIf(skip !== undefined)(`endpoints on ${kind}`, () => {
    let app: LeadApi;
    let folder: ReturnType<typeof tempDir>;
    let database: Awaited<ReturnType<typeof testDatabase>>;
    const clock = Date.parse('2026-03-05T23:00:00Z'); // Friday 9am in Brisbane
    const staticRequests: string[] = [];

    beforeAll(async () => {
      folder = tempDir('endpoints-test-');
      writeTestTenants(`${folder.dir}/tenants`);
      database = await testDatabase(kind, folder.dir);
      app = await testApp(database.db, `${folder.dir}/tenants`, {
        now: () => clock,
        fallback: (req, res) => {
          staticRequests.push(`${req.headers.host}${req.url}`);
          res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>static</h1>');
        },
      });
    });
    afterAll(async () => {
      await app?.close();
      await database?.stop();
      folder?.remove();
    });

    const get = (url: string, headers = ALPHA) => app.inject({ method: 'GET', url, headers });
    const post = (url: string, payload: unknown, headers = ALPHA) => app.inject({ method: 'POST', url, headers, payload: payload as object });

    it('quotes finance (youx) and rejects bad input', async () => {
      const quote = await post('/api/youx/quote', { selfAssessedCreditScore: 'GREAT', purchasePrice: 25990, loanTerm: 5, year: 2020, vin: 'X', nvic: '', whoIsHelping: 'Dealer' });
      expect(quote.statusCode).toBe(200);
      expect(quote.json()).toMatchObject({ advertisedRate: 8.49 });
      expect(quote.json().weeklyRepaymentAmount).toBeGreaterThan(100);
      expect(quote.json().comparisonRate).toBeGreaterThan(8.49);
      const bad = await post('/api/youx/quote', { purchasePrice: 'lots' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty('purchasePrice');
    });

    it('stores miscellaneous data against a lead of the tenant only', async () => {
      const lead = (await post('/api/leads', enquiry)).json().lead_id;
      expect((await post('/api/miscellaneous', { column_name: 'valuation', lead_id: lead, OfferPrice: 12000 })).statusCode).toBe(200);
      expect((await post('/api/miscellaneous', { column_name: 'valuation', lead_id: lead }, BETA)).statusCode).toBe(404);
      expect((await post('/api/miscellaneous', { column_name: 'Robert"); DROP TABLE' })).statusCode).toBe(400);
    });

    it('keeps /api/miscellaneous to 50 rows per lead when the posts arrive at once', async () => {
      const lead = (await post('/api/leads', { ...enquiry, email: 'misc-at-once@example.com' })).json().lead_id;
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, n) =>
          app.inject({
            method: 'POST',
            url: '/api/miscellaneous',
            headers: ALPHA,
            remoteAddress: '203.0.113.170',
            payload: { column_name: 'note', lead_id: lead, n },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(50).fill(200), ...Array(10).fill(429)]);
      const [stored] = await database.db.query<{ n: number | string }>('SELECT COUNT(*) AS n FROM miscellaneous WHERE tenant = $1 AND lead_id = $2', [
        'alpha',
        lead,
      ]);
      expect(Number(stored!.n)).toBe(50);
    });

    it('serves the car PDF from its view model, per tenant (spec §7 PDF fetch by car slug)', async () => {
      const pdf = await get('/api/cars/alpha-corolla-1/pdf');
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe('attachment; filename="alpha-corolla-1.pdf"');
      const text = pdf.rawPayload.toString('latin1');
      expect(text.startsWith('%PDF-1.4')).toBe(true);
      expect(text).toContain('(Alpha Motors) Tj');
      expect(text).toContain('/cars/alpha-corolla-1) Tj');
      expect((await get('/api/cars/alpha-corolla-1/pdf', BETA)).statusCode).toBe(404);
    });

    it('counts views per car and tenant', async () => {
      const first = await get('/api/cars/alpha-corolla-1/view.json?photos_count=3&updated_at=2026-01-01&website_id=1');
      expect(first.statusCode).toBe(200);
      const second = await get('/api/cars/alpha-corolla-1/view.json');
      expect(second.json().views).toBe(first.json().views + 1);
      expect(second.json().car_fields).toMatchObject({ slug: 'alpha-corolla-1', status: 'in_stock' });
      expect((await get('/api/cars/alpha-corolla-1/view.json', BETA)).statusCode).toBe(404);
      expect((await get(`/api/cars/${'x'.repeat(300)}/view.json`)).statusCode).toBeLessThan(500);
    });

    it('compares a car price with the market', async () => {
      const gauge = await get('/api/cars/alpha-corolla-1/autogauge');
      expect(gauge.statusCode).toBe(200);
      expect(gauge.json()).toMatchObject({ listing_price: 25990 });
      expect(gauge.json().market_range_max).toBeGreaterThanOrEqual(25990);
      expect((await get('/api/cars/alpha-hilux-sold/autogauge')).statusCode).toBe(404);
      expect((await get('/api/cars/beta-mazda-9/autogauge')).statusCode).toBe(404);
    });

    it('lists test-drive slots, books one with the lead, and refuses a double booking', async () => {
      const availability = await get('/api/test-drive/availability?car_id=1&days=3');
      expect(availability.statusCode).toBe(200);
      const body = availability.json();
      expect(body.timezone).toBe('Australia/Brisbane');
      expect(body.days.map((day: { date: string }) => day.date)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
      expect(body.days[0].slots.map((slot: { label: string }) => slot.label)).toEqual(['9:00am', '10:00am', '11:00am']);
      const slot = body.days[0].slots[0].start;
      // The dealer's wall-clock time with its offset: what the form shows, /success repeats and the dealer reads.
      expect(slot).toBe('2026-03-07T09:00:00+10:00');
      const retryKey = { ...ALPHA, 'idempotency-key': `test-drive-${kind}-key` };
      const booked = await app.inject({ method: 'POST', url: '/api/leads', headers: retryKey, payload: { ...contact, category: 'Test Drive', car_id: 1, dateTime: slot } });
      expect(booked.statusCode).toBe(201);
      expect((await app.stores.leads.get('alpha', booked.json().lead_id))!.data.dateTime).toBe('2026-03-07T09:00:00+10:00');
      // A retry of the same submission is the same lead, not a double booking.
      const retried = await app.inject({ method: 'POST', url: '/api/leads', headers: retryKey, payload: { ...contact, category: 'Test Drive', car_id: 1, dateTime: slot } });
      expect(retried.statusCode).toBe(200);
      expect(retried.json().lead_id).toBe(booked.json().lead_id);
      const after = (await get('/api/test-drive/availability?car_id=1&days=3')).json();
      expect(after.days[0].slots.map((entry: { start: string }) => entry.start)).not.toContain(slot);
      const twice = await post('/api/leads', { ...contact, category: 'Test Drive', car_id: 1, dateTime: slot });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().fields.dateTime).toMatch(/booked/);
      // The same slot typed without a zone (the form's fallback field) is the dealer's 9:00am, booked already: whatever the server's zone.
      const typed = await post('/api/leads', { ...contact, category: 'Test Drive', car_id: 1, dateTime: '2026-03-07T09:00' });
      expect(typed.statusCode).toBe(409);
      // An instant in UTC is stored in the dealer's time.
      const utc = await post('/api/leads', { ...contact, category: 'Test Drive', car_id: 1, dateTime: '2026-03-07T00:00:00.000Z' });
      expect(utc.statusCode).toBe(201);
      expect((await app.stores.leads.get('alpha', utc.json().lead_id))!.data.dateTime).toBe('2026-03-07T10:00:00+10:00');
      expect((await get('/api/test-drive/availability?car_id=9')).statusCode).toBe(404);
      expect((await get('/api/test-drive/availability?days=3')).statusCode).toBe(400);
    });

    it('refuses a test-drive time the dealer cannot take (past, today, closed, holiday, outside hours): 422 on dateTime, nothing booked', async () => {
      const offered = (await get('/api/test-drive/availability?car_id=1&days=5')).json();
      expect(offered.days.find((day: { date: string }) => day.date === '2026-03-10').slots).toEqual([]);
      for (const [why, dateTime] of [
        ['the past', '2020-01-01T03:00'],
        ['later today', '2026-03-06T14:00'],
        ['a Sunday', '2026-03-08T10:00'],
        ['a Closed holiday', '2026-03-10T10:00:00+10:00'],
        ['before opening', '2026-03-09T08:00'],
        ['an hour ending after closing', '2026-03-09T16:30'],
      ]) {
        const refused = await post('/api/leads', { ...contact, category: 'Test Drive', car_id: 1, dateTime });
        expect([why, refused.statusCode, refused.json()]).toEqual([
          why,
          422,
          { success: false, error: 'Please fix the following errors:', fields: { dateTime: 'That time is not available for a test drive. Please choose another time.' } },
        ]);
      }
      // None of them booked anything: the 9:00 slot is still offered and taken once.
      expect((await post('/api/leads', { ...contact, category: 'Test Drive', car_id: 1, dateTime: '2026-03-09T09:00' })).statusCode).toBe(201);
      expect((await post('/api/leads', { ...contact, category: 'Test Drive', car_id: 1, dateTime: '2026-03-09T09:00:00+10:00' })).statusCode).toBe(409);
      // An enquiry is no booking: its time is not checked.
      expect((await post('/api/leads', { ...contact, message: 'Hello', category: 'General Enquiry', car_id: 1, dateTime: '2020-01-01T03:00' })).statusCode).toBe(201);
    });

    it('while the appointments provider cannot be asked, takes a test drive at a time the dealer is open (its start alone) and refuses any other', async () => {
      // Nothing listens on port 9: every question to the provider fails.
      const outage = await testApp(database.db, `${folder.dir}/tenants`, { now: () => clock, providers: { appointments: { url: 'http://127.0.0.1:9', key: 'k' } } });
      try {
        const testDrive = (dateTime: string) =>
          outage.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { ...contact, category: 'Test Drive', car_id: 1, email: 'outage@example.com', dateTime } });
        for (const [why, dateTime] of [
          ['the past', '2026-03-01T10:00'],
          ['later today', '2026-03-06T14:00'],
          ['3 am', '2026-03-17T03:00'],
          ['a Sunday', '2026-03-15T10:00'],
          ['a Closed holiday', '2026-03-10T10:00'],
          ['at closing', '2026-03-17T17:00'],
          ['beyond 31 days', '2026-04-07T10:00'],
          ['15 months ahead', '2027-06-01T10:00'],
        ]) {
          const refused = await testDrive(dateTime);
          expect([why, refused.statusCode, refused.json().fields]).toEqual([why, 422, { dateTime: 'That time is not available for a test drive. Please choose another time.' }]);
        }
        // The provider's own grid is not known: any start the dealer is open at is taken, the day's last half hour too.
        expect((await testDrive('2026-03-17T10:00')).statusCode).toBe(201);
        expect((await testDrive('2026-03-17T16:30')).statusCode).toBe(201);
        // Each holds its start alone, as a provider's slot does: the same start again clashes, a minute later does not.
        expect((await testDrive('2026-03-17T10:00:00+10:00')).statusCode).toBe(409);
        expect((await testDrive('2026-03-17T10:01')).statusCode).toBe(201);
        const rows = await database.db.query<{ starts_at: number | string; ends_at: number | string }>(
          'SELECT starts_at, ends_at FROM appointments WHERE tenant = $1 AND car_id = $2 AND starts_at >= $3 ORDER BY starts_at',
          ['alpha', '1', Date.parse('2026-03-14T00:00:00+10:00')],
        );
        const held = rows.map((row) => [new Date(Number(row.starts_at)).toISOString(), Number(row.ends_at) - Number(row.starts_at)]);
        expect(held).toEqual([
          ['2026-03-17T00:00:00.000Z', 0],
          ['2026-03-17T00:01:00.000Z', 0],
          ['2026-03-17T06:30:00.000Z', 0],
        ]);
      } finally {
        await outage.close();
      }
    });

    // Fault: a time typed without a zone (the form's free date-time box) was read on the site's clock: on Beta
    // (a Brisbane-zoned site whose cars stand at its Perth yard, open 9 to 5 in Perth) 9:00 was 7 am in Perth and refused, 4:30 pm booked 2:30 pm.
    it("reads a test-drive time typed without a zone on the clock of the car's location, as the form does", async () => {
      const outage = await testApp(database.db, `${folder.dir}/tenants`, { now: () => clock, providers: { appointments: { url: 'http://127.0.0.1:9', key: 'k' } } });
      try {
        const testDrive = (dateTime: string) =>
          outage.inject({ method: 'POST', url: '/api/leads', headers: BETA, payload: { ...contact, category: 'Test Drive', car_id: 9, email: 'perth@example.com', dateTime } });
        expect((await testDrive('2026-03-17T09:00')).statusCode).toBe(201);
        expect((await testDrive('2026-03-17T16:30')).statusCode).toBe(201);
        // 8:30 in Perth, before the yard opens.
        expect((await testDrive('2026-03-18T08:30')).json().fields).toEqual({ dateTime: 'That time is not available for a test drive. Please choose another time.' });
        const rows = await database.db.query<{ starts_at: number | string }>('SELECT starts_at FROM appointments WHERE tenant = $1 AND car_id = $2 ORDER BY starts_at', [
          'beta',
          '9',
        ]);
        expect(rows.map((row) => new Date(Number(row.starts_at)).toISOString())).toEqual(['2026-03-17T01:00:00.000Z', '2026-03-17T08:30:00.000Z']);
      } finally {
        await outage.close();
      }
    });

    // Fault: the form, its availability call failed, sent a typed time with the car's location's offset (Perth), which the
    // local grid, reading typed times on the site's clock (Brisbane), refused or shifted: 15:00 typed became 17:00 in Brisbane.
    // The form now sends the time as typed and the lead API alone says which clock it is on (typedTimeZone).
    it('on the local grid, reads a time typed without a zone on the site\'s clock, as the form sends it when it has no availability answer', async () => {
      const testDrive = (dateTime: string) => post('/api/leads', { ...contact, category: 'Test Drive', car_id: 9, email: 'grid@example.com', dateTime }, BETA);
      const typed = await testDrive('2026-03-19T15:00');
      expect(typed.statusCode, typed.body).toBe(201);
      expect((await app.stores.leads.get('beta', typed.json().lead_id))!.data.dateTime).toBe('2026-03-19T15:00:00+10:00');
    });

    it('takes a typed time the dealer is open at (the free date-time box), booking its own hour: no double booking either way', async () => {
      const testDrive = (dateTime: string) => post('/api/leads', { ...contact, category: 'Test Drive', car_id: 1, email: 'typed@example.com', dateTime });
      const typed = await testDrive('2026-03-11T09:15');
      expect(typed.statusCode).toBe(201);
      expect((await app.stores.leads.get('alpha', typed.json().lead_id))!.data.dateTime).toBe('2026-03-11T09:15:00+10:00');
      // 9:15 to 10:15 overlaps the 9:00 and the 10:00 drives: both clash with it, and are left off the list.
      for (const clash of ['2026-03-11T09:00:00+10:00', '2026-03-11T10:00', '2026-03-11T09:45']) expect([clash, (await testDrive(clash)).statusCode]).toEqual([clash, 409]);
      const listed = (await get('/api/test-drive/availability?car_id=1&days=6')).json().days.find((day: { date: string }) => day.date === '2026-03-11');
      expect(listed.slots.map((slot: { label: string }) => slot.label)).toEqual(['11:00am', '12:00pm', '1:00pm', '2:00pm', '3:00pm', '4:00pm']);
      // A slot booked first keeps out a typed time whose hour overlaps it; the 11:00 slot, after the typed 9:15's hour, is free.
      expect((await testDrive('2026-03-11T16:00')).statusCode).toBe(201);
      expect((await testDrive('2026-03-11T15:30')).statusCode).toBe(409);
      expect((await testDrive('2026-03-11T11:00')).statusCode).toBe(201);
      // Sent at once, four drives whose hours all overlap one another, each at its own start (no two on one key): one is booked.
      const atOnce = await Promise.all(['2026-03-12T09:45', '2026-03-12T10:00', '2026-03-12T10:15:00+10:00', '2026-03-12T10:30'].map(testDrive));
      expect(atOnce.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    });

    it("checks a typed time's clash on the drive's own hour: two drives clash only when their hours overlap, picked slots alike", async () => {
      const testDrive = (dateTime: string) => post('/api/leads', { ...contact, category: 'Test Drive', car_id: 1, email: 'exact@example.com', dateTime });
      const booked = async (dateTime: string) => [dateTime, (await testDrive(dateTime)).statusCode];
      // 9:15 to 10:15 and 10:30 to 11:30 do not overlap, though both hours cross 10:00: both are booked.
      expect(await booked('2026-03-13T09:15')).toEqual(['2026-03-13T09:15', 201]);
      expect(await booked('2026-03-13T10:30')).toEqual(['2026-03-13T10:30', 201]);
      // 10:15 to 11:15 overlaps 10:30 to 11:30 (it only touches 10:15): the spec's clash answer, nothing stored.
      const clash = await testDrive('2026-03-13T10:15');
      expect([clash.statusCode, clash.json()]).toEqual([409, { success: false, error: 'Please fix the following errors:', fields: { dateTime: 'That time has just been booked. Please choose another time.' } }]);
      // A picked slot clashes as a typed time does: 11:00 overlaps 10:30 to 11:30; 11:30, starting as it ends, does not; then 12:00 overlaps 11:30 to 12:30.
      expect(await booked('2026-03-13T11:00:00+10:00')).toEqual(['2026-03-13T11:00:00+10:00', 409]);
      expect(await booked('2026-03-13T11:29')).toEqual(['2026-03-13T11:29', 409]);
      expect(await booked('2026-03-13T11:30')).toEqual(['2026-03-13T11:30', 201]);
      expect(await booked('2026-03-13T12:00:00+10:00')).toEqual(['2026-03-13T12:00:00+10:00', 409]);
      // The list leaves off every slot whose hour overlaps a booked drive, and only those.
      const listed = (await get('/api/test-drive/availability?car_id=1&days=8')).json().days.find((day: { date: string }) => day.date === '2026-03-13');
      expect(listed.slots.map((slot: { label: string }) => slot.label)).toEqual(['1:00pm', '2:00pm', '3:00pm', '4:00pm']);
      // Written at once, twenty drives of one car a minute apart (every two overlap, no two share a start): one is booked.
      const at = Date.parse('2026-03-16T10:00:00+10:00');
      const writes = await Promise.all(
        Array.from({ length: 20 }, (_, minute) =>
          app.stores.leads.save({ tenant: 'alpha', values: { ...contact, category: 'Test Drive' }, destinations: [], appointment: { carId: '1', startsAt: at + minute * 60_000, endsAt: at + (minute + 60) * 60_000, unendedMs: 3_600_000 }, now: clock }),
        ),
      );
      expect(writes.filter((write) => write.status === 'created')).toHaveLength(1);
    });

    it("refuses a service booking's Preferred Service Date before the dealer's tomorrow (422 on that field), takes tomorrow on", async () => {
      const booking = (date: unknown) =>
        post('/api/leads', {
          ...contact,
          location: 'alpha-brisbane',
          'Vehicle Make': 'Mazda',
          Model: '3',
          Year: 2019,
          category: 'Service Booking',
          'Preferred Service Date': date,
        });
      // A number or a list is no date either (400, the body's shape): answered with the field's message, not as a missing value.
      const refusals: [unknown, number][] = [
        ['2020-01-01', 422],
        ['2026-03-06', 422],
        [20260310, 400],
        [['2026-03-10'], 400],
      ];
      for (const [date, status] of refusals) {
        const refused = await booking(date);
        const fields = { 'Preferred Service Date': 'Please choose a date from tomorrow onwards.' };
        expect([date, refused.statusCode, refused.json().fields]).toEqual([date, status, fields]);
      }
      expect((await booking('2026-03-07')).statusCode).toBe(201);
    });

    it('reveals the dealer phone and records the reveal', async () => {
      const reveal = await post('/api/phone-reveal', { car_id: 1, dealership_id: 11, website_id: 5 });
      expect(reveal.json()).toMatchObject({ success: true, phone: '+61 7 3000 1111' });
      expect(await app.stores.cars.countEvents('alpha', 'phone_reveal')).toBe(1);
      expect((await post('/api/phone-reveal', { car_id: 1, dealership_id: 22 })).statusCode).toBe(422);
    });

    it('estimates delivery from the car location to a postcode', async () => {
      const near = await get('/api/delivery-estimate?postcode=4000&car_id=1');
      expect(near.json()).toMatchObject({ price: 0, name: 'Brisbane QLD 4000' });
      const far = await get('/api/delivery-estimate?postcode=0800&car_id=1');
      expect(far.json().price).toBeGreaterThan(3000);
      const unknown = await get('/api/delivery-estimate?postcode=5999&car_id=1');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe("Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.");
      const empty = await get('/api/delivery-estimate?postcode=');
      expect(empty.json().fields.postcode).toBe('Please enter a postcode.');
    });

    it('geocodes a postcode from the shipped table and finds the nearest location', async () => {
      const place = await get('/api/geocode?postcode=2000');
      expect(place.json()).toMatchObject({ suburb: 'Sydney', state: 'NSW', status: 'OK' });
      expect(place.json().results[0].geometry.location.lat).toBeCloseTo(-33.86, 1);
      const none = await get('/api/geocode?postcode=5999');
      expect(none.statusCode).toBe(404);
      expect(none.json().error).toBe('Invalid postcode');
      expect((await get('/api/geocode?postcode=abc')).json().fields.postcode).toBe('Invalid postcode. Please enter a 4-digit number.');
      const nearest = await get('/api/locations/nearest?postcode=2150');
      expect(nearest.json().locations.map((location: { slug: string }) => location.slug)).toEqual(['alpha-sydney', 'alpha-brisbane']);
      expect(nearest.json().locations[0].km).toBeLessThan(30);
      expect((await get('/api/locations/nearest?postcode=12')).statusCode).toBe(400);
      expect((await get('/api/locations/nearest?postcode=5999')).statusCode).toBe(404);
      const betaNearest = await get('/api/locations/nearest?postcode=2150', BETA);
      expect(betaNearest.json().locations.map((location: { slug: string }) => location.slug)).toEqual(['beta-perth']);
    });

    it('answers a health check without naming a site', async () => {
      const health = await app.inject({ method: 'GET', url: '/api/health', headers: { host: 'api.example' } });
      expect(health.json()).toMatchObject({ ok: true, tenants: 2, deliveries: expect.any(Object) });
    });

    it('hands every non-/api request to the fallback untouched', async () => {
      const page = await app.inject({ method: 'GET', url: '/cars/alpha-corolla-1/', headers: ALPHA });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe('<h1>static</h1>');
      const post = await app.inject({ method: 'POST', url: '/apiary', headers: { ...ALPHA, 'content-type': 'text/weird' }, payload: 'x' });
      expect(post.statusCode).toBe(200);
      expect(staticRequests).toEqual(['alpha.localhost:4321/cars/alpha-corolla-1/', 'alpha.localhost:4321/apiary']);
    });

    it('reloads tenants when stock changes', async () => {
      expect((await get('/api/cars/alpha-new-arrival/view.json')).statusCode).toBe(404);
      const stockFile = join(folder.dir, 'tenants', 'alpha', 'stock.json');
      writeFileSync(stockFile, JSON.stringify([{ id: 77, slug: 'alpha-new-arrival', status: 'in_stock', car_type: 'used', make: 'Kia', model: 'Rio', price: 15000 }]));
      const report = app.reloadTenants();
      expect(report.loaded).toContain('alpha');
      expect((await get('/api/cars/alpha-new-arrival/view.json')).statusCode).toBe(200);
      // A broken stock file keeps the last good version serving.
      writeFileSync(join(folder.dir, 'tenants', 'alpha', 'site.json'), '{ broken');
      const broken = app.reloadTenants();
      expect(broken.failed.map((entry) => entry.dir)).toEqual([join(folder.dir, 'tenants', 'alpha')]);
      expect((await get('/api/cars/alpha-new-arrival/view.json')).statusCode).toBe(200);
    });
  });
}

describe('rate limits', () => {
  it('limits requests per client and tenant with a 429 and a readable message', async () => {
    const folder = tempDir('rate-test-');
    writeTestTenants(`${folder.dir}/tenants`);
    const database = await testDatabase('sqlite', folder.dir);
    const app = await testApp(database.db, `${folder.dir}/tenants`, { rateLimit: { max: 3, tenantMax: 5 } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await app.inject({ method: 'GET', url: '/api/geocode?postcode=4000', headers: ALPHA })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      // Another client of the same tenant has its own allowance, until the tenant's total is used up.
      const other = [];
      for (let i = 0; i < 3; i++) other.push((await app.inject({ method: 'GET', url: '/api/geocode?postcode=4000', headers: ALPHA, remoteAddress: '10.0.0.2' })).statusCode);
      // Its own allowance is 3, so a 429 within 3 requests is the tenant's cap.
      expect(other[0]).toBe(200);
      expect(other).toContain(429);
      const beta = await app.inject({ method: 'GET', url: '/api/geocode?postcode=4000', headers: BETA });
      expect(beta.statusCode).toBe(200);
      const limited = await app.inject({ method: 'GET', url: '/api/geocode?postcode=4000', headers: ALPHA });
      expect(limited.json().error).toBe('Too many requests. Please wait a moment and try again.');
      // The payment webhooks are not rate limited (docs/payments.md): a flood with unknown hosts, which
      // shares one tenant window with every webhook, does not turn the provider away.
      for (let i = 0; i < 8; i++) await app.inject({ method: 'GET', url: '/api/health', headers: { host: 'evil.example' }, remoteAddress: `10.0.1.${i}` });
      const webhook = await app.inject({ method: 'POST', url: '/api/payments/webhook/alpha', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(webhook.statusCode).not.toBe(429);
    } finally {
      await app.close();
      await database.stop();
      folder.remove();
    }
  });
});
