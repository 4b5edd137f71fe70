/**
 * The guard of the valuation routes (enter-vin, manual-entry, image-upload, update-eval,
 * adjustments): a site that offers no trade-in valuation (site.json `features.trade_in` false)
 * is answered 404 before any lookup, upload or offer. The server decides, whatever page or old
 * link made the call. The photo links of leads already delivered are not valuation and stay.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { offersTradeIn } from '../../../lib/forms/trade-in-offer.ts';
import { TRADE_IN_NOT_OFFERED } from '../../../schemas/api/trade-in.ts';
import { sendError } from '../../kernel/http.ts';

/** Route option of every valuation route: refuses the call on a site without trade-in valuation. */
export const VALUATION_ROUTE = {
  preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
    if (!offersTradeIn(request.tenant.site)) return sendError(reply, 404, TRADE_IN_NOT_OFFERED);
  },
};
