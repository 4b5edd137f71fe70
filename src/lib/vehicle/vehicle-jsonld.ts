/**
 * schema.org Car JSON-LD for a vehicle page: name, brand, model, model year,
 * odometer in KMT, offer with AUD price and availability, condition, images, VIN, body,
 * transmission, fuel, drive, seats, doors and colour. Absent facts are left out, never guessed.
 */
import type { Car } from '../../schemas/car.ts';
import { isCarAvailable } from './availability.ts';
import type { PriceBreakdown, PriceDisplay } from './price.ts';
import { bodyText, fuelText, hasSpecValue, transmissionText } from './spec-rows.ts';

/** What the JSON-LD needs besides the car. */
export interface VehicleJsonLdInput {
  /** Absolute URL of the vehicle page. */
  url: string;
  /** Absolute image URLs, gallery order. */
  images: string[];
  price: PriceDisplay;
  /** ACL total price, when the car has one (the offer then uses the total). */
  breakdown: PriceBreakdown | null;
  sellerName: string;
}

function availability(car: Car): string {
  if (!isCarAvailable(car)) return 'https://schema.org/SoldOut';
  return car.status === 'coming_soon' ? 'https://schema.org/PreOrder' : 'https://schema.org/InStock';
}

/** The Car object for <script type="application/ld+json">. */
export function vehicleJsonLd(car: Car, input: VehicleJsonLdInput): Record<string, unknown> {
  const condition = car.car_type === 'new' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition';
  const amount = input.breakdown?.total.amount ?? (input.price.kind === 'price' ? input.price.amount : null);
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: car.name,
    url: input.url,
    itemCondition: condition,
    offers: {
      '@type': 'Offer',
      url: input.url,
      priceCurrency: 'AUD',
      ...(amount !== null ? { price: amount } : {}),
      availability: availability(car),
      itemCondition: condition,
      seller: { '@type': 'AutoDealer', name: input.sellerName },
    },
  };
  const set = (key: string, value: unknown) => {
    if (hasSpecValue(value)) data[key] = typeof value === 'string' ? value.trim() : value;
  };
  if (hasSpecValue(car.make)) data.brand = { '@type': 'Brand', name: String(car.make).trim() };
  set('model', car.model);
  if (hasSpecValue(car.year)) data.vehicleModelDate = String(car.year);
  if (typeof car.km === 'number') data.mileageFromOdometer = { '@type': 'QuantitativeValue', value: car.km, unitCode: 'KMT' };
  if (input.images.length > 0) data.image = input.images;
  set('vehicleIdentificationNumber', car.vin);
  set('bodyType', bodyText(car));
  set('vehicleTransmission', transmissionText(car));
  set('fuelType', fuelText(car));
  set('driveWheelConfiguration', car.drive);
  set('seatingCapacity', car.seats);
  set('numberOfDoors', car.doors);
  set('color', car.colour);
  set('vehicleInteriorColor', car.interior_colour);
  set('sku', car.stocknum);
  return data;
}
