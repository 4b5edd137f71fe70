/** The SMS policy: a name safe to put in a text, and when a trade-in thank-you is sent at all (a proven mobile, unless the site chose otherwise) and what it says. */
import { describe, expect, it } from 'vitest';
import type { Evaluation } from '../leads/evaluations.ts';
import { plainFirstName, tradeInThankYou } from './sms-policy.ts';
import type { ApiTenant } from './tenants.ts';

const tenant = (slug: string, typedMobile = false) =>
  ({
    slug,
    site: { name: 'Alpha Motors Brisbane', url: `https://${slug}.example`, sms: {}, features: { trade_in_sms_to_typed_mobile: typedMobile } },
  }) as unknown as ApiTenant;

describe('plainFirstName', () => {
  it('takes the first word when it is letters (apostrophes and hyphens inside), else nothing', () => {
    expect(plainFirstName('  Zoë  Smith ')).toBe('Zoë');
    expect(plainFirstName("O'Brien")).toBe("O'Brien");
    expect(plainFirstName('Mary-Jane Watson')).toBe('Mary-Jane');
    expect(plainFirstName('http://x.example')).toBeUndefined();
    expect(plainFirstName('-dash')).toBeUndefined();
    expect(plainFirstName('A'.repeat(21))).toBeUndefined();
    expect(plainFirstName(42)).toBeUndefined();
  });
});

describe('tradeInThankYou', () => {
  const evaluation = (contact: Record<string, unknown>, extra: Partial<Evaluation> = {}): Evaluation => ({
    id: 'e-1',
    tenant: 'alpha',
    rego: null,
    state: null,
    vin: null,
    description: null,
    vehicle: { Year: 2019, Make: 'Mazda', Model: 'CX-5', Variant: 'Maxx' },
    km: null,
    contact,
    offer_price: null,
    image_count: 0,
    ...extra,
  });
  const jo = { name: 'Jo Citizen', phone: '0412000001' };

  it("texts the proven mobile that is also the lead's, naming the shopper, the vehicle and the dealer", () => {
    expect(tradeInThankYou(tenant('alpha'), evaluation(jo), '0412000001', '0412000001')).toEqual({
      to: '0412000001',
      body: 'Hi Jo, thanks for requesting an offer for your 2019 Mazda CX-5 Maxx from Alpha Motors Brisbane. Our buying team will be in touch shortly.',
    });
  });

  it("sends nothing to a number that is not an Australian mobile, not the lead's, or only typed (unless the site chose the spec's flow)", () => {
    expect(tradeInThankYou(tenant('alpha'), evaluation({ ...jo, phone: '0731234567' }), '0731234567', '0731234567')).toBeUndefined();
    expect(tradeInThankYou(tenant('alpha'), evaluation(jo), '0412000002', '0412000001')).toBeUndefined();
    expect(tradeInThankYou(tenant('alpha'), evaluation(jo), '0412000001', undefined)).toBeUndefined();
    expect(tradeInThankYou(tenant('alpha'), undefined, '0412000001', '0412000001')).toBeUndefined();
    expect(tradeInThankYou(tenant('alpha', true), evaluation(jo), '0412000001', undefined)?.to).toBe('0412000001');
  });

  it('says "there" for a name that is not plain, uses the description while the vehicle is still a choice, and cuts the vehicle to 80 characters', () => {
    const text = tradeInThankYou(
      tenant('alpha'),
      evaluation({ name: '<b>Jo</b>', phone: '0412000001' }, { vehicle: { candidates: [] }, description: 'My ute' }),
      '0412000001',
      '0412000001',
    );
    expect(text?.body).toBe('Hi there, thanks for requesting an offer for your My ute from Alpha Motors Brisbane. Our buying team will be in touch shortly.');
    const long = tradeInThankYou(tenant('alpha'), evaluation(jo, { description: 'x'.repeat(100), vehicle: { candidates: [] } }), '0412000001', '0412000001');
    expect(long?.body).toContain(`your ${'x'.repeat(80)} from`);
  });

  it('names the vehicle in one line, without bidirectional controls, whatever the lookup or the description held', () => {
    const looked = tradeInThankYou(
      tenant('alpha'),
      evaluation(jo, { vehicle: { Year: 2019, Make: '\u202EMazda\u202C', Model: 'CX-5\nPaid' } }),
      '0412000001',
      '0412000001',
    );
    expect(looked?.body).toContain('for your 2019 Mazda CX-5 Paid from');
    const described = tradeInThankYou(
      tenant('alpha'),
      evaluation(jo, { description: 'My\u2067 ute\r\n', vehicle: { candidates: [] } }),
      '0412000001',
      '0412000001',
    );
    expect(described?.body).toContain('for your My ute from');
  });
});
