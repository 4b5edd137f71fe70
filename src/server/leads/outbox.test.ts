import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { leadAdf, leadDocument, xmlEscape } from './formats.ts';
import { leadEmailText } from './lead-email.ts';
import { leadSubject, Outbox, PermanentDeliveryError, retryDelay } from './outbox.ts';
import type { StoredLead } from './row.ts';
import { loadConfig } from '../../config/server.ts';
import { openDatabase } from '../database.ts';
import { createKernelAdapters, type MailAdapter } from '../kernel/adapters.ts';
import { openKernelStores } from '../kernel/stores.ts';
import { TenantRegistry } from '../kernel/tenants.ts';
import { CATEGORY_EXAMPLES, marketing, tenant, usedCar } from '../../../tests/fixtures/lead-categories.ts';
import { writeTestTenants } from '../../../tests/support/server-helpers.ts';
import { headlineLine, saleHeadline } from '../../lib/vehicle/price.ts';
import { SPIN_LEAD_CATEGORY } from '../../schemas/api/spin-to-win.ts';
import { ENQUIRY_CATEGORIES } from '../../schemas/forms/enquiry.ts';
import { LEAD_CATEGORIES } from '../../schemas/lead.ts';

describe('retryDelay', () => {
  it('doubles per attempt up to the cap, with bounded jitter', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((attempt) => retryDelay(attempt, 1000, 60_000, mid))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(30, 1000, 60_000, mid)).toBe(60_000);
    expect(retryDelay(1, 1000, 60_000, () => 0)).toBe(800);
    expect(retryDelay(1, 1000, 60_000, () => 0.999999)).toBe(1200);
  });
});

const lead: StoredLead = {
  id: '5d0c3d0e-1111-4222-8333-944455556666',
  tenant: 'alpha',
  category: 'Test Drive',
  subcategory: null,
  car_id: '1',
  dealership_slug: null,
  name: 'Jo <b>',
  email: 'jo@example.com',
  phone: '0412345678',
  form_completed: true,
  offer_accepted: false,
  revision: 2,
  data: { name: 'Jo <b>', last_name: 'O\'Brien & Sons', postcode: '4000', message: 'Hi ]]> <adf>\u0001', dateTime: '2026-03-07T09:00:00+10:00' },
  created_at: Date.UTC(2026, 2, 1),
  updated_at: Date.UTC(2026, 2, 2),
  shopper: null,
};

describe('lead formats', () => {
  it('escapes XML and drops control characters', () => {
    expect(xmlEscape(`<a href="x">'&'</a>\u0000`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
  it('writes ADF 1.0 with the customer, comments and revision', () => {
    const xml = leadAdf(lead, undefined, undefined);
    expect(xml).toContain('<?adf version="1.0"?>');
    expect(xml).toContain(`<id sequence="2" source="alpha">${lead.id}</id>`);
    expect(xml).toContain('<name part="first">Jo &lt;b&gt;</name>');
    expect(xml).toContain('<name part="last">O&apos;Brien &amp; Sons</name>');
    expect(xml).toContain('Hi ]]&gt; &lt;adf&gt;');
    expect(xml).toContain('Test drive: Fri 6 Mar 2026, 11:00 pm UTC');
    expect(xml).not.toContain('\u0001');
  });
  it('adds the shopper trade-in car from its evaluation', () => {
    const evaluation = { id: 'E1', tenant: 'alpha', rego: 'ABC123', state: 'qld', vin: 'VIN1', description: '2019 Mazda 3 Auto', vehicle: { Year: 2019, Make: 'Mazda', Model: '3', Variant: 'Auto' }, km: 85000, contact: null, offer_price: 14200, image_count: 4 };
    expect(leadDocument(lead, undefined, undefined, evaluation).trade_in).toMatchObject({ make: 'Mazda', km: 85000, offer_price: 14200, images: 4 });
    const xml = leadAdf(lead, undefined, undefined, evaluation);
    expect(xml).toContain('<vehicle interest="trade-in" status="used"><year>2019</year><make>Mazda</make>');
    expect(xml).toContain('<price type="offer" currency="AUD">14200</price>');
  });
  it('builds the JSON document', () => {
    expect(leadDocument(lead, undefined, undefined)).toMatchObject({ lead_id: lead.id, revision: 2, customer: { email: 'jo@example.com', postcode: '4000' }, vehicle: null });
  });
});

describe("a dealer destination that is down for hours (docs/lead-api.md: retried for about 6 hours)", () => {
  it('keeps a lead out of the dead letters for at least 6 hours with the default settings, even at the low end of the jitter', () => {
    const { delivery } = loadConfig({});
    let waited = 0;
    for (let attempt = 1; attempt < delivery.maxAttempts; attempt += 1) waited += retryDelay(attempt, delivery.baseDelayMs, delivery.maxDelayMs, () => 0);
    expect(waited / 3_600_000).toBeGreaterThanOrEqual(6);
  });
});

describe('an Outbox built without settings (tests, scripts, any caller but the API process)', () => {
  it("dead-letters a failing job after the configuration's default number of attempts, as production does", async () => {
    const db = await openDatabase({ kind: 'sqlite', file: ':memory:' });
    try {
      const stores = openKernelStores(db);
      let now = 1000;
      const saved = await stores.leads.save({ tenant: 'alpha', values: { category: 'General Enquiry', name: 'Jo' }, destinations: ['crm'], now });
      const leadId = (saved as { id: string }).id;
      // No tenant is loaded: every send fails with a retryable error (the destination is not configured).
      const quiet = { info() {}, warn() {}, error() {} };
      const outbox = new Outbox(stores, new TenantRegistry({ tenantsDir: '/nonexistent' }), createKernelAdapters(stores.messages), quiet, {}, () => now);
      let rounds = 0;
      while ((await stores.outbox.deliveriesOf(leadId))[0]?.status === 'pending' && rounds < 100) {
        rounds += 1;
        await outbox.runOnce();
        // A day later every retry is due.
        now += 86_400_000;
      }
      expect(await stores.outbox.deliveriesOf(leadId)).toMatchObject([{ status: 'dead', attempts: loadConfig({}).delivery.maxAttempts }]);
    } finally {
      await db.close();
    }
  });
});

const ADF_DTD = fileURLToPath(new URL('../../../docs/standards/adf-1.0.dtd', import.meta.url));
const hasXmllint = spawnSync('xmllint', ['--version']).status === 0;

/**
 * What the outbox hands the mail adapter for a lead of `values` and its later steps (each
 * sent as an update of that lead, a round of the outbox after each); alpha has no
 * lead-delivery.json: the default e-mail.
 */
async function mailedLead(values: Record<string, unknown>, ...steps: Record<string, unknown>[]): Promise<Parameters<MailAdapter['send']>[0][]> {
  return mailedLeadThrough(async () => undefined, values, ...steps);
}

/** As mailedLead, each send first passing through `check` (which may throw, as a mail provider that refuses); only sends it let through are returned. */
async function mailedLeadThrough(
  check: (message: Parameters<MailAdapter['send']>[0]) => Promise<void>,
  values: Record<string, unknown>,
  ...steps: Record<string, unknown>[]
): Promise<Parameters<MailAdapter['send']>[0][]> {
  const root = mkdtempSync(join(tmpdir(), 'outbox-mail-'));
  const db = await openDatabase({ kind: 'sqlite', file: ':memory:' });
  try {
    writeTestTenants(root);
    const tenants = new TenantRegistry({ tenantsDir: root });
    tenants.reload();
    const stores = openKernelStores(db);
    const sent: Parameters<MailAdapter['send']>[0][] = [];
    const send = async (message: Parameters<MailAdapter['send']>[0]) => {
      await check(message);
      sent.push(message);
    };
    const adapters = { ...createKernelAdapters(stores.messages), mail: { send } };
    const destinations = tenants.get('alpha')!.destinations.map((destination) => destination.id);
    const outbox = new Outbox(stores, tenants, adapters, { info() {}, warn() {}, error() {} });
    const saved = await stores.leads.save({ tenant: 'alpha', values, destinations, now: Date.UTC(2026, 2, 1) });
    await outbox.runOnce();
    for (const [index, step] of steps.entries()) {
      await stores.leads.save({ tenant: 'alpha', leadId: (saved as { id: string }).id, values: step, destinations, now: Date.UTC(2026, 2, 1, index + 1) });
      await outbox.runOnce();
    }
    return sent;
  } finally {
    await db.close();
    rmSync(root, { recursive: true, force: true });
  }
}

describe('the lead e-mail of a tenant without lead-delivery.json (the default destination)', () => {
  const shopper = { category: 'Test Drive', car_id: '1', name: 'Jo', last_name: 'O\'Brien & "Sons"', email: 'jo@example.com', phone: '0412345678', postcode: '4000', message: 'Is it still there & can I drive it <Saturday>?' };

  it('is text a salesperson reads first, with the ADF attached for a CRM', async () => {
    const [mail] = await mailedLead(shopper);
    expect(mail?.contentType).toMatch(/^text\/plain/);
    expect(mail!.body.startsWith('<?xml')).toBe(false);
    expect(mail!.body).toContain('Jo O\'Brien & "Sons"');
    expect(mail!.body).toContain('Is it still there & can I drive it <Saturday>?');
    expect(mail!.body).not.toMatch(/&amp;|&apos;|&quot;|&lt;/);
    for (const words of ['Category: Test Drive', 'Phone: 0412345678', 'E-mail: jo@example.com', 'Postcode: 4000', 'Car: alpha-corolla-1, $25,990']) expect(mail!.body).toContain(words);
    expect(mail!.body.indexOf('Category: Test Drive')).toBeLessThan(mail!.body.indexOf('jo@example.com'));
    expect(mail!.attachments).toHaveLength(1);
    const [adf] = mail!.attachments!;
    expect(adf).toMatchObject({ contentType: 'application/xml', filename: expect.stringMatching(/^lead-[0-9a-f-]{36}\.xml$/) });
    expect(adf!.content.startsWith('<?xml')).toBe(true);
    expect(adf!.content).toContain('<name part="last">O&apos;Brien &amp; &quot;Sons&quot;</name>');
  });

  it.skipIf(!hasXmllint && !process.env.CI)('attaches ADF that is valid against the ADF 1.0 DTD', async () => {
    const [mail] = await mailedLead(shopper);
    const run = spawnSync('xmllint', ['--noout', '--dtdvalid', ADF_DTD, '-'], { input: mail!.attachments![0]!.content, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
  });

  it('names the stock car by its stock number and the price its page leads with, and links the page', () => {
    const [, withCar] = CATEGORY_EXAMPLES;
    const text = leadEmailText(withCar!.lead, tenant, usedCar, undefined, [], marketing, 'ADF/XML');
    expect(text).toContain(`Car: ${usedCar.name}, stock ${usedCar.stocknum}, ${headlineLine(saleHeadline(usedCar)!)}`);
    expect(text).toContain(`Vehicle page: ${tenant.site.url}/cars/${usedCar.slug}`);
    // A feed that breaks the price down: the drive-away total the shopper saw, with its label, not the excl. figure.
    const brokenDown = { ...usedCar, price: 40_000, price_type: 'Excl. Govt. Charges', drive_away_price: 44_500 } as typeof usedCar;
    expect(leadEmailText(withCar!.lead, tenant, brokenDown, undefined, [], marketing, 'ADF/XML')).toContain(`stock ${usedCar.stocknum}, $44,500 Drive Away`);
  });

  it('names a stock car that has left the stock as that car, not as a car the shopper named', () => {
    const [, withCar] = CATEGORY_EXAMPLES;
    const lead = { ...withCar!.lead, data: { ...withCar!.lead.data, stock_number: 'U5002', 'Vehicle Make': 'Toyota', 'Vehicle Model': 'Corolla' } };
    const text = leadEmailText(lead, tenant, undefined, undefined, [], marketing, 'ADF/XML');
    expect(text).toContain(`Car: The stock vehicle the customer chose (car ${lead.car_id}, stock U5002); it is no longer listed on the site.`);
    expect(text).not.toContain('Vehicle named');
  });

  it("gives the shopper's own car as the ADF does: odometer, VIN and the condition answers", () => {
    const example = CATEGORY_EXAMPLES.find((candidate) => candidate.title === 'Trade-in towards a car (offer accepted)')!;
    const text = leadEmailText(example.lead, tenant, example.car, example.evaluation, example.photos ?? [], marketing, 'ADF/XML');
    for (const words of ['85,000 km', 'VIN JM0BN123400123456', 'Service history: Full service history', 'Keys: 2', 'Condition: Good']) expect(text).toContain(words);
  });
});

/** The category literals the product's forms and modules send (`category: 'Test Drive'`), read from their sources. */
function sentCategories(): string[] {
  const roots = ['../../islands/forms', '../features'].map((folder) => fileURLToPath(new URL(folder, import.meta.url)));
  const files = roots.flatMap((root) => readdirSync(root, { recursive: true, encoding: 'utf8' }).map((name) => join(root, name)));
  const sources = files.filter((file) => /\.tsx?$/.test(file) && !/\.test\./.test(file)).map((file) => readFileSync(file, 'utf8'));
  return sources.flatMap((source) => [...source.matchAll(/\bcategory: '([^']+)'/g)].map((match) => match[1]!));
}

describe('the lead e-mail subject (docs/security.md L12)', () => {
  it("names every category the product's forms send, none as 'Other enquiry'", () => {
    const sent = [...new Set([...LEAD_CATEGORIES, ...ENQUIRY_CATEGORIES, SPIN_LEAD_CATEGORY, ...sentCategories()])];
    expect(sent).toEqual(expect.arrayContaining(['Sales Enquiry', 'Service Enquiry', 'Parts Enquiry', 'Spin to Win', 'Online Payment']));
    for (const category of sent) expect(leadSubject(category, 'Alpha Motors'), category).toBe(`New lead: ${category} (Alpha Motors)`);
  });

  it("says 'Other enquiry' for any other text, and keeps CR/LF out of the header", () => {
    expect(leadSubject('Test Drive\r\nBcc: victim@example.com', 'Alpha\r\nMotors')).toBe('New lead: Other enquiry (Alpha Motors)');
    expect(leadSubject(' sales enquiry ', 'Alpha')).toBe('New lead: Sales Enquiry (Alpha)');
  });

  it('writes the site name as one line (oneLine): no line break of any kind, no control character', () => {
    expect(leadSubject('Sales Enquiry', 'Alpha\u2028Bcc: x@example.com\u0085\u000BMotors \u0000 Co')).toBe('New lead: Sales Enquiry (Alpha Bcc: x@example.com Motors Co)');
  });
});

describe('the subject of a lead sent again (a later revision: paid, refunded, offer accepted)', () => {
  const reserve = { category: 'Reserve', car_id: '1', name: 'Jo', email: 'jo@example.com', phone: '0412345678' };

  it("says 'Updated lead' when the lead was sent before, 'New lead' the first time", async () => {
    const sent = await mailedLead(reserve, { message: 'Paid the deposit' }, { message: 'Refunded' });
    expect(sent.map((mail) => mail.subject)).toEqual(['New lead: Reserve (Alpha Motors)', 'Updated lead: Reserve (Alpha Motors)', 'Updated lead: Reserve (Alpha Motors)']);
  });

  it("says 'New lead' when the lead's earlier send never reached the dealer (refused, dead-lettered)", async () => {
    let calls = 0;
    const refuseFirst = async () => {
      calls += 1;
      if (calls === 1) throw new PermanentDeliveryError('mailbox refused');
    };
    const sent = await mailedLeadThrough(refuseFirst, reserve, { message: 'Paid the deposit' });
    expect(sent.map((mail) => mail.subject)).toEqual(['New lead: Reserve (Alpha Motors)']);
  });

  it("says 'New lead' for a multi-step form's first send, though the lead is at a later revision", async () => {
    const sent = await mailedLead({ ...reserve, category: 'Service Booking', form_completed: false }, { 'Vehicle Make': 'Mazda', form_completed: true });
    expect(sent.map((mail) => mail.subject)).toEqual(['New lead: Service Booking (Alpha Motors)']);
  });

  it('keeps the shopper text and CR/LF out of an update subject', () => {
    expect(leadSubject('Reserve\r\nBcc: victim@example.com', 'Alpha\r\nMotors', true)).toBe('Updated lead: Other enquiry (Alpha Motors)');
  });
});
