/** Operators' and local runs' routes: /api/health (load balancers) and the recorded dev messages. */
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { FeatureOptions } from './context.ts';
import { parseOr400 } from './http.ts';

/** GET /api/health, and GET /api/dev/messages when the context allows it (never in production). */
export const opsPlugin: FastifyPluginAsync<FeatureOptions> = async (app, { ctx }) => {
  const { store } = ctx;

  app.get('/api/health', { config: { tenantless: true } }, async (_request, reply) => {
    try {
      await store.db.query('SELECT 1 AS ok');
      // Issue 13 H4 / M14: leads that would go nowhere, and deliveries waiting or dead-lettered, per tenant.
      return { ok: true, tenants: ctx.tenants.slugs().length, tenants_without_lead_destination: ctx.tenants.undeliverable(), deliveries: await store.deliveryHealth() };
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
      return { messages: (await store.messages(request.tenant.slug, query.channel, to)).slice(0, 20) };
    });
  }
};
