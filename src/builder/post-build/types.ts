/**
 * The post-build step contract: what a step is handed and what it must provide. Steps import
 * these types from here, so the registry (steps.ts) that imports the steps is not imported back.
 */
import type { Tenant } from '../../lib/site/tenant.ts';
import type { WorkStore } from '../../platform/bucket/work-store.ts';
import type { TenantBundle } from '../bundle/bundle.ts';
import type { BuiltPage } from './built-pages.ts';

export interface PostBuildContext {
  tenant: Tenant;
  bundle: TenantBundle;
  /** The tenant's output directory (`<out>/<slug>`). */
  outDir: string;
  /** An incremental release: `outDir` already holds the previous release's still-valid files (hard links). */
  incremental?: boolean;
  /**
   * The site's HTML pages with what the steps read from them, listed once for all the steps
   * (no step writes HTML). Absent when a step runs on its own: it lists them itself.
   */
  pages?: () => readonly BuiltPage[];
  /** Work a fleet shares (src/platform/bucket/work-store.ts): looked up before a step makes an image, written after. */
  work?: WorkStore;
  /** What the steps made and fetched, counted as they run. */
  made?: PostBuildCounts;
}

/** Images the post-build steps drew, and files they took from the shared work instead. */
export interface PostBuildCounts {
  drawings: number;
  drawingsFetched: number;
  photoFilesFetched: number;
}

export interface PostBuildStep {
  name: string;
  run(context: PostBuildContext): Promise<void> | void;
}
