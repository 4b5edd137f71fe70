/**
 * The tenants the API serves, loaded from the tenant folders (site.json + stock.json +
 * the server-only lead-delivery.json) and resolved per request from the Host header,
 * a production host mapping, the X-Site header or a `site` field. Reloadable at run time:
 * the ops pipeline changes stock while the service runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import type { Car } from '../schemas/car.ts';
import type { Site } from '../schemas/site.ts';
import { listTenantDirs, loadTenant } from '../lib/site/tenant.ts';

/** One place a tenant's leads go. */
export const DestinationSchema = v.variant('type', [
  v.strictObject({
    /** Stable id: part of each delivery's idempotency key; never reuse one for another receiver. */
    id: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/)),
    type: v.literal('webhook'),
    /** 'json' (default) or 'adf' (ADF/XML 1.0). */
    format: v.optional(v.picklist(['json', 'adf']), 'json'),
    url: v.pipe(v.string(), v.url()),
    /** Name of an environment variable holding the HMAC secret (the secret itself never sits in the tenant folder). */
    secret_env: v.optional(v.pipe(v.string(), v.regex(/^[A-Z][A-Z0-9_]*$/))),
    /** Per-attempt timeout in ms. Default 10000. */
    timeout_ms: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(60_000)), 10_000),
  }),
  v.strictObject({
    id: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/)),
    type: v.literal('email'),
    /** 'adf' (default) or 'json'. */
    format: v.optional(v.picklist(['json', 'adf']), 'adf'),
    to: v.pipe(v.array(v.pipe(v.string(), v.email())), v.minLength(1)),
  }),
]);

export const LeadDeliveryFileSchema = v.strictObject({
  destinations: v.array(DestinationSchema),
});

export type Destination = v.InferOutput<typeof DestinationSchema>;

/** A tenant as the API sees it: site config, stock and lookups for isolation checks. */
export interface ApiTenant {
  slug: string;
  site: Site;
  /** Every valid stock record (sold ones too: a lead may come from a page built before the sale). */
  cars: Car[];
  carsById: Map<string, Car>;
  carsBySlug: Map<string, Car>;
  dealershipSlugs: Set<string>;
  dealershipIds: Set<string>;
  /** Location slugs and ids. */
  locationKeys: Set<string>;
  /** Origins allowed by CORS: the site's public URL and http(s)://<slug>.localhost[:port]. */
  publicOrigin: string | undefined;
  destinations: Destination[];
}

/** Result of a (re)load: which tenants loaded and which failed, and why. */
export interface LoadReport {
  loaded: string[];
  failed: { dir: string; error: string }[];
}

/** Options of the registry. */
export interface TenantRegistryOptions {
  tenantsDir: string;
  /** Production host names mapped to tenant slugs, e.g. { 'www.acme.com.au': 'acme' }. Site URLs are mapped automatically. */
  hostMap?: Record<string, string>;
}

function buildTenant(dir: string): ApiTenant {
  const tenant = loadTenant(dir);
  const { site, cars } = tenant;
  const dealershipSlugs = new Set<string>();
  const dealershipIds = new Set<string>();
  const locationKeys = new Set<string>();
  for (const dealership of site.dealerships) {
    dealershipSlugs.add(dealership.slug);
    dealershipIds.add(String(dealership.id));
  }
  for (const location of site.locations) {
    locationKeys.add(location.slug);
    locationKeys.add(String(location.id));
    if (location.dealership_slug) dealershipSlugs.add(location.dealership_slug);
    if (location.dealership_id !== undefined) dealershipIds.add(String(location.dealership_id));
  }
  for (const car of cars) {
    if (car.dealership_slug) dealershipSlugs.add(car.dealership_slug);
    if (car.dealership_id !== undefined && car.dealership_id !== null) dealershipIds.add(String(car.dealership_id));
    if (car.location?.slug) locationKeys.add(car.location.slug);
    if (car.location?.id !== undefined && car.location?.id !== null) locationKeys.add(String(car.location.id));
  }
  let publicOrigin: string | undefined;
  try {
    publicOrigin = new URL(site.url).origin;
  } catch {
    publicOrigin = undefined;
  }
  return {
    slug: tenant.slug,
    site,
    cars,
    carsById: new Map(cars.map((car) => [String(car.id), car])),
    carsBySlug: new Map(cars.map((car) => [car.slug, car])),
    dealershipSlugs,
    dealershipIds,
    locationKeys,
    publicOrigin,
    destinations: loadDestinations(dir, site),
  };
}

/** lead-delivery.json of a tenant folder; without it, ADF by e-mail to the site's address when it has one. */
function loadDestinations(dir: string, site: Site): Destination[] {
  const file = join(dir, 'lead-delivery.json');
  if (!existsSync(file)) return site.email ? [{ id: 'email', type: 'email', format: 'adf', to: [site.email] }] : [];
  const result = v.safeParse(LeadDeliveryFileSchema, JSON.parse(readFileSync(file, 'utf8')));
  if (!result.success) {
    throw new Error(`${file}: ${result.issues.map((issue) => `field ${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`).join('; ')}`);
  }
  return result.output.destinations;
}

/** The loaded tenants, with host and origin resolution. */
export class TenantRegistry {
  private tenants = new Map<string, ApiTenant>();
  private hosts = new Map<string, string>();
  private readonly options: TenantRegistryOptions;

  constructor(options: TenantRegistryOptions) {
    this.options = options;
  }

  /**
   * (Re)load every tenant folder. A folder that fails keeps its previously loaded version
   * (stock updates must never take a working site's API down); the failure is reported.
   */
  reload(): LoadReport {
    const report: LoadReport = { loaded: [], failed: [] };
    const next = new Map<string, ApiTenant>();
    for (const dir of listTenantDirs(this.options.tenantsDir)) {
      try {
        const tenant = buildTenant(dir);
        next.set(tenant.slug, tenant);
        report.loaded.push(tenant.slug);
      } catch (error) {
        report.failed.push({ dir, error: (error as Error).message });
        const slug = dir.split(/[\\/]/).pop()!;
        const previous = this.tenants.get(slug);
        if (previous) next.set(slug, previous);
      }
    }
    const hosts = new Map<string, string>();
    for (const tenant of next.values()) {
      if (tenant.publicOrigin) hosts.set(new URL(tenant.publicOrigin).hostname.toLowerCase(), tenant.slug);
    }
    for (const [host, slug] of Object.entries(this.options.hostMap ?? {})) hosts.set(host.toLowerCase(), slug);
    this.tenants = next;
    this.hosts = hosts;
    return report;
  }

  /** A tenant by slug. */
  get(slug: string): ApiTenant | undefined {
    return this.tenants.get(slug);
  }

  /** Every tenant slug. */
  slugs(): string[] {
    return [...this.tenants.keys()];
  }

  /** The tenant a host name names: `<slug>.localhost[:port]` or a mapped production host. */
  fromHost(hostHeader: string | undefined): ApiTenant | undefined {
    if (!hostHeader) return undefined;
    const host = hostHeader.toLowerCase().replace(/:\d+$/, '');
    const local = /^([a-z0-9-]+)\.localhost$/.exec(host);
    if (local) return this.tenants.get(local[1]!);
    const slug = this.hosts.get(host) ?? this.hosts.get(host.replace(/^www\./, ''));
    return slug ? this.tenants.get(slug) : undefined;
  }

  /** The tenant whose site an Origin header belongs to (CORS). */
  fromOrigin(origin: string | undefined): ApiTenant | undefined {
    if (!origin) return undefined;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return undefined;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    const tenant = this.fromHost(url.host);
    if (!tenant) return undefined;
    // *.localhost is for local runs; otherwise the site's own origin exactly, or an
    // https origin on a host mapped by SITE_HOSTS.
    if (url.hostname.endsWith('.localhost')) return tenant;
    if (tenant.publicOrigin === url.origin) return tenant;
    const mapped = this.options.hostMap?.[url.hostname.toLowerCase()];
    return url.protocol === 'https:' && mapped === tenant.slug ? tenant : undefined;
  }
}
