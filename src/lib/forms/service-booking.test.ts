import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from '../../schemas/forms.ts';
import { bookingIframeSize, checkServiceStep, collectAdditionalServices, nextServiceStep, serviceRequirements, serviceSteps } from './service-booking.ts';

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
