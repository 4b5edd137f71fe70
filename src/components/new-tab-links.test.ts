/**
 * Every link that opens a new tab (target="_blank") says so, in one wording (NEW_TAB_NOTE,
 * src/lib/text/accessible-names.ts; WCAG 3.2.5 and 2.4.4): in its accessible name after its
 * visible words (2.5.3), or, for a link inside a checkbox's label (NewTabLink with its note),
 * in its description, so that the checkbox's name stays its visible label (2.5.3): a note in
 * the link's name would be in the checkbox's too. A guard: each source file that writes
 * target="_blank" or a NewTabLink (the islands' new-tab link) is rendered here, so a new one
 * fails the inventory until it is added and its links are checked.
 */
import { globSync, readFileSync } from 'node:fs';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formSiteConfig, leadCar } from '../lib/forms/form-config.ts';
import { LEAFLET_CREDIT, tileAttributionHtml } from '../lib/locations/live-map.ts';
import { weeklyHours } from '../lib/locations/locations.ts';
import { loadTenant } from '../lib/site/tenant.ts';
import { NEW_TAB_NOTE } from '../lib/text/accessible-names.ts';
import { vehicleLocation } from '../lib/vehicle/vehicle-location.ts';
import DealerLocator from '../islands/locations/DealerLocator.tsx';
import OpeningHoursTable from '../islands/locations/OpeningHoursTable.tsx';
import OnlinePaymentForm from '../islands/forms/OnlinePaymentForm.tsx';
import { DepositStep } from '../islands/forms/ReserveForm/DepositStep.tsx';
import { SpinTermsField } from '../islands/forms/SpinToWin/SpinToWin.tsx';
import { ConsentFields } from '../islands/forms/shared-fields.tsx';
import { useFormKit } from '../islands/ui/form-kit/index.ts';
import { NewTabLink, NewTabNote } from '../islands/ui/NewTabLink.tsx';
import DirectionsLink from './locations/DirectionsLink.astro';
import ServicePage from './service/ServicePage.astro';
import ActionButtons from './vehicle/ActionButtons.astro';
import AnnouncementBar from './vehicle/AnnouncementBar.astro';
import LocationFooter from './vehicle/LocationFooter.astro';
import ShareRow from './vehicle/ShareRow.astro';
import { renderedHtml } from '../../tests/support/astro-render.ts';
import { checkboxNames, controlNames } from '../../tests/support/control-names.ts';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const { site } = loadTenant('tests/fixtures/tenants/site-locations', NOW);
const { visible: cars } = loadTenant('tests/fixtures/tenants/payments-demo', NOW);
const car = cars[0]!;
const location = site.locations[0]!;
const config = { ...formSiteConfig(site), termsRequired: true };

/** A form island's part rendered with a form kit of its own, as the build renders islands. */
function withKit(render: (kit: ReturnType<typeof useFormKit>) => ReactElement): string {
  function Part() {
    return render(useFormKit('new-tab-test', {}));
  }
  return renderToStaticMarkup(createElement(Part));
}

/** Each source file that writes target="_blank" or a NewTabLink, and the HTML it renders with such links. */
const renders: Record<string, () => string | Promise<string>> = {
  'src/components/locations/DirectionsLink.astro': () => renderedHtml(DirectionsLink, { props: { location } }),
  'src/components/service/ServicePage.astro': () => renderedHtml(ServicePage, { props: { site, stockMakes: [] } }),
  'src/components/vehicle/ActionButtons.astro': () =>
    renderedHtml(ActionButtons, {
      props: {
        actions: {
          primary: null,
          reserve: null,
          reserveTab: false,
          buyOnline: null,
          tradeIn: null,
          historyReport: 'https://example.com/report.pdf',
          enquire: false,
          findSimilar: false,
        },
        carId: car.id,
        slug: car.slug,
        enquireLabel: 'Enquire Now',
        financeLabel: 'Get Finance',
        financeHref: '/finance',
        pdfEndpoint: null,
        similarHref: '/cars',
      },
    }),
  'src/components/vehicle/AnnouncementBar.astro': () =>
    renderedHtml(AnnouncementBar, { props: { city: 'Brisbane', directionsUrl: 'https://maps.example/dir' } }),
  'src/components/vehicle/LocationFooter.astro': () =>
    renderedHtml(LocationFooter, {
      props: { location: { ...vehicleLocation(car, site), directionsUrl: 'https://maps.example/dir' }, linkLabel: 'View Location', reveal: false },
    }),
  'src/components/vehicle/ShareRow.astro': () => renderedHtml(ShareRow, { props: { url: 'https://example.com/cars/a', name: car.name, hideTwitter: false } }),
  'src/islands/ui/NewTabLink.tsx': () =>
    renderToStaticMarkup(createElement(NewTabLink, { href: '/terms-and-conditions', children: 'terms of use' })) +
    renderToStaticMarkup(createElement(NewTabLink, { href: '/privacy-policy', note: 'new-tab-note', children: 'Privacy Policy' })) +
    renderToStaticMarkup(createElement(NewTabNote, { id: 'new-tab-note' })),
  'src/islands/locations/OpeningHoursTable.tsx': () =>
    renderToStaticMarkup(createElement(OpeningHoursTable, { rows: weeklyHours([], true), bookingUrl: 'https://booking.example.com', timeZone: site.timezone })),
  'src/islands/locations/DealerLocator.tsx': () =>
    renderToStaticMarkup(
      createElement(DealerLocator, { locations: [{ slug: 'a', name: 'Yard A', address: '1 Main St', directions: 'https://maps.example/dir' }] }),
    ),
  'src/islands/forms/shared-fields.tsx': () => withKit((kit) => createElement(ConsentFields, { kit, config })),
  'src/islands/forms/ReserveForm/DepositStep.tsx': () =>
    withKit((kit) => createElement(DepositStep, { kit, config, car: leadCar(car), deposit: 500, online: false, paymentStarted: false })),
  'src/islands/forms/SpinToWin/SpinToWin.tsx': () => withKit((kit) => createElement(SpinTermsField, { kit, termsHref: '/pages/spin-terms' })),
  'src/islands/forms/OnlinePaymentForm.tsx': () => renderToStaticMarkup(createElement(OnlinePaymentForm, { config, maxAmount: 10_000 })),
  'src/lib/locations/live-map.ts': () => LEAFLET_CREDIT + tileAttributionHtml({ attribution: '© Example', attribution_url: 'https://example.com/copyright' }),
};

/** The share row's links open a share window (a popup, not a tab) and say so in their own words. */
const SHARE_WINDOW = / – share \(opens in a new window\)$/;

describe('links that open a new tab say so', () => {
  it('every source file that writes target="_blank" or a NewTabLink is rendered here', () => {
    const sources = globSync('src/**/*.{astro,ts,tsx}', { exclude: (file) => /\.test\.tsx?$/.test(file) });
    const writers = sources.filter((file) => /_blank|<NewTabLink\b/.test(readFileSync(file, 'utf8')));
    expect(writers.sort()).toEqual(Object.keys(renders).sort());
  });

  it.each(Object.keys(renders))('%s: its visible words, then the note (in its name, or as its description)', async (file) => {
    const newTab = controlNames(await renders[file]!()).filter((control) => control.newTab);
    expect(newTab.length).toBeGreaterThan(0);
    const inName = ({ name, visible }: { name: string; visible: string }) =>
      name.startsWith(visible) && (name.endsWith(NEW_TAB_NOTE) || SHARE_WINDOW.test(name)) && name !== visible;
    const described = ({ name, visible, description }: { name: string; visible: string; description: string }) =>
      name === visible && visible !== '' && description === NEW_TAB_NOTE.trim();
    const unsaid = newTab.filter((link) => !inName(link) && !described(link));
    expect(unsaid.map(({ name, visible, description }) => ({ name, visible, description }))).toEqual([]);
  });
});

/** The source files whose checkbox labels hold a new-tab link. */
const LABELS = [
  'src/islands/forms/shared-fields.tsx',
  'src/islands/forms/ReserveForm/DepositStep.tsx',
  'src/islands/forms/SpinToWin/SpinToWin.tsx',
  'src/islands/forms/OnlinePaymentForm.tsx',
];

describe('a checkbox whose label holds a new-tab link', () => {
  it.each(LABELS)('%s: its name is its visible label, one phrase (WCAG 2.5.3)', async (file) => {
    const html = await renders[file]!();
    const labelled = checkboxNames(html).filter(({ id }) => id !== null && new RegExp(`<label for="${id}">(?:(?!</label>)[^])*target="_blank"`).test(html));
    expect(labelled.length).toBeGreaterThan(0);
    expect(labelled.map(({ name }) => name)).toEqual(labelled.map(({ visible }) => visible));
    expect(labelled.every(({ visible }) => /^I (agree to|accept) the .+\.$/.test(visible) && !visible.includes(' .'))).toBe(true);
  });
});
