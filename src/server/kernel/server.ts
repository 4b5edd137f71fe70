/**
 * The HTTP kernel every feature plugin runs inside: the Fastify instance with its logger,
 * the static-site fallback, CORS for the tenant's own origins, rate limits per client and
 * per tenant, multipart uploads, tenant resolution before every handler and the JSON error
 * handlers. Feature plugins registered afterwards inherit all of it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import { API_DEFAULTS } from '../../config/server-settings.ts';
import { logDestination, type LogFormat } from '../../logging/logger.ts';
import { isDatabaseUnavailable } from '../../platform/sql/unavailable.ts';
import { FIX_ERRORS, UNEXPECTED_ERROR, clientErrorMessage, isApiPath, resolveTenant, sendError } from './http.ts';
import { nulField } from './nul-characters.ts';
import { clientAddress, DEFAULT_CLIENT_IPV6_PREFIX } from '../../platform/net/client-address.ts';
import { clientKey, memoryCounter, rateLimitTenant, type WindowCounter } from './rate-limits.ts';
import { prefixed, windowStore } from './shared-counters.ts';
import type { ApiTenant, TenantRegistry } from './tenants.ts';

const BODY_LIMIT = 64 * 1024;
/** Retry-After (seconds) of a 503 while the database is unavailable: a restart or fail-over takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The API's log level and format (JSON lines unless 'pretty'). */
export interface ServerLogOptions {
  level: string;
  format?: LogFormat;
  /** false: no line for each request (npm start: every file of the sites would be one); default true. */
  requests?: boolean;
}

/** A Fastify instance with the API's body limit, proxy trust and structured logs without personal data. */
export function createServer(options: { trustProxy?: boolean | string[]; logger?: boolean | ServerLogOptions }): FastifyInstance {
  return Fastify({
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    // Query strings: at most 2 KB of parameters are parsed; the rest is ignored.
    routerOptions: { maxParamLength: 200 },
    ...(typeof options.logger === 'object' && options.logger.requests === false ? { logController: new LogController({ disableRequestLogging: true }) } : {}),
    logger:
      options.logger === false
        ? false
        : {
            level: typeof options.logger === 'object' ? options.logger.level : 'info',
            // The one logger's format (src/config/log.ts): JSON lines, or readable lines on a terminal.
            ...(typeof options.logger === 'object' && options.logger.format === 'pretty' ? { stream: logDestination('pretty') } : {}),
            // Structured logs without personal data: no bodies, no cookies, no auth headers, no query strings.
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                path: request.url.split('?')[0]?.slice(0, 200),
                host: request.headers.host,
              }),
            },
          },
  });
}

/** What installHttpKernel needs. */
export interface HttpKernelOptions {
  tenants: TenantRegistry;
  /** Handles every non-/api request (the static sites); without it those get a 404. */
  fallback?: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
  rateLimit?: { max?: number; tenantMax?: number; windowMs?: number };
  /** The counters of the limits: in memory, or shared through Redis with a fallback to memory (kernel/shared-counters.ts). */
  counter?: WindowCounter;
  now: () => number;
  /** IPv6 clients are counted by this prefix of their address (CLIENT_IPV6_PREFIX); default 64. */
  clientIpv6PrefixBits?: number;
}

/** Install the shared hooks and plugins on `app` (before any feature plugin is registered). */
export async function installHttpKernel(app: FastifyInstance, options: HttpKernelOptions): Promise<void> {
  const { tenants } = options;
  const counter = options.counter ?? memoryCounter(options.now);
  // Fastify wants every decorated property's starting value (one request shape); the tenant hook below sets it before any /api handler runs.
  const decorateUntilSet = app.decorateRequest as (property: 'tenant', value: ApiTenant | null) => FastifyInstance;
  decorateUntilSet.call(app, 'tenant', null);
  // The client every per-client limit and allowance counts against (an IPv6 /64 is one client).
  const prefixBits = options.clientIpv6PrefixBits ?? DEFAULT_CLIENT_IPV6_PREFIX;
  app.decorateRequest('client', {
    getter(this: FastifyRequest) {
      return clientAddress(this.ip, prefixBits);
    },
  });

  // Everything outside /api goes to the static sites untouched (no body parsing, no limits).
  app.addHook('onRequest', async (request, reply) => {
    if (isApiPath(request.url)) return;
    if (!options.fallback) return sendError(reply, 404, 'Not found');
    reply.hijack();
    try {
      await options.fallback(request.raw, reply.raw);
    } catch (error) {
      request.log.error({ err: { message: (error as Error).message } }, 'static handler failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      if (!reply.raw.writableEnded) reply.raw.end('Internal Server Error');
    }
  });

  // CORS: only the tenant's own site origins (its public URL, or <slug>.localhost in local runs).
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin ? tenants.fromOrigin(origin) !== undefined : false),
    credentials: true,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['content-type', 'x-site', 'authorization', 'idempotency-key'],
    maxAge: 600,
  });

  const windowMs = options.rateLimit?.windowMs ?? API_DEFAULTS.rateLimit.windowMs;
  const tenantMax = options.rateLimit?.tenantMax ?? API_DEFAULTS.rateLimit.tenantMax;
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimit?.max ?? API_DEFAULTS.rateLimit.max,
    timeWindow: windowMs,
    // Per client and tenant: one site's busy visitor does not block another site's. The tenant is the one the
    // request resolves to and the client its real address, so neither can be varied to get a fresh allowance.
    keyGenerator: (request) => clientKey(tenants, request),
    store: windowStore(prefixed(counter, 'lead-api:rate:'), options.now),
    skipOnError: true,
    errorResponseBuilder: (_request, limit) => ({
      statusCode: 429,
      error: 'Too many requests. Please wait a moment and try again.',
      message: `retry in ${limit.after}`,
    }),
  });

  // Per tenant overall, so a flood aimed at one site cannot take the service from the others.
  const tenantWindows = prefixed(counter, 'lead-api:tenant-window:');
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    // A route that is not rate limited (the payment provider's webhooks) is not counted either: a flood elsewhere must not turn it away.
    if ((request.routeOptions.config as { rateLimit?: unknown } | undefined)?.rateLimit === false) return;
    const count = await tenantWindows.hit(rateLimitTenant(tenants, request), windowMs).catch((error: Error) => {
      request.log.warn({ err: { message: error.message } }, 'tenant rate-limit counter unavailable; request allowed');
      return 0;
    });
    if (count > tenantMax) return sendError(reply, 429, 'Too many requests. Please wait a moment and try again.');
  });

  await app.register(multipart, {
    // Spec §5: each image under 10 MB, one per request.
    limits: { fileSize: 10 * 1024 * 1024 - 1, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
  });

  // A NUL in a path parameter, the query or a JSON body is refused before any handler looks it up or stores it (PostgreSQL text cannot hold one).
  app.addHook('preValidation', async (request, reply) => {
    const nul = nulField(request);
    if (nul) return sendError(reply, 400, FIX_ERRORS, { [nul.field]: nul.message });
  });

  // Tenant resolution and cross-tenant checks, before any handler.
  app.addHook('preHandler', async (request, reply) => {
    if ((request.routeOptions.config as { tenantless?: boolean } | undefined)?.tenantless) return;
    const resolved = resolveTenant(tenants, request);
    if ('error' in resolved) return sendError(reply, resolved.status, resolved.error);
    const origin = request.headers.origin;
    if (origin) {
      const originTenant = tenants.fromOrigin(origin);
      // A browser on another site (or any unknown origin) may not act for this tenant.
      if (!originTenant || originTenant.slug !== resolved.tenant.slug) return sendError(reply, 403, 'This site cannot send requests for another site.');
    }
    request.tenant = resolved.tenant;
  });

  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, 'Not found'));

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500 && isDatabaseUnavailable(error)) {
      // The database is down or failing over: nothing was stored (a transaction commits whole or
      // not at all), and the same request with the same Idempotency-Key may be sent again.
      request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable; answered 503');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, UNEXPECTED_ERROR);
    }
    if (status === 500) {
      request.log.error({ err: { message: error.message, code: error.code, stack: error.stack } }, 'request failed');
      return sendError(reply, 500, UNEXPECTED_ERROR);
    }
    return sendError(reply, status, clientErrorMessage(error, status));
  });
}
