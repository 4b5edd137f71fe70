/** The watchlist's save of a sold car (spec §4 'Sold car hides the save button unless already saved'). */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../app.ts';
import { car, tempDir, testApp, testDatabase } from '../../../../tests/support/server-helpers.ts';
import { writeTenantFolder } from '../../../../tests/support/tenant-folder.ts';
import { SOLD_MESSAGE } from '../../../lib/vehicle/availability.ts';

describe('watchlist: a sold car', () => {
  let folder: ReturnType<typeof tempDir>;
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let app: LeadApi;
  const phone = '0412345678';
  let headers: Record<string, string>;
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    folder = tempDir('watchlist-sold-');
    writeTenantFolder(join(folder.dir, 'tenants', 'garage'), {
      site: { slug: 'garage', name: 'Garage Motors', url: 'https://garage.example', email: 'sales@garage.example', features: { garage: true } },
      stock: [
        car(1, 'car-1'),
        car(2, 'car-2', { status: 'sold', show_on_dealer_website: true, sold_date_timestamp: now - 3600 }),
        car(3, 'car-3', { status: 'sold', show_on_dealer_website: true, sold_date_timestamp: now - 3600 }),
      ],
    });
    database = await testDatabase('sqlite', folder.dir);
    app = await testApp(database.db, join(folder.dir, 'tenants'), { devMessages: true });
    const host = { host: 'garage.localhost:4321' };
    expect((await app.inject({ method: 'POST', url: '/api/auth/request-code', headers: host, payload: { phone } })).statusCode).toBe(200);
    const code = /(\d{6})/.exec((await app.stores.messages.list('garage', 'sms', phone))[0]!.body)![1]!;
    const verified = await app.inject({ method: 'POST', url: '/api/auth/verify', headers: host, payload: { phone, code } });
    headers = { ...host, cookie: `dealer_session=${/dealer_session=([^;]+)/.exec(String(verified.headers['set-cookie']))![1]!}` };
  });
  afterAll(async () => {
    await app?.close();
    await database?.stop();
    folder?.remove();
  });

  const change = (action: 'save' | 'remove', carId: string) =>
    app.inject({ method: 'POST', url: `/api/watchlist/${action}-car`, headers, payload: { phone_number: phone, car_id: carId } });

  it('refuses to save a sold car that is not on the list (422 with the sold message), and saves nothing', async () => {
    const answer = await change('save', 'car-2');
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json()).toEqual({ success: false, error: SOLD_MESSAGE, fields: { car_id: SOLD_MESSAGE } });
    expect((await app.inject({ method: 'GET', url: '/api/watchlist', headers })).json().watchlist).toEqual([]);
  });

  it('keeps a sold car already saved (saving it again is answered 200) and removes it', async () => {
    await database.db.run('INSERT INTO watchlist (tenant, phone, car_id, created_at) VALUES ($1, $2, $3, $4)', ['garage', phone, '3', Date.now()]);
    const again = await change('save', 'car-3');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().watchlist).toEqual(['3']);
    const removed = await change('remove', 'car-3');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().watchlist).toEqual([]);
  });

  it('saves a car in stock', async () => {
    const saved = await change('save', 'car-1');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().watchlist).toEqual(['1']);
  });
});
