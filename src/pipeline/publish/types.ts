/**
 * The publish adapter's contract (publisher.ts loads one; publish/ holds the built-in bucket
 * publisher): a Publisher and what a built-in one may need from its caller. Types only, so
 * publish/ and publisher.ts import them from here rather than from each other.
 */
import type { Logger } from '../log.ts';

/**
 * Files of a release every tenant's release of one code version has alike (the compiled client
 * assets, the repository's public files, the drawn images): a publisher may keep them once for
 * the fleet under the code version's key instead of once per tenant.
 */
export interface SharedFiles {
  /** The code version's key (the compiled renderer's, src/builder/render/code-renderer.ts). */
  code: string;
  /** Files the store holds under the code version since its compile (URL path -> sha256): a file with that path and digest is shared, never uploaded again. */
  stored: ReadonlyMap<string, string>;
  /** Other files to keep under the code version (a file there is looked for, and uploaded when missing): the drawn images. */
  paths: (urlPath: string) => boolean;
}

/**
 * The host names a release is served on besides `<slug>.localhost` (the pipeline's host claims,
 * src/pipeline/release/hosts.ts): the edge's aliases to point at the tenant, and its former ones
 * to remove (only while they still name it).
 */
export interface ReleaseHosts {
  serve: string[];
  drop: string[];
}

/** A publisher's live pointer as a publish read it at its start and again right before its switch (undefined: no release live). */
export interface PointerReads {
  read: string | undefined;
  live: string | undefined;
}

/** Where a release is published. */
export interface Publisher {
  name: string;
  /**
   * Whether the served release uses the gzip copies written beside its text files (the local
   * static server does; default true). A publisher whose server compresses by itself (the
   * bucket: the edge and its CDN) says false, and releases for it are not precompressed.
   */
  readonly precompressed?: boolean;
  /**
   * Make the release live; must be atomic for readers (all old or all new). `beforeSwitch`,
   * when given, is awaited right before the switch; it throws when the release must not go
   * live (its job went to another worker, or a rollback moved the pointer meanwhile), and the
   * publisher then switches nothing. A publisher with a pointer of its own tells it the live
   * release it read at the publish's start (`read`) and the one it reads again right before the
   * switch (`live`). `shared`: files it may keep once for the fleet (a publisher without a
   * shared store ignores it).
   */
  publish(release: {
    slug: string;
    id: string;
    dir: string;
    sitesDir: string;
    beforeSwitch?: (pointer?: PointerReads) => Promise<void>;
    hosts?: ReleaseHosts;
    shared?: SharedFiles;
  }): Promise<void>;
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

/** What a built-in publisher may need from its caller. */
export interface PublisherContext {
  /** The tenants directory (site.json `url`: host aliases and purge URLs). */
  tenantsDir?: string;
  env?: Readonly<Record<string, string | undefined>>;
  log?: Logger;
}
