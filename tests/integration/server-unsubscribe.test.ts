/**
 * Issue 14 item 6 (audit 2.81, Spam Act): unsubscribe. Every delivered lead carries a signed
 * unsubscribe link for its tenant; POST /api/unsubscribe records the opt-out from that link's
 * token or from a typed e-mail / phone; later leads of that contact still reach the dealer
 * but with opt_in false and a "do not market" line, in JSON and in the ADF e-mail.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { DATABASES, POSTGRES_SKIP_REASON, waitFor, startLeadApi, stopLeadApi, type WebhookReceiver, type LeadApiSuite } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const BETA = { host: 'beta.localhost:4321' };

for (const kind of DATABASES) {
  const skip = kind === 'postgres' ? POSTGRES_SKIP_REASON : undefined;
  describe.skipIf(skip !== undefined)(`2.81 unsubscribe on ${kind}`, () => {
    let hook: WebhookReceiver;
    let app: LeadApi;
    let suite: LeadApiSuite | undefined;

    beforeAll(async () => {
      // Gamma: a copy of alpha (without its lead destinations, typed opt-outs confirmed by e-mail) whose name holds line breaks other than CR/LF and a control character.
      suite = await startLeadApi(kind, 'unsubscribe-test-', (tenants) => {
        cpSync(join(tenants, 'alpha'), join(tenants, 'gamma'), { recursive: true });
        rmSync(join(tenants, 'gamma', 'lead-delivery.json'));
        const file = join(tenants, 'gamma', 'site.json');
        const site = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & { features?: object };
        const name = 'Gamma\u2028Bcc: x@example.com\u0085\u000BMotors';
        writeFileSync(file, JSON.stringify({ ...site, slug: 'gamma', name, url: 'https://gamma.example.com.au', features: { ...site.features, unsubscribe_typed: 'confirm' } }));
      });
      ({ app, hook } = suite);
    });
    afterAll(() => stopLeadApi(suite ?? {}));

    /** Send a lead (with the contact postcode, location and Comments the contact page asks for) and wait for its JSON delivery; resolves to the delivered document. */
    async function deliveredLead(payload: Record<string, unknown>) {
      const response = await app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload: { postcode: '4000', location: 'alpha-brisbane', message: 'Hello', ...payload } });
      expect(response.statusCode).toBe(201);
      const id = response.json().lead_id as string;
      await waitFor(() => hook.delivered.has(`${id}:crm:1`));
      const call = hook.calls.find((entry) => entry.key === `${id}:crm:1` && entry.body.startsWith('{'))!;
      return { id, doc: JSON.parse(call.body) as { customer: Record<string, unknown> } };
    }

    it('2.81 a delivered lead carries a signed, per-tenant unsubscribe link (JSON and the ADF e-mail)', async () => {
      const { id, doc } = await deliveredLead({ name: 'Sam', email: 'Sam@Example.com', phone: '0412 000 281', opt_in: true });
      const url = String(doc.customer.unsubscribe_url);
      expect(url).toMatch(new RegExp(`^https://www\\.alpha-motors\\.example/pages/unsubscribe\\?token=${id}\\.[A-Za-z0-9_-]{43}$`));
      expect(doc.customer.opt_in).toBe(true);
      expect(doc.customer.marketing_opt_out).toBe(false);
      await waitFor(async () => (await app.stores.messages.list('alpha', 'email')).some((message) => message.body.includes(id)));
      const mail = (await app.stores.messages.list('alpha', 'email')).find((message) => message.body.includes(id))!;
      expect(mail.body).toContain(`Unsubscribe link for marketing e-mails to this customer: ${url.replace(/&/g, '&amp;')}`);
      // The token names the lead and is signed for alpha only: beta refuses it, a changed signature is refused.
      const token = new URL(url).searchParams.get('token')!;
      const onBeta = await app.inject({ method: 'POST', url: '/api/unsubscribe', headers: BETA, payload: { token } });
      expect(onBeta.statusCode).toBe(400);
      expect(onBeta.json().fields.token).toMatch(/not valid/);
      // Change the signature's first character to another one (a fixed ending could be the real one).
      const dot = token.indexOf('.');
      const changed = `${token.slice(0, dot + 1)}${token[dot + 1] === 'A' ? 'B' : 'A'}${token.slice(dot + 2)}`;
      expect(changed).not.toBe(token);
      const forged = await app.inject({ method: 'POST', url: '/api/unsubscribe', headers: ALPHA, payload: { token: changed } });
      expect(forged.statusCode).toBe(400);
    });

    it("2.81 the link's token opts the lead's e-mail and phone out; later leads reach the dealer marked not for marketing", async () => {
      const first = await deliveredLead({ name: 'Kim', email: 'kim@example.com', phone: '0412000282', opt_in: true });
      const token = new URL(String(first.doc.customer.unsubscribe_url)).searchParams.get('token')!;
      const response = await app.inject({ method: 'POST', url: '/api/unsubscribe', headers: ALPHA, payload: { token } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'You have been unsubscribed. Alpha Motors will not send you marketing emails or SMS any more. We will still answer any enquiry you send us.',
      });
      // Same contact by phone (another e-mail address), shopper ticked the opt-in again: still delivered, but opted out.
      const later = await deliveredLead({ name: 'Kim', email: 'kim.again@example.com', phone: '+61 412 000 282', opt_in: true, message: 'Is it still available?' });
      expect(later.doc.customer.opt_in).toBe(false);
      expect(later.doc.customer.marketing_opt_out).toBe(true);
      await waitFor(async () => (await app.stores.messages.list('alpha', 'email')).some((message) => message.body.includes(later.id)));
      const mail = (await app.stores.messages.list('alpha', 'email')).find((message) => message.body.includes(later.id))!;
      expect(mail.body).toMatch(/Marketing: this customer unsubscribed on \d{1,2} [A-Z][a-z]{2,3} \d{4}\. Do not send them marketing; answer this enquiry only\./);
      // Another contact is not affected, nor the same contact on another tenant.
      const other = await deliveredLead({ name: 'Lee', email: 'lee@example.com', phone: '0412 000 283', opt_in: true });
      expect(other.doc.customer.opt_in).toBe(true);
      expect(await app.stores.optOuts.optedOutAt('beta', [{ kind: 'phone', contact: '0412000282' }])).toBeUndefined();
    });

    it('2.81 a typed e-mail or phone opts out (same answer whether known or not); nothing typed is a field error', async () => {
      const typed = await app.inject({ method: 'POST', url: '/api/unsubscribe', headers: ALPHA, payload: { email: ' Pat@Example.com ' } });
      expect(typed.statusCode).toBe(200);
      expect(typed.json().success).toBe(true);
      const later = await deliveredLead({ name: 'Pat', email: 'pat@example.com', phone: '0412 000 284', opt_in: true });
      expect(later.doc.customer.opt_in).toBe(false);
      const empty = await app.inject({ method: 'POST', url: '/api/unsubscribe', headers: ALPHA, payload: {} });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields).toEqual({ email: 'Please enter the email address or mobile number you want to unsubscribe.' });
      const badPhone = await app.inject({ method: 'POST', url: '/api/unsubscribe', headers: ALPHA, payload: { phone: '12' } });
      expect(badPhone.statusCode).toBe(400);
      expect(Object.keys(badPhone.json().fields)).toEqual(['phone']);
    });

    it("the confirmation e-mail's subject writes the site name as one line (oneLine): no line break of any kind in the header", async () => {
      const typed = await app.inject({ method: 'POST', url: '/api/unsubscribe', headers: { host: 'gamma.localhost:4321' }, payload: { email: 'sam@example.com' } });
      expect(typed.statusCode).toBe(200);
      const [mail] = await app.stores.messages.list('gamma', 'email', 'sam@example.com');
      expect(mail?.subject).toBe('Unsubscribe from Gamma Bcc: x@example.com Motors');
    });
  });
}
