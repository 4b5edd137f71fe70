/**
 * Shared set-up of the lead API integration tests: two throw-away tenants written to a temp
 * folder (so tests need no ../shared data), a webhook receiver on loopback, a throw-away
 * PostgreSQL server, and an app per database. Not a test file itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type AppOptions, type LeadApi } from '../../src/server/app.ts';
import { openDatabase, type SqlDatabase } from '../../src/server/database.ts';
import { findPostgresBinaries, startThrowawayPostgres, type ThrowawayPostgres } from './dev-postgres.ts';
import { leadWebhookProblems } from './lead-webhook-schema.ts';
import { writeTenantFolder } from './tenant-folder.ts';

const hours = [1, 2, 3, 4, 5]
  .map((weekday) => ({ weekday, status: 'Open', open: '09:00', close: '17:00' }))
  .concat([{ weekday: 6, status: 'Open', open: '09:00', close: '12:00' }, { weekday: 0, status: 'Closed' } as never]);

/** An in-stock used car record of the test tenants; `extra` sets or overrides fields. */
export function car(id: number, slug: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    slug,
    name: slug,
    status: 'in_stock',
    car_type: 'used',
    make: 'Toyota',
    model: 'Corolla',
    year: 2020,
    km: 40_000,
    price: 25_990,
    ...extra,
  };
}

/** Write the two test tenants (alpha and beta) into `root`. */
export function writeTestTenants(root: string, webhookUrl?: string): void {
  const location = (id: number, slug: string, dealership: string, dealershipId: number, postcode: string, city: string, state: string, special_hours: object[] = []) => ({
    id,
    name: `${city} yard`,
    slug,
    dealership_slug: dealership,
    dealership_id: dealershipId,
    address: { street: '1 Main St', city, state, postcode },
    contact_detail: { phone: '+61 7 3000 1111', opening_hours: hours, special_hours },
  });
  // Alpha's Brisbane yard closes on Tuesday 10 March 2026 (the endpoint tests' clock is Friday 6 March): no test drive that day.
  const brisbaneHoliday = [{ date: '2026-03-10', status: 'Closed', name: 'Yard closed' }];
  writeTenantFolder(join(root, 'alpha'), {
    site: {
      slug: 'alpha',
      name: 'Alpha Motors',
      url: 'https://www.alpha-motors.example',
      email: 'sales@alpha-motors.example',
      dealerships: [{ id: 11, slug: 'alpha-north', name: 'Alpha North' }],
      locations: [location(101, 'alpha-brisbane', 'alpha-north', 11, '4000', 'Brisbane', 'QLD', brisbaneHoliday), location(102, 'alpha-sydney', 'alpha-north', 11, '2000', 'Sydney', 'NSW')],
      // The shopper features the lead API refuses where they are switched off (docs/lead-api.md "Switched-off features"): on here.
      features: { delivery_calculator: true, phone_reveal: true, view_counter: true, pdf: true, garage: true },
    },
    stock: [
      car(1, 'alpha-corolla-1', { dealership_id: 11, dealership_slug: 'alpha-north', location: { id: 101, slug: 'alpha-brisbane' }, autograb_data: { average_market_price: 27_000 } }),
      car(2, 'alpha-corolla-2', { year: 2019, km: 60_000, price: 22_990, dealership_id: 11, location: { id: 102, slug: 'alpha-sydney' } }),
      car(3, 'alpha-corolla-3', { year: 2021, km: 20_000, price: 28_990, dealership_id: 11 }),
      car(4, 'alpha-hilux-sold', { make: 'Toyota', model: 'Hilux', status: 'sold', sold_date_timestamp: 1 }),
    ],
    delivery: webhookUrl
      ? { destinations: [{ id: 'crm', type: 'webhook', format: 'json', url: webhookUrl, secret_env: 'LEAD_DELIVERY_SECRET_ALPHA' }, { id: 'adf', type: 'email', to: ['leads@alpha-motors.example'] }] }
      : undefined,
  });
  writeTenantFolder(join(root, 'beta'), {
    site: {
      slug: 'beta',
      template: 'franchise',
      name: 'Beta Cars',
      url: 'https://beta-cars.example',
      phone: '+61 2 9000 1234',
      dealerships: [{ id: 22, slug: 'beta-central', name: 'Beta Central' }],
      locations: [location(201, 'beta-perth', 'beta-central', 22, '6000', 'Perth', 'WA')],
    },
    stock: [car(9, 'beta-mazda-9', { make: 'Mazda', model: 'CX-5', dealership_id: 22 })],
  });
}

/** The instant offer's photo upload as its island posts it (POST /api/eval-expert/image-upload): a multipart body with the evaluation and one file. */
export function photoUpload(evalid: string, bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const boundary = '----leadapiphotoMA4YWxkTrZu0gW';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="evalid"\r\n\r\n${evalid}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The instant offer's trade-in lead as its island posts it: the trade-in contact fields and the evaluation (`evalid`) it was valued in. */
export function tradeInLead(evalid: string) {
  return {
    'First Name': 'Jo',
    'Mobile Number': '0412 345 678',
    'Email Address': 'jo@example.com',
    postcode: '4000',
    category: 'Trade-in Enquiry',
    evalid,
    // The final step's details (spec §5: all required), the Comments sent as the lead's message.
    odometer: '45,000',
    service_history: 'Full service history',
    number_of_keys: '2',
    car_condition: 'Good',
    message: 'Tidy car',
  };
}

/** A webhook receiver that fails the first `failFirst` calls, then records deliveries by idempotency key. */
export interface WebhookReceiver {
  url: string;
  calls: { key: string; body: string; signature?: string; contentType?: string }[];
  /** Distinct idempotency keys received with a 2xx answer. */
  delivered: Map<string, number>;
  failNext(count: number): void;
  /** JSON bodies that do not match docs/schemas/lead-webhook-v1.json (issue 37), one line each. */
  schemaProblems: string[];
  /** Stops the receiver; rejects, naming them, when any JSON body did not match the published schema. */
  close(): Promise<void>;
}

/** Start a webhook receiver on loopback. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let failures = 0;
  const calls: WebhookReceiver['calls'] = [];
  const delivered = new Map<string, number>();
  const schemaProblems: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const key = String(req.headers['idempotency-key'] ?? '');
      calls.push({
        key,
        body: Buffer.concat(chunks).toString('utf8'),
        signature: req.headers['x-signature'] as string | undefined,
        contentType: req.headers['content-type'],
      });
      // Every JSON body the API sends is checked against the published schema (issue 37 item 3).
      if (String(req.headers['content-type']).startsWith('application/json')) {
        let problems: string[];
        try {
          problems = leadWebhookProblems(JSON.parse(calls.at(-1)!.body));
        } catch (error) {
          problems = [`not JSON: ${(error as Error).message}`];
        }
        schemaProblems.push(...problems.map((problem) => `${key}: ${problem}`));
      }
      if (failures > 0) {
        failures -= 1;
        res.writeHead(503).end('down');
        return;
      }
      delivered.set(key, (delivered.get(key) ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    calls,
    delivered,
    failNext: (count) => {
      failures = count;
    },
    schemaProblems,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (schemaProblems.length > 0) throw new Error(`webhook bodies not matching docs/schemas/lead-webhook-v1.json:\n${schemaProblems.join('\n')}`);
    },
  };
}

/** A temp folder removed by the returned function. */
export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The databases the integration suites run against: SQLite always, PostgreSQL when its binaries exist. */
export const DATABASES = ['sqlite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASES)[number];

/** Why the PostgreSQL suites are skipped on this machine, or undefined when they run. */
export const POSTGRES_SKIP_REASON = findPostgresBinaries()
  ? undefined
  : 'PostgreSQL server binaries not found (looked for initdb/pg_ctl under /usr/lib/postgresql/*/bin): install the Debian package `postgresql` to run these tests';

/** A database for one test file: a SQLite file in `dir`, or a throw-away PostgreSQL server. */
export async function testDatabase(kind: DatabaseKind, dir: string): Promise<{ db: SqlDatabase; url?: string; dataDir?: string; stop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const db = await openDatabase({ kind: 'sqlite', file: join(dir, 'leads.sqlite') });
    return { db, stop: () => db.close() };
  }
  const server: ThrowawayPostgres = await startThrowawayPostgres();
  const db = await openDatabase({ kind: 'postgres', url: server.url, poolSize: 5 });
  return {
    db,
    url: server.url,
    // The server's data folder: a test stops and starts it there (controlPostgres).
    dataDir: join(server.dir, 'data'),
    stop: async () => {
      await db.close();
      await server.stop();
    },
  };
}

/** An app over the test tenants with fast retries and no logging. */
export async function testApp(db: SqlDatabase, tenantsDir: string, overrides: Partial<AppOptions> = {}): Promise<LeadApi> {
  const app = await createApp({
    tenantsDir,
    database: db,
    logger: false,
    // The webhook receiver listens on loopback: allowed by its exact address (the outbound policy refuses the rest).
    delivery: { baseDelayMs: 20, maxDelayMs: 100, pollMs: 20, env: { LEAD_DELIVERY_SECRET_ALPHA: 'alpha-secret-for-tests' }, allowAddresses: ['127.0.0.1'] },
    ...overrides,
  });
  await app.ready();
  return app;
}

/** Poll `check` every 25 ms until it holds; throws after `timeoutMs` (the server tests' one wait). */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** What a lead API suite runs on: a temp folder with the test tenants, a webhook receiver, a database and the app. */
export interface LeadApiSuite {
  folder: ReturnType<typeof tempDir>;
  hook: WebhookReceiver;
  database: Awaited<ReturnType<typeof testDatabase>>;
  app: LeadApi;
}

/**
 * The test tenants (delivering to a new webhook receiver) in a temp folder, a `kind` database there and the app on them;
 * `moreTenants` writes a suite's own tenants into the tenants folder first, `overrides` are the app's own options.
 */
export async function startLeadApi(kind: DatabaseKind, prefix: string, moreTenants?: (tenantsDir: string) => void, overrides: Partial<AppOptions> = {}): Promise<LeadApiSuite> {
  const folder = tempDir(prefix);
  const parts: Partial<LeadApiSuite> = { folder };
  try {
    const hook = (parts.hook = await startWebhookReceiver());
    writeTestTenants(`${folder.dir}/tenants`, hook.url);
    moreTenants?.(`${folder.dir}/tenants`);
    const database = (parts.database = await testDatabase(kind, folder.dir));
    parts.app = await testApp(database.db, `${folder.dir}/tenants`, overrides);
    return { folder, hook, database, app: parts.app };
  } catch (error) {
    await stopLeadApi(parts);
    throw error;
  }
}

/** Stops what a suite started, in order (app, database, webhook receiver, folder); parts that never started are skipped. */
export async function stopLeadApi(parts: Partial<LeadApiSuite>): Promise<void> {
  await parts.app?.close();
  await parts.database?.stop();
  let hookFailure: unknown;
  await parts.hook?.close().catch((error: unknown) => (hookFailure = error));
  parts.folder?.remove();
  if (hookFailure) throw hookFailure;
}
