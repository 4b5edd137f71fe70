/**
 * Rolling a tenant back to an earlier recorded release and holding it there: the publisher
 * moves its pointer (`rollback`), the local cache's `current` follows when it holds the
 * release, the state's live pointer and hold are set, and search shows that release's cars.
 */
import { join, resolve } from 'node:path';
import { silentLogger, type Logger } from '../log.ts';
import { localPublisher, type Publisher } from '../publish/publisher.ts';
import { cacheRelease, isCached, liveRelease } from './inputs.ts';
import { syncReleaseSearch } from './search-sync.ts';
import { pickRollback, tenantPaths } from '../state/release-dirs.ts';
import { readStatus, recordStatusIn } from '../state/status.ts';
import { withState, type PipelineState } from '../state/store.ts';

type SearchReport = { added: number; updated: number; deleted: number } | { error: string };

export interface RollbackOptions {
  sitesDir: string;
  slug: string;
  to: string;
  tenantDir?: string;
  log?: Logger;
  env?: NodeJS.ProcessEnv;
  hold?: boolean;
  state?: PipelineState;
  publisher?: Publisher;
}

/**
 * The release a rollback goes to (from the state's release history): `to` when given, else
 * the newest recorded release older than the live one.
 */
export async function chooseRollback(state: PipelineState, sitesDir: string, slug: string, to?: string): Promise<string> {
  return pickRollback(slug, await state.releases.list(slug), await liveRelease(state, sitesDir, slug), to);
}

/** Roll a tenant back to `to` (default: hold it there). */
export async function rollbackTenant(options: RollbackOptions): Promise<{ from: string | null; to: string; search?: SearchReport }> {
  const sitesDir = resolve(options.sitesDir);
  const { slug, to } = options;
  return withState(options.state, sitesDir, async (state) => {
    const from = await liveRelease(state, sitesDir, slug);
    const manifest = await state.releases.get(slug, to);
    if (!manifest) throw new Error(`release ${to} of ${slug} is not in the pipeline state`);
    if (options.publisher?.rollback) await options.publisher.rollback(slug, to);
    const publishedAt = new Date().toISOString();
    // With a remote publisher its pointer is what shoppers see: the local copy follows only when this
    // machine has the release already (an operator's rollback downloads nothing).
    const local = options.publisher?.rollback ? isCached(sitesDir, manifest) : await cacheRelease(sitesDir, manifest, options.publisher);
    if (local) await localPublisher.publish({ slug, id: to, dir: join(tenantPaths(sitesDir, slug).releases, to), sitesDir });
    else if (!options.publisher?.rollback) throw new Error(`release ${to} of ${slug} is neither in ${sitesDir} nor in a publisher's store`);
    await state.tenants.setLive(slug, to, undefined, publishedAt);
    if (options.hold !== false) await state.tenants.setHold(slug, { release: to, from, at: new Date().toISOString() });
    const search = options.tenantDir ? await syncRolledBack(options.tenantDir, manifest, options.env) : undefined;
    const previousStatus = (await state.tenants.status(slug)) ?? readStatus(sitesDir, slug);
    await recordStatusIn(state, sitesDir, slug, {
      outcome: 'rolled-back',
      current: to,
      publishedAt,
      held: options.hold !== false,
      success: previousStatus?.lastSuccess ?? undefined,
    });
    (options.log ?? silentLogger)({ event: 'rollback', tenant: slug, release: to, from, outcome: 'rolled-back', ...(search ? { search } : {}) });
    return { from, to, search };
  });
}

/** The search index back to the rolled-back release's cars (`npm run sync-search` keeps it there while the tenant is held). */
async function syncRolledBack(
  tenantDir: string,
  release: Parameters<typeof syncReleaseSearch>[1],
  env: NodeJS.ProcessEnv | undefined,
): Promise<SearchReport | undefined> {
  try {
    const report = await syncReleaseSearch(tenantDir, release, env);
    return report ? { added: report.added, updated: report.updated, deleted: report.deleted } : undefined;
  } catch (error) {
    return { error: (error as Error).message };
  }
}
