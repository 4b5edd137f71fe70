/**
 * POST /api/trade-in/adjustments (spec §7): the shopper's answers (service history, keys,
 * condition) adjust the valuation's offer, computed on the server, never in the browser.
 * `{ id, answers }` adjusts the evaluation /api/eval-expert made and stores the offer on it
 * (the lead and the dealer see the same figure); `{ rego, regoState, km, answers }` values
 * the one car under that plate afresh and stores nothing (a plate alone never reaches
 * another shopper's evaluation).
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { adjustmentErrors, adjustOffer, type AdjustmentAnswers } from '../../../lib/forms/trade-in-adjustments.ts';
import { LEAD_MESSAGES } from '../../../schemas/forms/messages.ts';
import { EnterVinSchema } from '../../../schemas/api/trade-in.ts';
import { fieldErrors } from '../../../schemas/forms/fields.ts';
import type { ApiContext } from '../../kernel/context.ts';
import { parseOr400, sendError } from '../../kernel/http.ts';
import type { TradeInAdapters } from './adapters.ts';
import type { TradeInStore } from './store.ts';
import { adjustableOffer, adjustedOffer } from '../../leads/trade-in-answers.ts';
import { offerWithheld } from '../../../lib/forms/trade-in-limits.ts';
import { offeredAndGated } from '../../kernel/gated-actions.ts';

const BodySchema = v.object({
  id: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64))),
  rego: v.optional(v.string()),
  regoState: v.optional(v.string()),
  km: v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.transform((text) => Number(text.replace(/[,\s]/g, ''))))]), v.number('km: a number of kilometres'), v.minValue(0), v.maxValue(2_000_000))),
  answers: v.record(v.string(), v.unknown()),
});

/** Register the adjustments route (from the trade-in plugin; `tradeIn`: its store, which writes the adjusted offer). */
export function registerTradeInAdjustments(app: FastifyInstance, ctx: Pick<ApiContext<TradeInAdapters>, 'stores' | 'adapters' | 'now'>, tradeIn: TradeInStore, notFound: string): void {
  app.post('/api/trade-in/adjustments', offeredAndGated(ctx.stores.sessions, ctx.now, 'valuation', 'trade_in'), async (request, reply) => {
    const body = parseOr400(BodySchema, request.body, reply);
    if (!body) return reply;
    const problems = adjustmentErrors(body.answers);
    if (problems) return sendError(reply, 400, LEAD_MESSAGES.fixErrors, problems);
    const answers = body.answers as AdjustmentAnswers;
    const tenant = request.tenant;

    if (body.id) {
      const evaluation = await ctx.stores.evaluations.get(tenant.slug, body.id);
      if (!evaluation) return sendError(reply, 404, notFound);
      // An over-limit car has no online offer to adjust; answering again adjusts from the valuation's own offer, not
      // from an adjusted one (a new update-eval resets it). The trade-in lead asks the same rule (leadAnswersPlan).
      const adjustable = adjustableOffer(evaluation, tenant.site.trade_in, ctx.now(), tenant.site.timezone);
      if (adjustable.kind === 'withheld') return sendError(reply, 422, adjustable.message);
      if (adjustable.kind === 'unvalued') return sendError(reply, 409, 'Please finish the valuation (odometer and contact details) before answering these questions.');
      const base = adjustable.base;
      // Stored with the answers it was computed from: the trade-in lead's answers are checked against them (src/server/leads/trade-in-answers.ts).
      const result = adjustedOffer(evaluation, base, answers);
      await tradeIn.updateEvaluation(tenant.slug, evaluation.id, result.patch, ctx.now());
      return { EvalID: evaluation.id, base_offer_price: base, offer_price: result.offer, OfferPrice: result.offer, adjustments: result.adjustments };
    }

    const plate = v.safeParse(EnterVinSchema, { rego: body.rego, state: body.regoState });
    if (!plate.success || body.km === undefined) {
      const fields = plate.success ? {} : Object.fromEntries(Object.entries(fieldErrors(plate.issues, EnterVinSchema)).map(([key, message]) => [key === 'state' ? 'regoState' : key, message]));
      return sendError(reply, 400, LEAD_MESSAGES.fixErrors, { ...fields, ...(body.km === undefined ? { km: 'km: the odometer reading is needed to value a car by its registration' } : {}), ...(body.rego === undefined ? { id: 'Send the id of the valuation, or rego and regoState' } : {}) });
    }
    const vehicles = await ctx.adapters.valuation.lookup(tenant, plate.output.rego, plate.output.state);
    if (vehicles.length === 0) return sendError(reply, 404, notFound);
    if (vehicles.length > 1) return sendError(reply, 409, 'Several cars match this registration: value it through the instant offer form and send its id.');
    const withheld = offerWithheld({ year: vehicles[0]!.Year, km: body.km }, tenant.site.trade_in, ctx.now(), tenant.site.timezone);
    if (withheld) return sendError(reply, 422, withheld.message);
    const valuation = await ctx.adapters.valuation.value(tenant, vehicles[0]!, body.km);
    const result = adjustOffer(valuation.offerPrice, answers);
    return { base_offer_price: valuation.offerPrice, offer_price: result.offer, OfferPrice: result.offer, adjustments: result.adjustments };
  });
}
