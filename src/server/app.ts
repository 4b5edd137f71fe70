/**
 * The lead API (DESIGN §6): a Fastify app answering /api/* for every tenant, with every
 * other request handed to an optional fallback (the static sites in local runs).
 *
 * Fastify was chosen for its maintained CORS, rate-limit and multipart plugins, schema-free
 * routes that let valibot (the forms' own schemas) do validation, and its throughput.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createAdapters, type Adapters, type ProviderConfig } from './adapters.ts';
import type { ApiConfig } from '../config/server.ts';
import { API_DEFAULTS, DEFAULT_REDIS_COMMAND_TIMEOUT_MS, paymentsSettings, type PaymentsSettings } from '../config/server-settings.ts';
import type { ApiContext, Quotas } from './kernel/context.ts';
import { openDatabase, type DatabaseConfig, type SqlDatabase } from './database.ts';
import { deriveKeys } from './kernel/keys.ts';
import { photoLink } from './kernel/photo-links.ts';
import { allowances, memoryCounter } from './kernel/rate-limits.ts';
import { fallbackCounter, prefixed } from './kernel/shared-counters.ts';
import { createServer, installHttpKernel, type ServerLogOptions } from './kernel/server.ts';
import type { SmsLimits } from './kernel/message-caps.ts';
import { TenantRegistry, type LoadReport, type StockSource } from './kernel/tenants.ts';
import { Outbox, type OutboxOptions } from './leads/outbox.ts';
import { unsubscribeUrl } from './leads/unsubscribe.ts';
import { opsPlugin } from './ops/plugin.ts';
import { authPlugin } from './features/auth/plugin.ts';
import { carsPlugin } from './features/cars/plugin.ts';
import { leadsPlugin } from './features/leads/plugin.ts';
import { marketingPlugin } from './features/marketing/plugin.ts';
import { Payments, type PaymentsOptions } from './features/payments/payments.ts';
import type { ReservationWriter } from './features/payments/context.ts';
import { paymentsPlugin } from './features/payments/plugin.ts';
import { placesPlugin } from './features/places/plugin.ts';
import { spinToWinPlugin } from './features/spin-to-win/plugin.ts';
import { tradeInPlugin } from './features/trade-in/plugin.ts';
import { watchlistPlugin } from './features/watchlist/plugin.ts';
import { openStores, type ServerStores } from './stores.ts';

export type { ApiContext } from './kernel/context.ts';

/** createApp's `payments`: the payments' settings as resolved (paymentsSettings when not given) and the module's other options. */
export type AppPaymentsOptions = PaymentsOptions & { settings?: PaymentsSettings };

/** Options of createApp. */
export interface AppOptions {
  /** Folder of tenant folders (site.json, stock.json, optional lead-delivery.json). */
  tenantsDir: string;
  /** The ops pipeline's accepted stock per tenant (`<slug>.json`), read over the tenant folders' stock.json (TenantRegistryOptions). */
  stockDir?: string;
  /** Accepted stock from the pipeline state, read over stockDir and the tenant folders (TenantRegistryOptions). */
  stockSource?: StockSource;
  /** Where payments write the reserved overlay (the pipeline state, with stockSource); default the tenant folders. */
  reservations?: ReservationWriter;
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
  /** Requests per client per tenant per window, per tenant overall, and sign-in code requests per client a minute. Defaults: API_DEFAULTS.rateLimit (src/config/server-settings.ts, as every default here). */
  rateLimit?: { max?: number; tenantMax?: number; windowMs?: number; signInMax?: number };
  /** Outbox worker settings. */
  delivery?: OutboxOptions;
  /** Sign-in settings; codesPerPhone: codes one phone may request per 15 minutes. Defaults: API_DEFAULTS.signIn. */
  signIn?: { secret?: string; codeTtlMs?: number; maxAttempts?: number; sessionTtlMs?: number; codesPerPhone?: number };
  /**
   * Whose X-Forwarded-For to believe: false (default: nobody), or the proxy addresses / CIDR
   * ranges. true (anybody's) is for local experiments only.
   */
  trustProxy?: boolean | string[];
  /** IPv6 clients count by this prefix of their address in every per-client limit and allowance (CLIENT_IPV6_PREFIX). Default 64. */
  clientIpv6PrefixBits?: number;
  /**
   * Production rules: refuse to start with two tenants on one host, refuse
   * *.localhost hosts and origins, always mark the session cookie Secure. Default false.
   */
  production?: boolean;
  /** Share rate-limit counters between API processes through this Redis (REDIS_URL). */
  redisUrl?: string;
  /** How long one Redis command may go unanswered before the counters are kept in memory (REDIS_COMMAND_TIMEOUT_MS; default DEFAULT_REDIS_COMMAND_TIMEOUT_MS). */
  redisCommandTimeoutMs?: number;
  /** Daily SMS caps: per phone per tenant, per tenant, per phone on all tenants, per client address. Defaults: API_DEFAULTS.sms. */
  sms?: Partial<SmsLimits>;
  /** Per-client and per-tenant daily allowances. Defaults: API_DEFAULTS.quotas. */
  quotas?: Partial<Quotas>;
  /** Bearer token (32+ characters) that shows the full /api/health to operators (API_OPERATOR_TOKEN). */
  operatorToken?: string;
  /** Folder for trade-in photos (outside the database). Without it photos stay in the database (tests). */
  imagesDir?: string;
  /** Bytes of trade-in photos one tenant may keep. Default: API_DEFAULTS.imageQuotaBytes. */
  imageQuotaBytes?: number;
  /** Fastify logger: false, or its level and format. Default { level: 'info' } (JSON lines) with personal data redacted. */
  logger?: boolean | ServerLogOptions;
  /**
   * Serve GET /api/dev/messages (the SMS and e-mails the local adapters recorded, e.g. a
   * sign-in code) for browser tests and local runs. Never in production. Default false.
   */
  devMessages?: boolean;
  /** Online payments (docs/payments.md): their settings, resolved (ApiConfig `payments`; paymentsSettings() when not given), provider keys from the environment, test providers. */
  payments?: AppPaymentsOptions;
  /** Clock (tests). */
  now?: () => number;
}

/** The app with the handles callers need. */
export type LeadApi = FastifyInstance & {
  /** Re-read every tenant folder (SIGHUP); returns what loaded and what failed. */
  reloadTenants(): LoadReport;
  /** Re-read only these tenant folders, a turn of the event loop each (a watched change). */
  reloadChangedTenants(slugs: readonly string[]): Promise<LoadReport>;
  /** Every table's data access (scripts and tests; the plugins hold their own). */
  readonly stores: ServerStores;
  readonly outbox: Outbox;
  readonly tenants: TenantRegistry;
  readonly payments: Payments;
};

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
    clientIpv6PrefixBits: config.clientIpv6PrefixBits,
    production: config.production,
    redisUrl: config.redisUrl,
    redisCommandTimeoutMs: config.redisCommandTimeoutMs,
    sms: config.sms,
    quotas: config.quotas,
    operatorToken: config.operatorToken,
    imagesDir: config.images.dir,
    imageQuotaBytes: config.images.quotaBytesPerTenant,
    logger: { level: config.logLevel, format: config.logFormat },
    devMessages: config.devMessages,
    payments: { settings: config.payments },
  };
}

/** Build the lead API. Opens (and migrates) the database and loads the tenants. */
export async function createApp(options: AppOptions): Promise<LeadApi> {
  const now = options.now ?? Date.now;
  const ownsDatabase = !('transaction' in options.database);
  const db = ownsDatabase ? await openDatabase(options.database as DatabaseConfig) : (options.database as SqlDatabase);
  const stores = openStores(db, { imagesDir: options.imagesDir });
  const production = options.production ?? false;
  const tenants = new TenantRegistry({
    tenantsDir: options.tenantsDir,
    hostMap: options.hostMap,
    allowLocalhost: !production,
    stockDir: options.stockDir,
    stockSource: options.stockSource,
  });
  const report = tenants.reload();
  const duplicateHosts = report.failed.filter((entry) => entry.reason === 'duplicate-host');
  if (production && duplicateHosts.length > 0) {
    if (ownsDatabase) await db.close();
    throw new Error(
      `two tenants share a host, so one would take the other's leads and sessions:\n${duplicateHosts.map((entry) => `  ${entry.error}`).join('\n')}`,
    );
  }
  // Commands fail at once while Redis is unreachable (no offline queue), and after the command
  // timeout while it holds the connection but does not answer: the limits are then counted in
  // this process (kernel/shared-counters.ts) rather than holding or failing requests.
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        commandTimeout: options.redisCommandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
      })
    : undefined;

  const app = createServer({ trustProxy: options.trustProxy, logger: options.logger }) as LeadApi;

  // Each reconnect attempt errors; the counters log the outage itself once (fallbackCounter).
  redis?.on('error', () => undefined);
  const counter = redis ? fallbackCounter(redis, now, { warn: (message) => app.log.warn(message), info: (message) => app.log.info(message) }) : memoryCounter(now);
  if (redis && redis.status !== 'ready') {
    // Give Redis a moment to connect so the first requests are counted; start without it after 5 s.
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 5000);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!ready) app.log.warn('redis not reachable at start; rate limits are counted in this process until it is');
  }
  if (report.failed.length > 0)
    app.log.warn({ failed: report.failed.map((entry) => ({ dir: entry.dir, error: entry.error.slice(0, 300) })) }, 'some tenants failed to load');
  // A tenant whose leads have nowhere to go is said out loud, at start and on every reload.
  const warnUndeliverable = () => {
    const undeliverable = tenants.undeliverable();
    if (undeliverable.length > 0)
      app.log.error(
        { tenants: undeliverable },
        'tenants without a lead destination (no site e-mail and no lead-delivery.json): their leads are stored but sent nowhere',
      );
  };
  warnUndeliverable();

  const adapters: Adapters = { ...createAdapters(stores, options.providers, now), ...options.adapters };
  // Without a configured secret (tests): a random one per app, never a public default.
  const signInSecret = options.signIn?.secret ?? randomBytes(32).toString('base64url');
  const keys = deriveKeys(signInSecret);
  const outbox = new Outbox(
    stores,
    tenants,
    adapters,
    app.log,
    {
      ...options.delivery,
      photoLink: (slug, photoId) => {
        const tenant = tenants.get(slug);
        return tenant ? photoLink(keys.photoLinks, tenant, photoId, now()) : undefined;
      },
      unsubscribeLink: (slug, leadId) => {
        const tenant = tenants.get(slug);
        return tenant ? unsubscribeUrl(keys.unsubscribe, tenant, leadId) : undefined;
      },
    },
    now,
  );
  const context: ApiContext<Adapters> = {
    tenants,
    stores,
    adapters,
    outbox,
    now,
    signIn: {
      secret: signInSecret,
      codeTtlMs: options.signIn?.codeTtlMs ?? API_DEFAULTS.signIn.codeTtlMs,
      maxAttempts: options.signIn?.maxAttempts ?? API_DEFAULTS.signIn.maxAttempts,
      sessionTtlMs: options.signIn?.sessionTtlMs ?? API_DEFAULTS.signIn.sessionTtlMs,
      codesPerPhone: options.signIn?.codesPerPhone ?? API_DEFAULTS.signIn.codesPerPhone,
    },
    keys,
    smsLimits: { ...API_DEFAULTS.sms, ...options.sms },
    quotas: { ...API_DEFAULTS.quotas, ...options.quotas },
    allowances: allowances(prefixed(counter, 'lead-api:allowance:'), (message) => app.log.warn(message)),
    operatorToken: options.operatorToken,
    production,
    imagesDir: options.imagesDir,
    imageQuotaBytes: options.imageQuotaBytes ?? API_DEFAULTS.imageQuotaBytes,
    signInRateMax: options.rateLimit?.signInMax ?? API_DEFAULTS.rateLimit.signInMax,
    devMessages: options.devMessages ?? false,
  };

  const { settings: paymentSettings = paymentsSettings(), ...paymentOptions } = options.payments ?? {};
  const payments = new Payments(
    { db, leads: stores.leads, tenants, tenantsDir: options.tenantsDir, now, kick: () => outbox.kick(), log: app.log },
    paymentSettings,
    { ...paymentOptions, ...(options.reservations ? { reservations: options.reservations } : {}) },
  );
  app.decorate('payments', payments);
  app.decorate('stores', stores);
  app.decorate('outbox', outbox);
  app.decorate('tenants', tenants);
  const reported = (result: LoadReport, changed?: readonly string[]) => {
    app.log.info({ loaded: result.loaded.length, failed: result.failed.length, ...(changed ? { changed } : {}) }, 'tenants reloaded');
    if (result.failed.length > 0)
      app.log.warn({ failed: result.failed.map((entry) => ({ dir: entry.dir, error: entry.error.slice(0, 300) })) }, 'some tenants failed to load');
    warnUndeliverable();
    return result;
  };
  app.decorate('reloadTenants', () => reported(tenants.reload()));
  app.decorate('reloadChangedTenants', async (slugs: readonly string[]) => reported(await tenants.reloadSome(slugs), slugs));
  await installHttpKernel(app, {
    tenants,
    fallback: options.fallback,
    rateLimit: options.rateLimit,
    counter,
    now,
    clientIpv6PrefixBits: options.clientIpv6PrefixBits,
  });

  // The features, each in its own plugin (docs/lead-api.md "Kernel and features").
  const features = { ctx: context };
  await app.register(opsPlugin, { ...features, paymentsNeedingAttention: () => payments.needingAttention() });
  await app.register(leadsPlugin, features);
  await app.register(authPlugin, features);
  await app.register(watchlistPlugin, features);
  await app.register(tradeInPlugin, features);
  await app.register(carsPlugin, features);
  await app.register(placesPlugin, features);
  await app.register(marketingPlugin, features);
  await app.register(spinToWinPlugin, features);
  await app.register(paymentsPlugin, {
    payments,
    leads: stores.leads,
    now,
    destinations: (slug: string) => tenants.get(slug)?.destinations.map((destination) => destination.id) ?? [],
    sessions: stores.sessions,
  });

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
