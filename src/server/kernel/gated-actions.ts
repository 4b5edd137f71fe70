/**
 * Gated routes on the server (spec §2, §6; docs/security.md "Gated routes"): the API calls a
 * gated family's pages make are held to a signed-in shopper of the tenant, on a site whose
 * gated_routes gate every family whose pages make them. Elsewhere they stay open, as the pages do.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gatedFamily } from '../../lib/forms/gating.ts';
import { isReserveCategory } from '../../schemas/lead.ts';
import { leadFormKind, type LeadFormValues } from '../../schemas/forms/lead-forms.ts';
import type { GatedFamily } from '../../schemas/site/gated-routes.ts';
import type { Site } from '../../schemas/site.ts';
import { currentUser, type SessionStore } from './session.ts';
import { offeredOnly, type SwitchedFeature } from './feature-switches.ts';

/**
 * Each gated action and the families whose pages make it (the one owner of this mapping):
 *   reserve         a Reserve lead, POST /api/payments/reservations, a reservation payment's intent and status (checkout pages)
 *   finance         the finance form's lead (category 'Finance Enquiry' with a finance page's subcategory)
 *   valuation       the instant offer: /api/eval-expert/* (not its photo links), /api/trade-in/adjustments and its lead (with an evalid):
 *                   /trade-in, /cars/trade-in and /sell-my-car make the same calls, so only a site gating both families holds them
 *   online-payment  POST /api/payments/online-payment, an invoice payment's intent and status
 * POST /api/miscellaneous about a lead or an evaluation is held to that lead's actions (valuation for an evaluation);
 * the photo links stay open, signed for the dealer's CRM (docs/lead-api.md "Gated families").
 * Spin to Win needs a session on every site (its own plugin answers 401).
 */
export const GATED_ACTIONS = {
  reserve: ['checkout'],
  finance: ['finance'],
  valuation: ['trade-in', 'sell-my-car'],
  'online-payment': ['online-payment'],
} as const satisfies Record<string, readonly GatedFamily[]>;

export type GatedAction = keyof typeof GATED_ACTIONS;

/** The 401 answer's sentence (the spec has none); its `sign_in: true` tells the island to send the shopper to sign-in as the page gate does. */
export const SIGN_IN_TO_CONTINUE = 'Please sign in to continue.';

const cache = new WeakMap<Site, ReadonlySet<GatedAction>>();

/** The actions a site holds to a signed-in shopper: those whose families its gated_routes all gate (read once per loaded site). */
export function gatedActions(site: Site): ReadonlySet<GatedAction> {
  let actions = cache.get(site);
  if (!actions) {
    const families = new Set(site.gated_routes.map((route) => gatedFamily(route)).filter((family) => family !== undefined));
    const entries = Object.entries(GATED_ACTIONS) as [GatedAction, readonly GatedFamily[]][];
    actions = new Set(entries.filter(([, of]) => of.every((family) => families.has(family))).map(([action]) => action));
    cache.set(site, actions);
  }
  return actions;
}

/** The gated actions a lead post is (a later step's with the values its lead stored). */
export function leadActions(lead: LeadFormValues): GatedAction[] {
  const actions: GatedAction[] = [];
  if (isReserveCategory(typeof lead.category === 'string' ? lead.category : undefined)) actions.push('reserve');
  const kind = leadFormKind(lead);
  if (kind === 'finance') actions.push('finance');
  if (kind === 'instant-offer') actions.push('valuation');
  if (kind === 'online-payment') actions.push('online-payment');
  return actions;
}

/**
 * True when the request may make these actions on its tenant: none is gated there, or a shopper
 * of this tenant is signed in. Otherwise answers 401 (SIGN_IN_TO_CONTINUE, sign_in: true) and returns false.
 */
export async function passesGate(
  sessions: SessionStore,
  request: FastifyRequest,
  reply: FastifyReply,
  now: number,
  ...actions: GatedAction[]
): Promise<boolean> {
  const gated = gatedActions(request.tenant.site);
  if (!actions.some((action) => gated.has(action))) return true;
  if (await currentUser(sessions, request, now)) return true;
  reply.header('cache-control', 'no-store');
  reply.code(401).send({ success: false, error: SIGN_IN_TO_CONTINUE, sign_in: true });
  return false;
}

/**
 * The signed-in shopper (user id) a lead post, or a call naming `lead`, speaks for, asked only where
 * it matters: where the site gates one of `actions` (a lead with no shopper records them: LeadWrite.shopper), or
 * where `lead` recorded a shopper (only they may name it, or replay its key: leads/row.ts leadOpenTo). Else undefined,
 * as when nobody is signed in.
 */
export async function leadShopper(
  sessions: SessionStore,
  request: FastifyRequest,
  now: number,
  actions: Iterable<GatedAction>,
  lead?: { shopper: string | null },
): Promise<string | undefined> {
  const gated = gatedActions(request.tenant.site);
  if (!lead?.shopper && ![...actions].some((action) => gated.has(action))) return undefined;
  return (await currentUser(sessions, request, now))?.user_id;
}

/** A route's preHandler: the call is answered 401 where the site gates `action` and no shopper is signed in. */
export function gatedOnly(sessions: SessionStore, now: () => number, action: GatedAction) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.sent) return reply;
    if (!(await passesGate(sessions, request, reply, now(), action))) return reply;
  };
}

/** Route options of a call the site may switch off (offeredOnly: 404 first) and gate (`action`: 401 without a session). */
export function offeredAndGated(sessions: SessionStore, now: () => number, action: GatedAction, ...features: SwitchedFeature[]) {
  return { preHandler: [offeredOnly(...features).preHandler, gatedOnly(sessions, now, action)] };
}
