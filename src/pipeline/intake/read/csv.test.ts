import { describe, expect, it } from 'vitest';
import { parseStock } from '../../../lib/vehicle/stock.ts';
import { csvToRecords, CsvFeedError, mapCarType, mapStatus, parseCsv, slugify, splitPhotos } from './csv.ts';

describe('parseCsv', () => {
  it.each([
    ['plain', 'a,b\n1,2\n', [['a', 'b'], ['1', '2']]],
    ['CRLF and BOM', '\uFEFFa,b\r\n1,2\r\n', [['a', 'b'], ['1', '2']]],
    ['quoted separator, doubled quote, newline in field', 'a,b\n"x, y","say ""hi""\nthere"\n', [['a', 'b'], ['x, y', 'say "hi"\nthere']]],
    ['semicolon separated', 'a;b\n1;2', [['a', 'b'], ['1', '2']]],
    ['tab separated', 'a\tb\n1\t2', [['a', 'b'], ['1', '2']]],
    ['blank lines dropped', 'a,b\n\n1,2\n\n', [['a', 'b'], ['1', '2']]],
    ['empty trailing field kept', 'a,b\n1,\n', [['a', 'b'], ['1', '']]],
  ])('%s', (_name, text, rows) => {
    expect(parseCsv(text)).toEqual(rows);
  });
});

describe('DMS column mapping', () => {
  it.each([
    ['Available', 'in_stock'],
    ['IN STOCK', 'in_stock'],
    ['Sold', 'sold'],
    ['In Transit', 'coming_soon'],
    ['coming soon', 'coming_soon'],
    ['On hold', 'On hold'],
  ])('status %s -> %s', (value, expected) => expect(mapStatus(value)).toBe(expected));

  it.each([
    ['', 'used'],
    ['New', 'new'],
    ['Demonstrator', 'demo'],
    ['Pre-owned', 'used'],
    ['Salvage', 'Salvage'],
  ])('condition %s -> %s', (value, expected) => expect(mapCarType(value)).toBe(expected));

  it('splits photo lists on pipes, semicolons, whitespace and commas before a URL, keeping commas inside URLs', () => {
    expect(splitPhotos('https://a/1.jpg|https://a/2.jpg; https://a/3.jpg\nhttps://a/4.jpg')).toEqual(['https://a/1.jpg', 'https://a/2.jpg', 'https://a/3.jpg', 'https://a/4.jpg']);
    expect(splitPhotos('https://cdn/w_800,h_600/1.jpg, https://cdn/w_800,h_600/2.jpg')).toEqual(['https://cdn/w_800,h_600/1.jpg', 'https://cdn/w_800,h_600/2.jpg']);
    expect(splitPhotos('//cdn/w_800,h_600/1.jpg,//cdn/2.jpg, //cdn/3.jpg')).toEqual(['//cdn/w_800,h_600/1.jpg', '//cdn/2.jpg', '//cdn/3.jpg']);
  });

  it('slugifies like the feed slugs', () => {
    expect(slugify(2021, 'Toyota', 'HiLux', 'SR5+ (4x4)', 'T12')).toBe('2021-toyota-hilux-sr5-4x4-t12');
    expect(slugify('Škoda', null, 'Octavia')).toBe('skoda-octavia');
  });
});

const HEADER = 'Stock Number,Rego,VIN,Make,Model,Badge,Year,Odometer,Price,Status,Photos,Condition,Body Type,Colour';

describe('csvToRecords', () => {
  it('maps a DMS export to Car records that pass stock validation', () => {
    const text = `${HEADER}\nT100,ABC123,JTNB11HK103456789,Toyota,Corolla,Ascent Sport,2021,"35,120","$26,990",Available,"https://img.example/1.jpg|https://img.example/2.jpg",Used,Hatch,White\nT101,,,Mazda,CX-5,Maxx,2019,81000,31990,Sold,,Demo,SUV,Red\n`;
    const records = csvToRecords(text);
    expect(records[0]).toMatchObject({
      id: 'T100',
      stocknum: 'T100',
      regplate: 'ABC123',
      vin: 'JTNB11HK103456789',
      slug: '2021-toyota-corolla-ascent-sport-t100',
      km: '35120',
      price: '26990',
      status: 'in_stock',
      car_type: 'used',
      simple_body: 'Hatch',
      images: [{ image: 'https://img.example/1.jpg', thumb: null }, { image: 'https://img.example/2.jpg', thumb: null }],
    });
    expect(records[1]).toMatchObject({ status: 'sold', car_type: 'demo', show_on_dealer_website: true });
    expect(records[1]).not.toHaveProperty('regplate');
    const parsed = parseStock('t', records);
    expect(parsed.problems).toEqual([]);
    expect(parsed.cars[0]).toMatchObject({ km: 35120, price: 26990, year: 2021, name: '2021 Toyota Corolla Ascent Sport' });
  });

  it('leaves bad values for validation to report with the field', () => {
    const records = csvToRecords(`${HEADER}\nT1,,,Ford,Ranger,XLT,twenty,1000,39990,Available,,,Ute,Blue\n`);
    const parsed = parseStock('t', records);
    expect(parsed.cars).toHaveLength(0);
    expect(parsed.problems.map((problem) => problem.field)).toContain('year');
  });

  it('rejects a file without the required columns, naming them', () => {
    expect(() => csvToRecords('Make,Model\nToyota,Corolla\n')).toThrow(CsvFeedError);
    expect(() => csvToRecords('Make,Model\nToyota,Corolla\n')).toThrow(/stocknumber, price, status/);
    expect(() => csvToRecords('')).toThrow(/empty/);
  });
});
