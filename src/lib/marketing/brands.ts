/** The group's /brands page (src/pages/[brands].astro). Pure. */
import type { Brand } from '../../schemas/marketing.ts';

/** Where the /brands page is built: there only for a tenant with brands (brands.json); the content paths it takes, src/builder/bundle/product-routes.ts. */
export function brandsPagePaths(brands: readonly Brand[]): string[] {
  return brands.length > 0 ? ['/brands'] : [];
}
