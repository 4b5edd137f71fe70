// @vitest-environment happy-dom
/**
 * /saved-cars: the Save toggle's list shown with the site's facts of each car, removed one by
 * one (focus and status as the garage's), an empty state leading to the stock, and stored
 * entries treated as untrusted (text only, a slug as one path segment, no stored script URL).
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { click, settle, stubApi } from '../../../tests/support/form-events.ts';
import { CAR_WORDS, listedCar as listed, shortlistPage } from '../../../tests/support/shortlist-page.tsx';
import { $favourites, type FavouriteCar } from '../../stores/favourites.ts';
import { SAVED_CARS_IMAGE_SIZES } from '../../lib/vehicle/shortlist.ts';
import { ANSWER_WAIT_MS } from '../ui/bounded-wait.ts';
import SavedCars from './SavedCars.tsx';
import { SHORTLIST_FILE_FAILED } from './use-shortlist.ts';

const { mounted, nextUrl, show, removeButton, status } = shortlistPage($favourites, SavedCars, 'shortlist-cars');

const stored = (id: string, name: string, extra: Partial<FavouriteCar> = {}): FavouriteCar => ({
  id,
  name,
  slug: `car-${id}`,
  make: null,
  model: null,
  primary_image_url: null,
  ...extra,
});

const cards = () => [...mounted.host.querySelectorAll<HTMLElement>('.shortlist-card')];

describe('/saved-cars', () => {
  it('with nothing saved: says so and leads to the stock, loading no file', async () => {
    const calls = stubApi({});
    await show(nextUrl());
    const empty = mounted.host.querySelector<HTMLElement>('[data-shortlist-empty]')!;
    expect(empty.textContent).toBe('You have no saved cars yet. Press Save on a car to keep it here.');
    expect(mounted.host.querySelector<HTMLAnchorElement>('a.button')!.getAttribute('href')).toBe('/search/used-cars');
    expect(mounted.host.querySelector('.shortlist')!.getAttribute('aria-busy')).toBe('false');
    expect(calls).toEqual([]);
  });

  it("lists each saved car with the site's photo, name linking its page, price and facts; one the site no longer lists says so", async () => {
    const url = nextUrl();
    const calls = stubApi({
      [url]: [200, [listed('7', '2021 Toyota Corolla Ascent'), listed('8', '2019 Mazda CX-5', { available: false, price: 'JUST SOLD' })]],
    });
    $favourites.set([stored('7', 'Old name'), stored('8', '2019 Mazda CX-5'), stored('9', '2015 Holden Barina')]);
    await show(url);
    expect(calls.map((call) => call.path)).toEqual([url]);
    expect(mounted.host.querySelector('ul')!.getAttribute('aria-label')).toBe('Your saved cars');
    const [corolla, mazda, barina] = cards();
    expect(corolla!.querySelector('h2 a')!.getAttribute('href')).toBe('/cars/car-7');
    expect(corolla!.querySelector('h2')!.textContent).toBe('2021 Toyota Corolla Ascent');
    expect(corolla!.querySelector('img')!.getAttribute('src')).toBe('/media/vehicles/car-7.webp');
    expect(corolla!.querySelector('img')!.getAttribute('alt')).toBe('');
    expect(corolla!.textContent).toContain('$28,990 Drive Away');
    expect(corolla!.textContent).toContain('45,210 km · Automatic · Hatch · Petrol');
    expect(mazda!.textContent).toContain('JUST SOLD');
    expect(barina!.querySelector('h2')!.textContent).toBe('2015 Holden Barina');
    expect(barina!.querySelector('a')).toBeNull();
    expect(barina!.textContent).toContain('No longer listed');
    expect(removeButton('2021 Toyota Corolla Ascent').textContent).toBe('Remove');
  });

  it("shows each photo in the cards' widths, sized as the grid lays the cards out, so a phone takes the small file and a wide card a larger one", async () => {
    const url = nextUrl();
    const photo = '/media/photos/0123456789abcdef01234567-a1b2c3.jpg';
    const remote = 'https://dealer.example.com/3.jpg';
    stubApi({ [url]: [200, [listed('1', 'Car 1'), listed('2', 'Car 2', { image: photo }), listed('3', 'Car 3', { image: remote })]] });
    $favourites.set(['1', '2', '3'].map((id) => stored(id, `Car ${id}`)));
    await show(url, { cdn: 'https://img.example.net/{url}?w={width}', quality: 75 });
    const [drawing, feed, cdn] = cards();
    const image = drawing!.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/media/vehicles/car-1.webp');
    expect(image.getAttribute('srcset')).toBe('/media/vehicles/car-1-480w.webp 480w, /media/vehicles/car-1-800w.webp 800w');
    expect(image.getAttribute('sizes')).toBe(SAVED_CARS_IMAGE_SIZES);
    // A feed photo: AVIF and WebP in the same widths before its JPEG.
    expect(
      [...feed!.querySelectorAll('source')].map((source) => [source.getAttribute('type'), source.getAttribute('srcset'), source.getAttribute('sizes')]),
    ).toEqual(
      (['avif', 'webp'] as const).map((format) => [
        `image/${format}`,
        `/media/photos/0123456789abcdef01234567-a1b2c3-480w.${format} 480w, /media/photos/0123456789abcdef01234567-a1b2c3-800w.${format} 800w`,
        SAVED_CARS_IMAGE_SIZES,
      ]),
    );
    expect(feed!.querySelector('img')!.getAttribute('src')).toBe(photo);
    // A remote photo through the site's image CDN, in the same widths.
    expect(cdn!.querySelector('img')!.getAttribute('srcset')).toBe(
      [480, 800].map((width) => `https://img.example.net/${encodeURIComponent(remote)}?w=${width} ${width}w`).join(', '),
    );
  });

  it("Remove drops the car from the stored list, says so with the count left, and moves focus to the next car's Remove, then the one before, then the empty message", async () => {
    const url = nextUrl();
    stubApi({ [url]: [200, ['1', '2', '3'].map((id) => listed(id, `Car ${id}`))] });
    $favourites.set(['1', '2', '3'].map((id) => stored(id, `Car ${id}`)));
    await show(url);
    const press = async (button: HTMLButtonElement) => {
      button.focus();
      click(button);
      await settle();
    };
    await press(removeButton('Car 2'));
    expect($favourites.get().map((car) => car.id)).toEqual(['1', '3']);
    expect(JSON.parse(localStorage.getItem('favourites')!).map((car: FavouriteCar) => car.id)).toEqual(['1', '3']);
    expect(status()).toBe('Car 2 removed from your saved cars. 2 cars left.');
    expect(document.activeElement).toBe(removeButton('Car 3'));
    await press(removeButton('Car 3'));
    expect(document.activeElement).toBe(removeButton('Car 1'));
    await press(removeButton('Car 1'));
    expect(status()).toBe('Car 1 removed from your saved cars. 0 cars left.');
    expect(cards()).toHaveLength(0);
    expect(document.activeElement).toBe(mounted.host.querySelector('[data-shortlist-empty]'));
  });

  it('shows stored entries as text: markup in a name stays words, a slug stays one path segment, a script URL is no photo', async () => {
    const url = nextUrl();
    stubApi({ [url]: [503, 'unavailable'] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    $favourites.set([
      stored('1', '<img src=x onerror="alert(1)">', { slug: '../../sign-in?x=1', primary_image_url: 'javascript:alert(1)' }),
      stored('2', 'A fine car', { primary_image_url: '/media/photos/a-112233.jpg' }),
    ]);
    await show(url);
    // The file did not load: the page says so and shows what the device saved.
    expect(mounted.host.querySelector('[role="alert"]')!.textContent).toBe(
      'We could not load the latest details just now, so this shows what this device saved.',
    );
    const [odd, fine] = cards();
    expect(odd!.querySelector('h2')!.textContent).toBe('<img src=x onerror="alert(1)">');
    expect(odd!.querySelectorAll('img')).toHaveLength(0);
    expect(odd!.querySelector('h2 a')!.getAttribute('href')).toBe('/cars/..%2F..%2Fsign-in%3Fx%3D1');
    expect(fine!.querySelector('img')!.getAttribute('src')).toBe('/media/photos/a-112233.jpg');
  });

  it('a shortlist file not loaded within the bounded wait: the page says so and shows what the device saved', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(() => new Promise<Response>(() => undefined)),
      );
      vi.spyOn(console, 'error').mockImplementation(() => {});
      $favourites.set([stored('1', 'Car 1')]);
      mounted.render(<SavedCars carsUrl={nextUrl()} stockHref="/search/used-cars" words={CAR_WORDS} images={{}} />);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS);
      });
      expect(mounted.host.querySelector('[role="alert"]')!.textContent).toBe(SHORTLIST_FILE_FAILED);
      expect(cards().map((card) => card.querySelector('h2')!.textContent)).toEqual(['Car 1']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders nothing of the stored list before it is mounted (the built page is the same for everyone)', async () => {
    $favourites.set([stored('1', 'Car 1')]);
    const { renderToStaticMarkup } = await import('react-dom/server');
    const html = renderToStaticMarkup(<SavedCars carsUrl="/x.json" stockHref="/search/used-cars" words={CAR_WORDS} images={{}} />);
    expect(html).toBe('<div class="shortlist" aria-busy="true" data-state="loading"><p class="visually-hidden" role="status"></p></div>');
  });
});
