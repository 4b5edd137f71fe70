/**
 * Content pages from Markdown in the tenant folder (content/<name>.md -> /<name>,
 * content/pages/<name>.md -> /pages/<name>), with the platform's default text for the
 * standard pages a tenant has not written.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Site } from '../../schemas/site.ts';
import { formatPhone } from '../../lib/text/format.ts';
import { warrantyHeadline } from '../../lib/site/warranty.ts';
import type { ContentPage } from './bundle.ts';
import { createMarkdownRenderer } from './markdown.ts';
import { defaultPrivacyPolicy } from './privacy-policy.ts';
import { productPaths, type OwnedPageFiles } from './product-routes.ts';
import { CHECKOUT_CAR_PAGE, GATEABLE_ROUTES } from '../../schemas/site/gated-routes.ts';

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

interface Frontmatter {
  title?: string;
  description?: string;
}

/** Split `---` front matter (simple `key: value` lines) from the Markdown body. */
export function splitFrontmatter(text: string): { data: Frontmatter; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return { data: {}, body: text };
  const data: Record<string, string> = {};
  for (const line of match[1].split(/\r?\n/)) {
    const pair = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (pair) data[pair[1]] = pair[2].replace(/^["']|["']$/g, '');
  }
  return { data, body: text.slice(match[0].length) };
}

function titleFromName(name: string): string {
  return name
    .split('-')
    .map((word) => (['and', 'of', 'to', 'the'].includes(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/**
 * Default Markdown for the standard content pages, worded for the tenant (the Privacy Policy's:
 * privacy-policy.ts). They state no service, warranty or cover of the dealer's: that is the
 * dealer's own words (its content/<name>.md); the defaults ask the shopper to call.
 */
export function defaultPages(site: Site): Record<string, { title: string; markdown: string }> {
  const phone = formatPhone(site.phone);
  const name = site.name;
  return {
    'about-us': {
      title: 'About Us',
      markdown: `Welcome to ${name}${site.address ? `, at ${site.address}` : ''}. Browse the vehicles we have for sale on this site, and ask our team any question: call us on ${phone}${site.address ? ' or visit us in person' : ''}.`,
    },
    'privacy-policy': { title: 'Privacy Policy', markdown: defaultPrivacyPolicy(site) },
    'terms-and-conditions': {
      title: 'Terms and Conditions',
      markdown: `These terms apply to your use of the ${name} website.\n\nVehicle details, prices and availability are provided in good faith and may change without notice. Prices shown include GST. Please confirm all details with our sales team before purchase. Finance estimates are indicative only and are not an offer of finance.\n\nImages may show optional equipment. Online reservations are subject to the reservation terms shown at checkout.`,
    },
    warranty: {
      title: 'Warranty',
      markdown: `## ${warrantyHeadline(site)}\n\nAsk our team which warranty applies to the vehicle you are interested in and what it covers: call ${phone}.`,
    },
    'roadside-assist': {
      title: 'Roadside Assist',
      markdown: `Ask our team whether roadside assistance comes with the vehicle you are interested in or already own, and what it covers: call ${phone}.`,
    },
  };
}

/** A Markdown file of the tenant's content folder and the path it is published at. */
interface ContentFile {
  file: string;
  name: string;
  path: string;
}

/** The tenant's Markdown files with a page name (lower-case words with hyphens): content/<name>.md and content/pages/<name>.md. */
function contentFiles(tenantDir: string): ContentFile[] {
  const files: ContentFile[] = [];
  for (const [dir, prefix] of [
    [join(tenantDir, 'content'), ''],
    [join(tenantDir, 'content', 'pages'), '/pages'],
  ] as const) {
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).sort()) {
      const name = file.replace(/\.md$/, '');
      if (file.endsWith('.md') && NAME.test(name)) files.push({ file: join(dir, file), name, path: `${prefix}/${name}` });
    }
  }
  return files;
}

/**
 * The tenant's Markdown files whose path a page of the product takes (product-routes.ts; `files`:
 * the tenant's products.json and brands.json, as the bundle's extras), each
 * as a line of the build's problems: such a file is not built (the product's page stays), the
 * rest of the tenant is.
 */
export function contentRouteClashes(tenantDir: string, site: Site, files: OwnedPageFiles): string[] {
  const taken = productPaths(site, files);
  return contentFiles(tenantDir)
    .filter(({ path }) => taken.has(path))
    .map(
      ({ file, path }) =>
        `${file}: not built: ${path} is taken by ${taken.get(path)} of the product; give the page another name (docs/tenant-files.md "Content pages")`,
    );
}

/**
 * What the build says of site.json gated_routes entries naming a content page (the schema takes
 * any path of a content page's shape; here the pages are known): `refused`, one the product's own
 * page takes, which has no gate (the tenant is not built, as with a field the schema refuses);
 * `unbuilt`, one no content page of the tenant has (said, the rest built). Family and checkout
 * routes are left to the schema; /my-garage and the site's garage_routes are gated anyway (a path
 * of their shape that is not one of them is a path like any other).
 */
export function gatedRouteRefusals(siteFile: string, tenantDir: string, site: Site, files: OwnedPageFiles): { refused: string[]; unbuilt: string[] } {
  const taken = productPaths(site, files);
  const pages = new Set([...Object.keys(defaultPages(site)).map((name) => `/${name}`), ...contentFiles(tenantDir).map(({ path }) => path)]);
  const refused: string[] = [];
  const unbuilt: string[] = [];
  site.gated_routes.forEach((route, index) => {
    const path = route.length > 1 ? route.replace(/\/+$/, '') : route;
    if (GATEABLE_ROUTES.includes(path) || CHECKOUT_CAR_PAGE.test(path) || path === '/my-garage' || site.garage_routes.includes(path)) return;
    const field = `field gated_routes.${index}: ${JSON.stringify(route)} gates no page`;
    if (taken.has(path)) refused.push(`${field}: ${path} is ${taken.get(path)} of the product, which has no gate`);
    else if (!pages.has(path)) unbuilt.push(`${siteFile}: ${field} yet: no content page ${path} (content${path}.md, docs/tenant-files.md "Content pages")`);
  });
  return { refused, unbuilt };
}

/** Render a tenant's content pages (its Markdown, else the default text); a file at a path of the product's is left out (contentRouteClashes). */
export function loadContentPages(tenantDir: string, site: Site, files: OwnedPageFiles): ContentPage[] {
  // Sanitised: tenant Markdown may hold raw HTML, which must not carry script.
  const render = createMarkdownRenderer();
  const pages = new Map<string, ContentPage>();
  const defaults = defaultPages(site);
  for (const [name, page] of Object.entries(defaults)) {
    pages.set(`/${name}`, { path: `/${name}`, title: page.title, description: `${page.title} - ${site.name}`, html: render(page.markdown), isDefault: true });
  }
  const taken = productPaths(site, files);
  for (const { file, name, path } of contentFiles(tenantDir)) {
    if (taken.has(path)) continue;
    const parsed = splitFrontmatter(readFileSync(file, 'utf8'));
    const { data } = parsed;
    let { body } = parsed;
    // A leading "# Heading" is the page title (the layout renders the one h1).
    const heading = /^\s*#\s+(.+?)\s*#*\s*(\r?\n|$)/.exec(body);
    if (heading) body = body.slice(heading[0].length);
    const title = data.title ?? heading?.[1] ?? defaults[name]?.title ?? titleFromName(name);
    pages.set(path, { path, title, description: data.description ?? `${title} - ${site.name}`, html: render(body), isDefault: false });
  }
  return [...pages.values()];
}
