/** lead-delivery.json's problems in words (checkLeadDeliveryFile through src/schemas/issues.ts): a misspelt field named with its likely meaning, a bad id without a regex. */
import { describe, expect, it } from 'vitest';
import { checkLeadDeliveryFile } from './lead-delivery.ts';

const problems = (data: unknown) => {
  const checked = checkLeadDeliveryFile('wordy', data);
  return 'problems' in checked ? checked.problems : [];
};

describe('checkLeadDeliveryFile wording', () => {
  it('names an unknown or misspelt field and a bad id in words, never a regex', () => {
    expect(problems({ destination: [] })).toEqual(['field destination: unknown field "destination": did you mean "destinations"? (see docs/lead-api.md)']);
    const id = problems({ destinations: [{ id: 'CRM!', type: 'email', to: ['a@wordy.example'] }] });
    expect(id).toEqual([expect.stringMatching(/^field destinations\.0\.id: .*lower-case letters, digits and hyphens.*\(got "CRM!"\)$/)]);
    expect(id.join()).not.toMatch(/Invalid|\/\^/);
  });

  it("says which secret variables are the tenant's own beside a bad secret_env", () => {
    const lines = problems({ destinations: [{ id: 'crm', type: 'webhook', url: 'https://crm.example/leads', secret_env: 'stripe' }] });
    expect(lines).toEqual([expect.stringContaining("(this tenant's: LEAD_DELIVERY_SECRET_WORDY or LEAD_DELIVERY_SECRET_WORDY__<NAME>)")]);
  });
});
