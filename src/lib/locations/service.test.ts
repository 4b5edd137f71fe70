import { describe, expect, it } from 'vitest';
import { serviceTitle, warrantyText } from './service.ts';

describe('service page texts', () => {
  it.each([
    [undefined, 'Sunshine Toyota', 'Book Your Service at Sunshine Toyota'],
    ['GENUINE SERVICING at {dealer}', 'Metro Mazda', 'GENUINE SERVICING at Metro Mazda'],
  ])('title %s', (template, dealer, expected) => expect(serviceTitle(template, dealer)).toBe(expected));
  it.each([
    [{ own: 'Lifetime warranty', brand: 'Toyota' }, 'Lifetime warranty'],
    [{ brand: 'Toyota' }, '5 Year Unlimited km Warranty'],
    [{ brand: 'KIA' }, '7 Year Unlimited km Warranty'],
    [{ brand: 'Jayco', siteText: '3 Year Warranty Standard' }, '3 Year Warranty Standard'],
    [{}, '3 Year Warranty Standard'],
  ])('warranty %j', (options, expected) => expect(warrantyText(options)).toBe(expected));
});
