/** Sign-in by mobile number and one-time code (spec §7 auth). */
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { SignInRequestSchema, SignInVerifySchema } from '../../../schemas/api/sign-in.ts';
import type { FeatureOptions } from '../../kernel/context.ts';
import { parseOr400, sendError } from '../../kernel/http.ts';
import { SESSION_COOKIE, currentUser, hashToken, sessionToken } from '../../kernel/session.ts';
import { sendCappedSms } from '../../kernel/message-caps.ts';
import { AuthStore } from './store.ts';

/** The sign-in feature: request a code, verify it, read and end the session. */
export const authPlugin: FastifyPluginAsync<FeatureOptions> = async (app, { ctx }) => {
  const { stores, adapters, now } = ctx;
  const auth = new AuthStore(stores.db);
  const codeHash = (tenant: string, phone: string, code: string) => createHmac('sha256', ctx.keys.otp).update(`${tenant}|${phone}|${code}`).digest('hex');

  app.post('/api/auth/request-code', { config: { rateLimit: { max: ctx.signInRateMax, timeWindow: 60_000 } } }, async (request, reply) => {
    const body = parseOr400(SignInRequestSchema, request.body, reply);
    if (!body) return reply;
    const tenant = request.tenant;
    const at = now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const minutes = Math.round(ctx.signIn.codeTtlMs / 60_000);
    const knownPhone = await auth.knownPhone(tenant.slug, body.phone);
    const ask = (withhold: boolean) =>
      sendCappedSms({ sms: stores.sms, adapters, now, limits: ctx.smsLimits, allowances: ctx.allowances }, tenant, {
        to: body.phone,
        kind: 'sign-in',
        // Counted per client address on every tenant; a shopper known here keeps a reserve of a spent budget.
        client: request.client,
        knownPhone,
        withhold,
        body: `${code} is your ${tenant.site.name} sign-in code. It expires in ${minutes} minutes.`,
        // Counted and stored with the text's record, under the phone's lock: codes asked for at once are counted one after another.
        allowed: async (tx) => (await auth.codesIssuedSince(tenant.slug, body.phone, at - 15 * 60_000, tx)) < ctx.signIn.codesPerPhone,
        // Stored only once the caps allow the text, so a refused request does not cancel a code already sent.
        beforeSend: (tx) => auth.issueCode(tenant.slug, body.phone, codeHash(tenant.slug, body.phone, code), at, at + ctx.signIn.codeTtlMs, tx),
      });
    let sent = await ask(false);
    // Past a spent budget an unknown number is answered as a known one would be (the reserve's checks;
    // its code stored, the text withheld), so the answer does not tell whether the number has an account.
    if (sent === 'tenant-cap' && !knownPhone) sent = await ask(true);
    if (sent === 'refused') return sendError(reply, 429, 'Too many codes requested for this number. Please wait 15 minutes and try again.');
    if (sent !== 'ok' && sent !== 'withheld')
      return sendError(reply, 429, 'Too many text messages have been sent today. Please try again tomorrow or call us.');
    return { success: true, expires_in: minutes * 60 };
  });

  app.post('/api/auth/verify', { config: { rateLimit: { max: ctx.signInRateMax * 2, timeWindow: 60_000 } } }, async (request, reply) => {
    const body = parseOr400(SignInVerifySchema, request.body, reply);
    if (!body) return reply;
    const tenant = request.tenant;
    const at = now();
    const outcome = await auth.consumeCode(tenant.slug, body.phone, codeHash(tenant.slug, body.phone, body.code), at, ctx.signIn.maxAttempts);
    if (outcome === 'expired')
      return sendError(reply, 400, 'That code has expired. Please ask for a new one.', { code: 'That code has expired. Please ask for a new one.' });
    if (outcome === 'locked')
      return sendError(reply, 429, 'Too many wrong codes. Please ask for a new one.', { code: 'Too many wrong codes. Please ask for a new one.' });
    if (outcome === 'invalid')
      return sendError(reply, 400, 'That code is not right. Please check it and try again.', {
        code: 'That code is not right. Please check it and try again.',
      });
    const user = await auth.upsertUser(tenant.slug, body.phone, at);
    const token = randomBytes(32).toString('base64url');
    await auth.createSession(hashToken(token), user, tenant.slug, at, at + ctx.signIn.sessionTtlMs);
    // The token lives only in this HttpOnly cookie (never in the JSON, so never in page scripts
    // or localStorage); Secure behind TLS (X-Forwarded-Proto from a trusted proxy) and always in production.
    const secure = request.protocol === 'https' || ctx.production ? '; Secure' : '';
    reply.header('set-cookie', `${SESSION_COOKIE}=${token}; Path=/api; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(ctx.signIn.sessionTtlMs / 1000)}${secure}`);
    return { success: true, user: { id: user.id, phone: user.phone }, expires_at: at + ctx.signIn.sessionTtlMs };
  });

  app.get('/api/auth/session', async (request, reply) => {
    const user = await currentUser(stores.sessions, request, now());
    if (!user) return sendError(reply, 401, 'Please sign in.');
    return { success: true, user: { id: user.user_id, phone: user.phone } };
  });

  app.post('/api/auth/sign-out', async (request, reply) => {
    const token = sessionToken(request);
    if (token && token.length <= 200) await auth.deleteSession(request.tenant.slug, hashToken(token));
    const secure = request.protocol === 'https' || ctx.production ? '; Secure' : '';
    reply.header('set-cookie', `${SESSION_COOKIE}=; Path=/api; HttpOnly; SameSite=Lax; Max-Age=0${secure}`);
    return { success: true };
  });
};
