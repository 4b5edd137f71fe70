/**
 * A repeated control named after what it acts on reads 'View Location: Springwood', not
 * 'View Location : Springwood': its name is an aria-label made by nameOf
 * (src/lib/text/accessible-names.ts), never a visually-hidden span starting with ':' after the
 * label, which Chromium reads as a block with a space before it. A guard over every component
 * source, and the three that wrote such a span rendered.
 */
import { globSync, readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadTenant } from '../lib/site/tenant.ts';
import { vehicleLocation } from '../lib/vehicle/vehicle-location.ts';
import OffersList from '../islands/marketing/OffersList.tsx';
import FeatureBanner from './home/FeatureBanner.astro';
import LocationFooter from './vehicle/LocationFooter.astro';
import { renderedHtml } from '../../tests/support/astro-render.ts';
import { controlNames } from '../../tests/support/control-names.ts';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
const { site } = loadTenant('tests/fixtures/tenants/site-locations', NOW);
const { visible: cars } = loadTenant('tests/fixtures/tenants/payments-demo', NOW);

describe('repeated control names', () => {
  it('no component writes a visually-hidden span that starts with a colon after a visible label', () => {
    const offenders = globSync('src/**/*.{astro,tsx}').filter((file) => /visually-hidden['"]\s*>\s*:/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it("a vehicle page's View Location names its location", async () => {
    const html = await renderedHtml(LocationFooter, {
      props: { location: { ...vehicleLocation(cars[0]!, site), href: '/locations/springwood', name: 'Springwood' }, linkLabel: 'View Location', reveal: false },
    });
    expect(controlNames(html).find((control) => control.visible === 'View Location')?.name).toBe('View Location: Springwood');
  });

  it("an offer's button names its offer", () => {
    const html = renderToStaticMarkup(
      createElement(OffersList, {
        offers: [{ id: 'a', title: 'Runout', description: '', strictDisplay: false, button_label: 'Find Out More', button_href: '/offers/a' }],
        count: 6,
        buildTime: NOW,
        path: '/special-offers',
        clearHref: '/special-offers',
        timeZone: site.timezone,
      }),
    );
    expect(controlNames(html).find((control) => control.visible === 'Find Out More')?.name).toBe('Find Out More: Runout');
  });

  it("the home page's feature tiles name their tile", async () => {
    const names = controlNames(await renderedHtml(FeatureBanner, { props: { site } }));
    expect(names.length).toBeGreaterThan(0);
    for (const control of names) expect(control.name).toMatch(new RegExp(`^${control.visible.replace(/[()$]/g, '\\$&')}: \\S`));
  });
});
