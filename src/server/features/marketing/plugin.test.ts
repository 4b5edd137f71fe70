/**
 * POST /api/unsubscribe with `features.unsubscribe_typed: "confirm"`: typed e-mail addresses get
 * their confirmation link under the message caps (one an address a day from a tenant, a few from
 * all tenants), however many clients ask; a capped ask answers as a sent one. A typed number
 * that is not a mobile (a landline, a 13 / 1300 / 1800 number) is refused as sign-in refuses it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLeadApi, stopLeadApi, type LeadApiSuite } from '../../../../tests/support/server-helpers.ts';
import { UNSUBSCRIBE_MESSAGES } from '../../../schemas/api/unsubscribe.ts';
import { FORM_MESSAGES } from '../../../schemas/forms/messages.ts';

let suite: LeadApiSuite;

beforeAll(async () => {
  suite = await startLeadApi(
    'sqlite',
    'unsubscribe-confirm-',
    (dir) => {
      for (const slug of ['alpha', 'beta']) {
        const file = join(dir, slug, 'site.json');
        const site = JSON.parse(readFileSync(file, 'utf8'));
        site.features = { ...(site.features ?? {}), unsubscribe_typed: 'confirm' };
        writeFileSync(file, JSON.stringify(site));
      }
    },
    { rateLimit: { max: 1000 } },
  );
}, 60_000);

afterAll(async () => {
  await stopLeadApi(suite);
});

describe('typed unsubscribe confirmations', () => {
  it('e-mail one address once a day from each tenant, however many clients ask, answering every ask alike', async () => {
    const answers = new Set<string>();
    for (const host of ['alpha.localhost', 'beta.localhost']) {
      for (let client = 1; client <= 3; client++) {
        for (let i = 0; i < 4; i++) {
          const response = await suite.app.inject({
            method: 'POST',
            url: '/api/unsubscribe',
            remoteAddress: `10.0.${client}.1`,
            headers: { host },
            payload: { email: 'Victim@example.com' },
          });
          expect(response.statusCode).toBe(200);
          answers.add(response.body);
        }
      }
    }
    // One answer a tenant (its name in it), the same for the asks that sent a link and those the caps stopped.
    expect([...answers].map((body) => JSON.parse(body).message)).toEqual([
      UNSUBSCRIBE_MESSAGES.confirmSent(suite.app.tenants.get('alpha')!.site.name),
      UNSUBSCRIBE_MESSAGES.confirmSent(suite.app.tenants.get('beta')!.site.name),
    ]);
    for (const slug of ['alpha', 'beta']) expect(await suite.app.stores.messages.list(slug, 'email', 'victim@example.com')).toHaveLength(1);
  }, 60_000);

  it('text a link only to a mobile: a landline or a 13 / 1300 / 1800 number is refused and sent nothing', async () => {
    for (const phone of ['02 9999 0001', '1300 999 001', '13 99 01', '1800 999 001']) {
      const response = await suite.app.inject({
        method: 'POST',
        url: '/api/unsubscribe',
        remoteAddress: '10.0.9.1',
        headers: { host: 'alpha.localhost' },
        payload: { phone },
      });
      expect([response.statusCode, response.json().fields]).toEqual([400, { phone: FORM_MESSAGES.mobile }]);
    }
    // Beside an e-mail address too: nothing is sent to either.
    const both = await suite.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      remoteAddress: '10.0.9.1',
      headers: { host: 'alpha.localhost' },
      payload: { email: 'landline-owner@example.com', phone: '07 3000 1234' },
    });
    expect(both.statusCode).toBe(400);
    expect(await suite.app.stores.messages.list('alpha', 'sms')).toEqual([]);
    expect(await suite.app.stores.messages.list('alpha', 'email', 'landline-owner@example.com')).toEqual([]);
    // A mobile is texted its link.
    const mobile = await suite.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      remoteAddress: '10.0.9.1',
      headers: { host: 'alpha.localhost' },
      payload: { phone: '0412 999 001' },
    });
    expect([mobile.statusCode, mobile.json().message]).toEqual([200, UNSUBSCRIBE_MESSAGES.confirmSent(suite.app.tenants.get('alpha')!.site.name)]);
    expect(await suite.app.stores.messages.list('alpha', 'sms', '0412999001')).toHaveLength(1);
  }, 60_000);
});
