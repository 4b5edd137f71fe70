import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SiteSchema } from '../../schemas/site.ts';
import { serviceBooking, serviceTitle, warrantyCardText } from './service.ts';

const site = (extra: Record<string, unknown>) =>
  v.parse(SiteSchema, {
    slug: 'svc-motors',
    template: 'used-group',
    name: 'Svc Motors',
    url: 'https://svc.example.com.au',
    phone: '+61 7 3555 0100',
    ...extra,
  });

describe('service page texts', () => {
  it.each([
    [undefined, 'Sunshine Toyota', 'Book Your Service at Sunshine Toyota'],
    ['GENUINE SERVICING at {dealer}', 'Metro Mazda', 'GENUINE SERVICING at Metro Mazda'],
  ])('title %s', (template, dealer, expected) => expect(serviceTitle(template, dealer)).toBe(expected));
  it.each<[string, Record<string, unknown>, string]>([
    ['the brand text for a Toyota site', { manufacturer: 'Toyota' }, '5 Year Unlimited km Warranty'],
    ['the brand text, whatever its case', { manufacturer: 'KIA' }, '7 Year Unlimited km Warranty'],
    ["the dealer's texts.warranty over the brand's", { manufacturer: 'Toyota', texts: { warranty: 'Toyota Warranty Advantage' } }, 'Toyota Warranty Advantage'],
    ['the default for a brand without its own text', { manufacturer: 'Jayco' }, '3 Year Warranty Standard'],
    ['the default for a multi-brand site', {}, '3 Year Warranty Standard'],
    ["the card's own service_page.warranty_text first", { manufacturer: 'Toyota', service_page: { warranty_text: 'Lifetime warranty' } }, 'Lifetime warranty'],
  ])('/warranty card: %s', (_name, extra, expected) => expect(warrantyCardText(site(extra))).toBe(expected));
});

describe('serviceBooking: own form or the dealer’s booking system, chosen once', () => {
  it('the page’s own form without xtime_url', () => {
    expect(serviceBooking(site({}))).toEqual({ kind: 'own-form' });
  });

  it('the dealer’s booking system embedded with xtime_url, at its iframe size', () => {
    expect(serviceBooking(site({ xtime_url: 'https://booking.example.com/svc' }))).toEqual({
      kind: 'embedded',
      url: 'https://booking.example.com/svc',
      width: '1000',
      height: '920',
    });
    expect(serviceBooking(site({ xtime_url: 'https://booking.example.com/svc', service: { iframe_size: 'fluid' } }))).toMatchObject({
      width: '100%',
      height: '800',
    });
  });
});
