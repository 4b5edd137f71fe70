/**
 * Marketing opt-out (issue 14 item 6, audit 2.81, Spam Act 2003 s 18): POST /api/unsubscribe
 * records that a contact wants no more marketing from this tenant, from the signed token of
 * the link every delivered lead carries (the lead's e-mail and phone) or from the e-mail
 * address / phone number typed on /pages/unsubscribe. Every later delivery of a lead from
 * that contact goes to the dealer with opt_in false and a "do not market" line (the outbox).
 *
 * The answer is the same whether or not the contact was known, so the page cannot be used
 * to learn who has enquired. Typed contacts prove nothing, so each client may opt out only
 * a few a day (issue 34 N13: nobody can suppress a dealer's customer list); the signed link
 * is not limited beyond the general rate limit.
 */
import type { FastifyPluginAsync } from 'fastify';
import { UNSUBSCRIBE_MESSAGES, UnsubscribeSchema } from '../../../schemas/forms.ts';
import type { FeatureOptions } from '../../kernel/context.ts';
import { FIX_ERRORS, parseOr400, sendError } from '../../kernel/http.ts';
import { optOutContacts, unsubscribeTokenLead } from '../../kernel/unsubscribe.ts';

/** The marketing feature: POST /api/unsubscribe. */
export const marketingPlugin: FastifyPluginAsync<FeatureOptions> = async (app, { ctx }) => {
  const { store, now } = ctx;

  app.post('/api/unsubscribe', async (request, reply) => {
    const body = parseOr400(UnsubscribeSchema, request.body, reply);
    if (!body) return reply;
    const tenant = request.tenant;
    const contacts = optOutContacts(body.email, body.phone);
    if (contacts.length > 0 && !(await ctx.allowances.take('opt-outs-client', `${tenant.slug}|${request.ip}`, ctx.quotas.optOutsPerClientPerDay, contacts.length))) {
      return sendError(reply, 429, 'Too many contacts have been unsubscribed from here today. Please use the unsubscribe link in one of our emails, or call us.');
    }
    if (body.token) {
      const leadId = unsubscribeTokenLead(ctx.keys.unsubscribe, tenant.slug, body.token);
      const lead = leadId ? await store.getLead(tenant.slug, leadId) : undefined;
      if (!lead) return sendError(reply, 400, FIX_ERRORS, { token: UNSUBSCRIBE_MESSAGES.badLink });
      contacts.push(...optOutContacts(lead.email, lead.phone));
    }
    await store.recordOptOuts(tenant.slug, contacts, body.token ? 'link' : 'form', now());
    request.log.info({ tenant: tenant.slug, contacts: contacts.length, source: body.token ? 'link' : 'form' }, 'marketing opt-out recorded');
    reply.header('cache-control', 'no-store');
    return { success: true, message: UNSUBSCRIBE_MESSAGES.done(tenant.site.name) };
  });
};
