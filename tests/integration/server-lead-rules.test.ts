/**
 * Lead API: the form rules the server decides, whatever the browser sent. On a site with
 * `features.terms_required` the post that carries a form's terms box (the one that completes
 * the form; the instant offer has no terms box) is refused without the box ticked. Every form
 * asks for the contact postcode before its first post (spec §5), so a new lead is refused
 * without a 4-digit one; a later step of that lead need not repeat it.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadApi } from '../../src/server/app.ts';
import { EVALUATION_NOT_FOUND, NO_OFFER_TO_ACCEPT } from '../../src/schemas/api/trade-in.ts';
import { FORM_MESSAGES, LEAD_MESSAGES } from '../../src/schemas/forms/messages.ts';
import { startLeadApi, stopLeadApi, tradeInLead, type LeadApiSuite } from '../support/server-helpers.ts';
import { writeTenantFolder } from '../support/tenant-folder.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const TERMS = { host: 'terms.localhost:4321' };
const contact = { name: 'Jo', email: 'jo@example.com', phone: '0412 345 678', postcode: '4000', message: 'Hello' };
/** The vehicle a service booking's second step sends. */
const vehicle = { 'Vehicle Make': 'Mazda', Model: '3', Year: '2018' };

describe('lead API: the form rules the server decides', () => {
  let app: LeadApi;
  let suite: LeadApiSuite | undefined;

  beforeAll(async () => {
    suite = await startLeadApi('sqlite', 'lead-rules-', (tenants) =>
      writeTenantFolder(join(tenants, 'terms'), {
        site: { slug: 'terms', name: 'Terms Motors', url: 'https://terms-motors.example', features: { terms_required: true } },
        stock: [],
      }),
    );
    app = suite.app;
  });
  afterAll(() => stopLeadApi(suite ?? {}));

  const post = (headers: Record<string, string>, payload: object) => app.inject({ method: 'POST', url: '/api/leads', headers, payload });
  /** An evaluation of the site, as the instant offer's first step (enter-vin) makes it (a plate ending in 0-4: one vehicle). */
  const evaluation = async (headers: Record<string, string>) => {
    const found = await app.inject({ method: 'POST', url: '/api/eval-expert/enter-vin', headers, payload: { rego: 'RUL120', state: 'qld' } });
    expect(found.statusCode, found.body).toBe(200);
    const [item] = found.json() as { EvalID?: string }[];
    return String(item!.EvalID);
  };

  describe('features.terms_required', () => {
    it('refuses a one-step form sent without the terms box ticked, naming the field, and stores nothing', async () => {
      const before = await app.stores.leads.count('terms');
      for (const terms of [{}, { terms_conditions: false }, { terms_conditions: 'off' }]) {
        const refused = await post(TERMS, { ...contact, category: 'General Enquiry', message: 'Hello', form_completed: true, ...terms });
        expect(refused.statusCode).toBe(422);
        expect(refused.json()).toEqual({ success: false, error: LEAD_MESSAGES.fixErrors, fields: { terms_conditions: FORM_MESSAGES.terms } });
      }
      expect(await app.stores.leads.count('terms')).toBe(before);
      const accepted = await post(TERMS, { ...contact, category: 'General Enquiry', message: 'Hello', form_completed: true, terms_conditions: true });
      expect(accepted.statusCode).toBe(201);
      expect((await app.stores.leads.get('terms', accepted.json().lead_id))!.data).toMatchObject({ terms_conditions: true });
    });

    it('a lead without the flag completes its form too, so it needs the box', async () => {
      const refused = await post(TERMS, { ...contact, category: 'Request Photos' });
      expect([refused.statusCode, refused.json().fields]).toEqual([422, { terms_conditions: FORM_MESSAGES.terms }]);
    });

    it('a multi-step form: the step posts pass without the box; the post that completes the form needs it', async () => {
      const step = await post(TERMS, { ...contact, category: 'Service Booking', form_completed: false });
      expect(step.statusCode).toBe(201);
      const id = step.json().lead_id as string;
      const nextStep = await post(TERMS, { lead_id: id, 'Vehicle Make': 'Mazda', Model: '3', Year: '2018', form_completed: false, terms_conditions: false });
      expect(nextStep.statusCode).toBe(200);
      const final = await post(TERMS, { lead_id: id, 'Service Interval': '12 months', form_completed: true, terms_conditions: false });
      expect([final.statusCode, final.json().fields]).toEqual([422, { terms_conditions: FORM_MESSAGES.terms }]);
      expect((await app.stores.leads.get('terms', id))!.form_completed).toBe(false);
      const ticked = await post(TERMS, { lead_id: id, 'Service Interval': '12 months', form_completed: true, terms_conditions: true });
      expect(ticked.statusCode).toBe(200);
      expect((await app.stores.leads.get('terms', id))!.form_completed).toBe(true);
    });

    it('the instant offer (no terms box in the browser): its trade-in lead and the accepted offer pass', async () => {
      const towardsCar = await post(TERMS, { ...tradeInLead(await evaluation(TERMS)), form_completed: false });
      expect(towardsCar.statusCode).toBe(201);
      const accepted = await post(TERMS, {
        lead_id: towardsCar.json().lead_id,
        email: 'jo@example.com',
        phone: '0412345678',
        form_completed: true,
        offer_accepted: true,
      });
      expect(accepted.statusCode).toBe(200);
      const sellMyCar = await post(TERMS, { ...tradeInLead(await evaluation(TERMS)), form_completed: true });
      expect(sellMyCar.statusCode).toBe(201);
    });

    it('offer_accepted is the instant offer only on a later post of a lead naming an evaluation of this site; elsewhere the post needs the box', async () => {
      const refusal = [422, { terms_conditions: FORM_MESSAGES.terms, offer_accepted: NO_OFFER_TO_ACCEPT }];
      const before = await app.stores.leads.count('terms');
      // A brand-new lead: no offer was made, so there is none to accept.
      const fresh = await post(TERMS, { ...contact, category: 'Trade-in Enquiry', form_completed: true, offer_accepted: true });
      expect([fresh.statusCode, fresh.json().fields]).toEqual(refusal);
      expect(await app.stores.leads.count('terms')).toBe(before);
      // A later post of a lead that named no evaluation (a contact form's first step).
      const step = await post(TERMS, { ...contact, ...vehicle, category: 'Service Booking', form_completed: false });
      const id = step.json().lead_id as string;
      const accepting = await post(TERMS, { lead_id: id, email: 'jo@example.com', form_completed: true, offer_accepted: true });
      expect([accepting.statusCode, accepting.json().fields]).toEqual(refusal);
      expect((await app.stores.leads.get('terms', id))!).toMatchObject({ form_completed: false, offer_accepted: false });
      // With the box ticked the post still accepts no offer: the dealer would read 'The customer accepted the instant offer.'
      const noOffer = [422, { offer_accepted: NO_OFFER_TO_ACCEPT }];
      const ticked = await post(TERMS, { ...contact, category: 'Trade-in Enquiry', form_completed: true, offer_accepted: true, terms_conditions: true });
      expect([ticked.statusCode, ticked.json().fields]).toEqual(noOffer);
      const tickedStep = await post(TERMS, { lead_id: id, email: 'jo@example.com', form_completed: true, offer_accepted: true, terms_conditions: true });
      expect([tickedStep.statusCode, tickedStep.json().fields]).toEqual(noOffer);
      expect(await app.stores.leads.count('terms')).toBe(before + 1);
      expect((await app.stores.leads.get('terms', id))!).toMatchObject({ form_completed: false, offer_accepted: false });
    });

    it('a site without the setting takes a lead with the box unticked', async () => {
      const response = await post(ALPHA, {
        ...contact,
        location: 'alpha-brisbane',
        category: 'General Enquiry',
        form_completed: true,
        terms_conditions: false,
      });
      expect(response.statusCode).toBe(201);
    });
  });

  describe('the evaluation a lead names (evalid)', () => {
    it('refuses an evalid that is not one of this site’s evaluations, naming the field, and stores nothing', async () => {
      const refusal = { success: false, error: LEAD_MESSAGES.fixErrors, fields: { evalid: EVALUATION_NOT_FOUND } };
      const before = await app.stores.leads.count('terms');
      // Made up, it would exempt the post from the terms box (the instant offer shows none).
      const madeUp = await post(TERMS, { ...tradeInLead('E-made-up'), form_completed: true });
      expect([madeUp.statusCode, madeUp.json()]).toEqual([422, refusal]);
      // A lead naming an evaluation is the instant offer's, held to its form too.
      const general = await post(TERMS, { ...tradeInLead('E-made-up'), category: 'General Enquiry' });
      expect([general.statusCode, general.json()]).toEqual([422, refusal]);
      // Another site's evaluation is not this site's.
      const alphas = await post(TERMS, { ...tradeInLead(await evaluation(ALPHA)), form_completed: true });
      expect([alphas.statusCode, alphas.json()]).toEqual([422, refusal]);
      expect(await app.stores.leads.count('terms')).toBe(before);
    });
  });

  describe('the contact postcode', () => {
    it('refuses a new lead without one, with the form message, and stores nothing', async () => {
      const { postcode: _postcode, ...withoutPostcode } = contact;
      const before = await app.stores.leads.count('alpha');
      for (const postcode of [{}, { postcode: '' }, { postcode: '  ' }]) {
        const refused = await post(ALPHA, { ...withoutPostcode, ...postcode, location: 'alpha-brisbane', category: 'General Enquiry' });
        expect(refused.statusCode).toBe(422);
        expect(refused.json()).toEqual({ success: false, error: LEAD_MESSAGES.fixErrors, fields: { postcode: FORM_MESSAGES.postcode } });
      }
      const bad = await post(ALPHA, { ...withoutPostcode, postcode: '400', category: 'General Enquiry' });
      expect([bad.statusCode, bad.json().fields]).toEqual([400, { postcode: FORM_MESSAGES.postcode }]);
      expect(await app.stores.leads.count('alpha')).toBe(before);
    });

    it("the first post of a multi-step form and the instant offer's lead need it too", async () => {
      const { postcode: _postcode, ...withoutPostcode } = contact;
      const step = await post(ALPHA, { ...withoutPostcode, category: 'Service Booking', form_completed: false });
      expect([step.statusCode, step.json().fields]).toEqual([422, { postcode: FORM_MESSAGES.postcode }]);
      const { postcode: _tradeInPostcode, ...tradeInWithout } = tradeInLead(await evaluation(ALPHA));
      const tradeIn = await post(ALPHA, { ...tradeInWithout, form_completed: false });
      expect([tradeIn.statusCode, tradeIn.json().fields]).toEqual([422, { postcode: FORM_MESSAGES.postcode }]);
    });

    it("a later step of a lead need not repeat it (the lead keeps the first step's)", async () => {
      const first = await post(ALPHA, { ...contact, location: 'alpha-brisbane', category: 'Service Booking', form_completed: false });
      const id = first.json().lead_id as string;
      const later = await post(ALPHA, { lead_id: id, ...vehicle, 'Vehicle Make': 'Mazda', form_completed: true });
      expect(later.statusCode).toBe(200);
      expect((await app.stores.leads.get('alpha', id))!.data).toMatchObject({ postcode: '4000', 'Vehicle Make': 'Mazda' });
    });
  });
});
