import { describe, expect, it } from 'vitest';
import { pdfText, vehiclePdf, vehiclePdfContent, wrapText } from './vehicle-pdf.ts';

describe('vehiclePdf', () => {
  const bytes = vehiclePdf({
    title: '2021 Toyota Corolla (Ascent) \\ Sport',
    subtitle: '$26,990 Drive Away',
    sections: [{ heading: 'Key information', lines: ['Odometer: 35,120 km'] }, { heading: 'Dealer Comments', lines: ['word '.repeat(60)] }],
    footer: 'Acme Cars · 07 3000 0000',
  });
  const text = Buffer.from(bytes).toString('latin1');

  it('is a PDF whose cross-reference offsets point at its objects', () => {
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(6);
    offsets.forEach((offset, index) => expect(text.slice(offset, offset + 8)).toBe(`${index + 1} 0 obj\n`));
  });

  it('escapes PDF string delimiters and wraps long text', () => {
    expect(text).toContain('(2021 Toyota Corolla \\(Ascent\\) \\\\ Sport) Tj');
    expect(text.match(/\(word word/g)?.length).toBeGreaterThan(1);
  });
});

describe('pdfText and wrapText', () => {
  it('keeps Latin-1 and drops what the standard fonts cannot show', () => expect(pdfText('Café – “quoted” 🚗')).toBe('Cafe - "quoted" '));
  it('wraps on words and splits words longer than a line', () => {
    expect(wrapText('aa bb cc', 5)).toEqual(['aa bb', 'cc']);
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });
});

describe('vehiclePdfContent', () => {
  it('shows the price for an available car and Sold for a sold one, with the dealer contact', async () => {
    const v = await import('valibot');
    const { CarSchema } = await import('../../schemas/car.ts');
    const { SiteSchema } = await import('../../schemas/site.ts');
    const site = v.parse(SiteSchema, { slug: 's', template: 'used-group', name: 'Acme Cars', url: 'https://acme.com.au', phone: '+61 7 3000 0000' });
    const car = v.parse(CarSchema, { id: 1, slug: 'x', name: 'Car X', price: 20000, status: 'in_stock', car_type: 'used', km: 1000 });
    const content = vehiclePdfContent(car, site);
    expect(content.subtitle).toBe('$20,000');
    expect(content.sections[0].lines).toContain('Odometer: 1,000 km');
    expect(content.sections.at(-1)?.lines).toContain('Phone 07 3000 0000');
    expect(vehiclePdfContent({ ...car, status: 'sold' }, site).subtitle).toBe('Sold');
  });

  it('leads with the drive-away total, as the vehicle page does, not the excl. government charges price (ACL s48)', async () => {
    const v = await import('valibot');
    const { CarSchema } = await import('../../schemas/car.ts');
    const { SiteSchema } = await import('../../schemas/site.ts');
    const site = v.parse(SiteSchema, { slug: 's', template: 'used-group', name: 'Acme Cars', url: 'https://acme.com.au', phone: '+61 7 3000 0000' });
    const car = v.parse(CarSchema, { id: 1, slug: 'x', name: 'Car X', price: 40000, price_type: 'Excl. Govt. Charges', drive_away_price: 44500, status: 'in_stock', car_type: 'new' });
    expect(vehiclePdfContent(car, site).subtitle).toBe('$44,500 Drive Away');
  });
});
