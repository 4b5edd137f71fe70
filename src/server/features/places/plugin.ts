/** Places (spec §7): delivery estimate, postcode geocoding, the dealer locator; the estimate and the locator only on a site that offers them. */
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { POSTCODE_MESSAGES, FORM_MESSAGES } from '../../../schemas/forms/messages.ts';
import { sortByDistance } from '../../../lib/locations/geo.ts';
import { lookupPostcode } from '../../../lib/locations/postcodes.ts';
import { DeliveryEstimateQuerySchema } from '../../../schemas/api/cars.ts';
import { locationPoint } from '../../kernel/adapters.ts';
import type { FeatureOptions } from '../../kernel/context.ts';
import type { PlacesAdapters } from './adapters.ts';
import { findCar, parseOr400, sendError } from '../../kernel/http.ts';
import { offeredOnly } from '../../kernel/feature-switches.ts';

const NO_DELIVERY_ESTIMATE =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

/** The places feature. */
export const placesPlugin: FastifyPluginAsync<FeatureOptions<PlacesAdapters>> = async (app, { ctx }) => {
  const { adapters } = ctx;

  app.get('/api/delivery-estimate', offeredOnly('delivery_calculator'), async (request, reply) => {
    const query = parseOr400(DeliveryEstimateQuerySchema, request.query, reply);
    if (!query) return reply;
    const car = findCar(request.tenant, query.car_id);
    if (query.car_id !== undefined && !car)
      return sendError(reply, 404, 'This car is not listed on this site.', { car_id: 'This car is not listed on this site.' });
    const estimate = await adapters.delivery.estimate(request.tenant, car, query.postcode);
    if (!estimate) return sendError(reply, 404, NO_DELIVERY_ESTIMATE);
    return estimate;
  });

  const PostcodeQuerySchema = v.object({ postcode: v.pipe(v.string(FORM_MESSAGES.postcode), v.trim(), v.regex(/^\d{4}$/, FORM_MESSAGES.postcode)) });

  app.get('/api/geocode', async (request, reply) => {
    const query = parseOr400(PostcodeQuerySchema, request.query, reply);
    if (!query) return reply;
    const place = lookupPostcode(query.postcode);
    if (!place) return sendError(reply, 404, POSTCODE_MESSAGES.notFound);
    // Also in the maps-geocoding shape the spec's pages read (results[0].geometry.location).
    return {
      ...place,
      status: 'OK',
      results: [
        { formatted_address: `${place.suburb} ${place.state} ${place.postcode}, Australia`, geometry: { location: { lat: place.lat, lng: place.lng } } },
      ],
    };
  });

  app.get('/api/locations/nearest', offeredOnly('locations'), async (request, reply) => {
    const query = parseOr400(PostcodeQuerySchema, request.query, reply);
    if (!query) return reply;
    const place = lookupPostcode(query.postcode);
    if (!place) return sendError(reply, 404, POSTCODE_MESSAGES.notFound);
    const visible = request.tenant.site.locations.filter((location) => location.visible);
    const sorted = sortByDistance(place, visible, (location) => locationPoint(location));
    return {
      origin: place,
      locations: sorted.map(({ item, km }) => ({
        id: item.id,
        slug: item.slug,
        name: item.name,
        location_type: item.location_type,
        km: km === undefined ? null : Math.round(km * 10) / 10,
      })),
    };
  });
};
