/** The /brands page's owner (src/lib/marketing/brands.ts): where it is built and the logo each card shows. */
import { describe, expect, it } from 'vitest';
import { brandLogo, brandsPagePaths, modelsFileLogos } from './brands.ts';

const logos = new Map([
  ['toyota', '/logos/toyota.svg'],
  ['yamaha', '/logos/yamaha.svg'],
]);

describe('brandsPagePaths', () => {
  it('is /brands for a tenant with brands, nothing without', () => {
    expect(brandsPagePaths([{ name: 'Toyota', slug: 'toyota', type: 'car', description: 'Used Toyotas.' }])).toEqual(['/brands']);
    expect(brandsPagePaths([])).toEqual([]);
  });
});

describe('brandLogo', () => {
  it("is the brand's own logo when brands.json gives one", () => {
    expect(brandLogo({ name: 'Toyota', slug: 'toyota', type: 'car', logo: '/own.svg' }, logos)).toBe('/own.svg');
  });

  it("falls back to the make's logo by the brand's slug or name", () => {
    expect(brandLogo({ name: 'Yamaha Motorcycles', slug: 'yamaha', type: 'motorcycle' }, logos)).toBe('/logos/yamaha.svg');
    expect(brandLogo({ name: 'Toyota', slug: 'toyota-trucks', type: 'truck' }, logos)).toBe('/logos/toyota.svg');
  });

  it('is none for a group brand without one, or a make the tenant has no logo of', () => {
    expect(brandLogo({ name: 'Toyota', slug: 'toyota', type: 'group' }, logos)).toBeUndefined();
    expect(brandLogo({ name: 'Mazda', slug: 'mazda', type: 'car' }, logos)).toBeUndefined();
  });
});

describe('modelsFileLogos', () => {
  it("gives the make logos of a models.json's manufacturers by make slug, and none without the file", () => {
    const file = {
      manufacturers: [
        { name: 'Toyota', slug: 'toyota', logo: '/logos/toyota.svg' },
        { name: 'Isuzu UTE', slug: 'isuzu-ute' },
      ],
      models: [],
    };
    expect([...modelsFileLogos(file)]).toEqual([['toyota', '/logos/toyota.svg']]);
    expect(modelsFileLogos(undefined).size).toBe(0);
  });
});
