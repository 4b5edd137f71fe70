/**
 * Cars (spec §7): view counts, the vehicle PDF, the price comparison, test-drive
 * availability, the phone reveal, the finance quote and the similar-car id list. The views,
 * the PDF, availability and the reveal only on a site that offers them (kernel/feature-switches.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { vehiclePdf } from '../../../lib/vehicle/vehicle-pdf.ts';
import { vehicleView } from '../../../lib/vehicle/view.ts';
import { createSimilarIndex } from '../../../lib/vehicle/similar-vehicles.ts';
import { isCarVisible } from '../../../lib/vehicle/stock.ts';
import { takesTestDrives } from '../../../lib/vehicle/vehicle-actions.ts';
import type { Car } from '../../../schemas/car.ts';
import type { ApiTenant } from '../../kernel/tenants.ts';
import { FinanceQuoteRequestSchema, PhoneRevealSchema } from '../../../schemas/api/cars.ts';
import { idValue } from '../../../schemas/forms/fields.ts';
import { carLocation } from '../../kernel/adapters.ts';
import type { FeatureOptions } from '../../kernel/context.ts';
import type { CarsAdapters } from './adapters.ts';
import { MAX_BOOKING_DAYS } from '../../../lib/forms/test-drive-booking.ts';
import { FIX_ERRORS, NO_TEST_DRIVE, findCar, findListedCar, parseOr400, sendError } from '../../kernel/http.ts';
import { offeredOnly } from '../../kernel/feature-switches.ts';
import { CarsStore } from './store.ts';

/** The cars feature. */
export const carsPlugin: FastifyPluginAsync<FeatureOptions<CarsAdapters>> = async (app, { ctx }) => {
  const { stores, adapters, now } = ctx;
  const carsStore = new CarsStore(stores.db);

  const ViewQuerySchema = v.object({
    photos_count: v.optional(v.pipe(v.string(), v.maxLength(10))),
    updated_at: v.optional(v.pipe(v.string(), v.maxLength(40))),
    website_id: v.optional(v.pipe(v.string(), v.maxLength(80))),
  });
  const SlugParamsSchema = v.object({ slug: v.pipe(v.string(), v.maxLength(200)) });

  app.get('/api/cars/:slug/view.json', offeredOnly('view_counter'), async (request, reply) => {
    if (!parseOr400(ViewQuerySchema, request.query, reply)) return reply;
    const params = parseOr400(SlugParamsSchema, request.params, reply);
    if (!params) return reply;
    const car = findListedCar(request.tenant, params.slug, now());
    if (!car) return sendError(reply, 404, 'This car is not listed on this site.');
    const views = await carsStore.countView(request.tenant.slug, car.slug, Number(car.views ?? 0));
    reply.header('cache-control', 'no-store');
    return {
      views,
      car_fields: {
        id: car.id,
        slug: car.slug,
        status: car.status,
        reserved: car.reserved ?? false,
        price: car.price ?? null,
        photos_count: car.photos_count ?? car.images?.length ?? 0,
        updated_at: car.updated_at ?? null,
      },
    };
  });

  // Spec §7 "PDF fetch by car slug": the page saves it as {slug}.pdf.
  app.get('/api/cars/:slug/pdf', offeredOnly('pdf'), async (request, reply) => {
    const params = parseOr400(SlugParamsSchema, request.params, reply);
    if (!params) return reply;
    const car = findListedCar(request.tenant, params.slug, now());
    if (!car) return sendError(reply, 404, 'This car is not listed on this site.');
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `attachment; filename="${car.slug}.pdf"`);
    reply.header('cache-control', 'no-store');
    // The PDF renders the car's view model (src/lib/vehicle/view.ts), like the page.
    return reply.send(Buffer.from(vehiclePdf(vehicleView(car, request.tenant.site, now()).pdf)));
  });

  // Spec §7 "a similar-car id list call by slug": the ids of the cars the vehicle page shows as
  // similar, picked by the one rule of src/lib/vehicle/similar-vehicles.ts from the stock the API
  // holds now (the pipeline's latest), in the order shown. The page asks the search engine for
  // those cars (src/search/browser/similar.ts).
  const similarIndexes = new WeakMap<ApiTenant, (car: Car) => Car[]>();
  app.get('/api/cars/:slug/similar', async (request, reply) => {
    const params = parseOr400(SlugParamsSchema, request.params, reply);
    if (!params) return reply;
    const tenant = request.tenant;
    // Any car the feed has: a sold car's open page asks for cars like it once the car has left the site (the answer lists only shown cars).
    const car = findCar(tenant, params.slug);
    if (!car) return sendError(reply, 404, 'This car is not listed on this site.');
    let similar = similarIndexes.get(tenant);
    if (!similar) {
      // Only in-stock cars are ever similar, and their visibility does not depend on the clock (only sold ones age out).
      similar = createSimilarIndex(tenant.cars.filter((candidate) => isCarVisible(candidate, tenant.site, now())));
      similarIndexes.set(tenant, similar);
    }
    reply.header('cache-control', 'no-store');
    return { success: true, slug: car.slug, ids: similar(car).map((other) => String(other.id)) };
  });

  app.get('/api/cars/:slug/autogauge', async (request, reply) => {
    const params = parseOr400(SlugParamsSchema, request.params, reply);
    if (!params) return reply;
    const car = findListedCar(request.tenant, params.slug, now());
    if (!car) return sendError(reply, 404, 'This car is not listed on this site.');
    const comparison = await adapters.priceComparison.compare(request.tenant, car);
    if (!comparison) return sendError(reply, 404, 'No price comparison is available for this car.');
    return comparison;
  });

  const AvailabilityQuerySchema = v.object({
    car_id: idValue,
    days: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,2}$/, `days is a number from 1 to ${MAX_BOOKING_DAYS}`),
        v.transform(Number),
        v.minValue(1),
        v.maxValue(MAX_BOOKING_DAYS),
      ),
      '7',
    ),
  });

  app.get('/api/test-drive/availability', offeredOnly('test_drive'), async (request, reply) => {
    const query = parseOr400(AvailabilityQuerySchema, request.query, reply);
    if (!query) return reply;
    const car = findCar(request.tenant, query.car_id);
    if (!car) return sendError(reply, 404, 'This car is not listed on this site.', { car_id: 'This car is not listed on this site.' });
    if (!takesTestDrives(car)) return sendError(reply, 422, FIX_ERRORS, { car_id: NO_TEST_DRIVE });
    return adapters.appointments.availability(request.tenant, car, query.days, now());
  });

  app.post('/api/phone-reveal', offeredOnly('phone_reveal'), async (request, reply) => {
    const body = parseOr400(PhoneRevealSchema, request.body, reply);
    if (!body) return reply;
    const tenant = request.tenant;
    const car = findCar(tenant, body.car_id);
    if (body.car_id !== undefined && !car)
      return sendError(reply, 404, 'This car is not listed on this site.', { car_id: 'This car is not listed on this site.' });
    if (body.dealership_id !== undefined && !tenant.dealershipIds.has(body.dealership_id))
      return sendError(reply, 422, FIX_ERRORS, { dealership_id: 'This dealership is not part of this site.' });
    await carsStore.recordEvent(
      tenant.slug,
      'phone_reveal',
      car ? String(car.id) : undefined,
      { dealership_id: body.dealership_id ?? null, website_id: body.website_id ?? null },
      now(),
    );
    const location = carLocation(tenant, car);
    return { success: true, phone: car?.location?.phone ?? location?.contact_detail?.phone ?? tenant.site.phone ?? null };
  });

  app.post('/api/youx/quote', async (request, reply) => {
    const body = parseOr400(FinanceQuoteRequestSchema, request.body, reply);
    if (!body) return reply;
    return adapters.financeQuote.quote(request.tenant, body);
  });
};
