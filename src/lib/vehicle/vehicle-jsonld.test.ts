import { describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/car.ts';
import { priceBreakdown, priceDisplay } from './price.ts';
import { vehicleJsonLd } from './vehicle-jsonld.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';

const options = { offersSubscription: false, noPriceText: 'Enquire for price.' };
const car = makeCar({
  id: 1, slug: 'x', status: 'in_stock', car_type: 'used', name: '2021 Toyota Corolla', make: 'Toyota', model: 'Corolla', year: 2021,
  km: 35120, price: 26990, vin: 'JTN123', simple_body: 'Hatch', simple_transmission: 'Automatic', simple_fuel: 'Petrol', drive: 'FWD', seats: 5, doors: 5, colour: 'White',
});
const input = (c: Car) => ({ url: 'https://d.example/cars/x', images: ['https://d.example/a.webp'], price: priceDisplay(c, options), breakdown: priceBreakdown(c), sellerName: 'Dealer' });

describe('vehicleJsonLd', () => {
  it('describes an available used car with its offer in AUD', () => {
    const data = vehicleJsonLd(car, input(car));
    expect(data).toMatchObject({
      '@type': 'Car',
      name: '2021 Toyota Corolla',
      brand: { '@type': 'Brand', name: 'Toyota' },
      model: 'Corolla',
      vehicleModelDate: '2021',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 35120, unitCode: 'KMT' },
      offers: { '@type': 'Offer', price: 26990, priceCurrency: 'AUD', availability: 'https://schema.org/InStock' },
      itemCondition: 'https://schema.org/UsedCondition',
      image: ['https://d.example/a.webp'],
      vehicleIdentificationNumber: 'JTN123',
      bodyType: 'Hatch',
      vehicleTransmission: 'Automatic',
      fuelType: 'Petrol',
      driveWheelConfiguration: 'FWD',
      seatingCapacity: 5,
      numberOfDoors: 5,
      color: 'White',
    });
  });
  it('marks sold and coming-soon cars and new condition', () => {
    const sold = { ...car, status: 'sold' as const };
    expect((vehicleJsonLd(sold, input(sold)).offers as Record<string, unknown>).availability).toBe('https://schema.org/SoldOut');
    const soon = { ...car, status: 'coming_soon' as const, car_type: 'new' as const };
    const data = vehicleJsonLd(soon, input(soon));
    expect((data.offers as Record<string, unknown>).availability).toBe('https://schema.org/PreOrder');
    expect(data.itemCondition).toBe('https://schema.org/NewCondition');
  });
  it('leaves out the price when there is none and facts that are missing', () => {
    const bare = makeCar({ id: 2, slug: 'y', status: 'in_stock', car_type: 'used', price: 0, vin: 'null' });
    const data = vehicleJsonLd(bare, { ...input(bare), images: [] });
    expect(data.offers).not.toHaveProperty('price');
    expect(data).not.toHaveProperty('vehicleIdentificationNumber');
    expect(data).not.toHaveProperty('image');
    expect(data).not.toHaveProperty('mileageFromOdometer');
  });
  it('uses the drive-away total as the offer price when the car has one', () => {
    const egc = { ...car, price: 40000, price_type: 'Excl. Govt. Charges', drive_away_price: 44500 };
    expect((vehicleJsonLd(egc, input(egc)).offers as Record<string, unknown>).price).toBe(44500);
  });
});
