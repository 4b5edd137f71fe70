/**
 * A later step belongs to its lead's evaluation (POST /api/leads with lead_id, POST
 * /api/miscellaneous with lead_id): a step naming another `evalid` than its lead's, or one
 * where its lead named none, is refused beside the field, the same whether that evaluation
 * exists or not, and neither lead nor either evaluation is changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLeadApi, stopLeadApi, tradeInLead, type LeadApiSuite } from '../../../../tests/support/server-helpers.ts';
import { LEAD_MESSAGES } from '../../../schemas/forms/messages.ts';
import { OTHER_EVALUATION } from '../../leads/values.ts';

const ALPHA = { host: 'alpha.localhost:4321' };
const BETA = { host: 'beta.localhost:4321' };
const refusal = { success: false, error: LEAD_MESSAGES.fixErrors, fields: { evalid: OTHER_EVALUATION } };
const first = { service_history: 'Full service history', number_of_keys: '2', car_condition: 'Good' } as const;
const later = { service_history: 'No service history', number_of_keys: '1', car_condition: 'Poor' } as const;

let suite: LeadApiSuite;

beforeAll(async () => {
  suite = await startLeadApi('sqlite', 'lead-step-evaluation-');
}, 60_000);

afterAll(() => stopLeadApi(suite ?? {}));

const post = (headers: Record<string, string>, url: string, payload: object) => suite.app.inject({ method: 'POST', url, headers, payload });

/** An evaluation of `headers`' site valued and adjusted by `first`, and the instant offer's lead (a step, waiting for its acceptance). */
async function offerLead(headers: Record<string, string>, rego: string): Promise<{ evalid: string; leadId: string }> {
  const [found] = (await post(headers, '/api/eval-expert/enter-vin', { rego, state: 'QLD' })).json();
  const evalid = String(found.EvalID);
  const details = { evalid, km: '85,000', userEmail: '', cName: 'Jo Citizen', cEmail: 'jo@example.com', cPhone: '0412 555 111' };
  expect((await post(headers, '/api/eval-expert/update-eval', details)).statusCode).toBe(200);
  expect((await post(headers, '/api/trade-in/adjustments', { id: evalid, answers: first })).statusCode).toBe(200);
  const created = await post(headers, '/api/leads', { ...tradeInLead(evalid), ...first, form_completed: false });
  expect(created.statusCode, created.body).toBe(201);
  return { evalid, leadId: String(created.json().lead_id) };
}

describe("a later step names its lead's evaluation or none", () => {
  it("a step of one lead naming another lead's evaluation is refused (422 fields.evalid), and nothing of either is changed", async () => {
    const mine = await offerLead(ALPHA, 'stp 101');
    const theirs = await offerLead(ALPHA, 'stp 102');
    const theirOffer = (await suite.app.stores.evaluations.get('alpha', theirs.evalid))?.offer_price;
    const before = { mine: await suite.app.stores.leads.get('alpha', mine.leadId), theirs: await suite.app.stores.leads.get('alpha', theirs.leadId) };

    const step = await post(ALPHA, '/api/leads', { lead_id: mine.leadId, evalid: theirs.evalid, ...later, form_completed: false });
    expect([step.statusCode, step.json()]).toEqual([422, refusal]);
    // Another's offer is not adjusted by this step's answers; neither lead takes the step.
    expect((await suite.app.stores.evaluations.get('alpha', theirs.evalid))?.offer_price).toBe(theirOffer);
    expect(await suite.app.stores.leads.get('alpha', mine.leadId)).toEqual(before.mine);
    expect(await suite.app.stores.leads.get('alpha', theirs.leadId)).toEqual(before.theirs);

    // The acceptance naming another's evaluation is refused the same way.
    const accept = await post(ALPHA, '/api/leads', { lead_id: mine.leadId, evalid: theirs.evalid, offer_accepted: true, form_completed: true });
    expect([accept.statusCode, accept.json()]).toEqual([422, refusal]);
    expect(await suite.app.stores.leads.get('alpha', mine.leadId)).toEqual(before.mine);

    // Its own evaluation, or none, is the step's.
    expect((await post(ALPHA, '/api/leads', { lead_id: mine.leadId, evalid: mine.evalid, ...later, form_completed: false })).statusCode).toBe(200);
    expect((await post(ALPHA, '/api/leads', { lead_id: mine.leadId, offer_accepted: true, form_completed: true })).statusCode).toBe(200);
    expect((await suite.app.stores.leads.get('alpha', mine.leadId))?.data.evalid).toBe(mine.evalid);
  });

  it('the answer is the same for an evaluation that does not exist, or one of another site: nothing is disclosed', async () => {
    const mine = await offerLead(ALPHA, 'stp 103');
    const [beta] = (await post(BETA, '/api/eval-expert/enter-vin', { rego: 'stp 104', state: 'WA' })).json();
    for (const evalid of ['no-such-valuation', String(beta.EvalID)]) {
      const step = await post(ALPHA, '/api/leads', { lead_id: mine.leadId, evalid, form_completed: false });
      expect([step.statusCode, step.json()], evalid).toEqual([422, refusal]);
    }
  });

  it('a step of a lead that named no evaluation may not add one', async () => {
    const theirs = await offerLead(ALPHA, 'stp 111');
    const enquiry = await post(ALPHA, '/api/leads', {
      name: 'Jo',
      email: 'jo@example.com',
      phone: '0412 345 678',
      postcode: '4000',
      message: 'Hello',
      category: 'General Enquiry',
      location: 'alpha-brisbane',
      form_completed: false,
    });
    expect(enquiry.statusCode, enquiry.body).toBe(201);
    const leadId = String(enquiry.json().lead_id);
    const step = await post(ALPHA, '/api/leads', { lead_id: leadId, evalid: theirs.evalid, ...later, form_completed: false });
    expect([step.statusCode, step.json()]).toEqual([422, refusal]);
    expect((await suite.app.stores.leads.get('alpha', leadId))?.data.evalid).toBeUndefined();
  });

  it("POST /api/miscellaneous about a lead takes only its lead's evaluation", async () => {
    const mine = await offerLead(ALPHA, 'stp 112');
    const theirs = await offerLead(ALPHA, 'stp 113');
    for (const evalid of [theirs.evalid, 'no-such-valuation']) {
      const other = await post(ALPHA, '/api/miscellaneous', { column_name: 'valuation', lead_id: mine.leadId, evalid, KM: 1 });
      expect([other.statusCode, other.json()], evalid).toEqual([422, refusal]);
    }
    const own = await post(ALPHA, '/api/miscellaneous', { column_name: 'valuation', lead_id: mine.leadId, evalid: mine.evalid, KM: 1 });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('POST /api/miscellaneous reads evalid as POST /api/leads does: spaces around it are not part of it', async () => {
    const mine = await offerLead(ALPHA, 'stp 114');
    const padded = ` ${mine.evalid}\t`;
    const step = await post(ALPHA, '/api/leads', { lead_id: mine.leadId, evalid: padded, ...later, form_completed: false });
    expect(step.statusCode, step.body).toBe(200);
    const own = await post(ALPHA, '/api/miscellaneous', { column_name: 'valuation', lead_id: mine.leadId, evalid: padded, KM: 1 });
    expect(own.statusCode, own.body).toBe(200);
    const [row] = await suite.app.stores.db.query<{ evaluation_id: string }>('SELECT evaluation_id FROM miscellaneous WHERE id = $1', [own.json().id]);
    expect(row?.evaluation_id).toBe(mine.evalid);
  });
});
