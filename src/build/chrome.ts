/** Memo (per bundle) of what every page's chrome needs (menus), so a 16,000-page build computes it once. */
import { footerGroups, headerMenu, modelsFromStock, type FooterGroup, type MenuModel, type NavItem } from '../lib/range/menu.ts';
import { getBundle, type TenantBundle } from './bundle.ts';
import { getRange } from './range.ts';

let cached: { bundle: TenantBundle; chrome: { menu: NavItem[]; footer: FooterGroup[]; models: MenuModel[] } } | undefined;

/** Models of the Range menu: the tenant's models.json when it has one, else derived from stock. */
function menuModels(): MenuModel[] {
  const bundle = getBundle();
  if (bundle.extras.models) {
    // Links and brand prefixes follow the model range rules (src/lib/range/models.ts), so menu and /models agree.
    return getRange().tiles.map((tile) => ({ name: tile.name, href: tile.href, body: tile.bodies, fuel: tile.fuel }));
  }
  return modelsFromStock(bundle.cars);
}

/** Header menu, footer groups and Range models of the tenant being built. */
export function getChrome() {
  const bundle = getBundle();
  if (cached?.bundle === bundle) return cached.chrome;
  const models = menuModels();
  cached = { bundle, chrome: { menu: headerMenu(bundle.site, models), footer: footerGroups(bundle.site, models), models } };
  return cached.chrome;
}
