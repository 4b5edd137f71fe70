import { describe, expect, it } from 'vitest';
import { leadAdf, leadDocument } from './formats.ts';
import type { StoredLead } from './row.ts';
import type { ApiTenant } from '../kernel/tenants.ts';
import {
  optOutContacts,
  unsubscribePageUrl,
  unsubscribeRequestId,
  unsubscribeRequestToken,
  unsubscribeToken,
  unsubscribeTokenLead,
  unsubscribeUrl,
} from './unsubscribe.ts';

const key = Buffer.alloc(32, 7);
const leadId = '0b6f3c4e-1f1e-4c55-9d7e-3a0d1c2b4e5f';

const lead: StoredLead = {
  id: leadId,
  tenant: 'alpha',
  category: 'General Enquiry',
  subcategory: null,
  car_id: null,
  dealership_slug: null,
  name: 'Jo',
  email: 'jo@example.com',
  phone: '0412000001',
  form_completed: true,
  offer_accepted: false,
  revision: 1,
  data: { name: 'Jo', email: 'jo@example.com', opt_in: true },
  created_at: 0,
  updated_at: 0,
  shopper: null,
};

describe('unsubscribe links and opt-outs (2.81)', () => {
  it('2.81 a token verifies only for its tenant and unchanged', () => {
    const token = unsubscribeToken(key, 'alpha', leadId);
    expect(unsubscribeTokenLead(key, 'alpha', token)).toBe(leadId);
    expect(unsubscribeTokenLead(key, 'beta', token)).toBeUndefined();
    expect(unsubscribeTokenLead(Buffer.alloc(32, 8), 'alpha', token)).toBeUndefined();
    expect(unsubscribeTokenLead(key, 'alpha', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(unsubscribeTokenLead(key, 'alpha', 'not-a-token')).toBeUndefined();
  });

  it('2.81 a confirmation token verifies only as one, for its tenant: a lead token is not one, nor the other way round', () => {
    const requestId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const token = unsubscribeRequestToken(key, 'alpha', requestId);
    expect(unsubscribeRequestId(key, 'alpha', token)).toBe(requestId);
    expect(unsubscribeRequestId(key, 'beta', token)).toBeUndefined();
    expect(unsubscribeRequestId(key, 'alpha', 'not-a-token')).toBeUndefined();
    expect(unsubscribeTokenLead(key, 'alpha', token)).toBeUndefined();
    expect(unsubscribeRequestId(key, 'alpha', unsubscribeToken(key, 'alpha', requestId))).toBeUndefined();
  });

  it("2.81 the link is the tenant's unsubscribe page with the lead's token", () => {
    const tenant = { slug: 'alpha', site: { url: 'https://www.alpha.example/' } } as unknown as ApiTenant;
    expect(unsubscribeUrl(key, tenant, leadId)).toBe(`https://www.alpha.example/pages/unsubscribe?token=${unsubscribeToken(key, 'alpha', leadId)}`);
    expect(unsubscribePageUrl(tenant, 'x.y')).toBe('https://www.alpha.example/pages/unsubscribe?token=x.y');
  });

  it('2.81 contacts are normalised as the lead forms store them', () => {
    expect(optOutContacts(' Jo@Example.COM ', '+61 412 000 001')).toEqual([
      { kind: 'email', contact: 'jo@example.com' },
      { kind: 'phone', contact: '0412000001' },
    ]);
    expect(optOutContacts('', null)).toEqual([]);
  });

  it('a lead that sent no opt_in is delivered with none (null) and no opt-in line', () => {
    const silent = { ...lead, data: { name: 'Jo', email: 'jo@example.com' } };
    expect(leadDocument(silent, undefined, undefined, undefined, [], {}).customer).toMatchObject({ opt_in: null });
    expect(leadAdf(silent, undefined, undefined, undefined, [], {})).not.toContain('Marketing opt-in');
    expect(leadAdf(lead, undefined, undefined, undefined, [], {})).toContain('Marketing opt-in: yes');
  });

  it('2.81 an opted-out contact is delivered with opt_in false and a do-not-market line; the link is carried', () => {
    const url = 'https://www.alpha.example/pages/unsubscribe?token=x';
    const open = leadDocument(lead, undefined, undefined, undefined, [], { unsubscribe_url: url });
    expect(open.customer).toMatchObject({ opt_in: true, marketing_opt_out: false, unsubscribe_url: url });
    const out = leadDocument(lead, undefined, undefined, undefined, [], { unsubscribe_url: url, opted_out_at: Date.UTC(2026, 10, 24) });
    expect(out.customer).toMatchObject({ opt_in: false, marketing_opt_out: true });
    const adf = leadAdf(lead, undefined, undefined, undefined, [], { unsubscribe_url: url, opted_out_at: Date.UTC(2026, 10, 24) });
    expect(adf).toContain('Marketing: this customer unsubscribed on 24 Nov 2026. Do not send them marketing; answer this enquiry only.');
    expect(adf).toContain(`Unsubscribe link for marketing e-mails to this customer: ${url}`);
  });
});
