/**
 * Later steps of a lead (POST /api/leads with lead_id; docs/lead-api.md "Multi-step forms"):
 * the reserve form's steps before the deposit are merged; a step keeps the first
 * step's car (it may repeat it, not name another or add one); a lead the payments module has
 * put its record on (paid) takes no later step, so the dealer is never told a deposit was
 * paid for a car it was not paid for; a step makes no lead a test drive and gives a test drive no
 * time (a drive is booked with its first post). Runs on SQLite and, when available, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { postWebhookEvent, startPaymentsApp, type PaymentsApp } from '../support/payments-app.ts';
import type { StripeStandIn } from '../support/stripe-stand-in.ts';
import { DATABASES, POSTGRES_SKIP_REASON, waitFor, type WebhookReceiver } from '../support/server-helpers.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const shopper = { name: 'Rita', email: 'rita@example.com', phone: '0412345678', postcode: '4000' };
const reserve = { category: 'Reserve', subcategory: 'Reserve Online' };
const OTHER_CAR = {
  success: false,
  error: 'Please fix the following errors:',
  fields: { car_id: 'This enquiry is about another car. Please start again from the car.' },
};
const TEST_DRIVE_LATER = 'A test drive is booked with the first step of an enquiry. Please start again from the car.';
const PAID = {
  success: false,
  error: 'This enquiry has a payment recorded and cannot be changed online. Please get in touch with one of our friendly team members.',
};

for (const kind of DATABASES) {
  describe.skipIf(kind === 'postgres' && POSTGRES_SKIP_REASON !== undefined)(`later steps of a lead on ${kind}`, () => {
    let started: PaymentsApp | undefined;
    let stripe: StripeStandIn;
    let hook: WebhookReceiver;
    let database: PaymentsApp['database'];
    let app: LeadApi;
    let attempts = 0;

    beforeAll(async () => {
      started = await startPaymentsApp(kind, 'lead-steps-', { cars: [5, 6] });
      ({ stripe, hook, database, app } = started);
    });
    afterAll(() => started?.stop());

    const lead = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/leads', headers: ALPHA, payload });
    const firstStep = async (carId: string) => {
      const response = await lead({ ...shopper, ...reserve, car_id: carId, form_completed: false });
      expect(response.statusCode).toBe(201);
      return response.json().lead_id as string;
    };
    const hold = (leadId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/reservations',
        headers: ALPHA,
        payload: { lead_id: leadId, attempt: `steps-${kind}-${++attempts}`, terms_conditions: true },
      });
    /** Hold the lead's car, submit a card, and have the provider's signed webhook say it is paid. */
    const pay = async (leadId: string) => {
      const started = await hold(leadId);
      expect(started.statusCode).toBe(201);
      const paymentId = started.json().payment_id as string;
      expect((await app.inject({ method: 'POST', url: `/api/payments/${paymentId}/intent`, headers: ALPHA, payload: {} })).statusCode).toBe(201);
      const ref = [...stripe.intents.values()].find((intent) => intent.metadata.payment_id === paymentId)!.id;
      const event = stripe.pay(ref);
      const webhook = await postWebhookEvent(app, event);
      expect(webhook.statusCode).toBe(200);
      return paymentId;
    };
    const stored = async (leadId: string) => (await app.stores.leads.get('alpha', leadId))!;

    it('merges the reserve form’s steps before the deposit; a step naming another car is refused 422, before the hold and after it', async () => {
      const leadId = await firstStep('5');
      // The journey's second step repeats the car, as the form sends it; a step without a car keeps it.
      const options = await lead({ lead_id: leadId, ...reserve, car_id: '5', finance: 'Yes', 'do-you-have-a-trade-in': 'No', form_completed: false });
      expect(options.statusCode).toBe(200);
      expect((await lead({ lead_id: leadId, message: 'Can I pick it up Saturday?', form_completed: false })).statusCode).toBe(200);
      expect(await stored(leadId)).toMatchObject({ car_id: '5', revision: 3, data: { finance: 'Yes', message: 'Can I pick it up Saturday?' } });

      const before = await lead({ lead_id: leadId, car_id: '6', form_completed: false });
      expect(before.statusCode).toBe(422);
      expect(before.json()).toEqual(OTHER_CAR);
      expect((await hold(leadId)).statusCode).toBe(201);
      const after = await lead({ lead_id: leadId, ...reserve, car_id: '6', terms_conditions: true });
      expect(after.statusCode).toBe(422);
      expect(after.json()).toEqual(OTHER_CAR);
      expect(await stored(leadId)).toMatchObject({ car_id: '5', revision: 3, form_completed: false });
    });

    it('a step may not add a car to a lead whose first step named none', async () => {
      const created = await lead({ ...shopper, category: 'Service Booking', form_completed: false });
      expect(created.statusCode).toBe(201);
      const leadId = created.json().lead_id as string;
      const added = await lead({ lead_id: leadId, car_id: '1', form_completed: false });
      expect(added.statusCode).toBe(422);
      expect(added.json()).toEqual(OTHER_CAR);
      expect(await stored(leadId)).toMatchObject({ car_id: null, revision: 1 });
    });

    it('a step may not make a lead a test drive, nor give a test drive a time: booked with its first post only (422, the lead unchanged)', async () => {
      const refusal = (field: string) => ({ success: false, error: 'Please fix the following errors:', fields: { [field]: TEST_DRIVE_LATER } });
      const enquiry = (await lead({ ...shopper, category: 'General Enquiry', car_id: '5', form_completed: false })).json().lead_id as string;
      const named = await lead({ lead_id: enquiry, category: 'Test Drive', dateTime: '2020-01-01T03:00' });
      expect([named.statusCode, named.json()]).toEqual([422, refusal('category')]);
      expect(await stored(enquiry)).toMatchObject({ category: 'General Enquiry', revision: 1 });
      const drive = (await lead({ ...shopper, category: 'Test Drive', car_id: '5', form_completed: false })).json().lead_id as string;
      const timed = await lead({ lead_id: drive, dateTime: '2020-01-01T03:00' });
      expect([timed.statusCode, timed.json()]).toEqual([422, refusal('dateTime')]);
      expect((await stored(drive)).data.dateTime).toBeUndefined();
    });

    it('a paid Reserve lead takes no later step (car, category, message): 409; the payment, the lead and the dealer all keep the car paid for', async () => {
      const leadId = await firstStep('6');
      const paymentId = await pay(leadId);
      await waitFor(() => hook.calls.some((call) => call.body.includes(leadId)));
      const paid = await stored(leadId);
      expect(paid).toMatchObject({ car_id: '6', data: { payment: { status: 'paid', payment_id: paymentId } } });

      for (const payload of [
        { car_id: '5', terms_conditions: true },
        { ...reserve, car_id: '6', message: 'I paid for car 5 as well.' },
        { category: 'General Enquiry' },
        { form_completed: true },
      ]) {
        const answer = await lead({ lead_id: leadId, ...payload });
        expect(answer.statusCode, JSON.stringify(payload)).toBe(409);
        expect(answer.json()).toEqual(PAID);
      }
      expect(await stored(leadId)).toMatchObject({ car_id: '6', category: 'Reserve', revision: paid.revision, data: { payment: { status: 'paid' } } });
      const payment = await database.db.query<{ car_id: string; status: string }>('SELECT car_id, status FROM payments WHERE id = $1', [paymentId]);
      expect(payment[0]).toMatchObject({ car_id: '6', status: 'paid' });
      // No job of a later revision than the payment's: the dealer is told once.
      const jobs = await database.db.query<{ revision: number }>('SELECT revision FROM deliveries WHERE lead_id = $1', [leadId]);
      expect(new Set(jobs.map((job) => Number(job.revision)))).toEqual(new Set([paid.revision]));
    });
  });
}
