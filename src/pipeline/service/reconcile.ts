/**
 * The reconciler: an accepted feed never stays unpublished (docs/pipeline.md "Reconciler"). Jobs
 * get lost (Redis restarted without its data), end without a release (the bucket or PostgreSQL
 * down, a worker's disk full) or are held back (a rollback hold released). Every poll the intake
 * compares each tenant's accepted stock sequence with the one its live site was built from
 * (state/tenants.ts `behind`); a tenant behind for `graceMs` with no job waiting or running and
 * no debounce pending is asked for again (log `reconcile`, warn), then after doubling waits up
 * to `maxBackoffMs`. So is a tenant whose last search sync failed. Held tenants are left alone.
 */
import type { Logger } from '../log.ts';
import { configFileHash } from '../state/status.ts';
import type { PipelineState } from '../state/store.ts';
import type { RebuildQueue } from './queue.ts';

export interface ReconcilerOptions {
  state: PipelineState;
  queue: RebuildQueue;
  /** Whether a change of the tenant waits out its debounce in this process (its job is coming). */
  debouncing: (slug: string) => boolean;
  /** Whether the tenant has a folder here (others are not this pipeline's). */
  known: (slug: string) => boolean;
  log: Logger;
  /** How long a tenant may be behind with no job before it is asked for (ms). Default 10 s. */
  graceMs?: number;
  /** The longest wait between two requests for a tenant that stays behind (ms). Default 10 minutes. */
  maxBackoffMs?: number;
  now?: () => number;
}

export interface Reconciler {
  /** One comparison of the state (the intake calls it every poll); never throws. */
  tick(): Promise<void>;
}

export function createReconciler(options: ReconcilerOptions): Reconciler {
  const graceMs = options.graceMs ?? 10_000;
  const maxBackoffMs = options.maxBackoffMs ?? 600_000;
  const now = options.now ?? Date.now;
  /** Per tenant behind: since when, how many requests it had, and when the next may go. */
  const behindSince = new Map<string, { since: number; seq: number; requests: number; next: number }>();
  let unavailable: string | undefined;

  /** Log a failure to read the state or the queue once per outage, not every poll. */
  const failed = (what: string, error: Error) => {
    const reason = `${what}: ${error.message}`;
    if (unavailable === what) return;
    unavailable = what;
    options.log({ level: 'warn', event: 'reconcile', outcome: 'waiting', reason });
  };

  return {
    async tick() {
      let rows;
      try {
        rows = await options.state.tenants.behind();
      } catch (error) {
        return failed('pipeline state unavailable', error as Error);
      }
      const at = now();
      const current = new Set(rows.map((row) => row.tenant));
      for (const slug of behindSince.keys()) if (!current.has(slug)) behindSince.delete(slug);
      const due = rows.filter((row) => {
        if (row.held || !options.known(row.tenant)) return false;
        // Its last job failed on a file of its folder (a bad site.json), unchanged since: asking again would only report it again.
        if (row.configFailure && configFileHash(row.configFailure.file) === row.configFailure.hash) return false;
        const entry = behindSince.get(row.tenant);
        // A newer feed starts the count again: its own job is on its way.
        if (!entry || entry.seq !== row.seq) {
          behindSince.set(row.tenant, { since: at, seq: row.seq, requests: 0, next: at + graceMs });
          return false;
        }
        return at >= entry.next && !options.debouncing(row.tenant);
      });
      if (due.length === 0) {
        unavailable = undefined;
        return;
      }
      let pending: Set<string>;
      try {
        pending = (await options.queue.pending?.()) ?? new Set();
      } catch (error) {
        return failed('job queue unavailable', error as Error);
      }
      unavailable = undefined;
      for (const row of due) {
        const entry = behindSince.get(row.tenant)!;
        if (pending.has(row.tenant)) {
          // Its job is waiting or running: look again after the grace.
          entry.next = at + graceMs;
          continue;
        }
        entry.requests += 1;
        entry.next = at + Math.min(maxBackoffMs, graceMs * 2 ** entry.requests);
        const reason =
          row.built !== null && row.built >= row.seq ? 'the last release could not sync its search index' : 'accepted stock not live and no job for it';
        options.log({
          level: 'warn',
          event: 'reconcile',
          tenant: row.tenant,
          acceptedSeq: row.seq,
          builtSeq: row.built,
          behindSeconds: Math.round((at - entry.since) / 100) / 10,
          requests: entry.requests,
          reason,
        });
        await options.queue.enqueue(row.tenant).catch((error: Error) => failed('job queue unavailable', error));
      }
    },
  };
}
