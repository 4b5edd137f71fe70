import { describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/car.ts';
import { createSimilarIndex, similarPriceBand, similarVehicles } from './similar-vehicles.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';

let next = 1;
const car = (make: string, model: string, price: number | null, patch: Partial<Car> = {}): Car => {
  const id = next++;
  return makeCar({ id, slug: `car-${id}`, status: 'in_stock', car_type: 'used', make, model, price, ...patch });
};

describe('similarPriceBand', () => {
  it.each([
    [49_999, 10_000],
    [50_000, 25_000],
    [10_000, 10_000],
  ])('%s -> %s', (price, band) => {
    expect(similarPriceBand(price)).toBe(band);
  });
});

describe('similarVehicles', () => {
  const subject = car('Toyota', 'Corolla', 30_000);

  it('puts the same model first, then others in the band, by closeness in price', () => {
    const closeOther = car('Mazda', '3', 30_500);
    const farOther = car('Kia', 'Cerato', 39_000);
    const sameFar = car('toyota', 'corolla', 21_000);
    const sameClose = car('Toyota', 'Corolla', 29_000);
    const result = similarVehicles(subject, [farOther, subject, closeOther, sameFar, sameClose]);
    expect(result.map((c) => c.id)).toEqual([sameClose.id, sameFar.id, closeOther.id, farOther.id]);
  });

  it('keeps the band edges: exactly $10,000 away in, $10,001 out', () => {
    const edge = car('Mazda', '3', 40_000);
    const out = car('Mazda', '3', 40_001);
    const sameModelOut = car('Toyota', 'Corolla', 19_999);
    expect(similarVehicles(subject, [edge, out, sameModelOut]).map((c) => c.id)).toEqual([edge.id]);
  });

  it('uses a $25,000 band from $50,000', () => {
    const expensive = car('BMW', 'X5', 50_000);
    const inBand = car('Audi', 'Q7', 75_000);
    const outOfBand = car('Audi', 'Q7', 75_001);
    expect(similarVehicles(expensive, [inBand, outOfBand]).map((c) => c.id)).toEqual([inBand.id]);
  });

  it('takes in-stock cars only, never the car itself, de-duplicated, at most 6', () => {
    const sold = car('Toyota', 'Corolla', 30_000, { status: 'sold' });
    const soon = car('Toyota', 'Corolla', 30_000, { status: 'coming_soon' });
    const many = Array.from({ length: 8 }, (_, i) => car('Honda', 'Civic', 30_000 + i * 100));
    const result = similarVehicles(subject, [sold, soon, subject, many[0], many[0], ...many]);
    expect(result).toHaveLength(6);
    expect(result.map((c) => c.id)).toEqual(many.slice(0, 6).map((c) => c.id));
  });

  it('matches only the same model when the car has no price', () => {
    const unpriced = car('Toyota', 'Hilux', null);
    const sameModel = car('Toyota', 'Hilux', 45_000);
    const other = car('Ford', 'Ranger', 45_000);
    expect(similarVehicles(unpriced, [other, sameModel]).map((c) => c.id)).toEqual([sameModel.id]);
  });

  it('on a mixed stock offers bikes for a bike and trucks for a truck first, other kinds only to fill the row', () => {
    const bike = car('Yamaha', 'MT-07', 12_000, { item_type: 'motorcycle' });
    const nearCar = car('Kia', 'Rio', 12_100);
    const nearTruck = car('Isuzu', 'NPR', 12_050, { item_type: 'truck' });
    const bikes = [car('Honda', 'CB650R', 14_000, { item_type: 'motorcycle' }), car('KTM', '390 Duke', 9_000, { item_type: 'Motorcycle' }), car('Vespa', 'GTS', 8_000, { item_type: 'scooter' })];
    const stock = [bike, nearCar, nearTruck, ...bikes];
    const ids = similarVehicles(bike, stock).map((c) => c.id);
    expect(ids.slice(0, 3)).toEqual([bikes[0].id, bikes[1].id, bikes[2].id]);
    expect(ids.slice(3)).toEqual([nearTruck.id, nearCar.id]);
    expect(createSimilarIndex(stock)(bike).map((c) => c.id)).toEqual(ids);
    // A truck is offered trucks before the bikes nearer in price.
    const truck = car('Hino', '300', 40_000, { item_type: 'truck' });
    const farTruck = car('Fuso', 'Canter', 49_000, { item_type: 'truck' });
    const nearBike = car('BMW', 'R 1250 GS', 40_500, { item_type: 'motorcycle' });
    expect(similarVehicles(truck, [truck, nearBike, farTruck]).map((c) => c.id)).toEqual([farTruck.id, nearBike.id]);
  });
});

describe('createSimilarIndex', () => {
  it('gives exactly the answers of similarVehicles on a random stock', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const makes = [['Toyota', 'Corolla'], ['Toyota', 'Hilux'], ['Mazda', 'CX-5'], ['Ford', 'Ranger'], ['Kia', 'Rio']];
    const itemTypes = [null, 'car', 'motorcycle', 'truck'];
    const stock: Car[] = Array.from({ length: 400 }, () => {
      const [make, model] = makes[Math.floor(random() * makes.length)];
      const price = random() < 0.05 ? null : Math.round(random() * 80) * 1000;
      const status = random() < 0.15 ? 'sold' : random() < 0.1 ? 'coming_soon' : 'in_stock';
      const itemType = itemTypes[Math.floor(random() * itemTypes.length)];
      return car(make, model, price, { status, item_type: itemType });
    });
    const lookup = createSimilarIndex(stock);
    for (const subject of stock) {
      expect(lookup(subject).map((c) => c.id)).toEqual(similarVehicles(subject, stock).map((c) => c.id));
    }
  });
});
