/**
 * Publish adapter: how a checked release goes live. The default publishes to
 * the local release directory by swapping the `current` symlink; a production deployment
 * uses the built-in bucket publisher (`--publisher s3`, src/pipeline/publish/, docs/deploy.md)
 * or its own with `npm run pipeline -- --publisher <module>`: the module's default export is a
 * function returning a Publisher. Methods past `publish` are optional: rollback, prune and
 * fetching a release happen at the publisher only when it has them.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Publisher, PublisherContext } from './types.ts';
import { switchCurrent } from '../state/release-dirs.ts';

export type { Publisher, PublisherContext } from './types.ts';

/** Default: the local release directory served by `npm start` / scripts/serve.ts. */
export const localPublisher: Publisher = {
  name: 'local',
  async publish({ slug, id, sitesDir }) {
    switchCurrent(sitesDir, slug, id);
  },
};

/**
 * A publisher by name: `s3` (the bucket publisher, settings from the environment:
 * src/config/publish.ts), a module path (default export: `() => Publisher | Promise<Publisher>`),
 * or, when unset, the local one.
 */
export async function loadPublisher(modulePath?: string, context: PublisherContext = {}): Promise<Publisher> {
  if (!modulePath || modulePath === 'local') return localPublisher;
  if (modulePath === 's3') return (await import('./from-settings.ts')).publisherFromSettings(context);
  const module = (await import(pathToFileURL(resolve(modulePath)).href)) as { default?: () => Publisher | Promise<Publisher> };
  if (typeof module.default !== 'function') throw new Error(`${modulePath}: the default export must be a function returning a Publisher`);
  return module.default();
}
