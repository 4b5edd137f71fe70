/**
 * The dealer's number on a vehicle page of a phone-reveal site (spec §4 "Phone box: digits
 * hidden until clicked on some sites, then reveal and log a call"): neither the phone box nor
 * the location footer shows the digits or a call link before the reveal, and one reveal,
 * logged once, shows the number in both.
 */
import { experimental_AstroContainer } from 'astro/container';
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { VehicleLocation } from '../../lib/vehicle/vehicle-location.ts';
import { wirePhoneReveal } from '../../islands/vehicle/phone-reveal.ts';
import LocationFooter from './LocationFooter.astro';
import PhoneBox from './PhoneBox.astro';

const location: VehicleLocation = {
  name: 'Demo Motors Brisbane',
  address: '1 Main St, Brisbane QLD 4000',
  city: 'Brisbane',
  state: 'QLD',
  phone: '+61 7 3555 1234',
  directionsUrl: null,
  href: null,
  dealerLicence: null,
};
const box = {
  heading: 'Call the dealer',
  phone: location.phone,
  carId: '42',
  dealershipId: '7',
  websiteId: 'demo-motors',
  revealEndpoint: '/api/phone-reveal',
};

let container: experimental_AstroContainer;
beforeAll(async () => {
  container = await experimental_AstroContainer.create();
});

/** The vehicle page's phone box and location footer, as the page renders them, in a browser document (the container renders on the server). */
async function page(reveal: boolean): Promise<HTMLElement> {
  const html =
    (await container.renderToString(PhoneBox, { props: { ...box, reveal } })) +
    (await container.renderToString(LocationFooter, { props: { location, linkLabel: 'Our location', reveal } }));
  const root = new Window().document.createElement('div');
  root.innerHTML = html;
  return root as unknown as HTMLElement;
}

const footer = (root: HTMLElement) => root.querySelector<HTMLElement>('#vehicle-map')!;

describe('the location footer on a phone-reveal site', () => {
  it('hides the last digits and has no call link until the number is revealed', async () => {
    const root = await page(true);
    expect(footer(root).textContent).toContain('07 3555 XXXX');
    expect(footer(root).textContent).not.toContain('1234');
    expect(footer(root).querySelector('a[href^="tel:"]')).toBeNull();
  });

  it('shows the number and its call link on a site without the reveal', async () => {
    const root = await page(false);
    expect(footer(root).textContent).toContain('07 3555 1234');
    expect(footer(root).querySelector('a[href^="tel:"]')!.getAttribute('href')).toBe('tel:+61735551234');
  });
});

describe('one reveal for the page (wirePhoneReveal)', () => {
  it('a click on the footer number shows it in the footer and the phone box, logged once; the next click calls', async () => {
    const root = await page(true);
    const logged = vi.fn();
    const calls: string[] = [];
    wirePhoneReveal(root, logged, (href) => calls.push(href));
    footer(root).querySelector<HTMLButtonElement>('[data-phone-reveal]')!.click();
    expect(footer(root).textContent).toContain('07 3555 1234');
    expect(root.querySelector('[data-phone-box]')!.textContent).toContain('07 3555 1234');
    expect(root.textContent).not.toContain('XXXX');
    expect(logged).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
    root.querySelector<HTMLButtonElement>('[data-phone-box] [data-phone-reveal]')!.click();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['tel:+61735551234']);
  });
});
