import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { makeCar } from '../../../tests/fixtures/make-car.ts';
import { SiteSchema } from '../../schemas/site.ts';
import { reserveSummary } from './reserve-summary.ts';
import { depositTermsShort } from './deposit-terms.ts';

const site = (fields: Record<string, unknown> = {}) =>
  v.parse(SiteSchema, { slug: 'acme', template: 'used-group', name: 'Acme Cars', url: 'https://acme.example.com.au', phone: '+61 7 3555 0100', ...fields });

describe('reserveSummary (the car beside the reserve form)', () => {
  it('leads with the price the vehicle page shows first: the drive-away total, labelled, not the excl. government charges price (ACL s48)', () => {
    const car = makeCar({ price: 40000, price_type: 'Excl. Govt. Charges', drive_away_price: 44500, km: 12000, stocknum: 'S1' } as Parameters<
      typeof makeCar
    >[0]);
    expect(reserveSummary(car, site())).toEqual([
      ['Price', '$44,500 Drive Away'],
      ['Odometer', '12,000 km'],
      ['Stock number', 'S1'],
      ['Deposit', '$200, held 48 hours, refundable in full'],
    ]);
  });

  it("a plain price with its type; no price row when the page shows no price; the deposit row in the site's terms (depositTermsShort)", () => {
    expect(reserveSummary(makeCar({ price: 24990, price_type: 'Drive Away' }), site())[0]).toEqual(['Price', '$24,990 Drive Away']);
    const payments = { deposit_hold_hours: 72, deposit_refundable: false };
    const rows = reserveSummary(makeCar({ price: 5 }), site({ reserve_deposit: 500, payments }));
    expect(rows).toEqual([['Deposit', '$500, held 72 hours, not refundable']]);
    expect(rows[0]![1]).toBe(depositTermsShort(500, payments));
  });
});
