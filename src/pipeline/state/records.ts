/**
 * The records the pipeline state keeps (its stores, state/store.ts) and the modules that write
 * them read: a release manifest, a rollback hold, a tenant's status, its last feed, a held feed
 * (and its kind). Types only, so the stores and their readers import them from here.
 */
import type { Car } from '../../schemas/car.ts';

/** The kind of a feed: a stock.json snapshot, a CSV or XML file, or a webhook push. */
export type FeedKind = 'snapshot' | 'csv' | 'xml' | 'webhook';

/** One finished job as the status file records it. */
export interface StatusEntry {
  at: string;
  release?: string;
  mode?: 'full' | 'incremental';
  added?: number;
  changed?: number;
  removed?: number;
  seconds?: number;
  reason?: string;
  /** A published release's problems (its prepared tenant's: stock records skipped, photo faults, search pages lost): how many; absent when none. */
  problems?: number;
  /** Those problems, one `- ` line each (state/status.ts releaseProblems); at most STATUS_REPORT_MAX characters. */
  report?: string;
  /**
   * A failure on a file of the tenant folder (a bad site.json or lead-delivery.json): the file and
   * a hash of its content (status.ts configFileHash). The reconciler leaves the tenant alone until
   * the file changes (a job again would only say the same thing again); the folder's watcher asks
   * for it once the file is replaced.
   */
  config?: { file: string; hash: string };
}

/** The status file's content. */
export interface TenantStatus {
  tenant: string;
  /** Release served now. */
  current: string | null;
  /** When the live pointer switched to `current` (publish or rollback); absent in statuses written before it was recorded. */
  publishedAt?: string;
  /** Outcome of the last job: published, unchanged, failed, rejected (feed), held, rolled-back. */
  lastOutcome: string;
  lastSuccess: StatusEntry | null;
  lastFailure: StatusEntry | null;
  /** Set while a rollback holds the tenant on an older release (automatic publishing paused). */
  held: boolean;
  updatedAt: string;
}

/** The last feed taken in for a tenant (`<sites>/<slug>/feed-status.json`; kept apart from status.json, which jobs rewrite). */
export interface FeedStatus {
  at: string;
  /** File name, `webhook`, or `<file> (confirmed by operator)`. */
  source: string;
  kind: string;
  outcome: 'accepted' | 'rejected' | 'held' | 'confirmed' | 'discarded';
  read: number;
  valid: number;
  problems: number;
  reason?: string;
  /** The feed's report (a rejected feed, or one accepted with problems): the text the intake writes beside the file, kept here so every process shows it; at most STATUS_REPORT_MAX characters. */
  report?: string;
}

/** The longest report a status keeps: a feed's (the full one stays beside the file in the inbox), a published release's problems. */
export const STATUS_REPORT_MAX = 64_000;

/** A feed awaiting an operator's decision. */
export interface HeldFeed {
  id: string;
  tenant: string;
  /** File name of a dropped feed, or `webhook`. */
  source: string;
  kind: FeedKind;
  /** ISO time it was held. */
  at: string;
  /** Name of the stored copy of the feed (its extension tells the reader how to parse it). */
  file: string;
  visibleBefore: number;
  visibleAfter: number;
  removed: number;
  /** Some of the ids it would take off the site. */
  removedIds: string[];
  reason: string;
  /** Set once decided: confirmed, discarded or superseded (by a newer complete feed). */
  outcome?: 'confirmed' | 'discarded' | 'superseded';
  decidedAt?: string;
  note?: string;
}

/** What the pipeline remembers about a published release (the manifest file). */
export interface ReleaseManifest {
  id: string;
  slug: string;
  /** ISO time the release was made. */
  createdAt: string;
  /** Build clock (ms) of the pages rendered in this release. */
  buildTime: number;
  /** Build clock of the last full build this release descends from (incremental releases reuse its pages). */
  fullBuildTime: number;
  mode: 'full' | 'incremental';
  /** Hash of everything but the stock that shapes pages (site config, tenant files, code). */
  configHash: string;
  /** Visible cars of the release, for the next change detection and for rollback's search sync. */
  cars: Car[];
  /** id -> car fingerprint. */
  fingerprints: Record<string, string>;
  added: number;
  changed: number;
  removed: number;
  /** Internal links found broken when this release was checked (a later release may not add new ones). */
  brokenLinks: string[];
  /**
   * Key of the kept renderer (compiled code version) the release was rendered with or compiled
   * (src/builder/render/code-renderer.ts, in the worker's cache); absent when Astro alone rendered
   * it. Releases of older versions named a kept bundle under `<sites>/<slug>/renderers/`, which
   * pruning clears.
   */
  renderer?: string;
  /**
   * The code version whose shared bucket objects (`_code/<key>/objects/`) the published release
   * uses for its compiled assets and drawings: while a release record names it, they are kept.
   */
  codeKey?: string;
}

/** A rollback hold: the tenant stays on `release` until an operator releases it. */
export interface ReleaseHold {
  release: string;
  from: string | null;
  at: string;
}
