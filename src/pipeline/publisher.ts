/**
 * Publish adapter (issue 8 §7): how a checked release goes live. The default publishes to
 * the local release directory by swapping the `current` symlink; a production deployment
 * plugs in its own (an object store upload plus a CDN origin switch, see docs/pipeline.md)
 * with `npm run pipeline -- --publisher <module>`: the module's default export is a
 * function returning a Publisher.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { switchCurrent } from './releases.ts';

/** Where a release is published. */
export interface Publisher {
  name: string;
  /** Make the release live; must be atomic for readers (all old or all new). */
  publish(release: { slug: string; id: string; dir: string; sitesDir: string }): Promise<void>;
  /** Remote publishers: point the tenant back at an earlier published release. */
  rollback?(slug: string, id: string): Promise<void>;
  /** Remote publishers: delete published releases beyond the newest `keep` (never the live one). */
  prune?(slug: string, keep: number): Promise<void>;
  /**
   * Remote publishers: download a published release's files into `intoDir` (a worker that
   * never built the tenant assembles its incremental release from them); false when the
   * store does not have it.
   */
  fetchRelease?(slug: string, id: string, intoDir: string): Promise<boolean>;
  /** Remote publishers: the release the store serves now, if any. */
  liveRelease?(slug: string): Promise<string | undefined>;
}

/** Default: the local release directory served by `npm start` / scripts/serve.ts. */
export const localPublisher: Publisher = {
  name: 'local',
  async publish({ slug, id, sitesDir }) {
    switchCurrent(sitesDir, slug, id);
  },
};

/** Load a publisher module (default export: `() => Publisher | Promise<Publisher>`), or the local one. */
export async function loadPublisher(modulePath?: string): Promise<Publisher> {
  if (!modulePath) return localPublisher;
  const module = (await import(pathToFileURL(resolve(modulePath)).href)) as { default?: () => Publisher | Promise<Publisher> };
  if (typeof module.default !== 'function') throw new Error(`${modulePath}: the default export must be a function returning a Publisher`);
  return module.default();
}
