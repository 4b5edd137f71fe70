/**
 * The tenants the API serves, loaded from the tenant folders by loadTenant (site.json +
 * stock.json, or the ops pipeline's accepted stock when a stock folder or a stock source is
 * given, + the server-only lead-delivery.json) and resolved per request from the Host header,
 * a production host mapping, the X-Site header or a `site` field. Reloadable at run time:
 * the ops pipeline changes stock while the service runs.
 */
import { existsSync, readFileSync, watch } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Car } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import type { Destination, Retention } from '../../schemas/lead-delivery.ts';
import { listTenantDirs, loadTenant } from '../../lib/site/tenant.ts';
import { duplicateHostMessage, hostKey, settleHostClaims, siteHost } from '../../lib/site/host-claims.ts';
import { leadDealershipSlugs } from '../../lib/locations/locations.ts';
import { readReservationOverlay, type ReservationOverlay } from '../../lib/vehicle/reservation-overlay.ts';

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
  /** How long its personal data is kept. */
  retention: Retention;
}

/** Result of a (re)load: which tenants loaded and which failed, and why. */
export interface LoadReport {
  loaded: string[];
  /** reason 'duplicate-host': the folder's site URL host is another tenant's. */
  failed: { dir: string; error: string; reason?: 'duplicate-host' }[];
}

/** Options of the registry. */
export interface TenantRegistryOptions {
  tenantsDir: string;
  /** Production host names mapped to tenant slugs, e.g. { 'www.acme.com.au': 'acme' }. Site URLs are mapped automatically. */
  hostMap?: Record<string, string>;
  /** Accept `<slug>.localhost` hosts and origins (local runs). Default true; false in production. */
  allowLocalhost?: boolean;
  /**
   * Folder of accepted stock snapshots `<slug>.json` written by the ops pipeline (its data
   * directory's `stock/`, docs/pipeline.md "State"): read instead of a tenant folder's
   * stock.json, which is only the pipeline's seed.
   */
  stockDir?: string;
  /** Accepted stock from the pipeline state (src/pipeline/state/stock-source.ts), read before stockDir and the tenant folder. */
  stockSource?: StockSource;
}

/** Where a tenant's accepted stock comes from besides its folder (answers from memory: reloads are synchronous). */
export interface StockSource {
  /** The tenant's accepted records, or undefined when the source has none for it. */
  stockOf(slug: string): { data: unknown } | undefined;
  /** The tenant's reserved overlay, or undefined (the tenant folder's reservations.json decides). */
  reservationsOf?(slug: string): ReservationOverlay | undefined;
}

function buildTenant(dir: string, options: Pick<TenantRegistryOptions, 'stockDir' | 'stockSource'>): ApiTenant {
  const slug = dir.split(/[\\/]/).pop()!;
  const accepted = options.stockDir ? join(options.stockDir, `${slug}.json`) : undefined;
  const stock =
    options.stockSource?.stockOf(slug) ?? (accepted && existsSync(accepted) ? { data: JSON.parse(readFileSync(accepted, 'utf8')) as unknown } : undefined);
  // The state's reservations over the folder's file, as the pipeline builds them (src/pipeline/state/store.ts overlay).
  const reserved = options.stockSource?.reservationsOf?.(slug);
  const tenant = loadTenant(dir, Date.now(), stock, reserved ? { ...readReservationOverlay(dir), ...reserved } : undefined);
  const { site, cars } = tenant;
  const dealershipSlugs = leadDealershipSlugs(site, cars);
  const dealershipIds = new Set<string>();
  const locationKeys = new Set<string>();
  for (const dealership of site.dealerships) {
    dealershipIds.add(String(dealership.id));
  }
  for (const location of site.locations) {
    locationKeys.add(location.slug);
    locationKeys.add(String(location.id));
    if (location.dealership_id !== undefined) dealershipIds.add(String(location.dealership_id));
  }
  for (const car of cars) {
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
    ...tenant.leadDelivery,
  };
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
        const tenant = buildTenant(dir, this.options);
        next.set(tenant.slug, tenant);
        report.loaded.push(tenant.slug);
      } catch (error) {
        report.failed.push({ dir, error: (error as Error).message });
        const slug = dir.split(/[\\/]/).pop()!;
        const previous = this.tenants.get(slug);
        if (previous) next.set(slug, previous);
      }
    }
    this.install(next, report);
    return report;
  }

  /**
   * Reload only the named tenant folders (a stock or reservation write in one
   * folder must not re-parse every tenant while requests wait). Each folder is read in its
   * own turn of the event loop, so requests are answered in between; a folder that is gone
   * (or has no site.json) is dropped, one that fails keeps its previous version.
   */
  async reloadSome(slugs: Iterable<string>): Promise<LoadReport> {
    const report: LoadReport = { loaded: [], failed: [] };
    const built = new Map<string, ApiTenant | undefined>();
    for (const slug of new Set(slugs)) {
      if (!/^[a-z0-9][a-z0-9_-]*$/i.test(slug)) continue;
      await new Promise((done) => setImmediate(done));
      const dir = join(resolve(this.options.tenantsDir), slug);
      if (!existsSync(join(dir, 'site.json'))) {
        built.set(slug, undefined);
        continue;
      }
      try {
        const tenant = buildTenant(dir, this.options);
        built.set(tenant.slug, tenant);
        report.loaded.push(tenant.slug);
      } catch (error) {
        report.failed.push({ dir, error: (error as Error).message });
      }
    }
    // Taken after the awaits, so a full reload that ran meanwhile is not undone.
    const next = new Map(this.tenants);
    for (const [slug, tenant] of built) {
      if (tenant) next.set(slug, tenant);
      else next.delete(slug);
    }
    this.install(next, report);
    return report;
  }

  /** Serve `next`, after the one-host-one-tenant check (which may move entries of `report` to failed). */
  private install(next: Map<string, ApiTenant>, report: LoadReport): void {
    // One host, one tenant (src/lib/site/host-claims.ts): a second folder claiming a host is refused (it would
    // take the first one's leads and sessions). A tenant already serving the host keeps it; the rest in folder-name order.
    const servedBefore = (tenant: ApiTenant) => {
      const host = siteHost(tenant.site.url);
      return host !== undefined && this.hosts.get(host.key) === tenant.slug ? 0 : 1;
    };
    const claims = [...next.values()]
      .sort((a, b) => servedBefore(a) - servedBefore(b))
      .flatMap((tenant) => {
        const host = siteHost(tenant.site.url);
        return host ? [{ slug: tenant.slug, key: host.key, name: host.name }] : [];
      });
    const { owners: hosts, refused } = settleHostClaims(claims);
    for (const { claim, owner } of refused) {
      next.delete(claim.slug);
      report.loaded = report.loaded.filter((slug) => slug !== claim.slug);
      report.failed.push({ dir: claim.slug, reason: 'duplicate-host', error: duplicateHostMessage(claim.slug, claim.name, owner) });
    }
    for (const [host, slug] of Object.entries(this.options.hostMap ?? {})) {
      const key = host.toLowerCase();
      const owner = hosts.get(key) ?? hosts.get(hostKey(key));
      if (owner !== undefined && owner !== slug) {
        report.failed.push({
          dir: slug,
          reason: 'duplicate-host',
          error: `SITE_HOSTS maps ${key} to ${slug}, but it is the site.json url host of tenant ${owner}; the mapping is ignored`,
        });
        continue;
      }
      hosts.set(key, slug);
    }
    this.tenants = next;
    this.hosts = hosts;
  }

  /** Slugs of tenants with no lead destination (no site e-mail, no lead-delivery.json): their leads go nowhere. */
  undeliverable(): string[] {
    return [...this.tenants.values()]
      .filter((tenant) => tenant.destinations.length === 0)
      .map((tenant) => tenant.slug)
      .sort();
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
    if (local) return this.options.allowLocalhost === false ? undefined : this.tenants.get(local[1]!);
    const slug = this.hosts.get(host) ?? this.hosts.get(hostKey(host));
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

/**
 * Calls `reload` after changes under the tenants folder, debounced by half a second (the ops
 * pipeline writes several files per stock change), with the tenant folders that changed
 * (reload only those), or undefined when the platform did not say which file
 * changed (reload all). The watcher does not keep the process alive; the returned function
 * stops it. Throws where the platform cannot watch the folder: the callers say so or not;
 * SIGHUP reloads too.
 */
export function watchTenantsFolder(tenantsDir: string, reload: (changed: string[] | undefined) => void): () => void {
  let pending: NodeJS.Timeout | undefined;
  let changed: Set<string> | undefined = new Set();
  const watcher = watch(tenantsDir, { recursive: true }, (_event, filename) => {
    const slug = filename ? String(filename).split(/[\\/]/)[0] : undefined;
    if (slug === undefined || slug === '') changed = undefined;
    else if (!slug.startsWith('.')) changed?.add(slug);
    else if (changed?.size === 0 && !pending) return;
    if (pending) clearTimeout(pending);
    pending = setTimeout(() => {
      const slugs = changed;
      changed = new Set();
      pending = undefined;
      if (slugs === undefined || slugs.size > 0) reload(slugs ? [...slugs].sort() : undefined);
    }, 500);
  });
  watcher.unref();
  return () => {
    clearTimeout(pending);
    watcher.close();
  };
}
