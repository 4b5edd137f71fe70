/** Per-process memo of what every page's chrome needs (menus), so a 16,000-page build computes it once. */
import { footerGroups, headerMenu, modelsFromStock, slugify, type FooterGroup, type MenuModel, type NavItem } from '../lib/menu.ts';
import { getBundle } from './bundle.ts';

let cached: { menu: NavItem[]; footer: FooterGroup[]; models: MenuModel[] } | undefined;

interface ModelFileEntry {
  name?: unknown;
  slug?: unknown;
  override_url?: unknown;
  body?: unknown;
  manufacturer_body?: unknown;
}

/** Models of the Range menu: the tenant's models.json when it has one, else derived from stock. */
function menuModels(): MenuModel[] {
  const bundle = getBundle();
  const file = bundle.extras.models;
  const list = Array.isArray(file) ? file : Array.isArray((file as { models?: unknown })?.models) ? (file as { models: unknown[] }).models : undefined;
  if (list) {
    return list
      .filter((entry): entry is ModelFileEntry => typeof entry === 'object' && entry !== null && typeof (entry as ModelFileEntry).name === 'string')
      .map((entry) => {
        const name = String(entry.name);
        const slug = typeof entry.slug === 'string' ? entry.slug : slugify(name);
        const body = Array.isArray(entry.body) ? entry.body.map(String) : typeof entry.manufacturer_body === 'string' ? [entry.manufacturer_body] : [];
        return { name, href: typeof entry.override_url === 'string' ? entry.override_url : `/models/${slug}`, body };
      });
  }
  return modelsFromStock(bundle.cars);
}

/** Header menu, footer groups and Range models of the tenant being built. */
export function getChrome() {
  if (cached) return cached;
  const { site } = getBundle();
  const models = menuModels();
  cached = { menu: headerMenu(site, models), footer: footerGroups(site, models), models };
  return cached;
}
