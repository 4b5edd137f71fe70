/** The Car record schema's field rules and their messages (src/schemas/car.ts). */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CarRecordSchema } from './car.ts';

const base = { id: 1, slug: 'a-car', status: 'in_stock', car_type: 'used' };

/** Each issue of a record as `field: message`. */
function issuesOf(fields: Record<string, unknown>): string[] {
  const result = v.safeParse(CarRecordSchema, { ...base, ...fields });
  return result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`);
}

describe('number fields', () => {
  it('take a number or a numeric text', () => {
    const result = v.parse(CarRecordSchema, { ...base, price: ' 12990 ', km: 35120, year: '2021' });
    expect([result.price, result.km, result.year]).toEqual([12990, 35120, 2021]);
  });

  it.each([
    ['price', 'abc', 'price: expected a number or a numeric text, received "abc"'],
    ['year', '20x1', 'year: expected a number or a numeric text, received "20x1"'],
    ['km', true, 'km: expected a number or a numeric text, received true'],
    ['variant', { cylinders: '4 cyl' }, 'variant.cylinders: expected a number or a numeric text, received "4 cyl"'],
  ])('word a %s of %j as what they take and what they got', (field, value, message) => {
    expect(issuesOf({ [field]: value })).toEqual([message]);
  });
});
