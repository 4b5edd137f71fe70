/** Gated routes on the server (gated-actions.ts): a gated family's API calls need a signed-in shopper where the site gates the family, and only there. */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../app.ts';
import { standInPayments } from '../../../tests/support/payments-app.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../tests/support/stripe-stand-in.ts';
import { car, DATABASES, POSTGRES_SKIP_REASON, tempDir, testApp, testDatabase } from '../../../tests/support/server-helpers.ts';
import { writeTenantFolder } from '../../../tests/support/tenant-folder.ts';
import { ATTEMPT_TAKEN_MESSAGE } from '../features/payments/payments.ts';
import { LEAD_KEY_TAKEN_MESSAGE } from '../features/leads/plugin.ts';
import { SIGN_IN_TO_CONTINUE } from './gated-actions.ts';

const contact = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000' };
const reserveLead = { ...contact, category: 'Reserve', subcategory: 'Reserve Online', car_id: '1', form_completed: false };
const financeLead = { ...contact, message: 'Finance please', category: 'Finance Enquiry', subcategory: 'Finance', car_id: '1' };
const signInAnswer = { success: false, error: SIGN_IN_TO_CONTINUE, sign_in: true };

/** The databases this machine runs: PostgreSQL where its server binaries are installed. */
const databases = DATABASES.filter((kind) => kind !== 'postgres' || POSTGRES_SKIP_REASON === undefined);

describe.each(databases)('gated families on the server (%s)', (kind) => {
  let stripe: StripeStandIn;
  let folder: ReturnType<typeof tempDir>;
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let app: LeadApi;
  const host = (slug: string) => ({ host: `${slug}.localhost:4321` });

  /** Write tenant `slug`'s folder, gating `gated` (the app reads it at start, and again on app.reloadTenants()). */
  const tenant = (slug: string, gated: string[]) =>
    writeTenantFolder(join(folder.dir, 'tenants', slug), {
      site: {
        slug,
        name: `${slug} Motors`,
        url: `https://${slug}.example`,
        email: `sales@${slug}.example`,
        payments: { provider: 'stripe', publishable_key: stripe.publishableKey },
        features: { reserve: true, garage: true },
        gated_routes: gated,
      },
      stock: [car(1, 'car-1'), car(2, 'car-2'), car(3, 'car-3'), car(4, 'car-4'), car(5, 'car-5'), car(6, 'car-6'), car(7, 'car-7'), car(8, 'car-8')],
    });

  beforeAll(async () => {
    folder = tempDir('gated-actions-');
    stripe = await startStripeStandIn();
    tenant('gated', ['/checkout', '/finance', '/sell-my-car', '/trade-in', '/online-payment']);
    tenant('open', []);
    tenant('half', ['/trade-in']);
    tenant('ungating', ['/finance', '/online-payment']);
    database = await testDatabase(kind, folder.dir);
    app = await testApp(database.db, join(folder.dir, 'tenants'), {
      payments: standInPayments(stripe, { intentsPerClientHour: 100, holdsPerClient: 100 }),
      devMessages: true,
      rateLimit: { signInMax: 100 },
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.stop();
    await stripe?.close();
    folder?.remove();
  });

  /** A session cookie of `slug` for `phone`. */
  async function signIn(slug: string, phone = '0412345678'): Promise<string> {
    expect((await app.inject({ method: 'POST', url: '/api/auth/request-code', headers: host(slug), payload: { phone } })).statusCode).toBe(200);
    const sms = (await app.stores.messages.list(slug, 'sms', phone)).at(-1)!;
    const code = /(\d{6})/.exec(sms.body)![1]!;
    const verified = await app.inject({ method: 'POST', url: '/api/auth/verify', headers: host(slug), payload: { phone, code } });
    return `dealer_session=${/dealer_session=([^;]+)/.exec(String(verified.headers['set-cookie']))![1]!}`;
  }

  /** Reserve car 1 with `headers` (attempt key `attempt`): its lead and its hold are made (201 each); the hold's payment id. */
  async function reserveCar(headers: Record<string, string>, attempt: string): Promise<string> {
    return (await reserveLeadAndCar(headers, attempt)).paymentId;
  }

  /** As reserveCar, with the reservation lead's id too. */
  async function reserveLeadAndCar(headers: Record<string, string>, attempt: string): Promise<{ leadId: string; paymentId: string }> {
    const lead = await app.inject({ method: 'POST', url: '/api/leads', headers, payload: reserveLead });
    expect(lead.statusCode, lead.body).toBe(201);
    const hold = await app.inject({
      method: 'POST',
      url: '/api/payments/reservations',
      headers,
      payload: { lead_id: lead.json().lead_id, attempt, terms_conditions: true },
    });
    expect(hold.statusCode, hold.body).toBe(201);
    return { leadId: lead.json().lead_id as string, paymentId: hold.json().payment_id as string };
  }

  it('answers a signed-out shopper 401 for each gated family', async () => {
    const headers = host('gated');
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers, payload });
    for (const answer of [
      await post('/api/leads', reserveLead),
      await post('/api/payments/reservations', { lead_id: '00000000-0000-4000-8000-000000000000', attempt: 'attempt-gated-1', terms_conditions: true }),
      await post('/api/leads', financeLead),
      await post('/api/eval-expert/enter-vin', { rego: 'ABC123', state: 'qld' }),
      await post('/api/eval-expert/manual-entry', { year: '2020', make: 'Mazda', model: 'CX-5' }),
      await post('/api/eval-expert/update-eval', { evalid: 'x', kms: 1000 }),
      await post('/api/trade-in/adjustments', { evalid: 'x' }),
      await post('/api/leads', { ...contact, category: 'Trade-in Enquiry', evalid: 'x' }),
      await post('/api/payments/online-payment', { ...contact, reference: 'INV-1', amount: 10_000, attempt: 'attempt-gated-2', terms_conditions: true }),
    ]) {
      expect(answer.statusCode, answer.body).toBe(401);
      expect(answer.json()).toEqual(signInAnswer);
    }
  });

  it("lets a signed-in shopper of the tenant reserve and pay; the payment's card intent needs the session too", async () => {
    const cookie = await signIn('gated');
    const headers = { ...host('gated'), cookie };
    const paymentId = await reserveCar(headers, 'attempt-gated-3');
    const anonymous = await app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: host('gated') });
    expect(anonymous.statusCode, anonymous.body).toBe(401);
    expect(anonymous.json()).toEqual(signInAnswer);
    const intent = await app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers });
    expect(intent.statusCode, intent.body).toBe(201);
    const finance = await app.inject({ method: 'POST', url: '/api/leads', headers, payload: financeLead });
    expect(finance.statusCode, finance.body).toBe(201);
  });

  it("holds the family's other calls: a reservation's status and the extra data posted about a gated lead or evaluation", async () => {
    const cookie = await signIn('gated', '0412345679');
    const headers = { ...host('gated'), cookie };
    const lead = await app.inject({ method: 'POST', url: '/api/leads', headers, payload: { ...reserveLead, car_id: '2' } });
    expect(lead.statusCode, lead.body).toBe(201);
    const leadId = lead.json().lead_id as string;
    const hold = await app.inject({
      method: 'POST',
      url: '/api/payments/reservations',
      headers,
      payload: { lead_id: leadId, attempt: 'attempt-gated-4', terms_conditions: true },
    });
    expect(hold.statusCode, hold.body).toBe(201);
    const paymentId = hold.json().payment_id as string;
    const lookup = await app.inject({ method: 'POST', url: '/api/eval-expert/enter-vin', headers, payload: { rego: 'ABC123', state: 'qld' } });
    expect(lookup.statusCode, lookup.body).toBe(200);
    const evalid = (lookup.json()[0].EvalID ?? lookup.json()[0].evalid) as string;
    const calls = [
      { method: 'GET', url: `/api/payments/${paymentId}` },
      { method: 'POST', url: '/api/miscellaneous', payload: { column_name: 'notes', lead_id: leadId, note: 'a stranger' } },
      { method: 'POST', url: '/api/miscellaneous', payload: { column_name: 'valuation', evalid, note: 'a stranger' } },
    ] as const;
    for (const call of calls) {
      const stranger = await app.inject({ ...call, headers: host('gated') });
      expect(stranger.statusCode, `${call.url} ${stranger.body}`).toBe(401);
      expect(stranger.json()).toEqual(signInAnswer);
      const shopper = await app.inject({ ...call, headers });
      expect(shopper.statusCode, `${call.url} ${shopper.body}`).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers })).json()).toMatchObject({
      payment_id: paymentId,
      kind: 'reservation',
    });
    // The photo links stay open for the dealer's CRM: only their signature lets a photo out (403 without it, not the sign-in answer).
    const photo = await app.inject({
      method: 'GET',
      url: `/api/eval-expert/photos/${paymentId}?expires=${Date.now() + 60_000}&sig=${'0'.repeat(64)}`,
      headers: host('gated'),
    });
    expect(photo.statusCode, photo.body).toBe(403);
    // Data about no lead or evaluation, or about a lead of no gated family, stays open.
    const enquiry = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: host('gated'),
      payload: { ...contact, message: 'Hi', category: 'General Enquiry' },
    });
    expect(enquiry.statusCode, enquiry.body).toBe(201);
    for (const payload of [
      { column_name: 'notes', note: 'x' },
      { column_name: 'notes', lead_id: enquiry.json().lead_id, note: 'x' },
    ]) {
      const answer = await app.inject({ method: 'POST', url: '/api/miscellaneous', headers: host('gated'), payload });
      expect(answer.statusCode, answer.body).toBe(200);
    }
  });

  it("does not take another tenant's session", async () => {
    const cookie = await signIn('open');
    const answer = await app.inject({ method: 'POST', url: '/api/leads', headers: { ...host('gated'), cookie }, payload: reserveLead });
    expect(answer.statusCode).toBe(401);
  });

  it("leaves the contact page's enquiries open (a 'Finance Enquiry' without a finance page's subcategory)", async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: host('gated'),
      payload: { ...contact, message: 'Hi', category: 'Finance Enquiry' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
  });

  it('gates nothing on a site that gates nothing', async () => {
    const headers = host('open');
    const { leadId, paymentId } = await reserveLeadAndCar(headers, 'attempt-open-1');
    const intent = await app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers });
    expect(intent.statusCode, intent.body).toBe(201);
    const status = await app.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers });
    expect(status.statusCode, status.body).toBe(200);
    const extra = await app.inject({
      method: 'POST',
      url: '/api/miscellaneous',
      headers,
      payload: { column_name: 'notes', lead_id: leadId, note: 'x' },
    });
    expect(extra.statusCode, extra.body).toBe(200);
    const finance = await app.inject({ method: 'POST', url: '/api/leads', headers, payload: financeLead });
    expect(finance.statusCode, finance.body).toBe(201);
    expect((await app.inject({ method: 'POST', url: '/api/eval-expert/enter-vin', headers, payload: { rego: 'ABC123', state: 'qld' } })).statusCode).not.toBe(
      401,
    );
  });

  it('leaves the instant offer open where /sell-my-car makes it without a gate (a site gating /trade-in only)', async () => {
    const answer = await app.inject({ method: 'POST', url: '/api/eval-expert/enter-vin', headers: host('half'), payload: { rego: 'ABC123', state: 'qld' } });
    expect(answer.statusCode, answer.body).not.toBe(401);
  });

  it('holds a later step of a gated lead to the gate whatever category it sends, and leaves the stored lead as it was', async () => {
    const cookie = await signIn('gated', '0412345680');
    const lead = await app.inject({ method: 'POST', url: '/api/leads', headers: { ...host('gated'), cookie }, payload: reserveLead });
    expect(lead.statusCode, lead.body).toBe(201);
    const id = lead.json().lead_id as string;
    const headers = host('gated');
    // No category: the lead's own (Reserve), not the schema's default.
    const same = await app.inject({ method: 'POST', url: '/api/leads', headers, payload: { lead_id: id, message: 'x', form_completed: false } });
    // Another category: the stored lead's action still holds it.
    const renamed = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers,
      payload: { lead_id: id, category: 'General Enquiry', message: 'changed', form_completed: false },
    });
    for (const answer of [same, renamed]) {
      expect(answer.statusCode, answer.body).toBe(401);
      expect(answer.json()).toEqual(signInAnswer);
    }
    const stored = await app.stores.leads.get('gated', id);
    expect(stored?.category).toBe('Reserve');
    expect(stored?.data.message).toBeUndefined();
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { ...headers, cookie },
      payload: { lead_id: id, message: 'x', form_completed: false },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it("gates the finance form's lead whatever the case and spacing of its subcategory", async () => {
    for (const subcategory of ['apply for finance', 'FINANCE PRE-APPROVAL', 'Finance  Pre-Approval']) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/leads',
        headers: host('gated'),
        payload: { ...financeLead, subcategory, custom_params: { employment_status: 'Full time' } },
      });
      expect(answer.statusCode, `${subcategory}: ${answer.body}`).toBe(401);
    }
  });

  /** POST `payload` to `url` with `headers`. */
  const post = (url: string, headers: Record<string, string>, payload: object) => app.inject({ method: 'POST', url, headers, payload });
  /** A later step of `leadId` (a note; the lead not completed). */
  const laterStep = (headers: Record<string, string>, leadId: string, message = 'x') =>
    post('/api/leads', headers, { lead_id: leadId, message, form_completed: false });
  /** A reservation of `leadId`'s car (attempt key `attempt`). */
  const holdFor = (headers: Record<string, string>, leadId: string, attempt: string) =>
    post('/api/payments/reservations', headers, { lead_id: leadId, attempt, terms_conditions: true });
  /** The online payment of invoice `reference` ($100, issued on the gated site) with `values` as its contact fields (attempt key `attempt`). */
  const payInvoice = (headers: Record<string, string>, reference: string, attempt: string, values: object = contact) =>
    post('/api/payments/online-payment', headers, { ...values, reference, amount: '100.00', attempt, terms_conditions: true });

  it('answers a lead another shopper started exactly as an unknown lead: no later step, no hold, no extra data', async () => {
    const owner = { ...host('gated'), cookie: await signIn('gated', '0412345690') };
    const other = { ...host('gated'), cookie: await signIn('gated', '0412345691') };
    const started = await post('/api/leads', owner, { ...reserveLead, car_id: '3' });
    expect(started.statusCode, started.body).toBe(201);
    const leadId = started.json().lead_id as string;
    const unknownId = randomUUID();
    const calls = [
      (id: string) => laterStep(other, id, 'not mine'),
      (id: string) => post('/api/leads', other, { ...reserveLead, car_id: '3', lead_id: id, form_completed: true, terms_conditions: true }),
      (id: string) => holdFor(other, id, `attempt-other-${id}`),
      (id: string) => post('/api/miscellaneous', other, { column_name: 'notes', lead_id: id, note: 'not mine' }),
    ];
    for (const [index, call] of calls.entries()) {
      const unknown = await call(unknownId);
      const foreign = await call(leadId);
      expect(unknown.statusCode, `call ${index}: ${unknown.body}`).toBe(404);
      expect({ status: foreign.statusCode, body: foreign.json() }, `call ${index}`).toEqual({ status: unknown.statusCode, body: unknown.json() });
    }
    const stored = await app.stores.leads.get('gated', leadId);
    expect(stored?.data.message).toBeUndefined();
    expect(stored?.revision).toBe(1);
    // The car was not held for the other shopper: its own shopper goes on and holds it.
    expect((await laterStep(owner, leadId, 'mine')).statusCode).toBe(200);
    const hold = await holdFor(owner, leadId, 'attempt-owner-3');
    expect(hold.statusCode, hold.body).toBe(201);
    // Signed out, the shopper's own lead still asks for sign-in (the form keeps its place and comes back to it): the gate
    // comes first, so signed out its id (401) is told from an unknown one (404; docs/lead-api.md "Gated families").
    expect((await laterStep(host('gated'), leadId)).statusCode).toBe(401);
    expect((await laterStep(host('gated'), unknownId)).statusCode).toBe(404);
  });

  it("answers a payment of another shopper's lead exactly as an unknown payment: no status, no card", async () => {
    const owner = { ...host('gated'), cookie: await signIn('gated', '0412345695') };
    const other = { ...host('gated'), cookie: await signIn('gated', '0412345696') };
    const started = await post('/api/leads', owner, { ...reserveLead, car_id: '5' });
    expect(started.statusCode, started.body).toBe(201);
    const hold = await holdFor(owner, started.json().lead_id as string, 'attempt-owner-5');
    expect(hold.statusCode, hold.body).toBe(201);
    const paymentId = hold.json().payment_id as string;
    const unknownId = randomUUID();
    for (const call of [
      (id: string) => app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: other }),
      (id: string) => app.inject({ method: 'POST', url: `/api/payments/${id}/intent`, headers: other }),
    ]) {
      const unknown = await call(unknownId);
      const foreign = await call(paymentId);
      expect(unknown.statusCode, unknown.body).toBe(404);
      expect({ status: foreign.statusCode, body: foreign.json() }).toEqual({ status: unknown.statusCode, body: unknown.json() });
    }
    // No card intent was made for the other shopper: the payer's own card is the first.
    expect((await app.payments.get('gated', paymentId))?.provider_ref).toBeNull();
    const status = await app.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers: owner });
    expect(status.statusCode, status.body).toBe(200);
    const intent = await app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: owner });
    expect(intent.statusCode, intent.body).toBe(201);
  });

  it("records the shopper of an invoice payment's lead where the site gates online payment: another shopper's data about it is refused", async () => {
    const owner = { ...host('gated'), cookie: await signIn('gated', '0412345697') };
    const other = { ...host('gated'), cookie: await signIn('gated', '0412345698') };
    await app.payments.issueInvoice('gated', { reference: 'INV-SHOPPER-1', amountCents: 10_000, expiresAt: Date.now() + 86_400_000 });
    const started = await payInvoice(owner, 'INV-SHOPPER-1', 'attempt-invoice-owner-1');
    expect(started.statusCode, started.body).toBe(201);
    const leadId = started.json().lead_id as string;
    const extra = (headers: Record<string, string>, id: string) => post('/api/miscellaneous', headers, { column_name: 'notes', lead_id: id, note: 'about it' });
    const unknown = await extra(other, randomUUID());
    const foreign = await extra(other, leadId);
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect({ status: foreign.statusCode, body: foreign.json() }).toEqual({ status: unknown.statusCode, body: unknown.json() });
    expect((await app.inject({ method: 'GET', url: `/api/payments/${started.json().payment_id as string}`, headers: other })).statusCode).toBe(404);
    expect((await extra(owner, leadId)).statusCode).toBe(200);
  });

  it("completes a shopper's lead when its deposit or invoice is paid: the payment's verdict is the server's write, no shopper's", async () => {
    const owner = { ...host('gated'), cookie: await signIn('gated', '0412345699') };
    const started = await post('/api/leads', owner, { ...reserveLead, car_id: '6' });
    expect(started.statusCode, started.body).toBe(201);
    const deposit = await holdFor(owner, started.json().lead_id as string, 'attempt-owner-6');
    expect(deposit.statusCode, deposit.body).toBe(201);
    await app.payments.issueInvoice('gated', { reference: 'INV-SHOPPER-2', amountCents: 10_000, expiresAt: Date.now() + 86_400_000 });
    const invoice = await payInvoice(owner, 'INV-SHOPPER-2', 'attempt-invoice-owner-2');
    expect(invoice.statusCode, invoice.body).toBe(201);
    for (const [paymentId, leadId] of [
      [deposit.json().payment_id as string, started.json().lead_id as string],
      [invoice.json().payment_id as string, invoice.json().lead_id as string],
    ]) {
      expect((await app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: owner })).statusCode).toBe(201);
      const event = stripe.pay([...stripe.intents.values()].find((intent) => intent.metadata.payment_id === paymentId)!.id);
      const paid = await app.inject({
        method: 'POST',
        url: '/api/payments/webhook/gated',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
        payload: event.payload,
      });
      expect(paid.json()).toMatchObject({ outcome: 'paid' });
      const lead = await app.stores.leads.get('gated', leadId);
      expect(lead?.form_completed).toBe(true);
      expect(lead?.data.payment).toMatchObject({ status: 'paid', payment_id: paymentId });
    }
  });

  it("refuses another shopper's replay of a lead's Idempotency-Key or payment attempt; the same shopper's replay is the same lead", async () => {
    const owner = { ...host('gated'), cookie: await signIn('gated', '0412345700') };
    const other = { ...host('gated'), cookie: await signIn('gated', '0412345701') };
    const bob = { ...contact, name: 'Bob', email: 'bob@example.com', phone: '0412345701' };
    const key = { 'idempotency-key': 'gated-replay-key-1' };
    const first = await post('/api/leads', { ...owner, ...key }, { ...reserveLead, car_id: '7' });
    expect(first.statusCode, first.body).toBe(201);
    const leadId = first.json().lead_id as string;
    const again = await post('/api/leads', { ...owner, ...key }, { ...reserveLead, car_id: '7' });
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 200, body: { success: true, lead_id: leadId } });
    const replay = await post('/api/leads', { ...other, ...key }, { ...reserveLead, ...bob, car_id: '7' });
    expect({ status: replay.statusCode, body: replay.json() }).toEqual({
      status: 409,
      body: { success: false, error: LEAD_KEY_TAKEN_MESSAGE, key_taken: true },
    });
    // Signed out, a replay not gated by its own values (a contact enquiry) is refused too.
    const anonymous = await post('/api/leads', { ...host('gated'), ...key }, { ...contact, message: 'Hi', category: 'General Enquiry' });
    expect({ status: anonymous.statusCode, body: anonymous.json() }).toEqual({
      status: 409,
      body: { success: false, error: LEAD_KEY_TAKEN_MESSAGE, key_taken: true },
    });
    expect((await app.stores.leads.get('gated', leadId))?.name).toBe('Rita');

    await app.payments.issueInvoice('gated', { reference: 'INV-SHOPPER-3', amountCents: 10_000, expiresAt: Date.now() + 86_400_000 });
    const paying = await payInvoice(owner, 'INV-SHOPPER-3', 'attempt-invoice-owner-3');
    expect(paying.statusCode, paying.body).toBe(201);
    const taken = await payInvoice(other, 'INV-SHOPPER-3', 'attempt-invoice-owner-3', bob);
    expect({ status: taken.statusCode, body: taken.json() }).toEqual({ status: 409, body: { success: false, error: ATTEMPT_TAKEN_MESSAGE } });
    const retried = await payInvoice(owner, 'INV-SHOPPER-3', 'attempt-invoice-owner-3');
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json()).toMatchObject({ lead_id: paying.json().lead_id, payment_id: paying.json().payment_id });
  });

  it("replays a lead's Idempotency-Key and a payment attempt to their own shopper after the site stopped gating the family; to no one else", async () => {
    const owner = { ...host('ungating'), cookie: await signIn('ungating', '0412345710') };
    const other = { ...host('ungating'), cookie: await signIn('ungating', '0412345711') };
    const key = { 'idempotency-key': 'ungating-replay-key-1' };
    const first = await post('/api/leads', { ...owner, ...key }, financeLead);
    expect(first.statusCode, first.body).toBe(201);
    await app.payments.issueInvoice('ungating', { reference: 'INV-UNGATING-1', amountCents: 10_000, expiresAt: Date.now() + 86_400_000 });
    const paying = await payInvoice(owner, 'INV-UNGATING-1', 'attempt-ungating-1');
    expect(paying.statusCode, paying.body).toBe(201);
    tenant('ungating', []);
    expect(app.reloadTenants().failed).toEqual([]);
    const again = await post('/api/leads', { ...owner, ...key }, financeLead);
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 200, body: { success: true, lead_id: first.json().lead_id } });
    for (const caller of [other, host('ungating')]) {
      const replay = await post('/api/leads', { ...caller, ...key }, financeLead);
      expect({ status: replay.statusCode, body: replay.json() }).toEqual({
        status: 409,
        body: { success: false, error: LEAD_KEY_TAKEN_MESSAGE, key_taken: true },
      });
    }
    const retried = await payInvoice(owner, 'INV-UNGATING-1', 'attempt-ungating-1');
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json()).toMatchObject({ lead_id: paying.json().lead_id, payment_id: paying.json().payment_id });
    const taken = await payInvoice(other, 'INV-UNGATING-1', 'attempt-ungating-1');
    expect({ status: taken.statusCode, body: taken.json() }).toEqual({ status: 409, body: { success: false, error: ATTEMPT_TAKEN_MESSAGE } });
  });

  it('records the shopper whose later step first passes a gate on a lead with none: one made a finance lead by a later step, one stored before the column', async () => {
    const owner = { ...host('gated'), cookie: await signIn('gated', '0412345692') };
    const other = { ...host('gated'), cookie: await signIn('gated', '0412345702') };
    const enquiry = await post('/api/leads', host('gated'), { ...contact, message: 'Hi', category: 'General Enquiry', form_completed: false });
    expect(enquiry.statusCode, enquiry.body).toBe(201);
    const enquiryId = enquiry.json().lead_id as string;
    const toFinance = { lead_id: enquiryId, category: 'Finance Enquiry', subcategory: 'Finance', form_completed: false };
    expect((await post('/api/leads', host('gated'), toFinance)).statusCode).toBe(401);
    const financed = await post('/api/leads', owner, toFinance);
    expect(financed.statusCode, financed.body).toBe(200);
    const before = await app.stores.leads.save({ tenant: 'gated', values: { ...reserveLead, car_id: '4' }, destinations: [], now: Date.now() });
    expect(before.status).toBe('created');
    const beforeId = (before as { id: string }).id;
    expect((await laterStep(owner, beforeId)).statusCode).toBe(200);
    const unknown = await laterStep(other, randomUUID());
    expect(unknown.statusCode, unknown.body).toBe(404);
    for (const leadId of [enquiryId, beforeId]) {
      const foreign = await laterStep(other, leadId, 'not mine');
      expect({ status: foreign.statusCode, body: foreign.json() }).toEqual({ status: unknown.statusCode, body: unknown.json() });
      expect((await laterStep(owner, leadId, 'mine')).statusCode).toBe(200);
      expect((await app.stores.leads.get('gated', leadId))?.data.message).toBe('mine');
    }
    expect((await holdFor(other, beforeId, 'attempt-before-other-4')).statusCode).toBe(404);
    const hold = await holdFor(owner, beforeId, 'attempt-before-4');
    expect(hold.statusCode, hold.body).toBe(201);
  });

  it('records no shopper where the site gates nothing: any shopper continues the lead', async () => {
    const openOwner = { ...host('open'), cookie: await signIn('open', '0412345693') };
    const openOther = { ...host('open'), cookie: await signIn('open', '0412345694') };
    const started = await post('/api/leads', openOwner, { ...reserveLead, car_id: '3' });
    expect(started.statusCode, started.body).toBe(201);
    expect((await laterStep(openOwner, started.json().lead_id as string)).statusCode).toBe(200);
    expect((await laterStep(openOther, started.json().lead_id as string)).statusCode).toBe(200);
  });
});
