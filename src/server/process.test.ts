/** The lead API process: it serves, follows the tenants folder, the accepted stock files and the state's poll, and stops once. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/server.ts';
import { tempDir, waitFor, writeTestTenants } from '../../tests/support/server-helpers.ts';
import { STATE_POLL_MS, startApiProcess, type ApiProcess, type StateStock } from './process.ts';

const folder = tempDir('api-process-');
const tenantsDir = join(folder.dir, 'tenants');
const stockDir = join(folder.dir, 'stock');
writeTestTenants(tenantsDir);
mkdirSync(stockDir);
const config = {
  ...loadConfig({ TENANTS_DIR: tenantsDir, SQLITE_FILE: join(folder.dir, 'leads.sqlite'), LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
  host: '127.0.0.1',
  port: 0,
};
const car = (id: number, slug: string) => ({
  id,
  slug,
  name: slug,
  status: 'in_stock',
  car_type: 'used',
  make: 'Toyota',
  model: 'Corolla',
  year: 2020,
  km: 1000,
  price: 19_990,
});

/** The pipeline state as the process sees it: its stock per tenant, the poll it was given, whether it was closed. */
function stateStock() {
  const stock = new Map<string, unknown[]>();
  const polls: { ms: number; changed: (slugs: string[]) => void; stopped: boolean }[] = [];
  let closed = 0;
  const source: StateStock = {
    stockOf: (slug) => (stock.has(slug) ? { data: stock.get(slug) } : undefined),
    reserveCar: async () => true,
    unreserveCar: async () => true,
    watch(ms, changed) {
      const poll = { ms, changed, stopped: false };
      polls.push(poll);
      return () => (poll.stopped = true);
    },
    state: { close: async () => (closed += 1) },
  };
  return { source, stock, polls, closed: () => closed };
}

afterAll(() => folder.remove());

const slugsOf = (running: ApiProcess, slug: string) => running.app.tenants.get(slug)?.cars.map((entry) => entry.slug) ?? [];

describe('startApiProcess', () => {
  const state = stateStock();
  let running: ApiProcess;
  afterAll(() => running?.stop());

  it('listens, answering /api for the tenants', async () => {
    running = await startApiProcess(config, { stockSource: state.source, stockDir, watchTenants: true });
    const port = (running.app.server.address() as AddressInfo).port;
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { host: 'alpha.localhost' } });
    expect(response.status).toBe(200);
    expect(slugsOf(running, 'beta')).toEqual(['beta-mazda-9']);
  });

  it('reloads a tenant whose folder changed', async () => {
    const file = join(tenantsDir, 'beta', 'stock.json');
    writeFileSync(file, JSON.stringify([...(JSON.parse(readFileSync(file, 'utf8')) as unknown[]), car(10, 'beta-corolla-10')]));
    await waitFor(() => slugsOf(running, 'beta').includes('beta-corolla-10'), 10_000);
  });

  it('reloads a tenant whose accepted stock file changed (<stockDir>/<slug>.json)', async () => {
    writeFileSync(join(stockDir, 'beta.json'), JSON.stringify([car(11, 'beta-accepted-11')]));
    await waitFor(() => slugsOf(running, 'beta').join() === 'beta-accepted-11', 10_000);
  });

  it("polls the pipeline state and reloads the tenants it names, reading the state's stock first", async () => {
    expect(state.polls.map((poll) => poll.ms)).toEqual([STATE_POLL_MS]);
    state.stock.set('alpha', [car(12, 'alpha-state-12')]);
    state.polls[0]!.changed(['alpha']);
    await waitFor(() => slugsOf(running, 'alpha').join() === 'alpha-state-12', 5_000);
  });

  it('reloads every tenant when asked without names (SIGHUP)', () => {
    state.stock.set('beta', [car(13, 'beta-state-13')]);
    running.reload();
    expect(slugsOf(running, 'beta')).toEqual(['beta-state-13']);
  });

  it('stops once: the poll ends, the app and the state close, a second stop changes nothing', async () => {
    await Promise.all([running.stop(), running.stop()]);
    expect(state.polls[0]!.stopped).toBe(true);
    expect(state.closed()).toBe(1);
    await expect(fetch(`http://127.0.0.1:${(running.app.server.address() as AddressInfo | null)?.port ?? 1}/api/health`)).rejects.toThrow();
  });
});

describe('startApiProcess without the state', () => {
  it("hands the configuration's payment limits and timings to the payments service", async () => {
    const payments = { limits: { ...config.payments.limits, holdsPerClient: 5 }, timings: { ...config.payments.timings, askEveryMs: 7_000 } };
    const running = await startApiProcess({ ...config, payments });
    try {
      expect(running.app.payments.limits).toEqual(payments.limits);
      expect(running.app.payments.timings).toEqual(payments.timings);
    } finally {
      await running.stop();
    }
  });

  it('fails to start when the port is taken, and leaves nothing open', async () => {
    const first = await startApiProcess(config);
    const port = (first.app.server.address() as AddressInfo).port;
    try {
      await expect(startApiProcess({ ...config, port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.stop();
    }
  });
});
