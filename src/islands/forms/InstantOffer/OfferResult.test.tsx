/**
 * The trade-in offer against the car's price (/cars/trade-in): the price the car's page shows
 * first (the drive-away total, with its label), the price after the trade-in when the offer is
 * below it, and words, never a negative price, when it covers the car.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FormKit } from '../../ui/form-kit/index.ts';
import { OfferShown, OfferWithheld } from './OfferResult.tsx';

// The feed's price excludes government charges; the page leads with the drive-away total.
const car = {
  id: 502,
  slug: '2019-mazda-cx-5-maxx-f2',
  name: '2019 Mazda CX-5 Maxx',
  price: 22990,
  headline_price: { amount: 24990, text: '$24,990', label: 'Drive Away' },
};
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('OfferShown', () => {
  it('an offer below the price: the car, the trade-in and the price after it, as a statement', () => {
    const html = renderToStaticMarkup(<OfferShown offer={10000} vehicleText="2015 Kia Picanto" car={car} />);
    expect(html).toContain('class="offer-summary"');
    expect(text(html)).toContain('2019 Mazda CX-5 Maxx $24,990 Drive Away Your trade-in −$10,000 Price after your trade-in $14,990');
    expect(text(html)).not.toContain('22,990');
    expect(html).not.toContain('data-testid="trade-in-covers"');
  });

  it('an offer above the price: said in words, with no negative price', () => {
    const html = renderToStaticMarkup(<OfferShown offer={33810} vehicleText="2021 Nissan Patrol" car={car} />);
    expect(text(html)).toContain('Your trade-in is worth $8,820 more than the price of the 2019 Mazda CX-5 Maxx: it covers the car in full.');
    expect(html).not.toContain('Price after your trade-in');
    expect(html).not.toMatch(/-\$[\d,]+/);
  });

  it('an offer equal to the price covers it', () => {
    const html = renderToStaticMarkup(<OfferShown offer={24990} vehicleText="2021 Nissan Patrol" car={car} />);
    expect(text(html)).toContain('Your trade-in covers the full price of the 2019 Mazda CX-5 Maxx.');
  });

  it('a car whose page shows no price: the offer only, nothing taken from the raw feed price', () => {
    const html = renderToStaticMarkup(<OfferShown offer={10000} vehicleText="2015 Kia Picanto" car={{ ...car, headline_price: undefined }} />);
    expect(html).toContain('$10,000');
    expect(html).not.toContain('offer-summary');
  });

  it('no car (the plain /trade-in page): the offer only', () => {
    const html = renderToStaticMarkup(<OfferShown offer={12400} vehicleText="2015 Kia Picanto" car={null} />);
    expect(html).toContain('$12,400');
    expect(html).not.toContain('offer-summary');
  });
});

describe('OfferWithheld', () => {
  it('shows the whole km the valuation and the lead read, not a fraction typed', () => {
    const kit = { values: { rego: 'abc123', odometer: '45,000.5 kms', 'First Name': 'Jo', last_name: 'Citizen' } } as unknown as FormKit;
    const html = renderToStaticMarkup(<OfferWithheld kit={kit} message="We will call you with an offer." vehicleText="2015 Kia Picanto" />);
    expect(text(html)).toContain('Odometer 45,000 kms Name');
    expect(html).not.toContain('45,000.5');
  });
});
