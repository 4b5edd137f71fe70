/**
 * A release's host claim (one host, one tenant: src/lib/site/host-claims.ts) in the pipeline
 * state, before the release renders: the tenant claims the host its site.json url names, and is
 * refused, naming both tenants, while another tenant holds it and that tenant's own url still
 * names it (a claim lasts only that long). The publisher then points the claimed host's alias at
 * the tenant and removes its former ones; once the release is live its other claims are dropped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { duplicateHostMessage, settleHostClaims, siteHost, type SiteHost } from '../../lib/site/host-claims.ts';
import type { ReleaseHosts } from '../publish/types.ts';
import type { PipelineState } from '../state/store.ts';

/** What a tenant's claim gave: the hosts to publish on and drop, and the host kept; or why it was refused. */
export type HostClaimOutcome = { hosts: ReleaseHosts; host: SiteHost | undefined } | { refused: string };

/** The url of a tenant folder's site.json, or undefined (no folder, no url, unreadable). */
function siteUrlOf(tenantsDir: string, slug: string): string | undefined {
  try {
    const url = (JSON.parse(readFileSync(join(tenantsDir, slug, 'site.json'), 'utf8')) as { url?: unknown }).url;
    return typeof url === 'string' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Take `host` for `slug` in the state, or the tenant that keeps it (its url still names it). */
async function take(state: PipelineState, slug: string, host: SiteHost, tenantsDir: string): Promise<string | null> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const holder = await state.hosts.claim(host.key, host.name, slug);
    if (holder === slug) return null;
    const holderStill = siteHost(siteUrlOf(tenantsDir, holder))?.key === host.key;
    const { refused } = settleHostClaims([...(holderStill ? [{ slug: holder, key: host.key }] : []), { slug, key: host.key }]);
    if (refused.length > 0) return holder;
    if (await state.hosts.transfer(host.key, holder, slug, host.name)) return null;
  }
  return (await state.hosts.claim(host.key, host.name, slug)) === slug ? null : 'another tenant';
}

/** Claim the host a tenant's site url names (tenants' folders in `tenantsDir`, for the holder's url). */
export async function claimSiteHost(state: PipelineState, slug: string, url: string | undefined, tenantsDir: string): Promise<HostClaimOutcome> {
  const host = siteHost(url);
  const mine = await state.hosts.claimsOf(slug);
  const drop = mine.filter((claim) => claim.host !== host?.key || claim.name !== host.name).map((claim) => claim.name);
  if (host) {
    const owner = await take(state, slug, host, tenantsDir);
    if (owner !== null) return { refused: duplicateHostMessage(slug, host.name, owner) };
  }
  return { hosts: { serve: host ? [host.name] : [], drop: drop.filter((name) => name !== host?.name) }, host };
}

/** After the release went live: the tenant keeps only the claim of the host it was published on. */
export function settleSiteHost(state: PipelineState, slug: string, host: SiteHost | undefined): Promise<void> {
  return state.hosts.settle(slug, host ? { host: host.key, name: host.name } : undefined);
}
