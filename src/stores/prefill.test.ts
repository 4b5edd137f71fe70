import { describe, expect, it } from 'vitest';
import { memoryStorage } from './persisted.ts';
import { createPrefill, PREFILL_KEY, SENT_LEAD_KEY } from './prefill.ts';

describe('prefill store', () => {
  it('remembers name, last name, email, phone and postcode, and nothing else', () => {
    const storage = memoryStorage();
    const store = createPrefill(storage);
    store.rememberContact({ name: ' Ann ', last_name: 'Lee', email: 'ann@example.com', phone: '0412345678', postcode: '4000', message: 'secret' });
    expect(JSON.parse(storage.data[PREFILL_KEY])).toEqual({ name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone: '0412345678', postcode: '4000' });
    store.rememberContact({ name: 'Bea', postcode: '' });
    expect(store.$prefill.get()).toMatchObject({ name: 'Bea', postcode: '4000' });
  });

  it('prefills blank form fields only', () => {
    const store = createPrefill(memoryStorage({ [PREFILL_KEY]: JSON.stringify({ name: 'Ann', email: 'ann@example.com', bogus: 1 }) }));
    expect(store.prefilled({ name: '', email: 'typed@example.com', message: '' })).toEqual({ name: 'Ann', email: 'typed@example.com', message: '' });
  });

  it('records the sent lead and reads it back, dropping malformed data', () => {
    const storage = memoryStorage();
    const store = createPrefill(storage);
    store.recordSentLead({ category: 'Test Drive', successCategory: 'test-drive', sent: [['Name', 'Ann']], car: { id: '1', name: 'Corolla', slug: 'c' }, at: 5 });
    expect(createPrefill(storage).$sentLead.get()).toMatchObject({ category: 'Test Drive', car: { slug: 'c' }, sent: [['Name', 'Ann']] });
    expect(createPrefill(memoryStorage({ [SENT_LEAD_KEY]: '{"category":1}' })).$sentLead.get()).toBeNull();
    store.recordSentLead({
      category: 'Trade-in Enquiry',
      successCategory: 'Trade-in Enquiry',
      sent: [],
      offer: { vehicle: '2015 Kia Picanto', amount: '$12,400' },
      at: 6,
    });
    expect(createPrefill(storage).$sentLead.get()?.offer).toEqual({ vehicle: '2015 Kia Picanto', amount: '$12,400' });
    expect(createPrefill(memoryStorage({ [SENT_LEAD_KEY]: '{"category":"x","sent":[],"offer":{"vehicle":1}}' })).$sentLead.get()?.offer).toBeNull();
    expect(createPrefill(memoryStorage({ [PREFILL_KEY]: 'nope' })).$prefill.get()).toEqual({});
  });
});
