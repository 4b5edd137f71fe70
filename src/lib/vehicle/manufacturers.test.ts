import { describe, expect, it } from 'vitest';
import { MANUFACTURERS, manufacturerOptions } from '../../schemas/manufacturers.ts';

describe('9.52: the static manufacturer list', () => {
  it('9.52: holds about 140 distinct makes', () => {
    expect(MANUFACTURERS.length).toBeGreaterThanOrEqual(130);
    expect(new Set(MANUFACTURERS.map((make) => make.toLowerCase())).size).toBe(MANUFACTURERS.length);
  });
  it('9.52: offers makes with no stock, adds a stock make missing from the list once, sorted A to Z', () => {
    const options = manufacturerOptions(['Toyota', 'toyota', ' Zhongtong ', null, '']);
    expect(options).toContain('Alfa Romeo');
    expect(options).toContain('Zhongtong');
    expect(options.filter((make) => make.toLowerCase() === 'toyota')).toEqual(['Toyota']);
    expect(options).toEqual([...options].sort((a, b) => a.localeCompare(b, 'en-AU', { sensitivity: 'base' })));
  });
  it('orders as localeCompare in en-AU at base sensitivity, accents, case and marks included', () => {
    const stock = ['Škoda', 'Skoda', 'citroën', 'Zeekr', 'ÆON', 'a-make', 'A Make', 'Ssangyong', 'SsangYong'];
    const listed = [...MANUFACTURERS, ...stock].filter((make, index, all) => all.findIndex((other) => other.toLowerCase() === make.toLowerCase()) === index);
    expect(manufacturerOptions(stock)).toEqual(listed.sort((a, b) => a.localeCompare(b, 'en-AU', { sensitivity: 'base' })));
  });
});
