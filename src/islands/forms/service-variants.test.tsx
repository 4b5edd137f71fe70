/**
 * Audit 2.106 (the `custom` service form variant) and 3.21 (the optional address fields),
 * as the visitor sees the form before hydration.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { formSiteConfig } from '../../lib/forms/form-config.ts';
import { serviceRequirements } from '../../lib/forms/service-booking.ts';
import { SiteSchema } from '../../schemas/site.ts';
import ServiceBookingForm, { type ServiceBookingFormProps } from './ServiceBookingForm/ServiceBookingForm.tsx';

const site = v.parse(SiteSchema, { slug: 'service-motors', template: 'used-group', name: 'Service Motors', url: 'https://service.example.com.au', phone: '+61 7 3555 0100' });
const props = (extra: Partial<ServiceBookingFormProps>): ServiceBookingFormProps => ({
  config: formSiteConfig(site),
  variant: 'standard',
  requirements: serviceRequirements({ interval_required: false, types: [] }),
  intervals: [],
  types: [],
  additionalServices: [],
  tyreQuote: false,
  locations: [],
  ...extra,
});
const labels = (html: string) => [...html.matchAll(/<label[^>]*>([^<]*)/g)].map((match) => match[1]);

describe('service booking variants', () => {
  it('2.106 the custom variant is one page with every section and no step list', () => {
    const html = renderToStaticMarkup(<ServiceBookingForm {...props({ variant: 'custom', addressFields: true })} />);
    expect(html).toContain('>Booking Details</h3>');
    expect(html).not.toContain('form-steps');
    expect(labels(html)).toEqual(expect.arrayContaining(['First Name', 'Email', 'Rego', 'Vehicle Make', 'Model', 'Year', 'Rego State', 'Service Interval', 'Preferred Service Date', 'Street Address', 'Suburb', 'State or Territory', 'Comments']));
    expect(html).toContain('>Book Service<');
    expect(html).not.toContain('>Next<');
  });

  it('3.21 the standard variant shows the address only when the site turns it on', () => {
    const standard = renderToStaticMarkup(<ServiceBookingForm {...props({})} />);
    expect(standard).toContain('Step 1 of 3: Contact Details');
    expect(standard).not.toContain('Street Address');
    const customWithout = renderToStaticMarkup(<ServiceBookingForm {...props({ variant: 'custom', addressFields: false })} />);
    expect(customWithout).not.toContain('Your address (optional)');
    expect(customWithout).toContain('Vehicle Make');
  });
});
