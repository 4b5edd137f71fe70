/** The watchlist (spec §7: phone_number, car_id; success flag) of a signed-in shopper. */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { WatchlistChangeSchema } from '../../../schemas/api/watchlist.ts';
import type { FeatureOptions } from '../../kernel/context.ts';
import { findCar, parseOr400, sendError } from '../../kernel/http.ts';
import { currentUser } from '../../kernel/session.ts';
import { WatchlistStore } from './store.ts';

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
    const car = findCar(tenant, body.car_id);
    if (!car) return sendError(reply, 404, 'This car is not listed on this site.', { car_id: 'This car is not listed on this site.' });
    if (action === 'save') await watchlist.saveToWatchlist(tenant.slug, user.phone, String(car.id), now());
    else await watchlist.removeFromWatchlist(tenant.slug, user.phone, String(car.id));
    return { success: true, car_id: String(car.id), watchlist: await watchlist.watchlist(tenant.slug, user.phone) };
  };
  app.post('/api/watchlist/save-car', watchlistChange('save'));
  app.post('/api/watchlist/remove-car', watchlistChange('remove'));

  app.get('/api/watchlist', async (request, reply) => {
    const user = await currentUser(stores.sessions, request, now());
    if (!user) return sendError(reply, 401, 'Please sign in to use your watchlist.');
    return { success: true, watchlist: await watchlist.watchlist(request.tenant.slug, user.phone) };
  });
};
