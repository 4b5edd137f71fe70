/**
 * The service page's platform defaults (docs/tenant-files.md: a promise of a warranty, a
 * future value or a service is the dealer's own words): without the dealer's service_page
 * features the page states no service the dealer has not named (no factory-trained
 * technicians, no capped-price servicing, no 24-hour roadside help) and invites the shopper to
 * ask, with the service phone; the dealer's own features are shown as written.
 *
 * The service page's hero image (site.json service_page.hero_image) reaches the page in a style
 * attribute: written as one CSS url() string (cssUrl), so a value cannot add declarations.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SiteSchema } from '../../schemas/site.ts';
import { makeSite } from '../../../tests/fixtures/make-site.ts';
import { plainText, renderedRoot } from '../../../tests/support/astro-render.ts';
import ServicePage from './ServicePage.astro';

const base = { slug: 'van-co', template: 'used-group', name: 'Van Co Caravans', url: 'https://van.example.com.au', phone: '+61 7 3390 6600' };

async function page(extra: Record<string, unknown> = {}): Promise<HTMLElement> {
  return renderedRoot(ServicePage, { props: { site: v.parse(SiteSchema, { ...base, ...extra }), stockMakes: [] } });
}

describe('service page defaults promise nothing in the dealer’s name', () => {
  it('a site with no service features: neutral features that name the phone, and no invented service', async () => {
    const root = await page();
    const text = plainText(root);
    for (const claim of [/factory-trained/i, /capped price/i, /24 hours/i, /phone call away/i, /qualified technicians/i]) expect(text).not.toMatch(claim);
    const features = plainText(root.querySelector('.service-form__aside'));
    expect(features).toContain('07 3390 6600');
  });

  it('the default call feature links the service phone (tel:)', async () => {
    const link = (await page()).querySelector('.service-form__aside a[href^="tel:"]');
    expect(link?.getAttribute('href')).toBe('tel:+61733906600');
    expect(plainText(link)).toBe('07 3390 6600');
  });

  it('the default booking feature promises the team’s confirmation only where the page shows its own form', async () => {
    const booking = async (extra: Record<string, unknown>) => plainText((await page(extra)).querySelector('.service-form__aside article'));
    expect(await booking({})).toMatch(/^Book Online.*our team will confirm it with you\.$/);
    const embedded = await booking({ xtime_url: 'https://booking.example.com/van-co' });
    expect(embedded).toMatch(/^Book Online/);
    expect(embedded).not.toMatch(/our team will confirm|a few minutes/);
    expect(plainText((await page({ xtime_url: 'https://booking.example.com/van-co' })).querySelector('.service-hero__intro'))).not.toMatch(
      /our team will confirm/,
    );
  });

  it('the roadside card invites the shopper to ask, the warranty card keeps the spec headline', async () => {
    const root = await page({ manufacturer: 'Toyota' });
    const cards = [...root.querySelectorAll('.service-link-card')].map((card) => ({
      heading: plainText(card.querySelector('h2')),
      text: plainText(card.querySelector('p')),
    }));
    expect(cards[0].heading).toBe('5 Year Unlimited km Warranty');
    expect(cards[1].heading).toBe('Roadside Assist');
    expect(cards[1].text).not.toMatch(/24 hours|phone call away/i);
  });

  it('the dealer’s own features are shown as written', async () => {
    const root = await page({ service_page: { features: [{ title: 'Capped Price Servicing', text: 'Our own capped prices.' }] } });
    const features = [...root.querySelectorAll('.service-form__aside article')].map((card) => [
      plainText(card.querySelector('h3')),
      plainText(card.querySelector('p')),
    ]);
    expect(features).toEqual([['Capped Price Servicing', 'Our own capped prices.']]);
  });

  it('the certified banner states no warranty term unless the dealer writes one (service_page.certified_text)', async () => {
    const banner = async (extra: Record<string, unknown>) => plainText((await page({ manufacturer: 'Toyota', ...extra })).querySelector('.service-banner'));
    expect(await banner({})).not.toMatch(/warranty/i);
    expect(await banner({})).toContain('Certified Toyota Dealership');
    expect(await banner({ service_page: { certified_text: 'Servicing to the manufacturer’s schedule keeps your warranty intact.' } })).toContain(
      'keeps your warranty intact',
    );
  });

  it('the perks are the spec’s, letter for letter, until the dealer lists its own; an empty list shows no perks section', async () => {
    const perks = async (extra: Record<string, unknown>) => [...(await page(extra)).querySelectorAll('.service-perks li')].map((item) => plainText(item));
    expect(await perks({})).toEqual([
      'Genuine parts',
      'Maintenance plan',
      'Software updates',
      'Health checks',
      'Quick Smart 90-minute service',
      'Free loan cars',
      'Lounge',
      'Shuttle',
      'Early drop-offs',
    ]);
    expect(await perks({ service_page: { perks: ['Genuine parts'] } })).toEqual(['Genuine parts']);
    expect((await page({ service_page: { perks: [] } })).querySelector('#service-perks-heading')).toBeNull();
  });
});

describe('own form or the dealer’s booking system: one choice (serviceBooking), read by the page and its booking slot', () => {
  it('without xtime_url: the own form, the features beside it, the team’s confirmation promised', async () => {
    const root = await page();
    const section = root.querySelector('#service-form');
    expect(section?.querySelector('.service-booking__form')).not.toBeNull();
    expect(section?.querySelector('iframe')).toBeNull();
    expect(section?.classList.contains('service-form--beside')).toBe(true);
    expect(plainText(root.querySelector('.service-hero__intro'))).toMatch(/our team will confirm/);
  });

  it('with xtime_url: the dealer’s system embedded at its size, the features below it, no promise of ours', async () => {
    const root = await page({ xtime_url: 'https://booking.example.com/van-co', service: { iframe_size: 'fluid' } });
    const section = root.querySelector('#service-form');
    const iframe = section?.querySelector('iframe');
    expect(iframe?.getAttribute('src')).toBe('https://booking.example.com/van-co');
    expect([iframe?.getAttribute('width'), iframe?.getAttribute('height')]).toEqual(['100%', '800']);
    expect(section?.querySelector('.service-booking__form')).toBeNull();
    expect(section?.classList.contains('service-form--beside')).toBe(false);
    expect(plainText(root.querySelector('.service-hero__intro'))).not.toMatch(/our team will confirm/);
  });
});

/** The hero section's style attribute as the browser reads it (null without one). */
async function heroStyle(heroImage: string | undefined): Promise<string | null> {
  const site = makeSite();
  // Set after validation: the page must stay safe whatever reaches it.
  site.service_page = { ...site.service_page, hero_image: heroImage };
  const root = await renderedRoot(ServicePage, { props: { site, stockMakes: [] } });
  const hero = root.querySelector('section.service-hero');
  if (!hero) throw new Error('no service hero');
  return hero.getAttribute('style');
}

describe('ServicePage hero image', () => {
  it('sets the hero image as a CSS url() string', async () => {
    expect(await heroStyle('/media/service.jpg')).toBe('--service-hero: url("/media/service.jpg")');
    expect(await heroStyle('https://cdn.example.com.au/service(2).jpg')).toBe(String.raw`--service-hero: url("https://cdn.example.com.au/service\(2\).jpg")`);
  });

  it('has no style without one', async () => {
    expect(await heroStyle(undefined)).toBeNull();
  });

  it('keeps a value that would close the url() inside the string: no second declaration', async () => {
    expect(await heroStyle("/media/x.jpg');background:url('https://attacker.example/beacon")).toBe(
      String.raw`--service-hero: url("/media/x.jpg\'\);background:url\(\'https://attacker.example/beacon")`,
    );
  });
});
