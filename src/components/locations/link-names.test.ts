/**
 * The links of the location components name their location (WCAG 2.4.4: a page of cards
 * repeats View Our Stock and Get Directions), after the spec's visible words (WCAG 2.5.3), and
 * a link that opens a new tab says so in its name, in the vehicle page's words.
 */
import { describe, expect, it } from 'vitest';
import { siteImageOptions } from '../../lib/images.ts';
import { loadTenant } from '../../lib/site/tenant.ts';
import ContactCard from './ContactCard.astro';
import LocationCard from './LocationCard.astro';
import LocationDetail from './LocationDetail.astro';
import LocationsList from './LocationsList.astro';
import { renderedHtml } from '../../../tests/support/astro-render.ts';
import { controlNames, type ControlName } from '../../../tests/support/control-names.ts';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const { site } = loadTenant('tests/fixtures/tenants/site-dealerships', NOW);
const location = site.locations.find((item) => item.stock_url)!;

/** The links of a render whose visible words are `visible`. */
const withLabel = (controls: ControlName[], visible: string) => controls.filter((control) => control.visible === visible);

describe('location links name their location', () => {
  it('the fixture location has a stock link', () => {
    expect(location.stock_url).toBeTruthy();
  });

  it("a card's View Location, View Our Stock, Contact and Get Directions", async () => {
    const controls = controlNames(await renderedHtml(LocationCard, { props: { location, timeZone: site.timezone } }));
    const names = ['View Location', 'View Our Stock', 'Contact', 'Get Directions'].map((label) => withLabel(controls, label).map((control) => control.name));
    expect(names).toEqual([
      [`View Location: ${location.name}`],
      [`View Our Stock: ${location.name}`],
      [`Contact ${location.name}`],
      [`Get Directions to ${location.name} (opens in a new tab)`],
    ]);
  });

  it('Get Directions on a contact card, a location page and the one-location hero', async () => {
    const renders = [
      await renderedHtml(ContactCard, {
        props: { heading: 'Talk to us', location, site: { ...site, email: undefined }, timeZone: site.timezone, map: false },
      }),
      await renderedHtml(LocationDetail, {
        props: { location, all: [location], timeZone: site.timezone, now: NOW, imageOptions: siteImageOptions(site) },
      }),
      await renderedHtml(LocationsList, { props: { locations: [location], timeZone: site.timezone } }),
    ];
    for (const html of renders) {
      expect(withLabel(controlNames(html), 'Get Directions').map((control) => control.name)).toEqual([
        `Get Directions to ${location.name} (opens in a new tab)`,
      ]);
    }
  });

  it('every link that opens a new tab says so', async () => {
    const html = await renderedHtml(LocationsList, { props: { locations: site.locations, timeZone: site.timezone } });
    const newTab = controlNames(html).filter((control) => control.newTab);
    expect(newTab.length).toBeGreaterThan(1);
    expect(newTab.filter((control) => !control.name.endsWith(' (opens in a new tab)'))).toEqual([]);
  });
});
