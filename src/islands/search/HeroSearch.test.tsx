/**
 * The home hero's counts as the build renders them (react-dom/server): the 'Show Me N cars'
 * button and the make tiles name one vehicle for a count of one, and group thousands.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { heroSearchProps, searchBuildData } from '../../search/build-time/page-data.ts';
import { makeCar } from '../../../tests/fixtures/make-car.ts';
import { makeSite } from '../../../tests/fixtures/make-site.ts';
import type { VehicleKind } from '../../schemas/vehicle-kind.ts';
import HeroSearch from './HeroSearch.tsx';
import { htmlText } from '../../../tests/support/html-text.ts';

const BUILD_TIME = Date.parse('2026-12-06T00:00:00Z');

/** The hero's text (tags dropped, spaces joined) for a stock of `makes` (make -> how many cars). */
async function heroText(makes: Record<string, number>, fields: { vehicle_kinds?: VehicleKind[] } = {}, itemType?: VehicleKind): Promise<string> {
  const site = makeSite({ slug: 'hero-yard', ...fields });
  const cars = Object.entries(makes).flatMap(([make, count], at) =>
    Array.from({ length: count }, (_, index) =>
      makeCar({
        id: at * 10_000 + index + 1,
        slug: `${make}-${index}`,
        make,
        model: 'Any',
        price: 20_000 + index,
        ...(itemType ? { item_type: itemType } : {}),
      }),
    ),
  );
  const data = await searchBuildData({ slug: site.slug, site, cars, buildTime: BUILD_TIME });
  const html = renderToStaticMarkup(<HeroSearch {...heroSearchProps(data, undefined, fields.vehicle_kinds ?? [])} />);
  return ` ${htmlText(html)} `;
}

describe('the home hero names one car for a count of one', () => {
  it("says 'Show Me 1 car' and a make tile's '1 car' on a one-kind site", async () => {
    const text = await heroText({ Toyota: 1 });
    expect(text).toContain('Show Me 1 car ');
    expect(text).toContain('Toyota 1 car ');
    expect(text).not.toContain('1 cars');
  });

  it('keeps the plural from two, and groups thousands in the tiles', async () => {
    const text = await heroText({ Toyota: 1001, Ford: 2 });
    expect(text).toContain('Show Me 1,003 cars');
    expect(text).toContain('Toyota 1,001 cars');
    expect(text).toContain('Ford 2 cars');
    // The make select's options count the same way.
    expect(text).toContain('Toyota (1,001)');
  });

  it("names one of a site's several kinds 'Bike or Truck'", async () => {
    const text = await heroText({ Isuzu: 1 }, { vehicle_kinds: ['motorcycle', 'truck'] }, 'truck');
    expect(text).toContain('Show Me 1 Bike or Truck ');
    expect(text).toContain('Isuzu 1 Truck ');
  });
});
