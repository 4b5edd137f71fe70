/**
 * Content pages from a tenant's Markdown: rendered through marked and sanitised with a strict
 * allow-list (a page cannot carry script into the dealer's site), the routes and file names a
 * tenant may use, where a page's title comes from, and the default text of the standard pages.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { BrandSchema, ProductSchema } from '../../schemas/marketing.ts';
import { SiteSchema } from '../../schemas/site.ts';
import { contentRouteClashes, defaultPages, gatedRouteRefusals, loadContentPages } from './content.ts';
import { warrantyCardText } from '../../lib/locations/service.ts';

const dir = mkdtempSync(join(tmpdir(), 'content-md-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const site = v.parse(SiteSchema, { slug: 'md-motors', template: 'used-group', name: 'MD Motors', url: 'https://md.example.com.au', phone: '+61 7 3555 0100' });

function render(markdown: string): string {
  mkdirSync(join(dir, 'content'), { recursive: true });
  writeFileSync(join(dir, 'content', 'hostile.md'), `---\ntitle: Hostile\n---\n${markdown}`);
  const page = loadContentPages(dir, site, {}).find((entry) => entry.path === '/hostile');
  if (!page) throw new Error('page not rendered');
  return page.html;
}

describe('M8 tenant Markdown is sanitised', () => {
  it.each([
    ['a script element', 'Hello <script>alert(1)</script> world', /<script/i],
    ['an onerror handler', '<img src="x" onerror="alert(1)">', /onerror/i],
    ['an inline event handler on any element', '<p onclick="alert(1)">click</p>', /onclick/i],
    ['a javascript: link (Markdown)', '[win a car](javascript:alert(1))', /javascript:/i],
    ['a javascript: link (HTML)', '<a href="JaVaScRiPt:alert(1)">x</a>', /javascript:/i],
    ['an entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">x</a>', /href="[^"]*avascript/i],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ['a form', '<form action="https://evil.example"><input name="card"></form>', /<form|<input/i],
    ['a style element', '<style>body{display:none}</style>', /<style/i],
    ['a data: URL image with script', '<img src="data:text/html,<script>alert(1)</script>">', /data:text/i],
    ['an svg with onload', '<svg onload="alert(1)"><circle r="1"/></svg>', /<svg|onload/i],
  ])('M8 removes %s', (_name, markdown, forbidden) => {
    expect(render(markdown)).not.toMatch(forbidden);
  });

  it('M8 keeps ordinary Markdown: headings, emphasis, lists, tables, http(s)/mailto/tel links and images', () => {
    const html = render(
      '## Hours\n\n*Open* **daily**\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[Call](tel:+61735550100) [Mail](mailto:sales@example.com) [Site](https://example.com/x) [Here](/finance)\n\n![Yard](https://img.example.com/yard.jpg "The yard")',
    );
    expect(html).toContain('<h2>Hours</h2>');
    expect(html).toContain('<em>Open</em>');
    expect(html).toContain('<strong>daily</strong>');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>/);
    expect(html).toContain('<table>');
    expect(html).toContain('href="tel:+61735550100"');
    expect(html).toContain('href="mailto:sales@example.com"');
    expect(html).toContain('href="https://example.com/x"');
    expect(html).toContain('href="/finance"');
    expect(html).toMatch(/<img src="https:\/\/img\.example\.com\/yard\.jpg" alt="Yard" title="The yard"/);
  });
});

describe('programme routes (spec §2; docs/tenant-files.md "Programme pages")', () => {
  const PROGRAMMES = [
    '/buying',
    '/diamond-advantage',
    '/mazda-assured',
    '/guaranteed-future-value',
    '/pages/value-my-car-terms-and-conditions',
    '/twg-cars',
    '/twg-rental',
    '/twg-tyres',
    '/neotek',
    '/4x4-outdoor',
    '/spin-to-win',
  ];

  it('have no default text: a tenant without the Markdown has no page (404)', () => {
    const empty = mkdtempSync(join(tmpdir(), 'content-none-'));
    try {
      const paths = loadContentPages(empty, site, {}).map((page) => page.path);
      for (const path of PROGRAMMES) expect(paths).not.toContain(path);
      // The standard pages do have a default.
      expect(paths).toContain('/about-us');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('are the tenant’s own page when it writes one, /pages/... from content/pages/', () => {
    const own = mkdtempSync(join(tmpdir(), 'content-own-'));
    try {
      mkdirSync(join(own, 'content', 'pages'), { recursive: true });
      writeFileSync(join(own, 'content', '4x4-outdoor.md'), '---\ntitle: 4x4 and Outdoor\n---\nBull bars and canopies.');
      writeFileSync(join(own, 'content', 'pages', 'value-my-car-terms-and-conditions.md'), '# Value My Car Terms\n\nThe estimate is not an offer.');
      const pages = loadContentPages(own, site, {});
      expect(pages.find((page) => page.path === '/4x4-outdoor')).toMatchObject({ title: '4x4 and Outdoor', isDefault: false });
      expect(pages.find((page) => page.path === '/pages/value-my-car-terms-and-conditions')).toMatchObject({ title: 'Value My Car Terms', isDefault: false });
      expect(pages.find((page) => page.path === '/pages/value-my-car-terms-and-conditions')!.html).toContain('The estimate is not an offer.');
      expect(pages.some((page) => page.path === '/neotek')).toBe(false);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});

describe('content page names and titles', () => {
  function pagesOf(files: Record<string, string>) {
    const folder = mkdtempSync(join(tmpdir(), 'content-names-'));
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(join(folder, 'content', 'pages'), { recursive: true });
        writeFileSync(join(folder, 'content', path), text);
      }
      return loadContentPages(folder, site, {});
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }

  it('skips files that are not Markdown, names that are not lower-case words with hyphens, and product pages at the top level only', () => {
    const paths = pagesOf({
      'notes.txt': 'x',
      'Big-Sale.md': 'x',
      'two--dashes.md': 'x',
      'cars.md': 'x',
      'search.md': 'x',
      '404.md': 'x',
      'pages/cars.md': 'Under /pages a product route name is free.',
      'spring-sale.md': 'x',
    }).map((page) => page.path);
    // /cars and /search hold product pages below them (/cars/[slug]) but none at them: the names are the tenant's.
    for (const path of ['/spring-sale', '/pages/cars', '/cars', '/search']) expect(paths).toContain(path);
    for (const path of ['/notes', '/Big-Sale', '/two--dashes', '/404']) expect(paths).not.toContain(path);
  });

  it('skips a file at a path of the product’s own pages, at the top level and under /pages, and reports it naming the file and the path', () => {
    const folder = mkdtempSync(join(tmpdir(), 'content-clash-'));
    try {
      mkdirSync(join(folder, 'content', 'pages'), { recursive: true });
      const names = [
        'service',
        'contact',
        'special-offers',
        'offers',
        'finance',
        'vehicle-parts-and-accessories',
        'saved-cars',
        'mymotorama',
        'blog',
        'spring-sale',
        'spin-to-win',
      ];
      for (const name of names) writeFileSync(join(folder, 'content', `${name}.md`), `Our own ${name} words.`);
      writeFileSync(join(folder, 'content', 'pages', 'unsubscribe.md'), 'Our unsubscribe words.');
      writeFileSync(join(folder, 'content', 'pages', 'faqs.md'), 'Our FAQs.');
      const tenant = v.parse(SiteSchema, { ...site, garage_routes: ['/mymotorama'] });
      const owned = { products: [v.parse(ProductSchema, { id: 1, name: 'Towbar', categories: ['Towing'] })] };
      const paths = loadContentPages(folder, tenant, owned).map((page) => page.path);
      for (const kept of ['/spring-sale', '/spin-to-win', '/pages/faqs', '/blog']) expect(paths).toContain(kept);
      const lost = [
        '/service',
        '/contact',
        '/special-offers',
        '/offers',
        '/finance',
        '/vehicle-parts-and-accessories',
        '/saved-cars',
        '/mymotorama',
        '/pages/unsubscribe',
      ];
      for (const path of lost) expect(paths).not.toContain(path);
      const lines = contentRouteClashes(folder, tenant, owned);
      expect(lines).toHaveLength(lost.length);
      expect(lines).toContain(
        `${join(folder, 'content', 'service.md')}: not built: /service is taken by the page /service of the product; give the page another name (docs/tenant-files.md "Content pages")`,
      );
      expect(lines).toContain(
        `${join(folder, 'content', 'pages', 'unsubscribe.md')}: not built: /pages/unsubscribe is taken by the page /pages/unsubscribe of the product; give the page another name (docs/tenant-files.md "Content pages")`,
      );
      expect(lines.find((line) => line.includes('mymotorama.md'))).toContain('/mymotorama is taken by the page /[garageRoute]');
      // Without the garage route the name is the tenant's.
      expect(loadContentPages(folder, site, {}).map((page) => page.path)).toContain('/mymotorama');
      expect(contentRouteClashes(folder, site, {}).some((line) => line.includes('mymotorama'))).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('keeps content/accessories.md, vehicle-parts-and-accessories.md and brands.md of a tenant without those pages (no products.json, no Accessories product, no brands.json)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'content-owned-'));
    try {
      mkdirSync(join(folder, 'content'), { recursive: true });
      for (const name of ['accessories', 'vehicle-parts-and-accessories', 'brands'])
        writeFileSync(join(folder, 'content', `${name}.md`), `Our own ${name} words.`);
      const paths = (files: Parameters<typeof loadContentPages>[2]) => loadContentPages(folder, site, files).map((page) => page.path);
      for (const path of ['/accessories', '/vehicle-parts-and-accessories', '/brands']) expect(paths({}), path).toContain(path);
      expect(contentRouteClashes(folder, site, {})).toEqual([]);
      const towbar = v.parse(ProductSchema, { id: 1, name: 'Towbar', categories: ['Towing'] });
      const parts = paths({ products: [towbar] });
      expect(parts).toContain('/accessories');
      expect(parts).not.toContain('/vehicle-parts-and-accessories');
      const mats = v.parse(ProductSchema, { id: 2, name: 'Floor mats', categories: ['Accessories'] });
      const brand = v.parse(BrandSchema, { name: 'Toyota', slug: 'toyota', type: 'car' });
      const all = paths({ products: [towbar, mats], brands: [brand] });
      for (const path of ['/accessories', '/vehicle-parts-and-accessories', '/brands']) expect(all, path).not.toContain(path);
      expect(contentRouteClashes(folder, site, { products: [mats], brands: [brand] })).toHaveLength(3);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('takes the title from the front matter, else a leading heading (always removed from the body), else the standard title, else the name', () => {
    const pages = pagesOf({
      'one.md': '---\ntitle: "From Front Matter"\ndescription: Our one page\n---\n# A Heading\n\nBody',
      'two.md': '  # From The Heading ##\nBody two',
      'warranty.md': 'Our own warranty words.',
      'terms-of-the-sale-and-the-trade.md': 'Body',
    });
    const page = (path: string) => pages.find((entry) => entry.path === path)!;
    expect(page('/one')).toMatchObject({ title: 'From Front Matter', description: 'Our one page', isDefault: false });
    // The layout renders the page's one h1: a leading heading never stays in the body.
    expect(page('/one').html).toBe('<p>Body</p>\n');
    expect(page('/two')).toMatchObject({ title: 'From The Heading', description: 'From The Heading - MD Motors' });
    expect(page('/two').html).not.toContain('<h1');
    expect(page('/warranty')).toMatchObject({ title: 'Warranty', isDefault: false });
    expect(page('/warranty').html).toContain('Our own warranty words.');
    expect(page('/terms-of-the-sale-and-the-trade').title).toBe('Terms of the Sale and the Trade');
  });

  it('words the default pages for the tenant: its name and phone, and its address when it has one', () => {
    // `dir` has only content/hostile.md: the standard pages are the defaults.
    const about = (extra: Record<string, unknown>) =>
      loadContentPages(dir, v.parse(SiteSchema, { ...site, ...extra }), {}).find((page) => page.path === '/about-us')!;
    expect(about({})).toMatchObject({ title: 'About Us', description: 'About Us - MD Motors', isDefault: true });
    expect(about({}).html).toContain('07 3555 0100');
    expect(about({}).html).not.toContain('visit us');
    expect(about({ address: '1 Main St, Brisbane QLD 4000' }).html).toContain('1 Main St, Brisbane QLD 4000');
  });

  it('states no service of the dealer’s in the default pages: they ask the shopper to call (docs/tenant-files.md)', () => {
    const pages = defaultPages(site);
    const text = (name: string) => pages[name].markdown;
    expect(text('about-us')).not.toMatch(/locally owned|every vehicle we sell is inspected/i);
    expect(text('roadside-assist')).not.toMatch(/include roadside assistance|towing/i);
    expect(text('warranty')).not.toMatch(/comes with/i);
    for (const name of ['about-us', 'warranty', 'roadside-assist']) expect(text(name)).toContain('07 3555 0100');
  });
});

describe('the default /warranty page says what the service page\'s /warranty card says (spec §2 "link cards to /warranty")', () => {
  const warrantyHeading = (tenant: ReturnType<typeof v.parse<typeof SiteSchema>>) =>
    /<h2[^>]*>([^<]*)<\/h2>/.exec(loadContentPages(dir, tenant, {}).find((page) => page.path === '/warranty')!.html)?.[1];

  it('a Toyota site without texts.warranty: the brand text on both', () => {
    const toyota = v.parse(SiteSchema, { ...site, manufacturer: 'Toyota' });
    expect(warrantyHeading(toyota)).toBe('5 Year Unlimited km Warranty');
    expect(warrantyCardText(toyota)).toBe('5 Year Unlimited km Warranty');
  });

  it("the dealer's texts.warranty wins on both, over the brand text", () => {
    const toyota = v.parse(SiteSchema, { ...site, manufacturer: 'Toyota', texts: { warranty: 'Toyota Warranty Advantage' } });
    expect(warrantyHeading(toyota)).toBe('Toyota Warranty Advantage');
    expect(warrantyCardText(toyota)).toBe('Toyota Warranty Advantage');
  });
});

describe('the default /privacy-policy has what APP 1.4 asks a privacy policy to say', () => {
  const policy = (extra: Record<string, unknown> = {}) => defaultPages(v.parse(SiteSchema, { ...site, ...extra }))['privacy-policy'].markdown;
  const section = (markdown: string, heading: string) => {
    const start = markdown.indexOf(`## ${heading}\n`);
    if (start < 0) throw new Error(`no "${heading}" section`);
    const end = markdown.indexOf('\n## ', start + 1);
    return markdown.slice(start, end < 0 ? undefined : end);
  };

  it('has a section for each item: kinds, how collected and held, purposes, sharing, overseas, access and correction, complaints', () => {
    const headings = [...policy().matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings).toEqual([
      'What we collect',
      'How we collect and hold it',
      'How we use it',
      'Who we share it with',
      'Sending information overseas',
      'Access and correction',
      'Complaints',
    ]);
  });

  it('says how to complain to the dealer by its contact details, how and when a complaint is handled, and that the OAIC comes next', () => {
    const complaints = section(policy(), 'Complaints');
    expect(complaints).toContain('calling 07 3555 0100');
    expect(complaints).toMatch(/within 30 days/);
    expect(complaints).toContain('Office of the Australian Information Commissioner');
    expect(complaints).toContain('[www.oaic.gov.au](https://www.oaic.gov.au)');
    expect(complaints).not.toContain('e-mailing');
    const full = section(policy({ email: 'privacy@md.example.com.au', address: '1 Main St, Brisbane QLD 4000' }), 'Complaints');
    expect(full).toContain(
      'calling 07 3555 0100, e-mailing [privacy@md.example.com.au](mailto:privacy@md.example.com.au) or writing to us at 1 Main St, Brisbane QLD 4000',
    );
  });

  it('names who receives leads (staff, the CRM they are delivered to) and a finance provider only when asked', () => {
    const sharing = section(policy(), 'Who we share it with');
    expect(sharing).toMatch(/customer management system/);
    expect(sharing).toMatch(/finance provider/);
    expect(sharing).toMatch(/do not sell/);
  });

  it('names Stripe and the United States only on a site that takes cards online', () => {
    const stripe = policy({ payments: { provider: 'stripe', publishable_key: 'pk_test_abcd1234' } });
    expect(section(stripe, 'Sending information overseas')).toMatch(/Stripe.*United States/s);
    expect(section(stripe, 'What we collect')).toMatch(/card details.*Stripe/s);
    expect(policy()).not.toMatch(/Stripe|United States/);
  });

  it('access and correction: how to ask, by the same contact details', () => {
    const access = section(policy({ email: 'privacy@md.example.com.au' }), 'Access and correction');
    expect(access).toContain('calling 07 3555 0100 or e-mailing [privacy@md.example.com.au](mailto:privacy@md.example.com.au)');
    expect(access).toMatch(/within 30 days/);
  });
});

describe('site.json gated_routes naming a content page', () => {
  const gatedDir = mkdtempSync(join(tmpdir(), 'content-gated-'));
  afterAll(() => rmSync(gatedDir, { recursive: true, force: true }));
  mkdirSync(join(gatedDir, 'content', 'pages'), { recursive: true });
  writeFileSync(join(gatedDir, 'content', 'vip-offers.md'), '# VIP offers\n');
  writeFileSync(join(gatedDir, 'content', 'pages', 'members.md'), '# Members\n');
  const gatedSite = (gated_routes: string[]) => v.parse(SiteSchema, { ...site, gated_routes, garage_routes: ['/mymotorama'] });

  it('takes family, checkout, garage and existing content pages', () => {
    const routes = ['/finance', '/cars/x/checkout', '/my-garage', '/mymotorama', '/vip-offers', '/pages/members/', '/about-us'];
    expect(gatedRouteRefusals('tenants/md-motors/site.json', gatedDir, gatedSite(routes), {})).toEqual({ refused: [], unbuilt: [] });
  });

  it("refuses a path the product's own page takes, naming the field and the value", () => {
    const { refused } = gatedRouteRefusals('tenants/md-motors/site.json', gatedDir, gatedSite(['/finance', '/service', '/pages/unsubscribe']), {});
    expect(refused).toEqual([
      'field gated_routes.1: "/service" gates no page: /service is the page /service of the product, which has no gate',
      'field gated_routes.2: "/pages/unsubscribe" gates no page: /pages/unsubscribe is the page /pages/unsubscribe of the product, which has no gate',
    ]);
  });

  it('says which content page is missing, naming site.json and the value', () => {
    expect(gatedRouteRefusals('tenants/md-motors/site.json', gatedDir, gatedSite(['/fleet']), {}).unbuilt).toEqual([
      'tenants/md-motors/site.json: field gated_routes.0: "/fleet" gates no page yet: no content page /fleet (content/fleet.md, docs/tenant-files.md "Content pages")',
    ]);
  });

  it("takes a path shaped like a garage route only when it is one of the site's garage_routes: else it is a path like any other", () => {
    writeFileSync(join(gatedDir, 'content', 'mydeals.md'), '# My deals\n');
    const noGarage = v.parse(SiteSchema, { ...site, gated_routes: ['/my-garage', '/myoffers', '/mymotorama', '/mydeals'], garage_routes: [] });
    expect(gatedRouteRefusals('tenants/md-motors/site.json', gatedDir, noGarage, {})).toEqual({
      refused: [],
      unbuilt: [
        'tenants/md-motors/site.json: field gated_routes.1: "/myoffers" gates no page yet: no content page /myoffers (content/myoffers.md, docs/tenant-files.md "Content pages")',
        'tenants/md-motors/site.json: field gated_routes.2: "/mymotorama" gates no page yet: no content page /mymotorama (content/mymotorama.md, docs/tenant-files.md "Content pages")',
      ],
    });
  });
});
