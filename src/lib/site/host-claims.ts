/**
 * One host, one tenant: the rule the lead API (src/server/kernel/tenants.ts) and the
 * pipeline's releases (src/pipeline/release/hosts.ts, whose claims the bucket's host aliases
 * follow) both apply to the host a tenant's site.json `url` names. `www.x` and `x` are one
 * host; a tenant holding a host keeps it while its own url names it; a later claimant is
 * refused with a message naming both. Pure: no Node imports.
 */

/** The host a site.json url claims: `name` as the edge serves it (lower case, no trailing dot), `key` what two tenants may not share (no leading `www.`). */
export interface SiteHost {
  name: string;
  key: string;
}

/** The host a site's url claims, or undefined when it names none (no url, or not an http(s) URL). */
export function siteHost(url: string | undefined): SiteHost | undefined {
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  const name = parsed.hostname.toLowerCase().replace(/\.$/, '');
  return name ? { name, key: hostKey(name) } : undefined;
}

/** What two tenants may not share of a host name: lower case, no trailing dot, no leading `www.`. */
export function hostKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

/** The refusal of a tenant whose url names a host another tenant holds. */
export function duplicateHostMessage(slug: string, name: string, owner: string): string {
  return `tenant ${slug}: site.json url host ${name} is already the host of tenant ${owner}; give each tenant its own host`;
}

/** A tenant's claim on a host (by key). */
export interface HostClaim {
  slug: string;
  key: string;
}

/**
 * Settle claims given in order of precedence (a tenant already holding its host first, and
 * only while its own url names it; the rest in a stable order): each host goes to its first
 * claimant, every later claim of another tenant is refused with that owner.
 */
export function settleHostClaims<T extends HostClaim>(claims: readonly T[]): { owners: Map<string, string>; refused: { claim: T; owner: string }[] } {
  const owners = new Map<string, string>();
  const refused: { claim: T; owner: string }[] = [];
  for (const claim of claims) {
    const owner = owners.get(claim.key);
    if (owner === undefined) owners.set(claim.key, claim.slug);
    else if (owner !== claim.slug) refused.push({ claim, owner });
  }
  return { owners, refused };
}
