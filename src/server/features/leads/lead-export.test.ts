import { describe, expect, it } from 'vitest';
import { csvCell, leadCsvHeader, leadCsvRow } from './lead-export.ts';
import type { StoredLead } from '../../leads/row.ts';

describe('lead CSV', () => {
  it('quotes commas, quotes and newlines', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"\nthere')).toBe('"say ""hi""\nthere"');
    expect(csvCell(null)).toBe('');
  });
  it('defuses spreadsheet formulas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+61 412')).toBe("'+61 412");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });
  it('writes one line per lead under the header', () => {
    const lead: StoredLead = {
      id: 'id-1',
      tenant: 'alpha',
      category: 'General Enquiry',
      subcategory: null,
      car_id: '5',
      dealership_slug: null,
      name: 'Jo Citizen',
      email: 'jo@example.com',
      phone: '0412345678',
      form_completed: true,
      offer_accepted: false,
      revision: 1,
      data: { postcode: '4000', message: 'Hi, is it "available"?' },
      created_at: Date.UTC(2026, 0, 2),
      updated_at: Date.UTC(2026, 0, 2),
      shopper: null,
    };
    expect(leadCsvHeader().split(',')).toHaveLength(18);
    const row = leadCsvRow(lead);
    expect(row.startsWith('id-1,2026-01-02T00:00:00.000Z,2026-01-02T00:00:00.000Z,1,General Enquiry,,true,false,Jo Citizen,jo@example.com,0412345678,4000,5,,"Hi, is it ""available""?"')).toBe(true);
    expect(row.endsWith('\r\n')).toBe(true);
  });
});
