/**
 * Feed onboarding without code (issue 18 "Done when"): each export shape named there read
 * through checkFeed - the documented column names, the numbered-photo shape, a tab-separated
 * Windows export, a Latin-1 file declared as such, an XML feed of 100 vehicles, a mapping
 * with value maps and constants, and a mapping naming a column the file lacks.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStock } from '../../../lib/vehicle/stock.ts';
import { parseFeedMapping, type FeedMapping } from '../../../schemas/feed-mapping.ts';
import { checkFeed, formatFeedCheck } from './feed-check.ts';

const FIXTURES = resolve(import.meta.dirname, '../../../../tests/fixtures');

function mapping(data: unknown): FeedMapping {
  const parsed = parseFeedMapping(data);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return parsed.mapping;
}

const check = (file: string, text: string | Uint8Array, feedMapping: FeedMapping | null = null) =>
  checkFeed({ tenant: 'acme-motors', file, bytes: typeof text === 'string' ? Buffer.from(text) : text, mapping: feedMapping });

function cars(result: ReturnType<typeof check>) {
  if (!result.result.ok) throw new Error(`rejected: ${result.result.reason}`);
  return parseStock('acme-motors', result.result.records).cars;
}

describe('the documented shape (built-in column names, no mapping file)', () => {
  it("reads a ';'-separated export with BOM, $26,495.00 prices, quoted quotes, Incoming and Demonstrator", () => {
    const text =
      '\uFEFFStock Number;Make;Model;Badge;Year;Odometer;Price;Status;Condition;Photos;Comments\n' +
      'A1;Toyota;Corolla;Ascent;2021;"35,120";"$26,495.00";Available;Used;https://img.example/a1-1.jpg|https://img.example/a1-2.jpg;"Says ""like new"" on the tin"\n' +
      'A2;Mazda;CX-5;Touring;2026;12;$41,990.00;Incoming;Demonstrator;;\n';
    const result = check('dms.csv', text);
    expect(result.reading).toContain("separator: ';' (detected from the header)");
    expect(result.reading).toContain('encoding: utf-8 (byte order mark)');
    const [first, second] = cars(result);
    expect(first).toMatchObject({ id: 'A1', price: 26495, km: 35120, status: 'in_stock', car_type: 'used', dealercomments: 'Says "like new" on the tin' });
    expect(first.images?.map((image) => image.image)).toEqual(['https://img.example/a1-1.jpg', 'https://img.example/a1-2.jpg']);
    expect(second).toMatchObject({ id: 'A2', price: 41990, status: 'coming_soon', car_type: 'demo' });
    expect(result.columns.every((use) => use.field !== null)).toBe(true);
  });
});

describe('the numbered-photo shape (Stock #, Vehicle Status, Advertised Price, Odometer (km), Photo1..)', () => {
  const text = readFileSync(resolve(FIXTURES, 'feeds/photo-columns-motors.csv'));
  const tenantMapping = mapping(JSON.parse(readFileSync(resolve(FIXTURES, 'tenants/photo-columns-motors/feed-mapping.json'), 'utf8')));

  it('is rejected whole without a mapping, naming the missing column and how to fix it', () => {
    const result = check('export.csv', text);
    expect(result.result.ok).toBe(false);
    if (!result.result.ok) {
      expect(result.result.reason).toMatch(/the CSV header lacks required column\(s\): status/);
      expect(result.result.reason).toMatch(/feed-mapping\.json "columns"/);
    }
  });

  it('maps with the tenant mapping: photos gathered by number, status and condition words, d/m/y dates, skip rule', () => {
    const result = check('export.csv', text, tenantMapping);
    const stock = cars(result);
    expect(stock.map((car) => car.id)).toEqual(['PC1', 'PC2', 'PC3', 'PC4', 'PC5']);
    expect(result.skipped).toEqual([{ line: 7, reason: '"Web Visible" is "No"' }]);
    const ranger = stock.find((car) => car.id === 'PC3');
    // Photo1, Photo2, Photo3, Photo10: ordered by number, empty cells left out.
    expect(ranger?.images?.map((image) => image.image)).toEqual(['/media/vehicles/ute-blue-angle.webp', '/media/vehicles/ute-blue-side.webp']);
    expect(ranger).toMatchObject({ status: 'coming_soon', car_type: 'new', price: 62990, km: 15, created_at: '2026-11-15T00:00:00.000Z', state: 'QLD', price_type: 'Drive Away' });
    expect(stock.find((car) => car.id === 'PC5')).toMatchObject({ status: 'in_stock', car_type: 'used' });
    expect(stock.find((car) => car.id === 'PC4')).toMatchObject({ car_type: 'demo', created_at: '2026-11-01T00:00:00.000Z' });
    expect(result.columns.find((use) => use.column === 'Internal Notes')).toMatchObject({ field: null, via: 'ignored' });
    expect(result.columns.find((use) => use.column === 'Photo10')).toMatchObject({ field: 'images', via: 'photos' });
  });
});

describe('repeated photo columns', () => {
  it('gathers every repeat of a column named in photos, in file order', () => {
    const text = 'Stock,Make,Model,Price,Status,Image,Image,Image\nR1,Kia,Rio,9990,Available,https://i/1.jpg,,https://i/3.jpg\n';
    const [car] = cars(check('export.csv', text, mapping({ photos: ['Image'] })));
    expect(car.images?.map((image) => image.image)).toEqual(['https://i/1.jpg', 'https://i/3.jpg']);
  });
});

describe('problem lines of a table feed', () => {
  it('name the row, the record by id and stock number, the column, and what was done', () => {
    const text = 'ID,Stock No,Make,Model,Year,Price,Status,KMs\n9001,A1,Kia,Rio,2019,9990,Available,-5\n9002,A2,Kia,Rio,2019,9990,Available,100\n';
    const result = check('export.csv', text);
    expect(result.result.problems).toEqual(['row 2 (id 9001, stock A1), column "KMs" -> km: must not be negative (got -5); record skipped']);
  });

  it('name a second row with a stock number already used (a CSV with its own id column)', () => {
    const text = 'ID,Stock No,Make,Model,Year,Price,Status\n9001,A1,Kia,Rio,2019,9990,Available\n9002,A1,Kia,Rio,2020,9990,Available\n';
    expect(check('export.csv', text).result.problems).toEqual([
      'row 3 (id 9002, stock A1), column "Stock No" -> stocknum: duplicate stock number "A1" (already used by id 9001, stock A1 (#0)); record skipped',
    ]);
  });
});

describe('a check with the intake clock', () => {
  it('refuses a model year more than one after the clock year, and shows that record as not published', () => {
    const text = 'Stock No,Make,Model,Year,Price,Status\nF1,Kia,Rio,2031,9990,Available\nF2,Kia,Rio,2027,9990,Available\n';
    const result = checkFeed({ tenant: 'acme-motors', file: 'export.csv', bytes: Buffer.from(text), mapping: null, now: Date.parse('2026-11-21T00:00:00Z') });
    expect(result.result.problems).toEqual(['row 2 (id F1), column "Year" -> year: must not be later than next year (2027), received 2031; record skipped']);
    expect(formatFeedCheck(result)).toMatch(/^ {2}row 2: \{"stocknum":"F1",.*\} \(invalid, see problems\)$/m);
  });
});

describe('a tab-separated export with Windows line endings', () => {
  it('detects the tab, reads CRLF rows and reports a problem with its row and column', () => {
    const text = ['Stock No\tMake\tModel\tYear\tPrice\tStock Status\tKMs', 'T1\tHolden\tCommodore\t2017\t18990\tFor Sale\t120000', 'T2\tFord\tFocus\tnineteen\t9990\tIn Stock\t80000', 'T3\tSubaru\tForester\t2022\t38990\tSold\t20000', ''].join('\r\n');
    const result = check('export.tsv', text);
    expect(result.kind).toBe('csv');
    expect(result.reading).toContain('separator: tab (detected from the header)');
    expect(result.result).toMatchObject({ ok: true, read: 3, valid: 2 });
    expect(result.result.problems).toEqual([expect.stringMatching(/^row 3 \(id T2\), column "Year" -> year: /)]);
    const stock = cars(result);
    expect(stock.map((car) => [car.id, car.model, car.status, car.km])).toEqual([
      ['T1', 'Commodore', 'in_stock', 120000],
      ['T3', 'Forester', 'sold', 20000],
    ]);
    // No carriage return is left on the last column.
    expect(JSON.stringify(result.records)).not.toContain('\\r');
  });
});

describe('a Latin-1 file', () => {
  const latin1 = Buffer.from('Stock,Make,Model,Price,Status,Colour,Comments\nL1,Citro\xebn,C4,19990,Available,Bleu \xe9lectrique,Caf\xe9 racer \xbd price\n', 'latin1');

  it('declared in the mapping is read as Latin-1 / Windows-1252', () => {
    const result = check('export.csv', latin1, mapping({ encoding: 'latin1' }));
    expect(result.reading).toContain('encoding: windows-1252 (feed-mapping.json: latin1)');
    expect(cars(result)[0]).toMatchObject({ make: 'Citroën', colour: 'Bleu électrique', dealercomments: 'Café racer ½ price' });
  });

  it('declared as UTF-8 is rejected, naming the byte and the line', () => {
    const result = check('export.csv', latin1, mapping({ encoding: 'utf-8' }));
    expect(result.result.ok).toBe(false);
    if (!result.result.ok) expect(result.result.reason).toMatch(/not valid UTF-8 as declared .*byte 0xEB at offset \d+, line 2/);
  });

  it('undeclared is read as Windows-1252 with a note', () => {
    const result = check('export.csv', latin1);
    expect(cars(result)[0].make).toBe('Citroën');
    expect(result.reading.join('\n')).toMatch(/note: not valid UTF-8 .*read as Windows-1252/);
  });

  it('in an XML feed is read by its declaration', () => {
    const xml = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><Stock><Vehicle><StockNo>X1</StockNo><Make>Citro\xebn</Make><Model>C3</Model><Price>15990</Price><Status>Available</Status></Vehicle></Stock>', 'latin1');
    const result = check('feed.xml', xml);
    expect(result.reading).toContain('encoding: windows-1252 (XML declaration: ISO-8859-1)');
    expect(cars(result)[0].make).toBe('Citroën');
  });
});

/** An XML export of `count` vehicles in the shape classifieds feeds use. */
function xmlFeed(count: number): string {
  const vehicles = Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const photos = Array.from({ length: (n % 4) + 1 }, (__, photo) => `<Photo>https://img.example/x${n}-${photo + 1}.jpg</Photo>`).join('');
    return `  <Vehicle id="V${n}" condition="${n % 3 === 0 ? 'New' : 'Used'}">
    <StockNumber>X${n}</StockNumber><Make>${n % 2 ? 'Toyota' : 'Mazda'}</Make><Model>${n % 2 ? 'HiLux' : 'BT-50'}</Model><Year>${2015 + (n % 10)}</Year>
    <Pricing><Advertised>${20000 + n * 100}</Advertised><Was>${n % 5 === 0 ? 30000 + n : ''}</Was></Pricing>
    <Odometer unit="km">${n * 1000}</Odometer>
    <Status>${n % 10 === 0 ? 'Sold' : 'Available'}</Status>
    <Description><![CDATA[Vehicle ${n} & <friends>]]></Description>
    <Photos>${photos}</Photos>
  </Vehicle>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Inventory xmlns:x="urn:example">\n<Dealer><Name>Acme</Name></Dealer>\n${vehicles.join('\n')}\n</Inventory>\n`;
}

describe('an XML feed with 100 vehicles', () => {
  it('reads one record per vehicle element, photos in order, mapped by the same file', () => {
    const result = check('inventory.xml', xmlFeed(100), mapping({ columns: { '@id': 'ignore', 'Pricing/Advertised': 'price', 'Pricing/Was': 'before_price', '@condition': 'car_type' } }));
    expect(result.kind).toBe('xml');
    expect(result.reading).toContain('vehicle element: <Vehicle> (detected)');
    expect(result.rows).toBe(100);
    expect(result.result).toMatchObject({ ok: true, read: 100, valid: 100, problems: [] });
    const stock = cars(result);
    expect(stock).toHaveLength(100);
    expect(stock[6]).toMatchObject({ id: 'X7', stocknum: 'X7', make: 'Toyota', model: 'HiLux', year: 2022, price: 20700, km: 7000, status: 'in_stock', car_type: 'used', dealercomments: 'Vehicle 7 & <friends>' });
    expect(stock[6].images?.map((image) => image.image)).toEqual(['https://img.example/x7-1.jpg', 'https://img.example/x7-2.jpg', 'https://img.example/x7-3.jpg', 'https://img.example/x7-4.jpg']);
    expect(stock[9]).toMatchObject({ id: 'X10', status: 'sold', before_price: 30010, show_on_dealer_website: true });
    expect(stock[2]).toMatchObject({ car_type: 'new' });
    expect(result.columns.find((use) => use.column === 'Odometer/@unit')).toMatchObject({ field: null });
  });

  it('rejects a truncated XML feed without changing anything', () => {
    const text = xmlFeed(100);
    const result = check('inventory.xml', text.slice(0, Math.floor(text.length / 2)));
    expect(result.result.ok).toBe(false);
    if (!result.result.ok) expect(result.result.reason).toMatch(/not well-formed .*unclosed tag.*truncated/);
  });

  it('does not expand entities the file defines (billion laughs): the feed is rejected', () => {
    const lol = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><Stock><Vehicle><Make>&lol2;</Make></Vehicle></Stock>';
    const result = check('feed.xml', lol);
    expect(result.result.ok).toBe(false);
    if (!result.result.ok) expect(result.result.reason).toMatch(/not well-formed .*undefined entity/);
  });

  it('names the vehicle elements it looks for when there is none', () => {
    const result = check('feed.xml', '<Feed><Motor><Make>Kia</Make></Motor></Feed>');
    expect(result.result.ok).toBe(false);
    if (!result.result.ok) expect(result.result.reason).toMatch(/no vehicle element .*vehicle_element.*the root holds: Motor/);
    const named = check('feed.xml', '<Feed><Motor><Stock>M1</Stock><Make>Kia</Make><Model>Rio</Model><Price>9990</Price><Status>Sold</Status></Motor></Feed>', mapping({ vehicle_element: 'Motor' }));
    expect(cars(named)[0]).toMatchObject({ id: 'M1', make: 'Kia', status: 'sold' });
  });
});

describe('a mapping with value maps and constants', () => {
  const text = 'Ref,Manufacturer,Model,Retail,State Code,Type,Fuel,Sold On,Yard Code\nR1,Isuzu,D-Max,4599000,A,N,D,,N1\nR2,Isuzu,MU-X,"5,250,000",S,U,P,17/11/2026,N1\nR3,Isuzu,D-Max,1000000,W,U,D,,N1\n';
  const feedMapping = mapping({
    columns: { Ref: 'stocknum', Retail: 'price', 'State Code': 'status', Type: 'car_type', 'Sold On': 'sold_date_timestamp', 'Yard Code': 'ignore' },
    values: { status: { A: 'in_stock', S: 'sold', W: 'coming_soon' }, car_type: { N: 'new', U: 'used' }, simple_fuel: { D: 'Diesel', P: 'Petrol' } },
    formats: { price: 'cents', date: 'd/m/y' },
    constants: { dealership_slug: 'north-yard', city: 'Townsville' },
  });

  it('maps coded values, reads prices in cents and sets the constants on every vehicle', () => {
    const stock = cars(check('export.csv', text, feedMapping));
    expect(stock.map((car) => [car.id, car.status, car.car_type, car.simple_fuel, car.price])).toEqual([
      ['R1', 'in_stock', 'new', 'Diesel', 45990],
      ['R2', 'sold', 'used', 'Petrol', 52500],
      ['R3', 'coming_soon', 'used', 'Diesel', 10000],
    ]);
    expect(stock.every((car) => car.dealership_slug === 'north-yard' && car.city === 'Townsville')).toBe(true);
    expect(stock[1].sold_date_timestamp).toBe(Date.UTC(2026, 10, 17) / 1000);
  });

  it('lists the constants and each column with its field in the report', () => {
    const report = formatFeedCheck(check('export.csv', text, feedMapping));
    expect(report).toContain('constants: dealership_slug = "north-yard", city = "Townsville"');
    expect(report).toMatch(/"Yard Code"\s+-> ignored/);
    expect(report).toMatch(/"State Code"\s+-> status \(feed-mapping\.json\)/);
    expect(report).toMatch(/"Manufacturer"\s+-> make\n/);
  });
});

describe('a mapping that names a column the file lacks', () => {
  it('rejects the file with the mapping entry and the columns the file has', () => {
    const result = check('export.csv', 'Stock,Make,Model,Price,Status\nS1,Kia,Rio,9990,Available\n', mapping({ columns: { 'Vehicle Status': 'status' }, photos: ['Photo#'] }));
    expect(result.result.ok).toBe(false);
    if (!result.result.ok) {
      expect(result.result.reason).toContain('feed-mapping.json columns: "Vehicle Status" (-> status) is not a column of this file (the file\'s columns: "Stock", "Make", "Model", "Price", "Status")');
      expect(result.result.reason).toContain('feed-mapping.json photos: no numbered column "Photo1", "Photo2", ...');
    }
  });

  it('rejects every feed of a tenant whose mapping file is invalid, with the field path', () => {
    const parsed = parseFeedMapping({ columns: { Odo: 'odometer' }, formats: { price: 'pesos' } });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.problems.join('\n')).toMatch(/field columns\.Odo: unknown Car field "odometer"/);
      expect(parsed.problems.join('\n')).toMatch(/field formats\.price: /);
      const result = checkFeed({ tenant: 't', file: 'x.csv', bytes: Buffer.from('a\n1\n'), mapping: null, mappingProblems: parsed.problems });
      expect(result.result.ok).toBe(false);
      if (!result.result.ok) expect(result.result.reason).toMatch(/^the tenant's feed-mapping\.json is invalid: field columns\.Odo/);
    }
  });
});

describe('a truncated CSV export', () => {
  it('is rejected when it ends inside a quoted field', () => {
    const result = check('export.csv', 'Stock,Make,Model,Price,Status,Comments\nS1,Kia,Rio,9990,Available,"Great car\nS2,Kia,Cerato,12990,Avail');
    expect(result.result.ok).toBe(false);
    if (!result.result.ok) expect(result.result.reason).toMatch(/ends inside a quoted field opened on line 2.*truncated/);
  });
});

describe('problem lines name the file as it was dropped', () => {
  it('a JSON snapshot called price-1.json is named so in its report, not stock.json', () => {
    const text = JSON.stringify([
      { id: 1, slug: 'a-car', make: 'Toyota', model: 'Corolla', price: 20_000, status: 'in_stock', car_type: 'used' },
      { id: 2, slug: 'b-car', make: 'Toyota', model: 'Corolla', price: 20_000, status: 'gone', car_type: 'used' },
    ]);
    const result = check('price-1.json', text);
    expect(result.result.ok && result.result.problems).toEqual([expect.stringMatching(/^acme-motors: price-1\.json record id 2 \(#1\) field status: /)]);
    expect(formatFeedCheck(result)).not.toContain('stock.json');
  });
});
