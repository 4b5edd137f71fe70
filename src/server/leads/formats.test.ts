/**
 * Issue 37: what dealers' CRMs receive. The ADF of one lead of each category is checked
 * against the ADF 1.0 DTD kept in the repository (docs/standards/adf-1.0.dtd) with a real
 * validator (xmllint, Debian's libxml2-utils), and the JSON body against its published
 * JSON Schema (docs/schemas/lead-webhook-v1.json). In CI a missing xmllint fails the test;
 * elsewhere the DTD checks are skipped with a message.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CATEGORY_EXAMPLES, marketing, tenant } from '../../../tests/fixtures/lead-categories.ts';
import { leadWebhookProblems, leadWebhookSchema } from '../../../tests/support/lead-webhook-schema.ts';
import { actingLocation, LEAD_WEBHOOK_SCHEMA_VERSION, leadAdf, leadDocument, paymentLine } from './formats.ts';
import { isReserveCategory } from '../../schemas/lead.ts';
import type { Evaluation } from './evaluations.ts';
import type { StoredLead } from './row.ts';

const DTD = fileURLToPath(new URL('../../../docs/standards/adf-1.0.dtd', import.meta.url));
const DOCS = fileURLToPath(new URL('../../../docs/lead-api.md', import.meta.url));
const MISSING = 'xmllint was not found: install the Debian package libxml2-utils (.ci/run installs it in CI)';
const hasXmllint = spawnSync('xmllint', ['--version']).status === 0;
const inCi = Boolean(process.env.CI);
if (!hasXmllint && !inCi) console.warn(`ADF DTD tests skipped: ${MISSING}`);

/*
 * The DTD declares `contact` and `colorcombination` with content models that are not
 * deterministic (XML 1.0 asks that they be); libxml2 says so and then does not check those
 * two elements at all. So each ADF is also validated against a copy in which just those two
 * models are written as deterministic equivalents that accept exactly the same children.
 */
const PUBLISHED_CONTACT = '<!ELEMENT contact (name+, ((email | phone+) | (email, phone+)), address?)>';
const DETERMINISTIC_CONTACT = '<!ELEMENT contact (name+, ((email, phone*) | phone+), address?)>';
const PUBLISHED_COLORS = '<!ELEMENT colorcombination (((interiorcolor | exteriorcolor) | (interiorcolor, exteriorcolor)), preference)>';
const DETERMINISTIC_COLORS = '<!ELEMENT colorcombination (((interiorcolor, exteriorcolor?) | exteriorcolor), preference)>';
const NOT_DETERMINIST = /^validity error : Content model of (contact|colorcombination) is not determinist: .*$/gm;

const work = mkdtempSync(join(tmpdir(), 'adf-dtd-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const published = readFileSync(DTD, 'utf8');
const STRICT_DTD = join(work, 'adf-1.0-deterministic.dtd');
writeFileSync(STRICT_DTD, published.replace(PUBLISHED_CONTACT, DETERMINISTIC_CONTACT).replace(PUBLISHED_COLORS, DETERMINISTIC_COLORS));

/** xmllint's verdict on an ADF document against a DTD: valid, and its messages (the known determinism notes left out). */
function validate(xml: string, dtd: string): { valid: boolean; errors: string } {
  if (!hasXmllint) throw new Error(MISSING);
  const run = spawnSync('xmllint', ['--noout', '--dtdvalid', dtd, '-'], { input: xml, encoding: 'utf8' });
  return { valid: run.status === 0, errors: run.stderr.replace(NOT_DETERMINIST, '').trim() };
}

/** Both checks: the published DTD and its deterministic copy. */
function expectValid(xml: string): void {
  for (const dtd of [DTD, STRICT_DTD]) {
    const result = validate(xml, dtd);
    expect(result.errors, `${dtd}:\n${xml}`).toBe('');
    expect(result.valid).toBe(true);
  }
}

/** The ADF of an example as the outbox writes it. */
const adfOf = (example: (typeof CATEGORY_EXAMPLES)[number]) => leadAdf(example.lead, tenant, example.car, example.evaluation, example.photos ?? [], marketing);

/** The ADF laid out for reading (xmllint --format): how docs/lead-api.md shows each example. */
function formatted(xml: string): string {
  if (!hasXmllint) throw new Error(MISSING);
  const run = spawnSync('xmllint', ['--format', '-'], { input: xml, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim();
}

describe.skipIf(!hasXmllint && !inCi)('ADF 1.0 against the standard DTD (issue 37)', () => {
  it('the DTD in the repository is the published one, with the two models the copy rewrites', () => {
    expect(published).toContain('<!ELEMENT adf (prospect+)>');
    expect(published).toContain('<!ELEMENT prospect (id*, requestdate, vehicle+, customer, vendor, provider?)>');
    expect(published).toContain(PUBLISHED_CONTACT);
    expect(published).toContain(PUBLISHED_COLORS);
    expect(readFileSync(STRICT_DTD, 'utf8')).toContain(DETERMINISTIC_CONTACT);
  });

  for (const example of CATEGORY_EXAMPLES) {
    it(`${example.title}: valid`, () => {
      expectValid(adfOf(example));
    });
  }

  it('stays valid with the least a lead can carry: no tenant, no name, no contact, an evaluation without a vehicle or offer', () => {
    const bare: StoredLead = { ...CATEGORY_EXAMPLES[0]!.lead, name: null, email: null, phone: null, data: { category: 'Sales Enquiry' } };
    const unknownCar: Evaluation = {
      id: 'e1',
      tenant: 'harbour-city',
      rego: null,
      state: null,
      vin: null,
      description: null,
      vehicle: null,
      km: null,
      contact: null,
      offer_price: null,
      image_count: 0,
    };
    expectValid(leadAdf(bare, undefined, undefined));
    expectValid(leadAdf(bare, tenant, undefined, unknownCar));
    expectValid(
      leadAdf(
        { ...bare, data: { category: 'Service Booking', 'Vehicle Make': 'Kia', street: '1 Short St' } },
        { ...tenant, site: { ...tenant.site, locations: [] } },
        undefined,
      ),
    );
  });

  it('stays valid with markup, quotes and control characters in every value', () => {
    const hostile = 'Jo <b> & "O\'Brien" ]]> \u0001\u0008';
    const example = CATEGORY_EXAMPLES[9]!;
    const data = Object.fromEntries(Object.entries(example.lead.data).map(([key, value]) => [key, typeof value === 'string' ? `${value}${hostile}` : value]));
    const xml = leadAdf({ ...example.lead, data }, tenant, undefined, undefined, [], marketing);
    expect(xml).not.toMatch(/[\u0001\u0008]/);
    expectValid(xml);
  });

  it('covers every category the product sends', () => {
    const categories = new Set(CATEGORY_EXAMPLES.map((example) => example.lead.category));
    for (const category of [
      'General Enquiry',
      'Test Drive',
      'Trade-in Enquiry',
      'Finance Enquiry',
      'Reserve',
      'Online Payment',
      'Service Booking',
      'Request Photos',
    ])
      expect(categories).toContain(category);
    expect(CATEGORY_EXAMPLES.some((example) => example.lead.data.page_id === '/sell-my-car')).toBe(true);
  });

  it('fails when an element is put out of order', () => {
    const xml = adfOf(CATEGORY_EXAMPLES[1]!);
    const trimFirst = xml.replace(/(<vin>[^<]*<\/vin>)(<stock>[^<]*<\/stock>)(<trim>[^<]*<\/trim>)/, '$3$1$2');
    expect(trimFirst).not.toBe(xml);
    for (const dtd of [DTD, STRICT_DTD]) {
      const result = validate(trimFirst, dtd);
      expect(result.valid).toBe(false);
      expect(result.errors).toMatch(/Element vehicle content does not follow the DTD/);
    }
    // The customer's phone before the e-mail: only the deterministic copy lets xmllint see it.
    const phoneFirst = xml.replace(/(<email[^>]*>[^<]*<\/email>)\n(<phone[^>]*>[^<]*<\/phone>)/, '$2\n$1');
    expect(phoneFirst).not.toBe(xml);
    expect(validate(phoneFirst, STRICT_DTD)).toMatchObject({ valid: false, errors: expect.stringMatching(/Element contact content does not follow the DTD/) });
  });

  it('fails on the defects of issue 37: no street in an address, a vendor without contact, a lead without a vehicle', () => {
    const xml = adfOf(CATEGORY_EXAMPLES[0]!);
    const noStreet = xml.replace('<address><street line="1"/>', '<address>');
    const noVendorContact = xml.replace(/<vendor>[\s\S]*<\/vendor>/, '<vendor><vendorname>harbour-city</vendorname></vendor>');
    const noVehicle = xml.replace(/<vehicle[\s\S]*?<\/vehicle>\n/, '');
    for (const broken of [noStreet, noVendorContact, noVehicle]) {
      expect(broken).not.toBe(xml);
      expect(validate(broken, STRICT_DTD).valid).toBe(false);
    }
  });

  it('puts the dealer, the cars and the request where CRMs read them', () => {
    const [general, demo, testDrive, tradeIn, instant, sell, finance, reserve, payment, service] = CATEGORY_EXAMPLES.map(adfOf);
    // Vendor: the dealership's name, the acting location's address and phone.
    expect(demo).toContain(
      '<vendor>\n<id source="location">capalaba</id>\n<vendorname>Harbour City Toyota</vendorname>\n<url>https://www.harbourcity.example</url>',
    );
    expect(demo).toContain(
      '<phone type="voice">+61 7 3390 1200</phone>\n<address><street line="1">14 Redland Bay Road</street><city>Capalaba</city><regioncode>QLD</regioncode><postalcode>4157</postalcode><country>AU</country></address>',
    );
    expect(service).toContain('<id source="location">woolloongabba-service</id>');
    // The demo car, its children in the DTD's order.
    expect(demo).toContain(
      '<vehicle interest="buy" status="used"><id source="stock">5001</id><year>2025</year><make>Toyota</make><model>Corolla</model><vin>JTNB23HE30J123456</vin><stock>D5001</stock><trim>Ascent Sport ZWE219R</trim>',
    );
    expect(testDrive).toContain('<vehicle interest="test-drive" status="used">');
    expect(testDrive).toContain('Test drive requested for Sun 29 Nov 2026, 10:00 am AEST');
    expect(testDrive).toContain('<phone type="cellphone" preferredcontact="1">0412345678</phone>');
    expect(general).toContain('<email preferredcontact="1">jo.citizen@example.com</email>');
    // No street given: an empty street (the DTD requires one), the postcode the shopper gave.
    expect(general).toContain('<address><street line="1"/><postalcode>4151</postalcode><country>AU</country></address>');
    expect(general).toContain('<vehicle interest="buy"><year/><make/><model/><comments>No particular vehicle: General Enquiry.</comments></vehicle>');
    // Trade-in and instant offer: the shopper's car as interest="trade-in" with the offer; sell my car as "sell".
    expect(tradeIn).toContain(
      '<vehicle interest="trade-in" status="used"><year>2019</year><make>Mazda</make><model>3</model><vin>JM0BN123400123456</vin><trim>G20 Touring</trim><odometer units="km">85000</odometer><price type="offer" currency="AUD">14200</price>',
    );
    expect(tradeIn).toContain('Instant offer: $14,200 (accepted by the customer)');
    expect(instant.match(/<vehicle /g)).toHaveLength(1);
    expect(instant).toContain('<vehicle interest="trade-in" status="used">');
    expect(sell).toContain('<vehicle interest="sell" status="used">');
    // Finance with its amount, reserve and payment with theirs.
    expect(finance).toContain('<finance><method>finance</method><amount type="total" limit="maximum" currency="AUD">35000</amount></finance>');
    expect(reserve).toContain(
      '<pricecomments>Deposit: $500.00 AUD paid online (stripe reference pi_3Q0example); car reserved until Sun 29 Nov 2026, 11:41 am AEST</pricecomments>',
    );
    expect(payment).toContain('Payment for INV-20931: $240.00 AUD paid online');
    // Source and campaign: provider name, service and URL, and every parameter in the comments.
    expect(general).toContain(
      '<provider>\n<name part="full" type="business">Website</name>\n<service>spring-sale / google / cpc</service>\n<url>https://www.harbourcity.example/contact-us?utm_source=google&amp;utm_medium=cpc&amp;utm_campaign=spring-sale&amp;gclid=Cj0KCQ</url>\n</provider>',
    );
    expect(general).toContain('Campaign: utm_source=google; utm_medium=cpc; utm_campaign=spring-sale; gclid=Cj0KCQ');
    expect(service).toContain(
      '<address><street line="1">7 Wattle Street</street><city>Alexandra Hills</city><regioncode>QLD</regioncode><postalcode>4151</postalcode><country>AU</country></address>',
    );
    expect(service).toContain('<vehicle status="used"><year>2020</year><make>Toyota</make><model>RAV4</model>');
  });

  it('an Online Payment lead without the server’s payment record says it is not paid: what a browser posts is no payment', () => {
    const example = CATEGORY_EXAMPLES[8]!;
    const { payment: _payment, ...data } = example.lead.data;
    const unpaid = { ...example, lead: { ...example.lead, data } };
    const xml = adfOf(unpaid);
    expect(xml).toContain('Payment: not paid online (no card was taken). Please call the customer to take the payment.');
    expect(xml).not.toMatch(/paid online \(\w+ reference/);
    expect(leadDocument(unpaid.lead, tenant, undefined, undefined, [], marketing).payment).toBeNull();
  });

  it('docs/lead-api.md shows the ADF of every example, as written today', () => {
    const docs = readFileSync(DOCS, 'utf8');
    for (const example of CATEGORY_EXAMPLES) {
      const block = `#### ${example.title}\n\n\`\`\`xml\n${formatted(adfOf(example))}\n\`\`\``;
      expect(docs.includes(block), `docs/lead-api.md: the example "${example.title}" is missing or stale; today's output:\n${block}`).toBe(true);
    }
  });
});

// The payments module holds a car only for a lead isReserveCategory reads as Reserve: the dealer's
// payment line reads the category the same way, so the money of a held car is called a deposit.
describe('the payment line', () => {
  const example = CATEGORY_EXAMPLES.find((entry) => entry.lead.category === 'Reserve')!;
  const reserve = example.lead;
  const { payment: _payment, ...unpaid } = reserve.data;

  it.each(['Reserve', 'RESERVE', ' Reserve ', 'reserve\t'])('reads %j as a Reserve lead, as isReserveCategory does', (category) => {
    expect(isReserveCategory(category)).toBe(true);
    expect(paymentLine({ ...reserve, category }, 'Australia/Brisbane')).toMatch(/^Deposit: \$500\.00 AUD paid online/);
    expect(paymentLine({ ...reserve, category, data: unpaid }, 'Australia/Brisbane')).toBe(
      'Deposit: not paid online (no card was taken). Please call the customer to take the deposit.',
    );
    // The ADF gives a Reserve lead's payment line as its price comments.
    expect(adfOf({ ...example, lead: { ...reserve, category } })).toContain('<pricecomments>Deposit: $500.00 AUD paid online');
  });

  it("shows the money as every page does (formatMoney, dollars and cents): the paid and refunded amounts, and an Online Payment lead's invoice amount", () => {
    // An invoice's payment holds no car: no reserved_until.
    const { reserved_until: _until, ...record } = reserve.data.payment as Record<string, string>;
    const data = {
      ...reserve.data,
      payment: { ...record, status: 'partially refunded', amount: '1500.00', refunded: '1250.50', invoice_reference: 'INV-7781' },
      custom_params: { invoice_reference: 'INV-7781', amount: '1500.00' },
    };
    const lead = { ...reserve, category: 'Online Payment', data };
    expect(paymentLine(lead, 'UTC')).toBe(
      `Payment for INV-7781: $1,500.00 AUD partially refunded online (${record.provider} reference ${record.reference}); refunded $1,250.50`,
    );
    const xml = adfOf({ ...example, lead });
    expect(xml).toContain('Invoice or reference: INV-7781, amount $1,500.00');
    expect(xml).toContain('Payment for INV-7781: $1,500.00 AUD partially refunded online');
    // An amount a browser posted that is no number is given as it was typed.
    expect(adfOf({ ...example, lead: { ...lead, data: { ...data, custom_params: { invoice_reference: 'INV-7781', amount: 'about 1500' } } } })).toContain(
      'Invoice or reference: INV-7781, amount about 1500',
    );
  });

  it('reads a category that only begins with Reserve as no Reserve lead, as isReserveCategory does', () => {
    expect(isReserveCategory('Reserve Online')).toBe(false);
    expect(paymentLine({ ...reserve, category: 'Reserve Online' }, 'Australia/Brisbane')).toMatch(/^Payment: \$500\.00 AUD paid online/);
    expect(paymentLine({ ...reserve, category: 'Reserve Online', data: unpaid }, 'Australia/Brisbane')).toBe('');
  });
});

describe('the acting location', () => {
  it('is the shopper’s choice, else the car’s, else a location of the kind the lead needs', () => {
    const [general, demo, , , , , , , , service] = CATEGORY_EXAMPLES;
    expect(actingLocation(service!.lead, tenant, undefined)?.slug).toBe('woolloongabba-service');
    expect(actingLocation(demo!.lead, tenant, demo!.car)?.slug).toBe('capalaba');
    expect(actingLocation(general!.lead, tenant, undefined)?.slug).toBe('woolloongabba');
    const serviceWithoutChoice = { ...service!.lead, data: { ...service!.lead.data, location: undefined } };
    expect(actingLocation(serviceWithoutChoice, tenant, undefined)?.slug).toBe('woolloongabba-service');
    expect(actingLocation(general!.lead, undefined, undefined)).toBeUndefined();
  });
});

describe('the JSON webhook body against docs/schemas/lead-webhook-v1.json (issue 37)', () => {
  it('the schema is version 1, as the bodies say', () => {
    expect((leadWebhookSchema.properties as Record<string, { const?: number }>).schema_version!.const).toBe(LEAD_WEBHOOK_SCHEMA_VERSION);
  });

  for (const example of CATEGORY_EXAMPLES) {
    it(`${example.title}: matches`, () => {
      const body = JSON.parse(JSON.stringify(leadDocument(example.lead, tenant, example.car, example.evaluation, example.photos ?? [], marketing))) as Record<
        string,
        unknown
      >;
      expect(leadWebhookProblems(body)).toEqual([]);
    });
  }

  it('docs/lead-api.md shows the body of the demo-car enquiry, as written today', () => {
    const example = CATEGORY_EXAMPLES[1]!;
    const block = `\`\`\`json\n${JSON.stringify(leadDocument(example.lead, tenant, example.car, undefined, [], marketing), null, 2)}\n\`\`\``;
    expect(readFileSync(DOCS, 'utf8').includes(block), `docs/lead-api.md: the JSON example is missing or stale; today's body:\n${block}`).toBe(true);
  });

  it('a change of shape does not match: a field added, removed or retyped', () => {
    const body = JSON.parse(JSON.stringify(leadDocument(CATEGORY_EXAMPLES[1]!.lead, tenant, CATEGORY_EXAMPLES[1]!.car, undefined, [], marketing))) as Record<
      string,
      Record<string, unknown>
    >;
    expect(leadWebhookProblems({ ...body, new_field: 1 })).toContain('/ must NOT have additional properties: new_field');
    const { dealer: _dealer, ...withoutDealer } = body;
    expect(leadWebhookProblems(withoutDealer)).toContain("/ must have required property 'dealer'");
    expect(leadWebhookProblems({ ...body, vehicle: { ...body.vehicle, price: '33990' } }).join('\n')).toMatch(/\/vehicle\/price must be number,null/);
  });
});

describe('the shopper’s form values in the ADF', () => {
  const [general, , testDrive] = CATEGORY_EXAMPLES;

  it('gives a test drive’s delivery location and an enquiry’s rego (spec §3 lead form values), and stays valid', () => {
    const delivered = adfOf({ ...testDrive!, lead: { ...testDrive!.lead, data: { ...testDrive!.lead.data, delivery_location: 'Gold Coast' } } });
    expect(delivered).toContain('Delivery location for the test drive: Gold Coast');
    const withRego = adfOf({ ...general!, lead: { ...general!.lead, data: { ...general!.lead.data, Rego: 'ABC123', State: 'qld' } } });
    expect(withRego).toContain('Rego: ABC123 (QLD)');
    if (hasXmllint) for (const xml of [delivered, withRego]) expectValid(xml);
  });
});

describe("a Spin to Win lead stored before its prize became the site's own line", () => {
  const spin = CATEGORY_EXAMPLES.find((example) => example.lead.category === 'Spin to Win')!;
  // What the spin plugin stored as the lead's message until it stopped writing one: the server's note, no shopper's words.
  const note = 'Spin to Win, Nov 2026: won $50 fuel voucher. Please contact the customer to arrange the prize.';
  const older = { ...spin, lead: { ...spin.lead, data: { ...spin.lead.data, message: note } } };

  it("is sent again (a resend) with the prize line only: its stored note is not shown as the shopper's message", () => {
    const adf = adfOf(older);
    expect(adf).toBe(adfOf(spin));
    expect(adf).not.toContain('Message:');
    expect(adf.match(/Please contact the customer to arrange the prize/g)).toHaveLength(1);
    expect(leadDocument(older.lead, tenant, older.car, older.evaluation, older.photos ?? [], marketing)).toEqual(
      leadDocument(spin.lead, tenant, spin.car, spin.evaluation, spin.photos ?? [], marketing),
    );
  });
});

describe('times a dealer reads', () => {
  const [general, , testDrive, , , , , reserve, , service] = CATEGORY_EXAMPLES;

  it('are on the dealer’s clock (site.json timezone), in words with the zone', () => {
    expect(adfOf(reserve!)).toContain('car reserved until Sun 29 Nov 2026, 11:41 am AEST');
    const drive = adfOf(testDrive!);
    expect(drive).toContain('Test drive: Sun 29 Nov 2026, 10:00 am AEST');
    expect(drive).toContain('Test drive requested for Sun 29 Nov 2026, 10:00 am AEST');
    expect(adfOf(service!)).toContain('Preferred service date: 3 Dec 2026');
    const sydney = { ...tenant, site: { ...tenant.site, timezone: 'Australia/Sydney' } };
    expect(leadAdf(reserve!.lead, sydney, reserve!.car)).toContain('car reserved until Sun 29 Nov 2026, 12:41 pm AEDT');
    // Unsubscribed at 8 am on 5 December in Brisbane (22:00 UTC the day before).
    const unsubscribed = leadAdf(general!.lead, tenant, undefined, undefined, [], { opted_out_at: Date.UTC(2026, 11, 4, 22) });
    expect(unsubscribed).toContain('this customer unsubscribed on 5 Dec 2026.');
  });
});

describe('the car a lead is about', () => {
  const [, demo, , , , , , reserve] = CATEGORY_EXAMPLES;

  it('gives the live car’s page on the site', () => {
    expect(adfOf(demo!)).toContain(`Vehicle page: https://www.harbourcity.example/cars/${demo!.car!.slug}`);
  });

  it('is still the stock car the lead stored when it has left the stock by the time of sending', () => {
    const gone = { ...reserve!.lead, data: { ...reserve!.lead.data, stock_number: 'U5002' } };
    const xml = leadAdf(gone, tenant, undefined, undefined, [], marketing);
    expect(xml).toContain('<vehicle interest="buy" status="used"><id source="stock">5002</id><year/><make>Mazda</make><model>CX-5</model><stock>U5002</stock>');
    expect(xml).toContain('The stock vehicle the customer chose (car 5002, stock U5002); it is no longer listed on the site.');
    expect(xml).not.toContain('not a stock vehicle');
    if (hasXmllint) expectValid(xml);
  });
});
