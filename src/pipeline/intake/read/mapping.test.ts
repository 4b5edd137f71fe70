import { describe, expect, it } from 'vitest';
import { parseFeedMapping, type FeedMapping } from '../../../schemas/feed-mapping.ts';
import { findColumns, mapTable, parseDate, planMapping, type SourceTable } from './mapping.ts';

const mapping = (data: unknown): FeedMapping => {
  const parsed = parseFeedMapping(data);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return parsed.mapping;
};

const table = (columns: string[], rows: Record<string, string | string[]>[]): SourceTable => ({
  format: 'csv',
  columns,
  details: {},
  rows: rows.map((row, index) => ({ line: index + 2, get: (column: string) => { const value = row[column]; return value === undefined ? [] : Array.isArray(value) ? value : [value]; } })),
});

describe('parseDate', () => {
  it.each([
    ['03/04/2025', 'd/m/y', '2025-04-03T00:00:00.000Z'],
    ['3/4/25 2:30 pm', 'd/m/y', '2025-04-03T14:30:00.000Z'],
    ['03/04/2025', 'm/d/y', '2025-03-04T00:00:00.000Z'],
    ['2025.04.03 09:15:20', 'y-m-d', '2025-04-03T09:15:20.000Z'],
    ['1764000000', 'unix', '2025-11-24T16:00:00.000Z'],
    ['1764000000000', 'unix-ms', '2025-11-24T16:00:00.000Z'],
    ['2025-04-03T10:00:00+10:00', 'auto', '2025-04-03T00:00:00.000Z'],
  ] as const)('%s as %s', (value, format, iso) => {
    expect(new Date(parseDate(value, format) ?? Number.NaN).toISOString()).toBe(iso);
  });
  it.each([['31/02/2025', 'd/m/y'], ['13/13/2025', 'd/m/y'], ['soon', 'auto'], ['12.5.x', 'unix']] as const)('%s as %s is not a date', (value, format) => {
    expect(parseDate(value, format)).toBeNull();
  });
  it("reads an 'auto' date without a time zone as UTC (docs/pipeline.md), whatever the server's zone", () => {
    const zone = process.env.TZ;
    // Node reads TZ again when it is set: a server in Sydney parses local dates 11 hours early.
    process.env.TZ = 'Australia/Sydney';
    try {
      for (const [value, iso] of [
        ['2026-11-03T10:00:00', '2026-11-03T10:00:00.000Z'],
        ['2026-11-03 10:00', '2026-11-03T10:00:00.000Z'],
        ['2026-11-03T10:00:00.250', '2026-11-03T10:00:00.250Z'],
        ['2026-11-03', '2026-11-03T00:00:00.000Z'],
        ['2026-11-03T10:00:00+10:00', '2026-11-03T00:00:00.000Z'],
        ['2026-11-03T10:00:00Z', '2026-11-03T10:00:00.000Z'],
        // Not ISO: the other forms Date.parse reads are UTC too, unless they carry a zone.
        ['2026/11/03 10:00', '2026-11-03T10:00:00.000Z'],
        ['2026-11-03 9:00', '2026-11-03T09:00:00.000Z'],
        ['2026-11-03 10:00 AM', '2026-11-03T10:00:00.000Z'],
        ['3 Nov 2026 10:00', '2026-11-03T10:00:00.000Z'],
        ['Nov 3, 2026', '2026-11-03T00:00:00.000Z'],
        ['Tue, 03 Nov 2026 10:00:00 GMT', '2026-11-03T10:00:00.000Z'],
        ['3 Nov 2026 10:00 GMT+1000', '2026-11-03T00:00:00.000Z'],
      ]) {
        expect(new Date(parseDate(value!, 'auto') ?? Number.NaN).toISOString(), value).toBe(iso);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('planMapping', () => {
  it("quotes at most 20 of the file's column names, each cut short, when a mapping names a column the file lacks (docs/security.md)", () => {
    const columns = Array.from({ length: 60 }, (_, index) => `${String(index).padStart(2, '0')}${'w'.repeat(498)}`);
    const plan = planMapping(columns, mapping({ columns: { 'Stock No': 'stocknum' } }), 'csv');
    const error = plan.errors.find((text) => text.includes('"Stock No"'));
    expect(error).toBeDefined();
    const quoted = columns.filter((column) => error!.includes(column.slice(0, 20)));
    expect(quoted.length).toBeLessThanOrEqual(20);
    expect(error!).not.toContain('w'.repeat(61));
    expect(error!.length).toBeLessThan(2000);
  });
  it('matches mapping names exactly first, then normalised, and leaves claimed fields to the mapping', () => {
    expect(findColumns(['Stock #', 'stock'], 'stock')).toEqual(['stock']);
    expect(findColumns(['Stock #', 'Make'], 'STOCK')).toEqual(['Stock #']);
    const plan = planMapping(['Status', 'Vehicle Status', 'Stock', 'Make', 'Model', 'Price'], mapping({ columns: { 'Vehicle Status': 'status' } }), 'csv');
    expect(plan.errors).toEqual([]);
    expect(plan.fields.get('status')).toEqual(['Vehicle Status']);
    expect(plan.uses.find((use) => use.column === 'Status')).toMatchObject({ field: null, via: 'ignored' });
  });

  it('gathers numbered photo columns by number, built-in names included', () => {
    const plan = planMapping(['Stock', 'Make', 'Model', 'Price', 'Status', 'Image 10', 'Image 2', 'Image1'], mapping({}), 'csv');
    expect(plan.fields.get('images')).toEqual(['Image1', 'Image 2', 'Image 10']);
  });

  it('reads odometers in thousands or miles, comma-decimal prices and yes/no flags', () => {
    const mapped = mapTable(
      table(['Stock', 'Make', 'Model', 'Price', 'Status', 'Odo', 'Reserved', 'Features'], [{ Stock: 'S1', Make: 'Kia', Model: 'Rio', Price: '12.990,50', Status: 'Available', Odo: '35', Reserved: 'Y', Features: 'Sunroof | Tow bar;Bluetooth' }]),
      mapping({ columns: { Odo: 'km', Reserved: 'reserved', Features: 'standardEquipment' }, formats: { km: 'thousands', price: 'comma-decimal' } }),
    );
    expect(mapped.records[0]).toMatchObject({ km: 35000, price: '12990.50', reserved: true, standardEquipment: ['Sunroof', 'Tow bar', 'Bluetooth'] });
    const miles = mapTable(table(['Stock', 'Make', 'Model', 'Price', 'Status', 'Mileage'], [{ Stock: 'S1', Make: 'Kia', Model: 'Rio', Price: '1', Status: 'Sold', Mileage: '10,000 mi' }]), mapping({ columns: { Mileage: 'km' }, formats: { km: 'miles' } }));
    expect(miles.records[0]).toMatchObject({ km: 16093, status: 'sold', show_on_dealer_website: true });
  });

  it('drops a value mapped to null and keeps the built-in reading of unlisted values', () => {
    const mapped = mapTable(
      table(['Stock', 'Make', 'Model', 'Price', 'Status', 'Colour'], [
        { Stock: 'S1', Make: 'Kia', Model: 'Rio', Price: '1', Status: 'Sold', Colour: 'TBA' },
        { Stock: 'S2', Make: 'Kia', Model: 'Rio', Price: '1', Status: 'Reserved', Colour: 'Red' },
      ]),
      mapping({ values: { colour: { TBA: null }, status: { Reserved: 'in_stock' } } }),
    );
    expect(mapped.records[0]).toMatchObject({ status: 'sold' });
    expect(mapped.records[0]).not.toHaveProperty('colour');
    expect(mapped.records[1]).toMatchObject({ status: 'in_stock', colour: 'Red' });
  });

  it('compares value map keys and skip values ignoring case, spaces and any punctuation (docs/feed-mapping.md)', () => {
    const mapped = mapTable(
      table(['Stock', 'Make', 'Model', 'Price', 'Status', 'Yard'], [
        { Stock: 'S1', Make: 'Kia', Model: 'Rio', Price: '1', Status: 'On-Order!', Yard: 'Main' },
        { Stock: 'S2', Make: 'Kia', Model: 'Rio', Price: '1', Status: 'Available', Yard: "Dealer's Own" },
        { Stock: 'S3', Make: 'Kia', Model: 'Rio', Price: '1', Status: 'Available', Yard: 'N/A*' },
      ]),
      mapping({ values: { status: { 'On Order': 'coming_soon' } }, skip: [{ column: 'Yard', equals: ['Dealers Own', 'n.a.'] }] }),
    );
    expect(mapped.records.map((record) => [record.id, record.status])).toEqual([['S1', 'coming_soon']]);
  });

  it('skips rows by value, pattern or emptiness', () => {
    const mapped = mapTable(
      table(['Stock', 'Make', 'Model', 'Price', 'Status', 'Yard'], [
        { Stock: 'S1', Make: 'Kia', Model: 'Rio', Price: '1', Status: 'Available', Yard: 'Main' },
        { Stock: 'S2', Make: 'Kia', Model: 'Rio', Price: '1', Status: 'Available', Yard: 'WHOLESALE 2' },
        { Stock: 'S3', Make: 'Kia', Model: 'Rio', Price: '', Status: 'Available', Yard: 'Main' },
      ]),
      mapping({ skip: [{ column: 'yard', matches: '^wholesale' }, { column: 'Price', empty: true }] }),
    );
    expect(mapped.records.map((record) => record.id)).toEqual(['S1']);
    expect(mapped.skipped).toEqual([
      { line: 3, reason: '"Yard" is "WHOLESALE 2" (matches ^wholesale)' },
      { line: 4, reason: '"Price" is empty' },
    ]);
  });
});
