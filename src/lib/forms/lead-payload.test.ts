import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { LeadSubmissionSchema } from '../../schemas/lead.ts';
import { ANALYTICS_EVENTS } from '../marketing/analytics.ts';
import { buildLeadPayload, leadAnalyticsEvent, pageIdOf, queryParams, type LeadCar } from './lead-payload.ts';

const car: LeadCar = { id: 12, slug: '2021-toyota-corolla', make: 'Toyota', model: 'Corolla', car_type: 'used', status: 'in_stock', stocknum: 'T1', dealership_id: 3, dealership_slug: 'north' };
const page = { url: 'https://acme.example/cars/x?utm_source=google&car_type=used&ref=home', userAgent: 'UA', visitedPages: ['/', '/cars/x'] };

describe('buildLeadPayload', () => {
  it('adds the spec fields, strips helpers and blanks, and passes the API schema', () => {
    const body = buildLeadPayload({
      values: { name: 'Ann', email: 'ann@example.com', phone: '0412345678', postcode: '4000', message: '', _contactRadio: 'Phone', PreferredContactMethod: '', 'Wheel alignment (check_option)': true },
      category: 'General Enquiry',
      subcategory: 'Vehicle enquiry',
      car,
      page,
    });
    expect(body).toMatchObject({
      name: 'Ann',
      category: 'General Enquiry',
      subcategory: 'Vehicle enquiry',
      car_id: '12',
      car_dealership_id: '3',
      stock_number: 'T1',
      'Vehicle Make': 'Toyota',
      'Vehicle Model': 'Corolla',
      car_type: 'used',
      vehicle_status: 'in_stock',
      dealership_slug: 'north',
      source: 'Website',
      user_agent: 'UA',
      url: page.url,
      lead_attributes: { visited_pages: ['/', '/cars/x'], linked_query_params: { utm_source: 'google', car_type: 'used', ref: 'home' } },
      custom_params: { utm_source: 'google', car_type: 'used' },
      additional_services: ['Wheel alignment'],
    });
    expect(body).not.toHaveProperty('_contactRadio');
    expect(body).not.toHaveProperty('message');
    expect(body).not.toHaveProperty('PreferredContactMethod');
    expect(v.safeParse(LeadSubmissionSchema, body).success).toBe(true);
  });

  it('keeps a chosen dealership over the car one and carries lead_id and form_completed', () => {
    const body = buildLeadPayload({ values: { dealership_slug: 'south' }, category: 'Service Booking', car, page, leadId: 'abc', formCompleted: true });
    expect(body).toMatchObject({ dealership_slug: 'south', lead_id: 'abc', form_completed: true });
  });

  it('ignores a malformed page URL', () => {
    expect(queryParams('not a url')).toEqual({});
    expect(pageIdOf('not a url')).toBeUndefined();
  });

  it('3.20 sends manufacturer_slug (the car make, else the site brand) and page_id (the page path), accepted by the API schema', () => {
    const onCar = buildLeadPayload({ values: { name: 'Ann', email: 'ann@example.com' }, category: 'General Enquiry', car: { ...car, make: 'Mercedes-Benz' }, page: { ...page, manufacturerSlug: 'toyota' } });
    expect(onCar).toMatchObject({ manufacturer_slug: 'mercedes-benz', page_id: '/cars/x' });
    expect(v.safeParse(LeadSubmissionSchema, onCar).success).toBe(true);
    const general = buildLeadPayload({ values: { email: 'ann@example.com' }, category: 'Service Booking', page: { ...page, url: 'https://acme.example/service/?x=1', manufacturerSlug: 'toyota' } });
    expect(general).toMatchObject({ manufacturer_slug: 'toyota', page_id: '/service' });
    const multiBrand = buildLeadPayload({ values: { email: 'ann@example.com' }, category: 'General Enquiry', page: { ...page, url: 'https://acme.example/' } });
    expect(multiBrand).not.toHaveProperty('manufacturer_slug');
    expect(multiBrand.page_id).toBe('/');
    // A form that names the brand itself (a model page) keeps it.
    expect(buildLeadPayload({ values: { manufacturer_slug: 'lexus' }, category: 'General Enquiry', car, page }).manufacturer_slug).toBe('lexus');
  });
});

describe('leadAnalyticsEvent', () => {
  it.each([
    ['enquiry', { car_type: 'new' }, 14],
    ['enquiry', { car_type: 'demo' }, 14],
    ['enquiry', { car_type: 'used' }, 15],
    ['enquiry', null, 14],
    ['test-drive', { car_type: 'new' }, 17],
    ['test-drive', { car_type: 'used' }, 48],
    ['test-drive', { car_type: 'used', tag: 'Test Drive Only' }, 17],
    ['offer-accepted', null, 18],
  ] as const)('%s %j -> %i', (kind, lead, id) => {
    expect(ANALYTICS_EVENTS[leadAnalyticsEvent(kind, lead)]).toBe(id);
  });
});
