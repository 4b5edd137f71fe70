/**
 * The debounce of rebuild requests: a burst of changes to one tenant makes one request, fired
 * `debounceMs` after the last change, and a tenant that keeps changing still fires `maxWaitMs`
 * after its first. `onFirst` hears the first change of a burst (the service hints the queue).
 */
export interface DebounceOptions {
  debounceMs: number;
  maxWaitMs: number;
  /** The burst is over: the tenant's request goes out. */
  fire: (slug: string) => void;
  /** The first change of a burst. */
  onFirst?: (slug: string) => void;
  /** Clock in ms (tests). */
  now?: () => number;
}

export interface Debouncer {
  /** A change of a tenant: (re)start its wait. */
  request(slug: string): void;
  /** Forget a tenant's wait without firing (its request goes out another way). */
  cancel(slug: string): void;
  /** Tenants waiting out their debounce. */
  readonly size: number;
  /** Whether a tenant waits out its debounce. */
  has(slug: string): boolean;
  /** Stop every wait without firing. */
  clear(): void;
}

export function createDebouncer(options: DebounceOptions): Debouncer {
  const now = options.now ?? Date.now;
  const timers = new Map<string, { timer: NodeJS.Timeout; first: number }>();
  const fire = (slug: string) => {
    timers.delete(slug);
    options.fire(slug);
  };
  return {
    request(slug) {
      const existing = timers.get(slug);
      const first = existing?.first ?? now();
      if (existing) clearTimeout(existing.timer);
      else options.onFirst?.(slug);
      const wait = Math.max(0, Math.min(options.debounceMs, first + options.maxWaitMs - now()));
      timers.set(slug, { timer: setTimeout(() => fire(slug), wait), first });
    },
    cancel(slug) {
      const existing = timers.get(slug);
      if (existing) clearTimeout(existing.timer);
      timers.delete(slug);
    },
    get size() {
      return timers.size;
    },
    has(slug) {
      return timers.has(slug);
    },
    clear() {
      for (const { timer } of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
