/**
 * Marketing opt-out (Spam Act 2003 s 18): POST /api/unsubscribe records that a contact wants
 * no more marketing from this tenant, from the signed link every delivered lead carries or
 * from an e-mail / phone typed on /pages/unsubscribe; later deliveries of that contact's
 * leads say "do not market". The answer is the same whether or not the contact was known.
 * Typed contacts prove nothing, so a client may opt out only a few a day, or,
 * with `features.unsubscribe_typed: "confirm"`, is sent a signed link (valid 7 days) first,
 * under the message caps (message-caps.ts: per recipient here and on every tenant, per tenant);
 * a capped link is not sent and the answer is the same. A link is texted to a mobile only: a
 * typed landline or 13 / 1300 / 1800 number is refused there (400, as sign-in refuses it).
 * A link opts out only the contacts it names.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { UNSUBSCRIBE_MESSAGES, UnsubscribeSchema } from '../../../schemas/api/unsubscribe.ts';
import { oneLine } from '../../../schemas/forms/fields.ts';
import { FORM_MESSAGES } from '../../../schemas/forms/messages.ts';
import { isAuMobile } from '../../../schemas/phone.ts';
import type { FeatureOptions } from '../../kernel/context.ts';
import { FIX_ERRORS, parseOr400, sendError } from '../../kernel/http.ts';
import { sendCappedEmail, sendCappedSms } from '../../kernel/message-caps.ts';
import {
  optOutContacts,
  unsubscribePageUrl,
  unsubscribeRequestId,
  unsubscribeRequestToken,
  unsubscribeTokenLead,
  type OptOutContact,
} from '../../leads/unsubscribe.ts';

/** How long a confirmation link for a typed contact works. */
const CONFIRM_TTL_MS = 7 * 86_400_000;

/** The marketing feature: POST /api/unsubscribe. */
export const marketingPlugin: FastifyPluginAsync<FeatureOptions> = async (app, { ctx }) => {
  const { stores, now } = ctx;

  /** Send a typed contact its confirmation link (the same answer follows whether it is known or not). */
  const sendConfirmation = async (contact: OptOutContact, client: string, tenant: FastifyRequest['tenant']) => {
    const id = await stores.optOuts.createRequest(tenant.slug, contact, now());
    const link = unsubscribePageUrl(tenant, unsubscribeRequestToken(ctx.keys.unsubscribe, tenant.slug, id));
    const text = `Someone asked ${tenant.site.name} to stop sending marketing to this ${contact.kind === 'email' ? 'email address' : 'number'}. To confirm, open ${link} (valid for 7 days). If it was not you, ignore this message.`;
    try {
      if (contact.kind === 'email') {
        await sendCappedEmail({ sms: stores.sms, adapters: ctx.adapters, now }, tenant, {
          to: contact.contact,
          subject: `Unsubscribe from ${oneLine(tenant.site.name)}`,
          body: text,
          kind: 'unsubscribe',
        });
      } else {
        await sendCappedSms({ sms: stores.sms, adapters: ctx.adapters, now, limits: ctx.smsLimits, allowances: ctx.allowances }, tenant, {
          to: contact.contact,
          body: text,
          kind: 'unsubscribe',
          client,
        });
      }
    } catch (error) {
      app.log.warn({ tenant: tenant.slug, error: (error as Error).message }, 'unsubscribe confirmation not sent');
    }
  };

  /** The contacts a signed link names (a lead's, or a typed contact's confirmation), or undefined when it is not valid here. */
  const linkContacts = async (tenant: FastifyRequest['tenant'], token: string): Promise<OptOutContact[] | undefined> => {
    const leadId = unsubscribeTokenLead(ctx.keys.unsubscribe, tenant.slug, token);
    const lead = leadId ? await stores.leads.get(tenant.slug, leadId) : undefined;
    if (lead) return optOutContacts(lead.email, lead.phone);
    const requestId = unsubscribeRequestId(ctx.keys.unsubscribe, tenant.slug, token);
    const requested = requestId ? await stores.optOuts.request(tenant.slug, requestId, now() - CONFIRM_TTL_MS) : undefined;
    return requested ? [requested as OptOutContact] : undefined;
  };

  app.post('/api/unsubscribe', async (request, reply) => {
    const body = parseOr400(UnsubscribeSchema, request.body, reply);
    if (!body) return reply;
    const tenant = request.tenant;
    const source = body.token ? 'link' : 'form';
    // A link opts out only the contacts it names: an address typed beside its token is not
    // recorded, or a confirmation link for one's own address would opt out anyone else.
    const contacts = body.token ? await linkContacts(tenant, body.token) : optOutContacts(body.email, body.phone);
    if (!contacts) return sendError(reply, 400, FIX_ERRORS, { token: UNSUBSCRIBE_MESSAGES.badLink });
    const confirm = source === 'form' && tenant.site.features.unsubscribe_typed === 'confirm';
    // A confirmation goes by text, which only a mobile receives: another number is refused (nothing is sent to
    // an address typed beside it either), before it uses any of the client's typed opt-outs.
    if (confirm && body.phone && !isAuMobile(body.phone)) return sendError(reply, 400, FIX_ERRORS, { phone: FORM_MESSAGES.mobile });
    if (
      source === 'form' &&
      !(await ctx.allowances.take('opt-outs-client', `${tenant.slug}|${request.client}`, ctx.quotas.optOutsPerClientPerDay, contacts.length))
    ) {
      return sendError(
        reply,
        429,
        'Too many contacts have been unsubscribed from here today. Please use the unsubscribe link in one of our emails, or call us.',
      );
    }
    reply.header('cache-control', 'no-store');
    if (confirm) {
      for (const contact of contacts) await sendConfirmation(contact, request.client, tenant);
      request.log.info({ tenant: tenant.slug, contacts: contacts.length }, 'marketing opt-out confirmation sent');
      return { success: true, message: UNSUBSCRIBE_MESSAGES.confirmSent(tenant.site.name) };
    }
    await stores.optOuts.record(tenant.slug, contacts, source, now());
    request.log.info({ tenant: tenant.slug, contacts: contacts.length, source }, 'marketing opt-out recorded');
    return { success: true, message: UNSUBSCRIBE_MESSAGES.done(tenant.site.name) };
  });
};
