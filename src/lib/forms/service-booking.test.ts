import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from '../../schemas/forms/messages.ts';
import { SERVICE_DATE_MESSAGE } from '../../schemas/forms/service-booking.ts';
import { bookingIframeSize, checkServiceStep, collectAdditionalServices, earliestServiceDate, nextServiceStep, serviceRequirements, serviceSteps, showsAddressFields } from './service-booking.ts';

const none = serviceRequirements({ interval_required: false, types: [] });

describe('service booking steps', () => {
  it('orders steps by variant', () => {
    expect(serviceSteps('standard')).toEqual(['contact', 'vehicle', 'order']);
    expect(serviceSteps('minimal')).toEqual(['vehicle', 'contact', 'order']);
  });

  it('holds the step until it passes, then advances, ending after the last', () => {
    expect(nextServiceStep('standard', 'contact', false)).toBe('contact');
    expect(nextServiceStep('standard', 'contact', true)).toBe('vehicle');
    expect(nextServiceStep('minimal', 'vehicle', true)).toBe('contact');
    expect(nextServiceStep('standard', 'order', true)).toBeNull();
  });

  it('needs make, model and year to leave Vehicle Details (rego alone is not enough)', () => {
    const check = checkServiceStep('vehicle', { Rego: 'ABC123' }, none);
    expect(check.ok).toBe(false);
    expect(Object.keys(check.errors).sort()).toEqual(['Model', 'Vehicle Make', 'Year']);
    expect(checkServiceStep('vehicle', { 'Vehicle Make': 'Mazda', Model: 'CX-5', Year: '2019' }, none).ok).toBe(true);
  });

  it('requires Service Interval by config and Service Type when options exist', () => {
    const strict = serviceRequirements({ interval_required: true, types: ['Logbook service'] });
    expect(strict).toEqual({ intervalRequired: true, typeRequired: true });
    expect(checkServiceStep('order', { 'Service Interval': '', 'Service Type': '' }, strict).errors).toEqual({ 'Service Interval': FORM_MESSAGES.required, 'Service Type': FORM_MESSAGES.required });
    expect(checkServiceStep('order', {}, none).ok).toBe(true);
  });

  it('asks the opt-in on Order Details, where its box is, not on Contact Details', () => {
    const contactStep = checkServiceStep('contact', { name: 'A', email: 'a@b.co', phone: '0412345678', postcode: '4000', opt_in: true }, none);
    expect(contactStep).toMatchObject({ ok: true, output: { name: 'A' } });
    expect(contactStep.ok ? contactStep.output : null).not.toHaveProperty('opt_in');
    expect(checkServiceStep('order', { opt_in: false }, none)).toMatchObject({ ok: true, output: { opt_in: false } });
  });

  it('checks the contact step with the spec postcode rule', () => {
    const check = checkServiceStep('contact', { name: 'A', email: 'a@b.co', phone: '0412345678', postcode: '12' }, none);
    expect(check.errors).toEqual({ postcode: FORM_MESSAGES.postcode });
  });

  it('collects ticked (check_option) boxes into additional_services', () => {
    const result = collectAdditionalServices({ name: 'A', 'Wheel alignment (check_option)': true, 'Car wash (check_option)': false, 'Air con (check_option)': 'on' });
    expect(result).toEqual({ values: { name: 'A' }, additional_services: ['Wheel alignment', 'Air con'] });
  });

  it('sizes the booking iframe', () => {
    expect(bookingIframeSize('fixed')).toEqual({ width: '1000', height: '920' });
    expect(bookingIframeSize('fluid')).toEqual({ width: '100%', height: '800' });
  });
});

describe('2.106 the custom service form variant and 3.21 the optional address fields', () => {
  const contact = { name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone: '0412345678', postcode: '4000' };
  const vehicle = { 'Vehicle Make': 'Toyota', Model: 'Hilux', Year: '2019' };

  it('2.106 custom is one page, Booking Details, that ends the booking when it passes', () => {
    expect(serviceSteps('custom')).toEqual(['booking']);
    expect(nextServiceStep('custom', 'booking', true)).toBeNull();
    expect(nextServiceStep('custom', 'booking', false)).toBe('booking');
  });

  it('2.106 the one page checks contact, vehicle and order fields together', () => {
    const missing = checkServiceStep('booking', { ...contact }, none);
    expect(missing.ok).toBe(false);
    expect(Object.keys(missing.errors)).toEqual(expect.arrayContaining(['Vehicle Make', 'Model', 'Year']));
    const noContact = checkServiceStep('booking', { ...vehicle }, none);
    expect(noContact.ok).toBe(false);
    expect(Object.keys(noContact.errors)).toEqual(expect.arrayContaining(['name', 'email']));
    const typeNeeded = checkServiceStep('booking', { ...contact, ...vehicle }, serviceRequirements({ interval_required: true, types: ['Logbook'] }));
    expect(Object.keys(typeNeeded.ok ? {} : typeNeeded.errors)).toEqual(expect.arrayContaining(['Service Interval', 'Service Type']));
    expect(checkServiceStep('booking', { ...contact, ...vehicle }, none).ok).toBe(true);
  });

  it('the one page needs the contact postcode as the contact step does: the address has no postcode of its own', () => {
    for (const postcode of ['', '12']) {
      const check = checkServiceStep('booking', { ...contact, ...vehicle, postcode }, none);
      expect(check.ok ? {} : check.errors).toEqual({ postcode: FORM_MESSAGES.postcode });
    }
  });

  it('3.21 street, suburb and state are optional, bounded and sent when given', () => {
    const given = checkServiceStep('booking', { ...contact, ...vehicle, street: ' 1 Main St ', suburb: 'Paddington', state: 'QLD' }, none);
    expect(given.ok && given.output).toMatchObject({ street: '1 Main St', suburb: 'Paddington', state: 'QLD' });
    const blank = checkServiceStep('order', { street: '', suburb: '' }, none);
    expect(blank.ok && blank.output.street).toBeUndefined();
    const tooLong = checkServiceStep('order', { street: 'x'.repeat(121) }, none);
    expect(tooLong.ok).toBe(false);
    expect(Object.keys(tooLong.errors)).toEqual(['street']);
  });

  it('3.21 the address fields show on the custom form by default, elsewhere when the site turns them on', () => {
    expect(showsAddressFields('custom', undefined)).toBe(true);
    expect(showsAddressFields('standard', undefined)).toBe(false);
    expect(showsAddressFields('minimal', true)).toBe(true);
    expect(showsAddressFields('custom', false)).toBe(false);
  });
});

describe('Preferred Service Date', () => {
  it("is from the dealer's tomorrow on", () => {
    const at = Date.parse('2026-12-23T23:30:00Z'); // 24 December, 7:30am in Perth, 10:30am in Sydney; still 23 December in UTC
    expect(earliestServiceDate(at, 'Australia/Perth')).toBe('2026-12-25');
    expect(earliestServiceDate(Date.parse('2026-12-31T13:00:00Z'), 'Australia/Sydney')).toBe('2027-01-02');
  });

  it('refuses a day before the earliest and text that is no date, with the message on the field; takes the earliest day on, or none', () => {
    const order = (date: string) => checkServiceStep('order', { 'Preferred Service Date': date }, { ...none, earliestDate: '2026-12-25' });
    for (const date of ['2026-12-24', '2020-01-01', 'next week', '25/12/2026']) {
      expect([date, order(date).errors]).toEqual([date, { 'Preferred Service Date': SERVICE_DATE_MESSAGE }]);
    }
    for (const date of ['2026-12-25', '2027-03-01', '']) expect([date, order(date).ok]).toEqual([date, true]);
    expect(checkServiceStep('booking', { 'Preferred Service Date': '2026-12-24' }, { ...none, earliestDate: '2026-12-25' }).errors).toHaveProperty('Preferred Service Date', SERVICE_DATE_MESSAGE);
  });
});
