/**
 * Which tenant a request's Host names, as the local server (src/server/static-sites.ts) and
 * the edge (src/edge/edge.ts, which also runs as a Cloudflare Worker) both decide
 * it: `<slug>.localhost[:port]` names tenant `<slug>`. Pure: no Node imports.
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Tenant slug of a Host header (`acme.localhost:4321` -> `acme`), or null for the bare host. */
export function tenantOfHost(host: string | undefined | null): string | null {
  if (!host) return null;
  const name = hostName(host);
  const match = /^([a-z0-9-]+)\.localhost$/.exec(name);
  return match && SLUG.test(match[1]!) ? match[1]! : null;
}

/** A Host header's name: lower case, without the port and without one trailing dot (`acme.com.` is `acme.com`). */
export function hostName(host: string): string {
  return host.replace(/:\d+$/, '').toLowerCase().replace(/\.$/, '');
}

/** Whether a text is a tenant slug (lower-case words joined by single hyphens). */
export function isTenantSlug(text: string): boolean {
  return SLUG.test(text);
}
