/**
 * POST /api/unsubscribe with `features.unsubscribe_typed: "confirm"`: typed e-mail addresses get
 * their confirmation link under the message caps (one an address a day from a tenant, a few from
 * all tenants), however many clients ask; a capped ask answers as a sent one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLeadApi, stopLeadApi, type LeadApiSuite } from '../../../../tests/support/server-helpers.ts';
import { UNSUBSCRIBE_MESSAGES } from '../../../schemas/api/unsubscribe.ts';

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
});
