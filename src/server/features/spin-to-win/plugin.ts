/**
 * Spin to Win (spec §2 /spin-to-win; docs/spin-to-win.md): a signed-in shopper spins the
 * site's prize wheel once a calendar month (the dealer's time zone). The server decides
 * everything: whether this mobile number may spin, which prize it wins (a weighted draw with
 * crypto.randomInt over the prizes of site.json still available) and the lead that records
 * the prize, stored and delivered like every other lead. The browser only shows the answer.
 *   GET  /api/spin-to-win               may I spin, what did I win this month
 *   POST /api/spin-to-win               spin: the entry (name, e-mail, opt-in, terms) -> the prize
 *   GET  /api/spin-to-win/availability  public: which prizes are still drawn (the page's chances)
 */
import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { nextSpin, prizeForRoll, promotionState, spinMonth } from '../../../lib/marketing/spin-to-win.ts';
import { calendarDay } from '../../../lib/text/dealer-time.ts';
import { formatDay } from '../../../lib/text/format.ts';
import {
  SPIN_LEAD_CATEGORY,
  SPIN_TO_WIN_MESSAGES,
  spinEntrySchema,
  type SpinAvailabilityAnswer,
  type SpinEntry,
  type SpinResultAnswer,
  type SpinStatusAnswer,
} from '../../../schemas/api/spin-to-win.ts';
import type { SpinToWinSettings } from '../../../schemas/site/spin-to-win.ts';
import type { ApiContext, FeatureOptions } from '../../kernel/context.ts';
import { offeredOnly } from '../../kernel/feature-switches.ts';
import { parseOr400, sendError } from '../../kernel/http.ts';
import { currentUser } from '../../kernel/session.ts';
import type { ApiTenant } from '../../kernel/tenants.ts';
import { leadKey } from '../../leads/repository.ts';
import { SpinToWinStore, type DrawablePrize, type SpinRecord } from './store.ts';

/** The promotion a count of prizes belongs to: a new start date starts the quantities afresh. */
const promotionKey = (settings: SpinToWinSettings) => settings.starts ?? 'always';

const drawable = (settings: SpinToWinSettings): DrawablePrize[] =>
  settings.prizes.map((prize) => ({ id: prize.id, label: prize.label, weight: prize.weight, quantity: prize.quantity }));

/** The weighted draw: crypto.randomInt is uniform over [0, total weight). */
export function drawPrize(available: readonly DrawablePrize[], random: (max: number) => number = randomInt): DrawablePrize {
  const total = available.reduce((sum, prize) => sum + prize.weight, 0);
  return available[prizeForRoll(available, random(total))]!;
}

/** The lead a spin makes: the shopper, the prize, where it came from (the dealer's line about the prize is formats.ts prizeLine). */
function spinLeadValues(tenant: ApiTenant, entry: SpinEntry, phone: string, prize: DrawablePrize, month: string, spinId: string): Record<string, unknown> {
  const settings = tenant.site.spin_to_win!;
  const value = settings.prizes.find((candidate) => candidate.id === prize.id)?.value;
  return {
    category: SPIN_LEAD_CATEGORY,
    subcategory: prize.label,
    name: entry.name,
    ...(entry.last_name ? { last_name: entry.last_name } : {}),
    email: entry.email,
    phone,
    opt_in: entry.opt_in,
    terms_conditions: entry.terms_conditions,
    source: 'Website',
    url: `${tenant.publicOrigin ?? tenant.site.url.replace(/\/+$/, '')}/spin-to-win`,
    page_id: '/spin-to-win',
    custom_params: {
      prize_id: prize.id,
      prize: prize.label,
      ...(value !== undefined ? { prize_value: String(value) } : {}),
      spin_month: month,
      spin_id: spinId,
    },
    form_completed: true,
  };
}

/** The spin-to-win feature. */
export const spinToWinPlugin: FastifyPluginAsync<FeatureOptions> = async (app, { ctx }) => {
  const { stores, now } = ctx;
  const spins = new SpinToWinStore(stores.db, ctx.keys.spinEntrants);

  /** Every route answers a site without a promotion 404 with the sentence of kernel/feature-switches.ts, before anything else. */
  const route = offeredOnly('spin_to_win');

  /** The site's promotion (the route's switch answered a site without one); answers are never cached (they change with each prize won). */
  const promotionOf = (request: FastifyRequest, reply: FastifyReply): SpinToWinSettings => {
    reply.header('cache-control', 'no-store');
    return request.tenant.site.spin_to_win!;
  };

  /** Which prizes the draw has left and whether spins are taken today: nobody's data. */
  const availability = async (tenant: ApiTenant, settings: SpinToWinSettings) => {
    const unavailable = await spins.soldOut(tenant.slug, promotionKey(settings), drawable(settings));
    const period = promotionState(settings, now(), tenant.site.timezone);
    const soldOut = unavailable.length === settings.prizes.length;
    const promotion: SpinAvailabilityAnswer['promotion'] = period.state !== 'open' ? period.state : soldOut ? 'sold-out' : 'open';
    return { period, promotion, unavailable, soldOut };
  };

  /** The signed-in shopper and the site's promotion, or the answer that stops here. */
  const context = async (request: FastifyRequest, reply: FastifyReply) => {
    const settings = promotionOf(request, reply);
    const user = await currentUser(stores.sessions, request, now());
    if (!user) {
      sendError(reply, 401, SPIN_TO_WIN_MESSAGES.signIn);
      return undefined;
    }
    return { settings, user, month: spinMonth(now(), request.tenant.site.timezone) };
  };

  app.get('/api/spin-to-win/availability', route, async (request, reply) => {
    const settings = promotionOf(request, reply);
    const { promotion, unavailable } = await availability(request.tenant, settings);
    const answer: SpinAvailabilityAnswer = { success: true, promotion, unavailable };
    return answer;
  });

  app.get('/api/spin-to-win', route, async (request, reply) => {
    const found = await context(request, reply);
    if (!found) return reply;
    const { settings, user, month } = found;
    const tenant = request.tenant;
    await completeLeads(ctx, spins, tenant, user.phone, request);
    const spin = await spins.monthSpin(tenant.slug, user.phone, month);
    const { period, promotion, unavailable, soldOut } = await availability(tenant, settings);
    const answer: SpinStatusAnswer = {
      success: true,
      can_spin: promotion === 'open' && !spin,
      promotion,
      ...(spin ? { message: spunMessage(settings, month, period, soldOut) } : closedMessage(period, promotion)),
      spin: spin ? { prize: { id: spin.prize_id, label: spin.prize_label }, month: spin.month, spun_at: new Date(spin.created_at).toISOString() } : null,
      next_spin: nextSpin(month, settings, soldOut),
      unavailable,
    };
    return answer;
  });

  app.post('/api/spin-to-win', route, async (request, reply) => {
    const found = await context(request, reply);
    if (!found) return reply;
    const { settings, user, month } = found;
    const tenant = request.tenant;
    const entry = parseOr400(spinEntrySchema(settings.terms_href !== undefined), request.body, reply);
    if (!entry) return reply;
    await completeLeads(ctx, spins, tenant, user.phone, request);
    const period = promotionState(settings, now(), tenant.site.timezone);
    if (period.state !== 'open') return sendError(reply, 403, closedMessage(period, period.state).message!);
    const outcome = await spins.spin(
      { tenant: tenant.slug, phone: user.phone, month, promotion: promotionKey(settings), prizes: drawable(settings), now: now() },
      (available) => drawPrize(available),
      (prize, spinId) => spinLeadValues(tenant, entry, user.phone, prize, month, spinId),
    );
    if (outcome.status === 'sold-out') return sendError(reply, 409, SPIN_TO_WIN_MESSAGES.soldOut);
    // After this spin: a next spin is promised only while a prize is left, and the page's chances are printed among what is left.
    const { soldOut, unavailable } = await availability(tenant, settings);
    if (outcome.status === 'already') {
      reply.code(409);
      return {
        success: false,
        error: spunMessage(settings, month, period, soldOut),
        spin: {
          prize: { id: outcome.spin.prize_id, label: outcome.spin.prize_label },
          month: outcome.spin.month,
          spun_at: new Date(outcome.spin.created_at).toISOString(),
        },
        next_spin: nextSpin(month, settings, soldOut),
      };
    }
    const leadId = await saveSpinLead(ctx, spins, tenant, outcome.spin);
    request.log.info({ tenant: tenant.slug, lead: leadId, prize: outcome.spin.prize_id }, 'spin to win: prize drawn');
    const answer: SpinResultAnswer = {
      success: true,
      prize: { id: outcome.spin.prize_id, label: outcome.spin.prize_label },
      lead_id: leadId,
      month,
      next_spin: nextSpin(month, settings, soldOut),
      unavailable,
    };
    return reply.code(201).send(answer);
  });
};

/** A promotion date ('2026-03-01', the dealer's calendar day) as the site writes it: '1 Mar 2026'. */
const shownDay = (date: string) => formatDay(calendarDay(date));

/**
 * What a shopper who spun this month is told: the day of the next spin, or, when there is
 * none, that every prize is won or when the promotion closes (closed).
 */
function spunMessage(settings: SpinToWinSettings, month: string, period: ReturnType<typeof promotionState>, soldOut: boolean): string {
  if (period.state === 'ended') return SPIN_TO_WIN_MESSAGES.ended(shownDay(period.ends));
  if (soldOut) return SPIN_TO_WIN_MESSAGES.alreadySpunSoldOut;
  const next = nextSpin(month, settings, false);
  return next ? SPIN_TO_WIN_MESSAGES.alreadySpun(shownDay(next)) : SPIN_TO_WIN_MESSAGES.alreadySpunLast(shownDay(settings.ends!));
}

/** The words for a promotion that takes no spin today. */
function closedMessage(period: ReturnType<typeof promotionState>, promotion: string): { message?: string } {
  if (period.state === 'not-started') return { message: SPIN_TO_WIN_MESSAGES.notStarted(shownDay(period.starts)) };
  if (period.state === 'ended') return { message: SPIN_TO_WIN_MESSAGES.ended(shownDay(period.ends)) };
  if (promotion === 'sold-out') return { message: SPIN_TO_WIN_MESSAGES.soldOut };
  return {};
}

/**
 * Store a spin's lead with its delivery jobs and link it to the spin. The idempotency key is
 * the spin's id (leadKey), so saving again (after a crash between the two writes) gives the same lead.
 */
async function saveSpinLead(ctx: ApiContext, spins: SpinToWinStore, tenant: ApiTenant, spin: SpinRecord): Promise<string> {
  const result = await ctx.stores.leads.save({
    tenant: tenant.slug,
    clientKey: leadKey('spin-to-win', spin.id),
    values: spin.lead_values,
    destinations: tenant.destinations.map((destination) => destination.id),
    now: ctx.now(),
  });
  if (result.status !== 'created' && result.status !== 'replayed') throw new Error(`spin lead not saved: ${result.status}`);
  await spins.setLead(spin.id, result.id);
  ctx.outbox.kick();
  return result.id;
}

/** Make the leads of this shopper's spins that have none (a crash came between the spin and its lead). */
async function completeLeads(ctx: ApiContext, spins: SpinToWinStore, tenant: ApiTenant, phone: string, request: FastifyRequest): Promise<void> {
  for (const spin of await spins.withoutLead(tenant.slug, phone)) {
    if (!spin.prize_id) continue;
    const leadId = await saveSpinLead(ctx, spins, tenant, spin);
    request.log.warn({ tenant: tenant.slug, lead: leadId }, 'spin to win: lead made after an interrupted spin');
  }
}
