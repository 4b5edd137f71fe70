/**
 * What makes the pipeline ask for a rebuild besides a webhook push: the inbox (fs.watch, and
 * a poll), the tenant folders (a site.json, stock.json or reservations.json replaced by
 * another tool), the reserved rows a lead API on any machine wrote into the state, and a
 * periodic refresh of every tenant. Each is a small object the service wires to its debounce.
 */
import { mkdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { inFlight } from '../../lib/batch/in-flight.ts';
import { listTenantDirs } from '../../lib/site/tenant.ts';
import { OVERLAY_FILE } from '../../lib/vehicle/reservation-overlay.ts';
import { scanInbox, type IntakeOptions } from '../intake/inbox.ts';
import type { Logger } from '../log.ts';
import { ReservationWatch } from '../state/reservation-watch.ts';
import type { PipelineState } from '../state/store.ts';

/** How long an inbox file must be left alone before it is read (still being written otherwise). */
const INBOX_SETTLE_MS = 300;
/** A scan that left files still being written looks again this soon. */
const INBOX_RESCAN_MS = 350;

/** The tenant folders' files another tool may replace, by their size and modification time. */
export class TenantFolderWatch {
  private readonly seen = new Map<string, string>();
  private readonly tenantsDir: string;
  private readonly log: Logger;

  constructor(tenantsDir: string, log: Logger) {
    this.tenantsDir = tenantsDir;
    this.log = log;
  }

  private stampOf(dir: string): string {
    return ['site.json', 'stock.json', OVERLAY_FILE]
      .map((name) => {
        try {
          const stats = statSync(join(dir, name));
          return `${stats.mtimeMs}:${stats.size}`;
        } catch {
          return '-';
        }
      })
      .join('|');
  }

  /** A change the pipeline made or asked for itself: remember the folder as it is now. */
  touch(slug: string, dir = join(this.tenantsDir, slug)): void {
    this.seen.set(slug, this.stampOf(dir));
  }

  /** Every tenant at the first scan (`fire`, at once), then the ones whose files changed (`request`, debounced). */
  scan(initial: boolean, calls: { fire: (slug: string) => void; request: (slug: string) => void }): void {
    let dirs: string[] = [];
    try {
      dirs = listTenantDirs(this.tenantsDir);
    } catch (error) {
      this.log({ level: 'error', event: 'scan', reason: (error as Error).message });
    }
    for (const dir of dirs) {
      const slug = basename(dir);
      const stamp = this.stampOf(dir);
      if (initial || this.seen.get(slug) !== stamp) {
        this.seen.set(slug, stamp);
        if (initial) calls.fire(slug);
        else calls.request(slug);
      }
    }
  }
}

/** Reservations a lead API on any machine wrote into the state (state/reservation-watch.ts), polled with the folders; one poll at a time. */
export function reservationPoller(state: PipelineState, tenantDirOf: (slug: string) => string | null, request: (slug: string) => void, log: Logger) {
  const watch = new ReservationWatch(state);
  let running: Promise<void> | undefined;
  return {
    poll(): void {
      if (running) return;
      running = watch
        .changed()
        .then((slugs) => slugs.filter((slug) => tenantDirOf(slug)).forEach(request))
        .catch((error: unknown) => log({ level: 'warn', event: 'scan', reason: `reservations in the pipeline state: ${(error as Error).message}` }))
        .finally(() => (running = undefined));
    },
    /** Resolves when no poll runs. */
    idle: (): Promise<void> => running ?? Promise.resolve(),
  };
}

/** The inbox's scans: files are parsed off the main thread; a tenant being read is left to its running scan. */
export function inboxScanner(options: {
  inboxDir: string;
  tenantDirOf: (slug: string) => string | null;
  log: Logger;
  intake: IntakeOptions;
  onChanged: (slug: string) => void;
}) {
  const busy = new Set<string>();
  const scans = inFlight();
  let rescan: NodeJS.Timeout | undefined;
  // Once closed, no scan starts and none is set for later (a scan under way at close may still find files pending).
  let closed = false;
  const scan = (): void => {
    if (closed) return;
    scans.track(
      scanInbox(resolve(options.inboxDir), options.tenantDirOf, options.log, INBOX_SETTLE_MS, {
        ...options.intake,
        busy,
        onChanged: options.onChanged,
      })
        .then(({ pending }) => {
          if (pending && !rescan && !closed) rescan = setTimeout(() => ((rescan = undefined), scan()), INBOX_RESCAN_MS);
        })
        .catch((error: unknown) => options.log({ level: 'error', event: 'scan', reason: (error as Error).message })),
    );
  };
  return {
    scan,
    /** A scan runs or is due. */
    busy: (): boolean => rescan !== undefined || scans.size > 0,
    async close(): Promise<void> {
      closed = true;
      clearTimeout(rescan);
      rescan = undefined;
      await scans.idle();
    },
  };
}

/** The timers and the inbox watcher: `poll` every `pollMs`, every tenant asked for every `refreshMs`. */
export function startPolling(options: {
  inboxDir?: string;
  tenantsDir: string;
  pollMs: number;
  refreshMs: number;
  onInbox: () => void;
  poll: () => void;
  request: (slug: string) => void;
  log: Logger;
}): { close(): void } {
  const watchers: FSWatcher[] = [];
  if (options.inboxDir) {
    mkdirSync(resolve(options.inboxDir), { recursive: true });
    try {
      watchers.push(watch(resolve(options.inboxDir), { recursive: true }, () => options.onInbox()));
    } catch {
      // Polling below still picks files up.
    }
  }
  const poll = setInterval(options.poll, options.pollMs);
  const refresh = setInterval(() => {
    try {
      for (const dir of listTenantDirs(options.tenantsDir)) options.request(basename(dir));
    } catch (error) {
      options.log({ level: 'error', event: 'scan', reason: (error as Error).message });
    }
  }, options.refreshMs);
  refresh.unref();
  return {
    close() {
      clearInterval(poll);
      clearInterval(refresh);
      for (const watcher of watchers) watcher.close();
    },
  };
}
