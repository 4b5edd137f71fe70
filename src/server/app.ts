/**
 * The lead API (DESIGN §6): a Fastify app answering /api/* for every tenant, with every
 * other request handed to an optional fallback (the static sites in local runs).
 *
 * Fastify was chosen for its maintained CORS, rate-limit and multipart plugins, schema-free
 * routes that let valibot (the forms' own schemas) do validation, and its throughput.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { ApiConfig } from './config.ts';
import { createAdapters, type Adapters, type ProviderConfig } from './adapters.ts';
import { openDatabase, type DatabaseConfig, type SqlDatabase } from './db.ts';
import { Outbox, type OutboxOptions } from './outbox.ts';
import { deriveKeys, type DerivedKeys } from './keys.ts';
import { Payments, type PaymentsOptions } from './payments/payments.ts';
import { registerPaymentRoutes } from './payments/routes.ts';
import { photoLink } from './photo-links.ts';
import { clientKey, memoryCounter, rateLimitTenant, redisCounter } from './rate-limits.ts';
import { registerRoutes } from './routes.ts';
import { registerTradeInAdjustments } from './trade-in-adjustments.ts';
import { DEFAULT_SMS_LIMITS, type SmsLimits } from './sms-policy.ts';
import { Store } from './store.ts';
import { TenantRegistry, type ApiTenant, type LoadReport } from './tenants.ts';
import { FORM_MESSAGES } from '../lib/forms/messages.ts';
import { LEAD_MESSAGES } from '../lib/forms/messages.ts';

/** Options of createApp. */
export interface AppOptions {
  /** Folder of tenant folders (site.json, stock.json, optional lead-delivery.json). */
  tenantsDir: string;
  /** Database settings, or an already open database (shared between apps in tests). */
  database: DatabaseConfig | SqlDatabase;
  /** Handles every non-/api request (the static sites); without it those get a 404. */
  fallback?: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
  /** Production host names mapped to tenant slugs (site.json `url` hosts are mapped automatically). */
  hostMap?: Record<string, string>;
  /** Real providers by adapter (URL and key); absent ones use the local default. */
  providers?: ProviderConfig;
  /** Replace adapters outright (tests). */
  adapters?: Partial<Adapters>;
  /** Requests per client per tenant per window, and per tenant overall. Defaults 120 and 6000 a minute; sign-in code requests 5 per client a minute. */
  rateLimit?: { max?: number; tenantMax?: number; windowMs?: number; signInMax?: number };
  /** Outbox worker settings. */
  delivery?: OutboxOptions;
  /** Sign-in settings. */
  /** Sign-in settings; codesPerPhone: codes one phone may request per 15 minutes (default 3). */
  signIn?: { secret?: string; codeTtlMs?: number; maxAttempts?: number; sessionTtlMs?: number; codesPerPhone?: number };
  /**
   * Whose X-Forwarded-For to believe: false (default: nobody), or the proxy addresses / CIDR
   * ranges (issue 13 H2). true (anybody's) is for local experiments only.
   */
  trustProxy?: boolean | string[];
  /**
   * Production rules (issue 13): refuse to start with two tenants on one host, refuse
   * *.localhost hosts and origins, always mark the session cookie Secure. Default false.
   */
  production?: boolean;
  /** Share rate-limit counters between API processes through this Redis (REDIS_URL). */
  redisUrl?: string;
  /** Daily SMS caps per phone and per tenant. Default 10 and 2000. */
  sms?: Partial<SmsLimits>;
  /** Folder for trade-in photos (outside the database). Without it photos stay in the database (tests). */
  imagesDir?: string;
  /** Bytes of trade-in photos one tenant may keep. Default 2 GB. */
  imageQuotaBytes?: number;
  /** Fastify logger: false, or pino options. Default { level: 'info' } with personal data redacted. */
  logger?: boolean | { level: string };
  /**
   * Serve GET /api/dev/messages (the SMS and e-mails the local adapters recorded, e.g. a
   * sign-in code) for browser tests and local runs. Never in production. Default false.
   */
  devMessages?: boolean;
  /** Online payments (docs/payments.md): provider keys from the environment, test providers. */
  payments?: PaymentsOptions;
  /** Clock (tests). */
  now?: () => number;
}

/** What route handlers share. */
export interface ApiContext {
  tenants: TenantRegistry;
  store: Store;
  adapters: Adapters;
  outbox: Outbox;
  now: () => number;
  signIn: { secret: string; codeTtlMs: number; maxAttempts: number; sessionTtlMs: number; codesPerPhone: number };
  /** Keys derived from the sign-in secret, one per use. */
  keys: DerivedKeys;
  /** Daily SMS caps. */
  smsLimits: SmsLimits;
  /** Production rules are on (Secure cookies always). */
  production: boolean;
  /** Bytes of trade-in photos one tenant may keep. */
  imageQuotaBytes: number;
  /** Sign-in requests per client per minute. */
  signInRateMax: number;
  /** GET /api/dev/messages is served. */
  devMessages: boolean;
}

/** The app with the handles callers need. */
export type LeadApi = FastifyInstance & {
  /** Re-read every tenant folder (stock changed); returns what loaded and what failed. */
  reloadTenants(): LoadReport;
  readonly store: Store;
  readonly outbox: Outbox;
  readonly tenants: TenantRegistry;
  readonly payments: Payments;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant this request is for (set before every /api handler). */
    tenant: ApiTenant;
  }
}

/** Spec §8 wording for a failure the visitor cannot fix. */
export const UNEXPECTED_ERROR = LEAD_MESSAGES.unexpected;

/** Send a JSON error: `error` for people, `fields` for field-level messages. */
export function sendError(reply: FastifyReply, status: number, error: string, fields?: Record<string, string>): FastifyReply {
  return reply.code(status).send(fields ? { success: false, error, fields } : { success: false, error });
}

const BODY_LIMIT = 64 * 1024;

/** createApp options from the validated environment (scripts/api.ts and scripts/serve.ts share it). */
export function appOptionsFromConfig(config: ApiConfig): AppOptions {
  return {
    tenantsDir: config.tenantsDir,
    database: config.database,
    hostMap: config.hostMap,
    providers: config.providers,
    rateLimit: config.rateLimit,
    delivery: config.delivery,
    signIn: config.signIn,
    trustProxy: config.trustProxy,
    production: config.production,
    redisUrl: config.redisUrl,
    sms: config.sms,
    imagesDir: config.images.dir,
    imageQuotaBytes: config.images.quotaBytesPerTenant,
    logger: { level: config.logLevel },
    devMessages: config.devMessages,
  };
}

/** Build the lead API. Opens (and migrates) the database and loads the tenants. */
export async function createApp(options: AppOptions): Promise<LeadApi> {
  const now = options.now ?? Date.now;
  const ownsDatabase = !('transaction' in options.database);
  const db = ownsDatabase ? await openDatabase(options.database as DatabaseConfig) : (options.database as SqlDatabase);
  const store = new Store(db, { imagesDir: options.imagesDir });
  const production = options.production ?? false;
  const tenants = new TenantRegistry({ tenantsDir: options.tenantsDir, hostMap: options.hostMap, allowLocalhost: !production });
  const report = tenants.reload();
  const duplicateHosts = report.failed.filter((entry) => entry.reason === 'duplicate-host');
  if (production && duplicateHosts.length > 0) {
    if (ownsDatabase) await db.close();
    throw new Error(`two tenants share a host, so one would take the other's leads and sessions:\n${duplicateHosts.map((entry) => `  ${entry.error}`).join('\n')}`);
  }
  // Commands fail at once while Redis is unreachable (no offline queue): the limits then fail open, logged,
  // rather than holding or failing every request.
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : undefined;

  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    // Query strings: at most 2 KB of parameters are parsed; the rest is ignored.
    routerOptions: { maxParamLength: 200 },
    logger:
      options.logger === false
        ? false
        : {
            level: typeof options.logger === 'object' ? options.logger.level : 'info',
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
  }) as unknown as LeadApi;

  redis?.on('error', (error: Error) => app.log.warn({ err: { message: error.message } }, 'redis (rate-limit counters) unavailable'));
  if (redis && redis.status !== 'ready') {
    // Give Redis a moment to connect so the first requests are counted; start without it after 5 s.
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 5000);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!ready) app.log.warn('redis not reachable at start; rate limits fail open until it is');
  }
  if (report.failed.length > 0) app.log.warn({ failed: report.failed.map((entry) => ({ dir: entry.dir, error: entry.error.slice(0, 300) })) }, 'some tenants failed to load');
  // Issue 13 H4: a tenant whose leads have nowhere to go is said out loud, at start and on every reload.
  const warnUndeliverable = () => {
    const undeliverable = tenants.undeliverable();
    if (undeliverable.length > 0) app.log.error({ tenants: undeliverable }, 'tenants without a lead destination (no site e-mail and no lead-delivery.json): their leads are stored but sent nowhere');
  };
  warnUndeliverable();

  const adapters: Adapters = { ...createAdapters(store, options.providers, now), ...options.adapters };
  // Without a configured secret (tests): a random one per app, never a public default (issue 13 M11).
  const signInSecret = options.signIn?.secret ?? randomBytes(32).toString('base64url');
  const keys = deriveKeys(signInSecret);
  const outbox = new Outbox(
    store,
    tenants,
    adapters,
    app.log,
    {
      ...options.delivery,
      photoLink: (slug, photoId) => {
        const tenant = tenants.get(slug);
        return tenant ? photoLink(keys.photoLinks, tenant, photoId, now()) : undefined;
      },
    },
    now,
  );
  const context: ApiContext = {
    tenants,
    store,
    adapters,
    outbox,
    now,
    signIn: {
      secret: signInSecret,
      codeTtlMs: options.signIn?.codeTtlMs ?? 10 * 60_000,
      maxAttempts: options.signIn?.maxAttempts ?? 5,
      sessionTtlMs: options.signIn?.sessionTtlMs ?? 30 * 86_400_000,
      codesPerPhone: options.signIn?.codesPerPhone ?? 3,
    },
    keys,
    smsLimits: { ...DEFAULT_SMS_LIMITS, ...options.sms },
    production,
    imageQuotaBytes: options.imageQuotaBytes ?? 2 * 1024 ** 3,
    signInRateMax: options.rateLimit?.signInMax ?? 5,
    devMessages: options.devMessages ?? false,
  };

  const payments = new Payments({ db, store, tenants, tenantsDir: options.tenantsDir, now, kick: () => outbox.kick(), log: app.log }, options.payments);
  app.decorate('payments', payments);
  app.decorate('store', store);
  app.decorate('outbox', outbox);
  app.decorate('tenants', tenants);
  app.decorate('reloadTenants', () => {
    const result = tenants.reload();
    app.log.info({ loaded: result.loaded.length, failed: result.failed.length }, 'tenants reloaded');
    if (result.failed.length > 0) app.log.warn({ failed: result.failed.map((entry) => ({ dir: entry.dir, error: entry.error.slice(0, 300) })) }, 'some tenants failed to load');
    warnUndeliverable();
    return result;
  });
  app.decorateRequest('tenant', null as unknown as ApiTenant);

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

  const windowMs = options.rateLimit?.windowMs ?? 60_000;
  const tenantMax = options.rateLimit?.tenantMax ?? 6000;
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimit?.max ?? 120,
    timeWindow: windowMs,
    // Per client and tenant: one site's busy visitor does not block another site's. The tenant is the one the
    // request resolves to and the client its real address, so neither can be varied to get a fresh allowance.
    keyGenerator: (request) => clientKey(tenants, request),
    ...(redis ? { redis, nameSpace: 'lead-api:rate:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, limit) => ({ statusCode: 429, error: 'Too many requests. Please wait a moment and try again.', message: `retry in ${limit.after}` }),
  });

  // Per tenant overall, so a flood aimed at one site cannot take the service from the others.
  const tenantWindows = redis ? redisCounter(redis) : memoryCounter(now);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
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

  app.setNotFoundHandler((request, reply) => sendError(reply, 404, 'Not found'));

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: { message: error.message, code: error.code, stack: error.stack } }, 'request failed');
      return sendError(reply, 500, UNEXPECTED_ERROR);
    }
    return sendError(reply, status, clientErrorMessage(error, status));
  });

  registerRoutes(app, context);
  registerTradeInAdjustments(app, context);
  registerPaymentRoutes(app, { payments, store, now, destinations: (slug) => tenants.get(slug)?.destinations.map((destination) => destination.id) ?? [] });

  app.addHook('onReady', async () => {
    outbox.start();
    payments.start();
  });
  app.addHook('onClose', async () => {
    payments.stop();
    await outbox.stop();
    if (redis) await redis.quit().catch(() => redis.disconnect());
    if (ownsDatabase) await db.close();
  });
  return app;
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Resolve the tenant from Host, X-Site, or a `site` body/query field; they must agree. */
function resolveTenant(tenants: TenantRegistry, request: FastifyRequest): { tenant: ApiTenant } | { status: number; error: string } {
  const claims: string[] = [];
  const fromHost = tenants.fromHost(request.headers.host);
  const header = request.headers['x-site'];
  if (typeof header === 'string' && header !== '') claims.push(header);
  const body = request.body;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { site?: unknown }).site === 'string') claims.push((body as { site: string }).site);
  const query = request.query as Record<string, unknown> | undefined;
  if (query && typeof query.site === 'string' && query.site !== '') claims.push(query.site);
  for (const claim of claims) {
    if (fromHost && claim !== fromHost.slug) return { status: 400, error: 'The site named in this request does not match the site it was sent to.' };
  }
  if (fromHost) return { tenant: fromHost };
  const named = claims[0] ? tenants.get(claims[0]) : undefined;
  if (claims.some((claim) => claim !== claims[0])) return { status: 400, error: 'The site named in this request does not match the site it was sent to.' };
  if (!named) return { status: 404, error: 'Unknown site.' };
  return { tenant: named };
}

/** A short message a person can act on for a client error from Fastify or a plugin; never internals. */
function clientErrorMessage(error: Error & { code?: string }, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return FORM_MESSAGES.imageTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Please send the form as JSON.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'Please upload one image at a time.';
    default:
      if (status === 429) return 'Too many requests. Please wait a moment and try again.';
      if (status === 413) return 'The request is too large.';
      if (status === 415) return 'Please send the form as JSON.';
      if (status === 404) return 'Not found';
      // Fastify's own 4xx messages name no internals, but keep them generic to be sure.
      return error.message && error.message.length < 120 && !/\bat\s|\/|\\/.test(error.message) ? error.message : 'The request could not be understood.';
  }
}
