/**
 * Rate-limit keys and counters (issue 13 H2). Every limit is keyed on the tenant the
 * request resolves to (not the raw Host / X-Site text, which an attacker varies freely:
 * another port, a random Host plus ?site=) and on the client address Fastify derives
 * (X-Forwarded-For only from the configured proxies). With REDIS_URL the counters live in
 * Redis so several API processes share them.
 */
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { TenantRegistry } from './tenants.ts';

/**
 * The tenant a request will resolve to, from what is known before the body is read: the
 * Host, else X-Site, else the `site` query parameter. Unknown names share one bucket.
 */
export function rateLimitTenant(tenants: TenantRegistry, request: FastifyRequest): string {
  const fromHost = tenants.fromHost(request.headers.host);
  if (fromHost) return fromHost.slug;
  const header = request.headers['x-site'];
  if (typeof header === 'string' && tenants.get(header)) return header;
  const query = request.query as Record<string, unknown> | undefined;
  const site = query && typeof query.site === 'string' ? query.site : undefined;
  if (site && tenants.get(site)) return site;
  return '(unknown)';
}

/** The key of one client of one tenant. */
export const clientKey = (tenants: TenantRegistry, request: FastifyRequest): string => `${rateLimitTenant(tenants, request)}|${request.ip}`;

/** A fixed-window counter: in memory, or shared through Redis. */
export interface WindowCounter {
  /** Count one hit on `key`; resolves to the hits in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
}

/** Counters in this process only. */
export function memoryCounter(now: () => number): WindowCounter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async hit(key, windowMs) {
      const at = now();
      const window = windows.get(key);
      if (!window || at - window.start >= windowMs) {
        if (windows.size > 10_000) windows.clear();
        windows.set(key, { start: at, count: 1 });
        return 1;
      }
      window.count += 1;
      return window.count;
    },
  };
}

/** Counters in Redis (INCR, with the window as the key's expiry), shared by every API process. */
export function redisCounter(redis: Redis, prefix = 'lead-api:tenant-window:'): WindowCounter {
  return {
    async hit(key, windowMs) {
      const name = `${prefix}${key}`;
      // SET NX PX starts a window (with its expiry) only when none is open; INCR counts in it.
      const results = (await redis.multi().set(name, '0', 'PX', windowMs, 'NX').incr(name).exec()) ?? [];
      const [error, count] = results[1] ?? [new Error('no reply from Redis'), 0];
      if (error) throw error;
      return Number(count);
    },
  };
}
