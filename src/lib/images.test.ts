import { describe, expect, it } from 'vitest';
import {
  bodyShape,
  carImageSources,
  PROMO_SLIDE_SIZES,
  slideImageSources,
  cdnImageUrl,
  parsePhotoUrl,
  photoUrl,
  siteImageOptions,
  colourFamily,
  panoramaUrl,
  parseLocalImageUrl,
  placeholderImage,
  primaryImage,
  spinFrameUrl,
  vehicleGallery,
  vehicleImageUrl,
  widthVariantUrl,
} from './images.ts';
import { makeCar } from '../../tests/fixtures/make-car.ts';

describe('carImageSources', () => {
  it('gives width variants for a local /media WebP', () => {
    const sources = carImageSources('/media/vehicles/suv-red-side.webp');
    expect(sources.src).toBe('/media/vehicles/suv-red-side.webp');
    expect(sources.srcset).toBe('/media/vehicles/suv-red-side-480w.webp 480w, /media/vehicles/suv-red-side-800w.webp 800w, /media/vehicles/suv-red-side-1200w.webp 1200w');
    expect(sources.sizes).toContain('100vw');
  });

  it('uses the widths of its use, smallest first', () => {
    expect(carImageSources('/media/placeholders/ute.webp', 'card').srcset).toBe('/media/placeholders/ute-480w.webp 480w, /media/placeholders/ute-800w.webp 800w');
  });

  it.each([
    ['https://cdn.example.com/cars/1.jpg'],
    ['http://cdn.example.com/a.webp'],
    ['/media/vehicles/suv-red-side-thumb.webp'],
    ['/images/logo.png'],
    ['/media/vehicles/suv-red-side-800w.webp'],
    [''],
  ])('returns %j as it is', (url) => {
    expect(carImageSources(url)).toEqual({ src: url });
  });
});

describe('placeholderImage', () => {
  it.each([
    ['SUV', '/media/placeholders/suv.webp'],
    ['Hatchback', '/media/placeholders/hatch.webp'],
    ['Ute', '/media/placeholders/ute.webp'],
    ['Cab Chassis', '/media/placeholders/ute.webp'],
    ['People Mover', '/media/placeholders/van.webp'],
    ['Commercial', '/media/placeholders/van.webp'],
    ['Convertible', '/media/placeholders/convertible.webp'],
    ['Coupe', '/media/placeholders/coupe.webp'],
    ['Wagon', '/media/placeholders/wagon.webp'],
    ['Light Truck', '/media/placeholders/light-truck.webp'],
    ['Pop Top', '/media/placeholders/pop-top.webp'],
    ['Camper Trailer', '/media/placeholders/camper-trailer.webp'],
    ['Prime Mover', '/media/placeholders/prime-mover.webp'],
    ['Caravan', '/media/placeholders/caravan.webp'],
    [undefined, '/media/placeholders/sedan.webp'],
    [null, '/media/placeholders/sedan.webp'],
    ['Other', '/media/placeholders/sedan.webp'],
  ])('%s -> %s', (body, url) => {
    expect(placeholderImage(body)).toBe(url);
  });

  it('1.9: a bike, truck or caravan without photos and without a body is drawn as one, not as a sedan', () => {
    const dealer = ['motorcycle', 'truck'] as const;
    const noPhoto = (fields: Parameters<typeof makeCar>[0], kinds?: Parameters<typeof makeCar>[1]) =>
      primaryImage(makeCar({ ...fields, images: [], primary_image_url: null }, kinds));
    expect(noPhoto({ make: 'Yamaha', model: 'NMAX' }, dealer)).toBe('/media/placeholders/motorcycle.webp');
    expect(noPhoto({ make: 'Isuzu', model: 'NLR' }, dealer)).toBe('/media/placeholders/light-truck.webp');
    expect(noPhoto({ make: 'Jayco', model: 'Crosstrak' }, ['caravan'])).toBe('/media/placeholders/caravan.webp');
    expect(noPhoto({ make: 'Toyota', model: 'HiLux' }, ['car'])).toBe('/media/placeholders/sedan.webp');
    expect(placeholderImage('Prime Mover', 'truck')).toBe('/media/placeholders/prime-mover.webp');
  });

  it('prefers the kind for caravans and motorcycles, drawn by their class', () => {
    expect(bodyShape('Hybrid Camper', 'caravan')).toBe('hybrid-camper');
    expect(bodyShape('Caravan', 'caravan')).toBe('caravan');
    expect(bodyShape('Naked', 'motorcycle')).toBe('motorcycle');
    expect(bodyShape('Sport', 'motorcycle')).toBe('sportbike');
    expect(bodyShape('Cruiser', 'motorcycle')).toBe('cruiser');
    expect(bodyShape('Touring', 'motorcycle')).toBe('adventure-bike');
    expect(bodyShape('Trail', 'motorcycle')).toBe('trail-bike');
    expect(bodyShape('Scooter', 'motorcycle')).toBe('scooter');
  });
});

describe('colourFamily', () => {
  it.each([
    ['Soul Red Crystal', 'red'],
    ['Crystal White Pearl', 'white'],
    ['Eclipse Black', 'black'],
    ['Deep Crystal Blue', 'blue'],
    ['White with Black Roof', 'white'],
    ['Machine Grey', 'grey'],
    ['Silver', 'silver'],
    ['', 'white'],
    [null, 'white'],
    ['Mystery', 'white'],
  ])('%s -> %s', (name, family) => {
    expect(colourFamily(name)).toBe(family);
  });
});

describe('local image URLs', () => {
  it('round-trips every kind through parseLocalImageUrl', () => {
    expect(parseLocalImageUrl(vehicleImageUrl('light-truck', 'white', 'angle'))).toEqual({ kind: 'vehicle', body: 'light-truck', colour: 'white', view: 'angle', thumb: false });
    expect(parseLocalImageUrl(vehicleImageUrl('suv', 'blue', 'interior', true))).toEqual({ kind: 'vehicle', body: 'suv', colour: 'blue', view: 'interior', thumb: true });
    expect(parseLocalImageUrl(spinFrameUrl('ute', 'red', 7))).toEqual({ kind: 'spin', body: 'ute', colour: 'red', frame: 7 });
    expect(spinFrameUrl('ute', 'red', 7)).toBe('/media/vehicles/ute-red-spin-07.webp');
    expect(parseLocalImageUrl(panoramaUrl('van', 'grey'))).toEqual({ kind: 'panorama', body: 'van', colour: 'grey' });
    expect(parseLocalImageUrl(placeholderImage('SUV'))).toEqual({ kind: 'placeholder', body: 'suv', thumb: false });
  });

  it('rejects URLs it does not draw', () => {
    expect(parseLocalImageUrl('/media/vehicles/boat-red-side.webp')).toBeNull();
    expect(parseLocalImageUrl('/media/vehicles/suv-pink-side.webp')).toBeNull();
    expect(parseLocalImageUrl('/media/vehicles/suv-red-spin-24.webp')).toBeNull();
    expect(parseLocalImageUrl('/media/vehicles/../../etc/passwd')).toBeNull();
    expect(parseLocalImageUrl('https://example.com/media/vehicles/suv-red-side.webp')).toBeNull();
  });

  it('names width variants <name>-<w>w.webp', () => {
    expect(widthVariantUrl('/media/vehicles/suv-red-side.webp', 480)).toBe('/media/vehicles/suv-red-side-480w.webp');
  });

  it('builds a gallery of every view with thumbnails', () => {
    const gallery = vehicleGallery('sedan', 'black');
    expect(gallery).toHaveLength(5);
    expect(gallery[0]).toEqual({ image: '/media/vehicles/sedan-black-angle.webp', thumb: '/media/vehicles/sedan-black-angle-thumb.webp' });
  });
});

describe('feed photos (issue 15)', () => {
  const photo = photoUrl('0123456789abcdef01234567', '#a1b2c3');

  it('names a processed photo by its content key and dominant colour', () => {
    expect(photo).toBe('/media/photos/0123456789abcdef01234567-a1b2c3.jpg');
    expect(parsePhotoUrl(photo)).toEqual({ key: '0123456789abcdef01234567', colour: '#a1b2c3' });
    expect(parsePhotoUrl('/media/photos/nothex-a1b2c3.jpg')).toBeNull();
    expect(parsePhotoUrl('https://cdn.example.com/media/photos/0123456789abcdef01234567-a1b2c3.jpg')).toBeNull();
  });

  it('gives AVIF then WebP sources in the photo widths, a JPEG src, sizes and the colour placeholder', () => {
    const sources = carImageSources(photo, 'card');
    expect(sources.src).toBe(photo);
    expect(sources.srcset).toBeUndefined();
    expect(sources.sizes).toContain('100vw');
    expect(sources.placeholder).toBe('#a1b2c3');
    expect(sources.sources).toEqual([
      { type: 'image/avif', srcset: '/media/photos/0123456789abcdef01234567-a1b2c3-480w.avif 480w, /media/photos/0123456789abcdef01234567-a1b2c3-800w.avif 800w' },
      { type: 'image/webp', srcset: '/media/photos/0123456789abcdef01234567-a1b2c3-480w.webp 480w, /media/photos/0123456789abcdef01234567-a1b2c3-800w.webp 800w' },
    ]);
  });

  it('uses the gallery widths by default, every photo width for widths a photo is not made in', () => {
    expect(carImageSources(photo).sources?.[0]?.srcset.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['480w', '800w', '1200w']);
    expect(carImageSources(photo, 'slide').sources?.[0]?.srcset.split(', ')).toHaveLength(4);
  });
});

describe('image CDN template (issue 15)', () => {
  const template = 'https://img.example.net/fetch/{url}?w={width}&h={height}&q={quality}&fm=auto';

  it('fills width, 3:2 height, quality and the encoded feed URL', () => {
    expect(cdnImageUrl(template, 'https://dealer.example.com/a b.jpg?x=1', 480, 80)).toBe('https://img.example.net/fetch/https%3A%2F%2Fdealer.example.com%2Fa%20b.jpg%3Fx%3D1?w=480&h=320&q=80&fm=auto');
  });

  it('gives a remote photo a CDN srcset and src on a site with a template, and leaves it alone without one', () => {
    const url = 'https://dealer.example.com/1.jpg';
    const options = siteImageOptions({ images: { cdn_template: template, quality: 75 } });
    const sources = carImageSources(url, 'card', options);
    expect(sources.src).toBe(cdnImageUrl(template, url, 800, 75));
    expect(sources.srcset).toBe(`${cdnImageUrl(template, url, 480, 75)} 480w, ${cdnImageUrl(template, url, 800, 75)} 800w`);
    expect(sources.sizes).toContain('100vw');
    expect(sources.sources).toBeUndefined();
    expect(carImageSources(url, 'card', siteImageOptions({}))).toEqual({ src: url });
    // Local images never go through the CDN.
    expect(carImageSources('/media/vehicles/suv-red-side.webp', 'card', options).srcset).toBe('/media/vehicles/suv-red-side-480w.webp 480w, /media/vehicles/suv-red-side-800w.webp 800w');
  });
});

describe('9.39: promotion slides at 540 and 1920 widths', () => {
  it('9.39: a local slide image offers its 540 and 1920 variants', () => {
    const sources = slideImageSources('/media/vehicles/suv-silver-angle.webp');
    expect(sources.srcset).toBe('/media/vehicles/suv-silver-angle-540w.webp 540w, /media/vehicles/suv-silver-angle-1920w.webp 1920w');
    expect(sources.sizes).toBe(PROMO_SLIDE_SIZES);
  });
  it('9.39: a remote slide on a CDN site asks the CDN for 540 and 1920; without one it stays as it is', () => {
    const cdn = slideImageSources('https://cdn.example.com/banner.jpg', { cdn: 'https://img.example.com/{width}/{quality}/{url}' });
    expect(cdn.srcset).toMatch(/540w, .*1920w$/);
    expect(slideImageSources('https://cdn.example.com/banner.jpg')).toEqual({ src: 'https://cdn.example.com/banner.jpg' });
  });
});
