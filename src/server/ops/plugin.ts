/**
 * Operators' and local runs' routes: /api/health (load balancers) and the recorded dev messages.
 * /api/health answers every host, so the public gets only `{ ok }`: the tenant list, each
 * tenant's delivery backlog and the payments needing attention go only to an operator (Bearer API_OPERATOR_TOKEN)
 * or to a request from the host itself (a loopback peer that came through no proxy).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { FeatureOptions } from '../kernel/context.ts';
import { parseOr400 } from '../kernel/http.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether a request may see the full /api/health: the operator token, or loopback without any proxy header. */
export function seesFullHealth(request: FastifyRequest, operatorToken: string | undefined): boolean {
  const header = request.headers.authorization ?? '';
  if (operatorToken && /^Bearer /i.test(header)) return timingSafeEqual(digest(header.slice(7).trim()), digest(operatorToken));
  const peer = request.raw.socket?.remoteAddress ?? '';
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && /^(127\.|::1$|::ffff:127\.)/.test(peer);
}

/**
 * A payment the operator is to look at, and why: its PaymentIntent list unfinished, or given up
 * (features/payments/orphans.ts); or in review, the provider having taken another amount than the
 * one asked (`failure`: what was paid and asked; features/payments/webhook.ts), for a person to settle.
 */
export type PaymentNeedingAttention =
  | { tenant: string; payment_id: string; reason: 'intent list unfinished'; lists: number; given_up: boolean }
  | { tenant: string; payment_id: string; reason: 'amount mismatch'; failure: string };

/** The ops plugin's options: the context, and the payments needing attention the full /api/health lists (none when not given). */
export type OpsOptions = FeatureOptions & { paymentsNeedingAttention?: () => Promise<PaymentNeedingAttention[]> };

/** GET /api/health, and GET /api/dev/messages when the context allows it (never in production). */
export const opsPlugin: FastifyPluginAsync<OpsOptions> = async (app, { ctx, paymentsNeedingAttention }) => {
  const { stores } = ctx;

  app.get('/api/health', { config: { tenantless: true } }, async (request, reply) => {
    try {
      await stores.db.query('SELECT 1 AS ok');
      if (!seesFullHealth(request, ctx.operatorToken)) return { ok: true };
      // Leads that would go nowhere, deliveries waiting or dead-lettered, per tenant, and payments for a person to settle; none of them is a 503 (the API serves).
      return {
        ok: true,
        tenants: ctx.tenants.slugs().length,
        tenants_without_lead_destination: ctx.tenants.undeliverable(),
        deliveries: await stores.outbox.deliveryHealth(),
        payments_needing_attention: (await paymentsNeedingAttention?.()) ?? [],
      };
    } catch {
      return reply.code(503).send({ ok: false });
    }
  });

  if (ctx.devMessages) {
    const DevMessagesQuerySchema = v.object({ to: v.optional(v.pipe(v.string(), v.maxLength(80))), channel: v.optional(v.picklist(['sms', 'email'])) });
    app.get('/api/dev/messages', async (request, reply) => {
      const query = parseOr400(DevMessagesQuerySchema, request.query, reply);
      if (!query) return reply;
      const to = query.to && query.channel !== 'email' ? query.to.replace(/[\s\-().]/g, '').replace(/^\+61/, '0') : query.to;
      return { messages: (await stores.messages.list(request.tenant.slug, query.channel, to)).slice(0, 20) };
    });
  }
};
