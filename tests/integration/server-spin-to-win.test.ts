/**
 * Lead API: Spin to Win (docs/spin-to-win.md) on SQLite and PostgreSQL. The server decides:
 * only a signed-in mobile spins, once a calendar month in the dealer's time zone (a second
 * spin, also at the same moment, is refused), the prize comes from the site's list (nothing
 * the browser sends chooses it), a prize's quantity is never given away twice, spins outside
 * the promotion's dates are refused, and each prize is a lead stored and delivered like the
 * others, made again if the process stopped between the spin and its lead.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { SpinToWinStore } from '../../src/server/features/spin-to-win/store.ts';
import { deriveKeys } from '../../src/server/kernel/keys.ts';
import { openDatabase, type SqlDatabase } from '../../src/server/database.ts';
import { Retention, retentionCutoffs } from '../../src/server/ops/retention.ts';
import { formatDay } from '../../src/lib/text/format.ts';
import { calendarDay } from '../../src/lib/text/dealer-time.ts';
import {
  DATABASES,
  POSTGRES_SKIP_REASON,
  startWebhookReceiver,
  tempDir,
  testApp,
  testDatabase,
  waitFor,
  writeTestTenants,
  type WebhookReceiver,
} from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const BETA = { host: 'beta.localhost:4321' };
const GAMMA = { host: 'gamma.localhost:4321' };
const DELTA = { host: 'delta.localhost:4321' };
const EPSILON = { host: 'epsilon.localhost:4321' };
const SECRET = 'test-secret-0123456789';
/** A promotion date as the server words it (formatDay): June, July and September are spelt by the ICU version, so those are not written out here. */
const day = (date: string) => formatDay(calendarDay(date));

const PRIZES = [
  { id: 'fuel-50', label: '$50 fuel voucher', weight: 5, value: 50 },
  { id: 'car-wash', label: 'Free hand car wash', weight: 4, value: 30 },
  { id: 'service', label: 'Free logbook service', weight: 1, value: 350 },
];

/**
 * Alpha gets a wheel with terms; gamma (a copy of alpha) a wheel of two prizes, one of each, that opens on 1 March 2026;
 * delta (another copy) alpha's prizes until 15 June 2026; epsilon two prizes, one of each, with no dates.
 */
function addWheels(root: string): void {
  const alpha = join(root, 'alpha', 'site.json');
  const site = JSON.parse(readFileSync(alpha, 'utf8')) as Record<string, unknown>;
  writeFileSync(
    alpha,
    JSON.stringify({
      ...site,
      timezone: 'Australia/Brisbane',
      spin_to_win: { prizes: PRIZES, terms_href: '/pages/spin-to-win-terms', permits: [{ state: 'ACT', number: 'TP 26/00001' }] },
    }),
  );
  /** Another tenant: alpha's site.json with its own slug, name, URL, time zone and wheel, and alpha's stock. */
  const copy = (slug: string, timezone: string, spinToWin: Record<string, unknown>) => {
    mkdirSync(join(root, slug), { recursive: true });
    const name = `${slug[0]!.toUpperCase()}${slug.slice(1)} Cars`;
    writeFileSync(join(root, slug, 'site.json'), JSON.stringify({ ...site, slug, name, url: `https://${slug}.example`, timezone, spin_to_win: spinToWin }));
    writeFileSync(join(root, slug, 'stock.json'), readFileSync(join(root, 'alpha', 'stock.json')));
  };
  copy('gamma', 'Australia/Perth', {
    prizes: [
      { id: 'ute', label: 'A weekend in a ute', quantity: 1 },
      { id: 'hat', label: 'Dealer cap', quantity: 1 },
    ],
    starts: '2026-03-01',
    ends: '2026-06-30',
  });
  copy('delta', 'Australia/Brisbane', { prizes: PRIZES, ends: '2026-06-15' });
  copy('epsilon', 'Australia/Brisbane', {
    prizes: [
      { id: 'ute', label: 'A weekend in a ute', quantity: 1 },
      { id: 'hat', label: 'Dealer cap', quantity: 1 },
    ],
  });
}

for (const kind of DATABASES) {
  const skip = kind === 'postgres' ? POSTGRES_SKIP_REASON : undefined;
  if (skip) console.warn(`skipping PostgreSQL spin-to-win tests: ${skip}`);
  describe.skipIf(skip !== undefined)(`spin to win on ${kind}`, () => {
    let app: LeadApi;
    // 10:00 on 15 February 2026 in Brisbane.
    let clock = Date.parse('2026-02-15T00:00:00Z');
    let folder: ReturnType<typeof tempDir>;
    let hook: WebhookReceiver;
    let database: Awaited<ReturnType<typeof testDatabase>>;
    let phones = 0;

    beforeAll(async () => {
      folder = tempDir('spin-to-win-test-');
      hook = await startWebhookReceiver();
      writeTestTenants(`${folder.dir}/tenants`, hook.url);
      addWheels(`${folder.dir}/tenants`);
      database = await testDatabase(kind, folder.dir);
      app = await testApp(database.db, `${folder.dir}/tenants`, {
        now: () => clock,
        signIn: { secret: SECRET, codeTtlMs: 600_000, maxAttempts: 3 },
        rateLimit: { signInMax: 1000, max: 100_000 },
        devMessages: true,
      });
    });
    afterAll(async () => {
      await app?.close();
      await database?.stop();
      await hook?.close();
      folder?.remove();
    });

    /** Sign a fresh mobile in on a site; the session cookie header. */
    async function signIn(headers: typeof ALPHA = ALPHA): Promise<{ cookie: string; phone: string }> {
      phones += 1;
      const phone = `04120${String(phones).padStart(5, '0')}`;
      await app.inject({ method: 'POST', url: '/api/auth/request-code', headers, payload: { phone } });
      const tenant = headers.host.split('.')[0]!;
      const sms = (await app.stores.messages.list(tenant, 'sms', phone))[0]!;
      const code = /(\d{6})/.exec(sms.body)![1]!;
      const verified = await app.inject({ method: 'POST', url: '/api/auth/verify', headers, payload: { phone, code } });
      expect(verified.statusCode).toBe(200);
      return { cookie: `dealer_session=${/dealer_session=([^;]+)/.exec(String(verified.headers['set-cookie']))![1]!}`, phone };
    }

    const entry = { name: 'Jo', last_name: 'Citizen', email: 'jo@example.com', opt_in: false, terms_conditions: true };
    const spin = (headers: Record<string, string>, payload: Record<string, unknown> = entry) =>
      app.inject({ method: 'POST', url: '/api/spin-to-win', headers, payload });
    const status = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/spin-to-win', headers });
    const availability = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/spin-to-win/availability', headers });
    const spinLeads = async (tenant: string, phone: string) => {
      const rows = await database.db.query<{ id: string; data: string }>(
        "SELECT id, data FROM leads WHERE tenant = $1 AND category = 'Spin to Win' AND phone = $2",
        [tenant, phone],
      );
      return rows.map((row) => ({ id: String(row.id), data: JSON.parse(String(row.data)) as Record<string, unknown> }));
    };

    it('answers 401 signed out and 404 on a site without a wheel', async () => {
      const out = await status(ALPHA);
      expect(out.statusCode).toBe(401);
      expect(out.json().error).toBe('Please sign in to spin the wheel.');
      expect((await spin(ALPHA)).statusCode).toBe(401);
      const beta = await signIn(BETA);
      const none = await status({ ...BETA, cookie: beta.cookie });
      expect(none.statusCode).toBe(404);
      expect(none.json().error).toBe(
        'This site has no Spin to Win promotion. Please get in touch with one of our friendly team members about our current offers.',
      );
    });

    it('tells anyone, signed in or not, which prizes are still drawn, and nothing about a shopper', async () => {
      const open = await availability(ALPHA);
      expect(open.statusCode).toBe(200);
      expect(open.headers['cache-control']).toBe('no-store');
      expect(open.json()).toEqual({ success: true, promotion: 'open', unavailable: [] });
      const shopper = await signIn();
      expect((await availability({ ...ALPHA, cookie: shopper.cookie })).json()).toEqual({ success: true, promotion: 'open', unavailable: [] });
      expect((await availability(GAMMA)).json()).toEqual({ success: true, promotion: 'not-started', unavailable: [] });
      const none = await availability(BETA);
      expect(none.statusCode).toBe(404);
      expect(none.json().error).toBe(
        'This site has no Spin to Win promotion. Please get in touch with one of our friendly team members about our current offers.',
      );
    });

    it('draws a prize of the list once a month, records it as a delivered lead, and refuses a second spin', async () => {
      const shopper = await signIn();
      const headers = { ...ALPHA, cookie: shopper.cookie };
      const before = (await status(headers)).json();
      expect(before).toMatchObject({ success: true, can_spin: true, promotion: 'open', spin: null, next_spin: '2026-03-01', unavailable: [] });

      // The browser cannot choose: a prize it names is not read.
      const first = await spin(headers, { ...entry, prize: 'service', prize_id: 'service', weight: 1000 });
      expect(first.statusCode).toBe(201);
      const won = first.json();
      expect(PRIZES.map((prize) => prize.id)).toContain(won.prize.id);
      expect(won).toMatchObject({ success: true, month: '2026-02', next_spin: '2026-03-01' });

      const leads = await spinLeads('alpha', shopper.phone);
      expect(leads).toHaveLength(1);
      expect(leads[0]!.id).toBe(won.lead_id);
      expect(leads[0]!.data).toMatchObject({
        category: 'Spin to Win',
        subcategory: won.prize.label,
        name: 'Jo',
        email: 'jo@example.com',
        phone: shopper.phone,
        page_id: '/spin-to-win',
        custom_params: { prize_id: won.prize.id, spin_month: '2026-02' },
      });
      // The shopper wrote no message: the prize is said in the site's own line, never under 'Message:' (the shopper's words).
      expect(leads[0]!.data).not.toHaveProperty('message');
      // Delivered like every lead: one job per destination of the tenant (the webhook and the e-mail).
      await waitFor(() => hook.calls.some((call) => call.body.includes(won.lead_id)));
      const delivered = JSON.parse(hook.calls.find((call) => call.body.includes(won.lead_id))!.body) as Record<string, unknown>;
      expect(delivered).toMatchObject({ category: 'Spin to Win', subcategory: won.prize.label, customer: { phone: shopper.phone, email: 'jo@example.com' } });
      const emailOf = async () => (await app.stores.messages.list('alpha', 'email')).find((message) => message.body.includes(won.lead_id))?.body;
      await waitFor(async () => (await emailOf()) !== undefined);
      const email = (await emailOf())!;
      expect(email).toContain(`Prize: ${won.prize.label}, won in Spin to Win (Feb 2026). Please contact the customer to arrange the prize.`);
      expect(email).not.toContain('Message:');

      const second = await spin(headers);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({
        success: false,
        error: 'You have already spun the wheel this month. Your next spin is on 1 Mar 2026.',
        spin: { prize: won.prize, month: '2026-02' },
      });
      expect(await spinLeads('alpha', shopper.phone)).toHaveLength(1);
      const after = (await status(headers)).json();
      expect(after).toMatchObject({
        can_spin: false,
        spin: { prize: won.prize },
        message: 'You have already spun the wheel this month. Your next spin is on 1 Mar 2026.',
      });
    });

    it('counts calendar months in the dealer’s time zone', async () => {
      const shopper = await signIn();
      const headers = { ...ALPHA, cookie: shopper.cookie };
      clock = Date.parse('2026-02-28T13:30:00Z'); // 11:30 pm on 28 February in Brisbane
      expect((await spin(headers)).json().month).toBe('2026-02');
      clock = Date.parse('2026-02-28T14:30:00Z'); // 12:30 am on 1 March in Brisbane (still February in UTC)
      const march = await spin(headers);
      expect(march.statusCode).toBe(201);
      expect(march.json()).toMatchObject({ month: '2026-03', next_spin: '2026-04-01' });
      expect((await spin(headers)).statusCode).toBe(409);
      expect(await spinLeads('alpha', shopper.phone)).toHaveLength(2);
      clock = Date.parse('2026-02-15T00:00:00Z');
    });

    it('gives one spin to many requests at once', async () => {
      const shopper = await signIn();
      const headers = { ...ALPHA, cookie: shopper.cookie };
      const answers = await Promise.all(Array.from({ length: 6 }, () => spin(headers)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect(await spinLeads('alpha', shopper.phone)).toHaveLength(1);
    });

    it('validates the entry with messages per field, the promotion’s terms included', async () => {
      const shopper = await signIn();
      const headers = { ...ALPHA, cookie: shopper.cookie };
      const bad = await spin(headers, { name: ' ', email: 'not-an-email', terms_conditions: false });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({
        name: '* This field is required',
        email: 'Please enter a valid email address.',
        terms_conditions: '*You must agree to the terms of use before submitting.',
      });
      // Nothing was spun: the shopper still may.
      expect((await status(headers)).json().can_spin).toBe(true);
    });

    it('draws only prizes still available, says when all are won, and keeps to the promotion’s dates', async () => {
      const early = await signIn(GAMMA);
      const earlyAnswer = await spin({ ...GAMMA, cookie: early.cookie }, { name: 'Al', email: 'al@example.com' });
      expect(earlyAnswer.statusCode).toBe(403);
      expect(earlyAnswer.json().error).toBe('Spin to Win opens on 1 Mar 2026.');
      clock = Date.parse('2026-04-10T02:00:00Z');
      try {
        const won: string[] = [];
        for (let index = 0; index < 2; index += 1) {
          const shopper = await signIn(GAMMA);
          const answer = await spin({ ...GAMMA, cookie: shopper.cookie }, { name: 'Al', email: 'al@example.com' });
          expect(answer.statusCode).toBe(201);
          won.push(answer.json().prize.id);
        }
        // One of each: the second spin could only win what the first left.
        expect(won.sort()).toEqual(['hat', 'ute']);
        const late = await signIn(GAMMA);
        const lateHeaders = { ...GAMMA, cookie: late.cookie };
        expect((await status(lateHeaders)).json()).toMatchObject({
          can_spin: false,
          promotion: 'sold-out',
          unavailable: ['ute', 'hat'],
          message: 'Every prize of this promotion has been won. Thank you for playing.',
        });
        // Signed out too: the page prints no chance for a prize that is all won.
        expect((await availability(GAMMA)).json()).toEqual({ success: true, promotion: 'sold-out', unavailable: ['ute', 'hat'] });
        const refused = await spin(lateHeaders, { name: 'Al', email: 'al@example.com' });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe('Every prize of this promotion has been won. Thank you for playing.');
        expect((await status(lateHeaders)).json().can_spin).toBe(false);
        clock = Date.parse('2026-07-01T02:00:00Z');
        const after = await signIn(GAMMA);
        const closed = await spin({ ...GAMMA, cookie: after.cookie }, { name: 'Al', email: 'al@example.com' });
        expect(closed.statusCode).toBe(403);
        expect(closed.json().error).toBe(`Spin to Win closed on ${day('2026-06-30')}.`);
      } finally {
        clock = Date.parse('2026-02-15T00:00:00Z');
      }
    });

    it('promises no next spin after the promotion’s end: the last month says when it closes', async () => {
      clock = Date.parse('2026-05-25T00:00:00Z');
      try {
        const shopper = await signIn(DELTA);
        const headers = { ...DELTA, cookie: shopper.cookie };
        const may = await spin(headers);
        expect(may.json()).toMatchObject({ month: '2026-05', next_spin: '2026-06-01' });
        expect((await spin(headers)).json().error).toBe(`You have already spun the wheel this month. Your next spin is on ${day('2026-06-01')}.`);
        // June is the promotion's last month (it ends on 15 June): no spin on 1 July to promise.
        clock = Date.parse('2026-06-10T00:00:00Z');
        const june = await spin(headers);
        expect(june.statusCode).toBe(201);
        expect(june.json()).toMatchObject({ month: '2026-06', next_spin: null });
        const again = await spin(headers);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({
          error: `You have already spun the wheel this month. Spin to Win closes on ${day('2026-06-15')}.`,
          next_spin: null,
        });
        expect((await status(headers)).json()).toMatchObject({
          can_spin: false,
          message: `You have already spun the wheel this month. Spin to Win closes on ${day('2026-06-15')}.`,
          next_spin: null,
        });
        // After the end, the page says it closed (still with this month's prize).
        clock = Date.parse('2026-06-20T00:00:00Z');
        expect((await status(headers)).json()).toMatchObject({
          promotion: 'ended',
          message: `Spin to Win closed on ${day('2026-06-15')}.`,
          spin: { month: '2026-06' },
          next_spin: null,
        });
      } finally {
        clock = Date.parse('2026-02-15T00:00:00Z');
      }
    });

    it('promises no next spin once every prize is won: the shoppers who spun are told so', async () => {
      const first = await signIn(EPSILON);
      const firstHeaders = { ...EPSILON, cookie: first.cookie };
      // A prize is left after the first spin: next month's spin may happen. The answer names the prize now all won (the page's chances).
      const firstWon = (await spin(firstHeaders)).json();
      expect(firstWon).toMatchObject({ month: '2026-02', next_spin: '2026-03-01', unavailable: [firstWon.prize.id] });
      expect((await spin(firstHeaders)).json().error).toBe('You have already spun the wheel this month. Your next spin is on 1 Mar 2026.');
      // The second spin wins the last prize: the server would refuse every spin from now on.
      const last = await signIn(EPSILON);
      const lastHeaders = { ...EPSILON, cookie: last.cookie };
      const won = await spin(lastHeaders);
      expect(won.statusCode).toBe(201);
      expect(won.json()).toMatchObject({ month: '2026-02', next_spin: null, unavailable: ['ute', 'hat'] });
      const soldOut = 'You have already spun the wheel this month. Every prize of this promotion has now been won.';
      for (const headers of [firstHeaders, lastHeaders]) {
        expect((await status(headers)).json()).toMatchObject({ can_spin: false, promotion: 'sold-out', message: soldOut, next_spin: null });
        const again = await spin(headers);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ error: soldOut, next_spin: null });
      }
      // A shopper who has not spun is told the prizes are all won, with no next spin either.
      const late = await signIn(EPSILON);
      expect((await status({ ...EPSILON, cookie: late.cookie })).json()).toMatchObject({
        can_spin: false,
        spin: null,
        message: 'Every prize of this promotion has been won. Thank you for playing.',
        next_spin: null,
      });
    });

    it('refuses a Spin to Win lead posted to /api/leads, in any case or spacing, new or as a later step: only a spin makes one', async () => {
      const lead = (headers: Record<string, string>, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/leads', headers, payload });
      const refused = {
        success: false,
        error: 'Please fix the following errors:',
        fields: { category: 'Spin to Win leads are recorded by the site itself and cannot be sent from a form.' },
      };
      const forged = {
        name: 'Mallory',
        email: 'forged-prize@example.com',
        postcode: '6000',
        subcategory: '$5,000 cash',
        message: 'Spin to Win, Feb 2026: won $5,000 cash. Please contact the customer to arrange the prize.',
        custom_params: { prize_id: 'cash-5000', prize: '$5,000 cash', spin_month: '2026-02' },
      };
      // Beta has no promotion at all; alpha has one, and a post is still not a spin.
      for (const [headers, category] of [
        [BETA, 'Spin to Win'],
        [ALPHA, 'spin to win'],
        [ALPHA, ' SPIN  TO\tWIN '],
        [ALPHA, 'Spin-to-Win'],
      ] as const) {
        const answer = await lead(headers, { ...forged, category });
        expect(answer.statusCode, category).toBe(422);
        expect(answer.json()).toEqual(refused);
      }
      // Nor does a later step turn an enquiry into a prize.
      const enquiry = await lead(ALPHA, {
        name: 'Mallory',
        email: 'forged-prize@example.com',
        phone: '0412345678',
        postcode: '6000',
        location: 'alpha-brisbane',
        message: 'Is the Corolla available?',
      });
      expect(enquiry.statusCode).toBe(201);
      const later = await lead(ALPHA, { ...forged, lead_id: enquiry.json().lead_id, category: 'Spin to Win' });
      expect(later.statusCode).toBe(422);
      expect(later.json()).toEqual(refused);
      const stored = await database.db.query<{ category: string }>('SELECT category FROM leads WHERE email = $1', ['forged-prize@example.com']);
      expect(stored.map((row) => row.category)).toEqual(['General Enquiry']);
    });

    it('keeps a spin’s lead as the server made it: a post with its lead_id (the spin’s answer gives it) is refused 409, nothing merged or sent again', async () => {
      const shopper = await signIn();
      const won = (await spin({ ...ALPHA, cookie: shopper.cookie })).json();
      expect(won.lead_id).toEqual(expect.any(String));
      await waitFor(() => hook.calls.some((call) => call.body.includes(won.lead_id)));
      const rewrites = [
        {
          lead_id: won.lead_id,
          subcategory: 'Toyota HiLux SR5 (grand prize)',
          message: 'Spin to Win, Feb 2026: won Toyota HiLux SR5 (grand prize). Please contact the customer to arrange the prize.',
          custom_params: { prize_id: 'hilux', prize: 'Toyota HiLux SR5 (grand prize)' },
        },
        { lead_id: won.lead_id, message: 'Please also send the second prize.' },
        { lead_id: won.lead_id, category: 'General Enquiry', form_completed: true },
      ];
      for (const payload of rewrites) {
        const answer = await app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload });
        expect(answer.statusCode, JSON.stringify(payload)).toBe(409);
        expect(answer.json()).toEqual({
          success: false,
          error: 'This enquiry was recorded by the site itself and cannot be changed. Please get in touch with one of our friendly team members.',
        });
      }
      const stored = (await app.stores.leads.get('alpha', won.lead_id))!;
      expect(stored).toMatchObject({ category: 'Spin to Win', subcategory: won.prize.label, revision: 1 });
      expect(stored.data.custom_params).toMatchObject({ prize_id: won.prize.id });
      // No rewrite's message was merged (the spin's lead has none).
      expect(stored.data).not.toHaveProperty('message');
      // The dealer hears of the prize once, as drawn: no job of a later revision (one per destination, the webhook and the e-mail).
      const jobs = await database.db.query<{ revision: number }>('SELECT revision FROM deliveries WHERE lead_id = $1', [won.lead_id]);
      expect(jobs.map((job) => Number(job.revision))).toEqual([1, 1]);
    });

    it('makes the lead of a spin whose lead was lost (the process stopped between the two writes)', async () => {
      const shopper = await signIn();
      const headers = { ...ALPHA, cookie: shopper.cookie };
      // The spin is committed; the lead write that follows it never ran.
      const store = new SpinToWinStore(database.db, deriveKeys(SECRET).spinEntrants);
      const outcome = await store.spin(
        { tenant: 'alpha', phone: shopper.phone, month: '2026-02', promotion: 'always', prizes: PRIZES.map((prize) => ({ ...prize })), now: clock },
        (available) => available[1]!,
        (prize, spinId) => ({
          category: 'Spin to Win',
          subcategory: prize.label,
          name: 'Jo',
          email: 'jo@example.com',
          phone: shopper.phone,
          custom_params: { prize_id: prize.id, spin_id: spinId },
          form_completed: true,
        }),
      );
      expect(outcome.status).toBe('spun');
      expect(await spinLeads('alpha', shopper.phone)).toHaveLength(0);
      const answer = (await status(headers)).json();
      expect(answer).toMatchObject({ can_spin: false, spin: { prize: { id: 'car-wash' } } });
      const leads = await spinLeads('alpha', shopper.phone);
      expect(leads).toHaveLength(1);
      expect(leads[0]!.data).toMatchObject({ subcategory: 'Free hand car wash' });
      // Asked again, the same lead: nothing twice.
      await status(headers);
      expect(await spinLeads('alpha', shopper.phone)).toHaveLength(1);
    });

    it('keeps the month’s spin through a retention shorter than the month, as a digest only, and drops it when the month is over', async () => {
      const purge = (dryRun = false) =>
        app.stores.retention.purgeTenant('alpha', retentionCutoffs({ leads_days: 7, trade_in_photos_days: 90 }, 'Australia/Brisbane', clock), dryRun);
      const monthRows = (month: string) =>
        database.db.query<{ phone: string; lead_values: string }>('SELECT phone, lead_values FROM spin_to_win_spins WHERE tenant = $1 AND month = $2', [
          'alpha',
          month,
        ]);
      clock = Date.parse('2026-06-01T00:00:00Z'); // 10:00 on 1 June in Brisbane
      try {
        const shopper = await signIn();
        const headers = { ...ALPHA, cookie: shopper.cookie };
        const june = await spin(headers);
        expect(june.statusCode).toBe(201);
        // 20 June, a tenant keeping leads 7 days: the lead goes, the once-a-month rule stays.
        clock = Date.parse('2026-06-20T00:00:00Z');
        expect((await purge(true)).spin_to_win_entries).toBe(1);
        expect((await purge()).spin_to_win_entries).toBe(1);
        expect(await spinLeads('alpha', shopper.phone)).toHaveLength(0);
        const again = await spin(headers);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({
          error: `You have already spun the wheel this month. Your next spin is on ${day('2026-07-01')}.`,
          spin: { prize: june.json().prize, month: '2026-06' },
        });
        // What is kept names no one: neither the mobile number nor the entry.
        const kept = await monthRows('2026-06');
        expect(kept).toHaveLength(1);
        expect(String(kept[0]!.phone)).not.toContain(shopper.phone);
        expect(String(kept[0]!.lead_values)).not.toMatch(/Jo|example\.com|0412/);
        // The month is over: the row goes at the next purge, and July's spin is the shopper's.
        clock = Date.parse('2026-06-30T14:30:00Z'); // 12:30 am on 1 July in Brisbane (still June in UTC)
        await purge();
        expect(await monthRows('2026-06')).toHaveLength(0);
        expect((await spin(headers)).statusCode).toBe(201);
      } finally {
        clock = Date.parse('2026-02-15T00:00:00Z');
      }
    });

    it('deletes every old spin of a tenant whose folder is gone, also on a PostgreSQL database with an ICU collation', async () => {
      // The test cluster sorts bytewise; a production database may sort by ICU 'en-US', where '~' comes before digits.
      let icu: SqlDatabase | undefined;
      if (kind === 'postgres') {
        await database.db.run("CREATE DATABASE icu LOCALE_PROVIDER icu ICU_LOCALE 'en-US' TEMPLATE template0");
        icu = await openDatabase({ kind: 'postgres', url: database.url!.replace(/\/postgres$/, '/icu'), poolSize: 1 });
      }
      const db = icu ?? database.db;
      try {
        const now = Date.parse('2026-07-20T00:00:00Z');
        for (const [id, month] of [
          ['gone-june', '2026-06'],
          ['gone-july', '2026-07'],
        ])
          await db.run(
            "INSERT INTO spin_to_win_spins (id, tenant, phone, month, prize_id, prize_label, lead_values, created_at, phone_digest) VALUES ($1, 'gone', '0412000999', $2, 'hat', 'Dealer cap', '{}', $3, $4)",
            [id, month, now - 10 * 86_400_000, `digest-${id}`],
          );
        const counts = await new Retention(db).purgeTenant('gone', retentionCutoffs({ leads_days: 7, trade_in_photos_days: 90 }, undefined, now));
        expect(counts.spin_to_win_spins).toBe(2);
        expect(await db.query("SELECT id FROM spin_to_win_spins WHERE tenant = 'gone'")).toEqual([]);
      } finally {
        await icu?.close();
      }
    });
  });
}
