/**
 * Lead API: the similar-car id list call by slug (spec §7; audit 7.14). GET
 * /api/cars/{slug}/similar answers the ids the vehicle page shows as similar, picked from the
 * stock the API holds by the build's own rule (same model first, in stock, nearest price,
 * at most 6), for this tenant's cars only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { similarVehicles } from '../../src/lib/vehicle/similar-vehicles.ts';
import { tempDir, testApp, testDatabase, writeTestTenants } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };

describe('GET /api/cars/{slug}/similar', () => {
  let app: LeadApi;
  let folder: ReturnType<typeof tempDir>;
  let database: Awaited<ReturnType<typeof testDatabase>>;

  beforeAll(async () => {
    folder = tempDir('similar-ids-test-');
    writeTestTenants(`${folder.dir}/tenants`);
    database = await testDatabase('sqlite', folder.dir);
    app = await testApp(database.db, `${folder.dir}/tenants`);
  });
  afterAll(async () => {
    await app?.close();
    await database?.stop();
    folder?.remove();
  });

  it('lists the ids of the similar cars in the order the page shows them, the sold one left out', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/cars/alpha-corolla-1/similar', headers: ALPHA });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const tenant = loadTenant(`${folder.dir}/tenants/alpha`, Date.now());
    const subject = tenant.visible.find((car) => car.slug === 'alpha-corolla-1')!;
    const expected = similarVehicles(subject, tenant.visible).map((car) => String(car.id));
    expect(expected).toEqual(['2', '3']);
    expect(response.json()).toEqual({ success: true, slug: 'alpha-corolla-1', ids: expected });
    // A sold car's page asks too: its similar cars are the ones in stock, in its price band.
    const sold = tenant.cars.find((car) => car.slug === 'alpha-hilux-sold')!;
    expect((await app.inject({ method: 'GET', url: '/api/cars/alpha-hilux-sold/similar', headers: ALPHA })).json().ids).toEqual(
      similarVehicles(sold, tenant.visible).map((car) => String(car.id)),
    );
    expect(similarVehicles(sold, tenant.visible).map((car) => String(car.id))).toEqual(['1', '2', '3']);
  });

  it('answers 404 for a car this site does not hold, another tenant’s included', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/cars/no-such-car/similar', headers: ALPHA });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('This car is not listed on this site.');
    expect((await app.inject({ method: 'GET', url: '/api/cars/beta-mazda-9/similar', headers: ALPHA })).statusCode).toBe(404);
  });
});
