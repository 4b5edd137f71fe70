/**
 * A search hit seen as a Car, so the vehicle rules of src/lib (price display, tag,
 * save/compare visibility, actions) apply to result cards unchanged. Pure.
 */
import type { Car } from '../../schemas/car.ts';
import type { SearchDocument } from './documents.ts';

/** The Car fields a search document carries; everything else is absent, as in a sparse feed. */
export function hitToCar(hit: SearchDocument): Car {
  return {
    id: hit.id,
    slug: hit.slug,
    name: hit.name,
    year: hit.year,
    make: hit.make,
    model: hit.model,
    badge: hit.badge,
    colour: hit.colour,
    km: hit.km,
    price: hit.price,
    before_price: hit.before_price,
    offer_price: hit.offer_price,
    subscription_price: hit.subscription_price,
    preorder: hit.preorder,
    price_type: hit.price_type,
    // A feed field the car schema keeps without naming it (priceBreakdown reads it).
    drive_away_price: hit.drive_away_price,
    status: hit.status,
    car_type: hit.car_type,
    tag: hit.tag,
    reserved: hit.reserved,
    certified: hit.certified,
    created_at: hit.created_at > 0 ? new Date(hit.created_at * 1000).toISOString() : undefined,
    stocknum: hit.stocknum,
    images: hit.image ? [{ image: hit.image }] : [],
    primary_image_url: hit.image,
    simple_body: hit.body,
    simple_fuel: hit.fuel,
    simple_transmission: hit.transmission,
    drive: hit.drive,
    views: hit.views,
    dealership_slug: hit.dealership_slug,
    city: hit.city,
    state: hit.state,
    vehicle_kind: hit.item_type ?? 'car',
  } as Car & { drive_away_price?: number };
}
