/**
 * Issue 13, the bounded adversarial run at a small count (the full run is `npm run fuzz`,
 * 10,000 requests per target): malformed requests to the lead API, the static sites and the
 * feed webhook, each server in its own process, and hostile files in the feed inbox while
 * another tenant's feed is accepted and published; no crash, no 5xx, no complete request
 * left unanswered, no inbox file left or leaking a secret, nothing written through an inbox
 * folder turned into a link, and every process still answers. The lead API's paths reach
 * every route it registers, so a new route is not left out of the run.
 */
import { describe, expect, it } from 'vitest';
import { API_PATHS, passed, runFuzz } from '../support/fuzz-lib.ts';
import type { LeadApi } from '../../src/server/app.ts';
import { tempDir, testApp, testDatabase, writeTestTenants } from '../support/server-helpers.ts';

/** A registered route: its path pattern and the first of its methods. */
interface Route {
  path: string;
  method: string;
}

/** The routes of Fastify's route tree (`printRoutes({ commonPrefix: false })`): each line is a path below its parent's. */
function registeredRoutes(tree: string): Route[] {
  const parents: string[] = [];
  const routes: Route[] = [];
  for (const line of tree.split('\n')) {
    const found = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z]+)[^)]*\))?$/.exec(line);
    if (!found) continue;
    const depth = found[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + found[2]!;
    parents[depth] = path;
    if (found[3]) routes.push({ path, method: found[3] });
  }
  return routes;
}

/** The names of a route's parameters (`:id`, and `*` for a wildcard), sorted. */
const parameterNames = (path: string) => [...path.matchAll(/:([^/]+)|\*/g)].map((found) => found[1] ?? '*').sort();

/**
 * Whether a fuzzed path reaches `route`: the path fits the route's pattern and Fastify's router
 * gives it that route's parameters (a static route such as /api/payments/reservations beats /api/payments/:id).
 */
function reaches(app: LeadApi, route: Route, path: string): boolean {
  const pattern = route.path
    .split(/(:[^/]+|\*)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.?+^$()[\]{}|\\]/g, '\\$&')))
    .join('');
  if (!new RegExp(`^${pattern}$`).test(path)) return false;
  const found = app.findRoute({ method: route.method, url: path });
  return found !== null && JSON.stringify(Object.keys(found.params).sort()) === JSON.stringify(parameterNames(route.path));
}

describe('H3/M13 adversarial run (small)', () => {
  it('sends requests to every route the lead API registers', async () => {
    const folder = tempDir('fuzz-routes-');
    writeTestTenants(`${folder.dir}/tenants`);
    const database = await testDatabase('sqlite', folder.dir);
    const app = await testApp(database.db, `${folder.dir}/tenants`, { devMessages: true });
    try {
      const routes = registeredRoutes(app.printRoutes({ commonPrefix: false }));
      expect(routes.map((route) => route.path)).toEqual(expect.arrayContaining(['/api/leads', '/api/cars/:slug/pdf', '/api/payments/:id/intent', '*']));
      // The check itself: a static path does not count for the :param route the router does not give it.
      const byId = routes.find((route) => route.path === '/api/payments/:id')!;
      expect([reaches(app, byId, '/api/payments/x'), reaches(app, { ...byId, method: 'POST' }, '/api/payments/reservations')]).toEqual([true, false]);
      const missed = routes.filter((route) => !API_PATHS.some((path) => reaches(app, route, path)));
      expect(missed.map((route) => route.path)).toEqual([]);
    } finally {
      await app.close();
      await database.stop();
      folder.remove();
    }
  });

  it('H3 200 malformed requests each: 0 crashes, 0 5xx, every process still answers', async () => {
    const reports = await runFuzz({ count: 200, seed: 1313, concurrency: 4, timeLimitMs: 300_000 });
    expect(reports.map((report) => report.target)).toEqual(['lead API (/api/*)', 'static sites', 'feed webhook', 'feed inbox', 'inbox folders']);
    for (const report of reports) {
      expect(report.crashed, report.target).toBeNull();
      expect(report.serverErrors, report.target).toEqual([]);
      expect(report.unanswered, report.target).toEqual([]);
      expect(report.answersAfterwards, report.target).toBe(true);
      expect(passed(report, 200), report.target).toBe(true);
    }
  }, 420_000);
});
