import { describe, expect, it } from 'vitest';
import { leadAdf, leadDocument, xmlEscape } from './formats.ts';
import { Outbox, retryDelay } from './outbox.ts';
import type { StoredLead } from './row.ts';
import { loadConfig } from '../../config/server.ts';
import { openDatabase } from '../database.ts';
import { createKernelAdapters } from '../kernel/adapters.ts';
import { openKernelStores } from '../kernel/stores.ts';
import { TenantRegistry } from '../kernel/tenants.ts';

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
