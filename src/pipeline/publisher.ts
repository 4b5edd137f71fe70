/**
 * Publish adapter (issue 8 §7): how a checked release goes live. The default publishes to
 * the local release directory by swapping the `current` symlink; a production deployment
 * uses the built-in bucket publisher (`--publisher s3`, src/pipeline/publish/, docs/deploy.md)
 * or its own with `npm run pipeline -- --publisher <module>`: the module's default export is a
 * function returning a Publisher. Methods past `publish` are optional: rollback, prune and
 * fetching a release happen at the publisher only when it has them.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from './log.ts';
import { switchCurrent } from './releases.ts';

/** Where a release is published. */
export interface Publisher {
  name: string;
  /**
   * Make the release live; must be atomic for readers (all old or all new). `beforeSwitch`,
   * when given, is awaited right before the switch; it throws when the release must not go
   * live (its job went to another worker), and the publisher then switches nothing.
   */
  publish(release: { slug: string; id: string; dir: string; sitesDir: string; beforeSwitch?: () => Promise<void> }): Promise<void>;
  /** Move the live pointer to an already published release (rollback). */
  rollback?(slug: string, id: string): Promise<void>;
  /** Drop published releases beyond the newest `keep` (never the live one) and what only they used. */
  prune?(slug: string, keep: number): Promise<void>;
  /**
   * Download a published release's files into a local directory (a worker that never built
   * the tenant assembles an incremental release from it); false when the release is not there.
   */
  fetchRelease?(slug: string, id: string, intoDir: string): Promise<boolean>;
  /** The live release id of a tenant at the publisher, if any. */
  liveRelease?(slug: string): Promise<string | undefined>;
}

/** Default: the local release directory served by `npm start` / scripts/serve.ts. */
export const localPublisher: Publisher = {
  name: 'local',
  async publish({ slug, id, sitesDir }) {
    switchCurrent(sitesDir, slug, id);
  },
};

/** What a built-in publisher may need from its caller. */
export interface PublisherContext {
  /** The tenants directory (site.json `url`: host aliases and purge URLs). */
  tenantsDir?: string;
  env?: Readonly<Record<string, string | undefined>>;
  log?: Logger;
}

/**
 * A publisher by name: `s3` (the bucket publisher, settings from the environment:
 * src/config/publish.ts), a module path (default export: `() => Publisher | Promise<Publisher>`),
 * or, when unset, the local one.
 */
export async function loadPublisher(modulePath?: string, context: PublisherContext = {}): Promise<Publisher> {
  if (!modulePath || modulePath === 'local') return localPublisher;
  if (modulePath === 's3') return (await import('./publish/from-settings.ts')).publisherFromSettings(context);
  const module = (await import(pathToFileURL(resolve(modulePath)).href)) as { default?: () => Publisher | Promise<Publisher> };
  if (typeof module.default !== 'function') throw new Error(`${modulePath}: the default export must be a function returning a Publisher`);
  return module.default();
}
