/** The watchlist (spec §7: phone_number, car_id; success flag) of a signed-in shopper. */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { WatchlistChangeSchema } from '../../../schemas/api/watchlist.ts';
import type { FeatureOptions } from '../../kernel/context.ts';
import { findCar, findListedCar, parseOr400, sendError } from '../../kernel/http.ts';
import { offeredOnly } from '../../kernel/feature-switches.ts';
import { currentUser } from '../../kernel/session.ts';
import { WatchlistStore } from './store.ts';
import { isCarVisible } from '../../../lib/vehicle/stock.ts';
import { isCarAvailable, soldMessage } from '../../../lib/vehicle/availability.ts';
import { kindsWording } from '../../../lib/text/template-wording.ts';

/** The watchlist feature: save, remove, list. */
export const watchlistPlugin: FastifyPluginAsync<FeatureOptions> = async (app, { ctx }) => {
  const { stores, now } = ctx;
  const watchlist = new WatchlistStore(stores.db);

  const watchlistChange = (action: 'save' | 'remove') => async (request: FastifyRequest, reply: FastifyReply) => {
    const body = parseOr400(WatchlistChangeSchema, request.body, reply);
    if (!body) return reply;
    const user = await currentUser(stores.sessions, request, now());
    if (!user) return sendError(reply, 401, 'Please sign in to use your watchlist.');
    if (user.phone !== body.phone_number) return sendError(reply, 403, 'Please sign in with this phone number to change its watchlist.');
    const tenant = request.tenant;
    let carId: string;
    if (action === 'save') {
      // Only a car the site shows (findListedCar: the feed's show_on_dealer_website and the site's stock rules), not any feed car.
      const car = findListedCar(tenant, body.car_id, now());
      if (!car) return sendError(reply, 404, 'This car is not listed on this site.', { car_id: 'This car is not listed on this site.' });
      // A sold car past the site's sold window (spec §4: shown only while sold within include_sold_cars_days) is no longer
      // shown, though the feed still flags it and its page stands until the next build: refused too, in the words its page shows.
      if (!isCarVisible(car, tenant.site, now())) {
        const sold = soldMessage(kindsWording([car.vehicle_kind]).noun);
        return sendError(reply, 404, sold, { car_id: sold });
      }
      carId = String(car.id);
      // A sold car's page shows no save button unless it is already saved (spec §4): a save of one not on the list is refused, in the words its page shows.
      if (!isCarAvailable(car) && !(await watchlist.watchlist(tenant.slug, user.phone)).includes(carId)) {
        const sold = soldMessage(kindsWording([car.vehicle_kind]).noun);
        return sendError(reply, 422, sold, { car_id: sold });
      }
      await watchlist.saveToWatchlist(tenant.slug, user.phone, carId, now());
    } else {
      // Any id on this phone's list, in the feed or not (a car that has left it shows 'No longer listed' with Remove);
      // a slug of a car still in the feed names its id, as it does for a save.
      carId = String(findCar(tenant, body.car_id)?.id ?? body.car_id);
      await watchlist.removeFromWatchlist(tenant.slug, user.phone, carId);
    }
    return { success: true, car_id: carId, watchlist: await watchlist.watchlist(tenant.slug, user.phone) };
  };
  // Only on a site that keeps a watchlist (garage_enabled or features.garage): elsewhere 404, signed in or not.
  app.post('/api/watchlist/save-car', offeredOnly('garage'), watchlistChange('save'));
  app.post('/api/watchlist/remove-car', offeredOnly('garage'), watchlistChange('remove'));

  app.get('/api/watchlist', offeredOnly('garage'), async (request, reply) => {
    const user = await currentUser(stores.sessions, request, now());
    if (!user) return sendError(reply, 401, 'Please sign in to use your watchlist.');
    return { success: true, watchlist: await watchlist.watchlist(request.tenant.slug, user.phone) };
  });
};
