// @vitest-environment happy-dom
/**
 * /compare: the Compare toggle's list side by side (a column a car, a row a fact, the facts no
 * car has left out), Remove per car (focus and status), the empty state leading to the stock,
 * and stored entries treated as untrusted.
 */
import { describe, expect, it } from 'vitest';
import { click, settle, stubApi } from '../../../tests/support/form-events.ts';
import { listedCar, shortlistPage } from '../../../tests/support/shortlist-page.tsx';
import { $compare, type CompareCar } from '../../stores/compare.ts';
import { compareImageSizes, type ShortlistCar } from '../../lib/vehicle/shortlist.ts';
import CompareCars from './CompareCars.tsx';

const { mounted, nextUrl, show, removeButton, status } = shortlistPage($compare, CompareCars, 'compare-file');

const stored = (id: string, name: string): CompareCar => ({ id, slug: `car-${id}`, name });
/** No car here has a body: its row is left out. */
const listed = (id: string, name: string, extra: Partial<ShortlistCar> = {}) => listedCar(id, name, { price: '$28,990', body: null, ...extra });

const table = () => mounted.host.querySelector('table');
/** The table as text: its rows, each its cells' text. */
const rows = () => [...table()!.querySelectorAll('tr')].map((row) => [...row.children].map((cell) => cell.textContent));

describe('/compare', () => {
  it('with no car chosen: says how to choose and leads to the stock, loading no file', async () => {
    const calls = stubApi({});
    await show(nextUrl());
    expect(mounted.host.querySelector('[data-shortlist-empty]')!.textContent).toBe(
      'You have not chosen any cars to compare. Press Compare on up to 3 cars to see them side by side here.',
    );
    expect(mounted.host.querySelector<HTMLAnchorElement>('a.button')!.getAttribute('href')).toBe('/search/used-cars');
    expect(table()).toBeNull();
    expect(calls).toEqual([]);
  });

  it('lines the cars up: a column a car (photo, name linking its page, Remove), a row a fact; a fact no car has is left out, one a car lacks is not stated', async () => {
    const url = nextUrl();
    stubApi({ [url]: [200, [listed('1', '2021 Toyota Corolla'), listed('2', '2019 Mazda CX-5', { odometer: null, price: 'JUST SOLD', available: false })]] });
    $compare.set([stored('1', '2021 Toyota Corolla'), stored('2', '2019 Mazda CX-5')]);
    await show(url);
    expect(rows()).toEqual([
      ['', '2021 Toyota Corolla', '2019 Mazda CX-5'],
      ['', 'Remove', 'Remove'],
      ['Price', '$28,990', 'JUST SOLD'],
      ['Year', '2021', '2021'],
      ['Odometer', '45,210 km', '—Not stated'],
      ['Transmission', 'Automatic', 'Automatic'],
      ['Fuel Type', 'Petrol', 'Petrol'],
    ]);
    const headers = [...table()!.querySelectorAll('thead th')];
    expect(headers.map((th) => th.getAttribute('scope'))).toEqual(['col', 'col']);
    expect(headers[0]!.querySelector('a')!.getAttribute('href')).toBe('/cars/car-1');
    expect(headers[0]!.querySelector('img')!.getAttribute('alt')).toBe('');
    expect([...table()!.querySelectorAll('tbody th')].every((th) => th.getAttribute('scope') === 'row')).toBe(true);
    expect(table()!.querySelector('caption')!.textContent).toBe('The cars you chose, side by side');
    // The dash is for the eye only.
    expect(table()!.querySelector('[aria-hidden="true"]')!.textContent).toBe('—');
  });

  it("shows each photo in the cards' widths, sized to its column: narrower with each car, so a narrow column takes the small file and a wide one a larger one", async () => {
    const url = nextUrl();
    stubApi({ [url]: [200, [listed('1', 'Car 1'), listed('2', 'Car 2')]] });
    $compare.set([stored('1', 'Car 1'), stored('2', 'Car 2')]);
    await show(url);
    const images = () => [...table()!.querySelectorAll('thead img')];
    expect(images().map((image) => image.getAttribute('srcset'))).toEqual(
      ['1', '2'].map((id) => `/media/vehicles/car-${id}-480w.webp 480w, /media/vehicles/car-${id}-800w.webp 800w`),
    );
    expect(images().map((image) => image.getAttribute('sizes'))).toEqual([compareImageSizes(2), compareImageSizes(2)]);
    expect(compareImageSizes(1)).not.toBe(compareImageSizes(2));
    click(removeButton('Car 1'));
    await settle();
    expect(images().map((image) => image.getAttribute('sizes'))).toEqual([compareImageSizes(1)]);
  });

  it('puts the table in a region named by its caption, which Tab reaches (a narrow window scrolls the table in it)', async () => {
    const url = nextUrl();
    stubApi({ [url]: [200, [listed('1', 'Car 1'), listed('2', 'Car 2')]] });
    $compare.set([stored('1', 'Car 1'), stored('2', 'Car 2')]);
    await show(url);
    const region = table()!.parentElement!;
    expect(region.getAttribute('role')).toBe('region');
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(document.getElementById(region.getAttribute('aria-labelledby')!)).toBe(table()!.querySelector('caption'));
  });

  it('Remove takes the car out of the comparison with focus on the next Remove, then the empty message; one car left asks for another', async () => {
    const url = nextUrl();
    stubApi({ [url]: [200, [listed('1', 'Car 1'), listed('2', 'Car 2')]] });
    $compare.set([stored('1', 'Car 1'), stored('2', 'Car 2')]);
    await show(url);
    removeButton('Car 1').focus();
    click(removeButton('Car 1'));
    await settle();
    expect($compare.get()).toEqual([stored('2', 'Car 2')]);
    expect(status()).toBe('Car 1 removed from the comparison. 1 car left.');
    expect(document.activeElement).toBe(removeButton('Car 2'));
    expect(mounted.host.textContent).toContain('Add another car to compare it side by side. Browse our stock');
    click(removeButton('Car 2'));
    await settle();
    expect(table()).toBeNull();
    expect(document.activeElement).toBe(mounted.host.querySelector('[data-shortlist-empty]'));
  });

  it('shows a stored name as text and no link for a car the site no longer lists', async () => {
    const url = nextUrl();
    stubApi({ [url]: [200, [listed('1', 'Car 1')]] });
    $compare.set([stored('1', 'Car 1'), { id: '9', slug: 'gone', name: '<script>alert(1)</script>' }]);
    await show(url);
    const gone = table()!.querySelector('thead th[data-car-id="9"]')!;
    expect(gone.textContent).toBe('<script>alert(1)</script>No longer listed');
    expect(gone.querySelector('a, script, img')).toBeNull();
    expect(rows()[2]).toEqual(['Price', '$28,990', '—Not stated']);
  });
});
