/**
 * Issue 13, privacy (finding 15, browser side): the marketing opt-in default is a site
 * setting (the spec's ticked box stays the default), the opt-in says what the shopper agrees
 * to and how to stop, and every form that collects personal data shows a collection notice
 * (sign-in included; the instant offer shows it before any photo can be chosen).
 * Server renders: what the visitor sees before hydration.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { formSiteConfig } from '../../lib/forms/form-config.ts';
import { SiteSchema } from '../../schemas/site.ts';
import EnquiryForm from './EnquiryForm.tsx';
import FinanceForm from './FinanceForm.tsx';
import InstantOffer from './InstantOffer/InstantOffer.tsx';
import RequestPhotosForm from './RequestPhotosForm.tsx';
import ReserveForm from './ReserveForm/ReserveForm.tsx';
import ServiceBookingForm from './ServiceBookingForm/ServiceBookingForm.tsx';
import SignInForm from './SignInForm.tsx';
import TestDriveForm from './TestDriveForm.tsx';

const site = (features: Record<string, unknown> = {}) =>
  v.parse(SiteSchema, { slug: 'privacy-motors', template: 'used-group', name: 'Privacy Motors', url: 'https://privacy.example.com.au', phone: '+61 7 3555 0100', features });
const car = { id: '1', slug: 'car-1', name: '2020 Toyota Corolla', make: 'Toyota', model: 'Corolla', car_type: 'used', stock_number: 'S1', status: 'in_stock', price: 20000, dealership_slug: null, location: null } as never;
const optIn = (html: string) => /<input[^>]*name="opt_in"[^>]*>/.exec(html)?.[0] ?? '';
const notice = /Privacy Motors collects[^<]*/;

describe('privacy: marketing opt-in default is a site setting', () => {
  it('privacy opt-in is ticked by default (spec §5 opt_in default true)', () => {
    expect(optIn(renderToStaticMarkup(<EnquiryForm config={formSiteConfig(site())} />))).toContain('checked');
  });

  it('privacy a dealer can choose an unticked opt-in (features.marketing_opt_in_default: false)', () => {
    const config = formSiteConfig(site({ marketing_opt_in_default: false }));
    for (const html of [
      renderToStaticMarkup(<EnquiryForm config={config} />),
      renderToStaticMarkup(<TestDriveForm config={config} car={car} />),
      renderToStaticMarkup(<FinanceForm config={config} variant="enquiry" dealershipSlugs={[]} />),
      renderToStaticMarkup(<RequestPhotosForm config={config} car={car} />),
    ]) {
      expect(optIn(html)).not.toBe('');
      expect(optIn(html)).not.toContain('checked');
    }
  });

  it('privacy the opt-in says what the shopper agrees to and how to stop it', () => {
    const html = renderToStaticMarkup(<EnquiryForm config={formSiteConfig(site())} />);
    const id = /aria-describedby="([^"]+)"/.exec(optIn(html))?.[1];
    expect(id).toBeTruthy();
    const description = new RegExp(`id="${id}"[^>]*>([^<]*)`).exec(html)?.[1] ?? '';
    expect(description).toMatch(/Privacy Motors may send you news and offers by email and SMS/);
    expect(description).toMatch(/reply STOP/);
    expect(description).toMatch(/unsubscribe/);
  });
});

describe('privacy: a collection notice on every form that collects personal data', () => {
  const config = formSiteConfig(site());
  it.each([
    ['enquiry', () => renderToStaticMarkup(<EnquiryForm config={config} />)],
    ['test drive', () => renderToStaticMarkup(<TestDriveForm config={config} car={car} />)],
    ['finance', () => renderToStaticMarkup(<FinanceForm config={config} variant="enquiry" dealershipSlugs={[]} />)],
    ['request photos', () => renderToStaticMarkup(<RequestPhotosForm config={config} car={car} />)],
    ['service booking', () => renderToStaticMarkup(<ServiceBookingForm config={config} variant="standard" requirements={{ intervalRequired: false, typeRequired: false }} intervals={[]} types={[]} additionalServices={[]} tyreQuote={false} locations={[]} />)],
    ['reserve', () => renderToStaticMarkup(<ReserveForm config={config} car={car} />)],
    ['sign-in', () => renderToStaticMarkup(<SignInForm apiBase="/api" brand="Privacy Motors" garageKept />)],
    ['instant offer (first step, before any photo can be chosen)', () => renderToStaticMarkup(<InstantOffer config={config} mode="instant-offer" locations={[]} />)],
  ])('privacy collection notice on the %s form', (_name, render) => {
    const html = render();
    expect(html).toMatch(notice);
    expect(html).toMatch(/href="\/privacy-policy"/);
  });
});

describe('privacy: the sign-in notice says only what the site does with the details', () => {
  const signInNotice = (garageKept: boolean) => notice.exec(renderToStaticMarkup(<SignInForm apiBase="/api" brand="Privacy Motors" garageKept={garageKept} />))?.[0] ?? '';

  it('names the watchlist where the site keeps one', () => {
    expect(signInNotice(true)).toContain('collects the details you give here to text you a sign-in code and keep your watchlist.');
  });

  it('names no watchlist on a site that keeps none (garage off)', () => {
    expect(signInNotice(false)).toContain('collects the details you give here to text you a sign-in code.');
    expect(signInNotice(false)).not.toMatch(/watchlist/);
  });
});
