/**
 * A release whose photos the tenant's photo deadline left for later (photos-deferred) asks for
 * the tenant's next release itself, after `delayMs`, so the placeholders do not stay until the
 * feed changes or the periodic refresh. At most `max` follow-ups in a row per tenant in this
 * process: a host that stays slow does not loop; a release that defers nothing starts over and
 * drops the follow-up not yet asked for. A tenant no longer known when it is due is not asked for.
 */
import type { Logger } from '../log.ts';

export interface PhotoFollowUps {
  /** A release of `slug` ended, leaving `deferred` photos for later. */
  after(slug: string, deferred: number): void;
  /** Drop the follow-ups not yet asked for (the process stops). */
  close(): void;
}

/** `known`: whether the tenant still has its folder (the reconciler's check), when the follow-up is due. */
export function photoFollowUps(options: {
  delayMs: number;
  max: number;
  known: (slug: string) => boolean;
  enqueue: (slug: string) => void;
  log: Logger;
}): PhotoFollowUps {
  const asked = new Map<string, number>();
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;
  return {
    after(slug, deferred) {
      if (deferred <= 0) {
        asked.delete(slug);
        clearTimeout(timers.get(slug));
        return void timers.delete(slug);
      }
      const count = asked.get(slug) ?? 0;
      if (closed || timers.has(slug)) return;
      if (count >= options.max) {
        options.log({
          level: 'warn',
          event: 'photos-follow-up',
          tenant: slug,
          deferred,
          reason: `${count} follow-ups in a row left photos: the next change or refresh tries them`,
        });
        return;
      }
      asked.set(slug, count + 1);
      options.log({ event: 'photos-follow-up', tenant: slug, deferred, followUp: count + 1, inMs: options.delayMs });
      const timer = setTimeout(() => {
        timers.delete(slug);
        if (options.known(slug)) return options.enqueue(slug);
        asked.delete(slug);
        options.log({ event: 'photos-follow-up', tenant: slug, outcome: 'dropped', reason: 'the tenant is no longer known' });
      }, options.delayMs);
      timer.unref();
      timers.set(slug, timer);
    },
    close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
