/** The group's /brands page (src/pages/[brands].astro): where it is, its footer link, its cards' logos. Pure. */
import type { Brand } from '../../schemas/marketing.ts';
import type { ModelsFile } from '../../schemas/models.ts';
import type { MenuLink } from '../../schemas/site/menus.ts';
import { makeLogos } from '../range/make-logos.ts';
import { normaliseModelsFile, rangeBrands } from '../range/models.ts';
import { slugify } from '../text/slug.ts';

/** The brands page's path. */
export const BRANDS_PATH = '/brands';

/** The footer's link to the brands page (its dealer-group column): the page's own title (docs/decisions.md). */
export const BRANDS_LINK: MenuLink = { label: 'Our Brands', href: BRANDS_PATH };

/** Where the /brands page is built: there only for a tenant with brands (brands.json); the content paths it takes, src/builder/bundle/product-routes.ts. */
export function brandsPagePaths(brands: readonly Brand[]): string[] {
  return brands.length > 0 ? [BRANDS_PATH] : [];
}

/**
 * The logo a brand card shows: the brand's own (brands.json `logo`), else, for a car, motorcycle
 * or truck brand, its make's logo from the tenant's make logos (makeLogos: models.json
 * manufacturers, keyed by make slug) under the brand's slug or name; none for a group brand.
 */
export function brandLogo(brand: Pick<Brand, 'name' | 'slug' | 'logo' | 'type'>, makeLogos: ReadonlyMap<string, string>): string | undefined {
  if (brand.logo) return brand.logo;
  if (brand.type === 'group') return undefined;
  return makeLogos.get(slugify(brand.slug)) ?? makeLogos.get(slugify(brand.name));
}

/** The make logos of a tenant's models.json (its manufacturers'), by make slug; none without the file. Reads no stock (the page is stock-free). */
export function modelsFileLogos(file: ModelsFile | undefined, siteBrand?: string): Map<string, string> {
  if (!file) return new Map();
  const { models, manufacturers } = normaliseModelsFile(file, siteBrand);
  return makeLogos(rangeBrands(models, manufacturers));
}
