/**
 * Architecture rules (issue 12, docs/architecture.md): one owner per concept and the allowed
 * arrows between the parts. Each rule is a pure function over the source files, so the same
 * rules are checked against the real tree and against small violating samples (which proves
 * they can fail).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SPEC_MESSAGES } from '../../src/schemas/forms/messages.ts';

interface SourceFile {
  /** Repository-relative path with forward slashes. */
  path: string;
  text: string;
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE = /\.(ts|tsx|astro|mjs)$/;
const TEST = /\.(test|spec)\.(ts|tsx)$/;

function sourceFiles(): SourceFile[] {
  const files: SourceFile[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) visit(path);
      else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) files.push({ path, text: readFileSync(join(root, path), 'utf8') });
    }
  };
  visit('src');
  visit('scripts');
  return files;
}

/** Relative module specifiers of a file: static imports, re-exports, side-effect and dynamic imports. */
export function importsOf(file: SourceFile): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const match of file.text.matchAll(pattern)) {
    found.push(normalize(join(dirname(file.path), match[1]!)).split('\\').join('/'));
  }
  return found;
}

/** The feature folder of an island ('forms', 'search', ...), 'ui' for shared widgets, else null. */
const islandArea = (path: string) => /^src\/islands\/([^/]+)\//.exec(path)?.[1] ?? null;

/**
 * Arrows that cross a forbidden line but are accepted, each with its reason. Keep this short:
 * every entry is a debt recorded in docs/architecture.md.
 */
const ACCEPTED_ARROWS: Record<string, string> = {};

/** Forbidden import arrows: one message per offending import. */
export function forbiddenImports(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    for (const target of importsOf(file)) {
      const arrow = `${file.path} -> ${target}`;
      if (ACCEPTED_ARROWS[arrow]) continue;
      const from = islandArea(file.path);
      const to = islandArea(target);
      // islands/roots: where two features meet (a page mounts a root); only pages and components import a root.
      if (from && to && from !== to && to !== 'ui' && from !== 'roots') {
        const why = to === 'roots' ? 'an island imports an island root (only pages and components mount roots)' : from === 'ui' ? 'a shared widget (islands/ui) imports a feature island' : 'a feature island imports another feature island (share it through islands/ui, or compose them in islands/roots)';
        problems.push(`${arrow}: ${why}`);
      }
      if (/^src\/(search|lib)\//.test(file.path) && target.startsWith('src/islands/')) problems.push(`${arrow}: search/ and lib/ must not import islands`);
      if (file.path.startsWith('src/server/') && /^src\/(islands|components)\//.test(target)) problems.push(`${arrow}: the server must not import islands or components`);
    }
  }
  return problems;
}

/** The lead API's layer of a file: its kernel (kernel/ and the shared rooms leads/ and ops/), one feature (by folder name), the composition root, or null. */
export function serverLayer(path: string): { kind: 'kernel' } | { kind: 'feature'; name: string } | { kind: 'root' } | null {
  if (!path.startsWith('src/server/')) return null;
  if (/^src\/server\/(kernel|leads|ops)\//.test(path)) return { kind: 'kernel' };
  const feature = /^src\/server\/features\/([^/]+)\//.exec(path);
  if (feature) return { kind: 'feature', name: feature[1]! };
  return { kind: 'root' };
}

/**
 * The lead API's layering (issue 13, docs/lead-api.md "Kernel and features"): a feature
 * plugin imports only the kernel, its own folder and code outside src/server; the kernel
 * imports nothing of the features or the composition root (app.ts, stores.ts, adapters.ts,
 * database.ts: the root wires the features' adapters and migrations).
 */
export function serverLayerProblems(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const from = serverLayer(file.path);
    if (!from || from.kind === 'root') continue;
    for (const target of importsOf(file)) {
      const to = serverLayer(target);
      if (!to) continue;
      const arrow = `${file.path} -> ${target}`;
      if (from.kind === 'kernel' && to.kind !== 'kernel') problems.push(`${arrow}: the kernel must not import ${to.kind === 'feature' ? `a feature (${to.name})` : 'the composition root'}`);
      if (from.kind === 'feature' && to.kind === 'feature' && to.name !== from.name) problems.push(`${arrow}: feature ${from.name} imports feature ${to.name} (share it through the kernel)`);
      if (from.kind === 'feature' && to.kind === 'root') problems.push(`${arrow}: a feature must not import the composition root (it is handed the kernel context)`);
    }
  }
  return problems;
}

/** Import cycles among the files under `prefix` (strongly connected components of more than one file, or a file importing itself). */
export function importCycles(files: SourceFile[], prefix: string): string[][] {
  const inScope = files.filter((file) => file.path.startsWith(prefix));
  const known = new Set(inScope.map((file) => file.path));
  const edges = new Map(inScope.map((file) => [file.path, importsOf(file).filter((target) => known.has(target))]));
  // Tarjan's algorithm.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (edges.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of known) if (!index.has(node)) visit(node);
  return cycles;
}

const SLUG_OWNER = 'src/lib/text/slug.ts';
const FINANCE_OWNER = 'src/lib/finance/';
const MESSAGES_OWNER = 'src/schemas/forms/messages.ts';
const SEARCH_URLS_OWNER = 'src/lib/site/search-urls.ts';
const PHONE_LINK_OWNER = 'src/lib/text/format.ts';

/** Source text without comments (a comment may quote a message or show a formula). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** Second owners of a concept: a slug rule, an annuity formula, a spec message, the search pages' prefix rule or a tel: link outside its module. */
export function secondOwners(files: SourceFile[], messages: readonly string[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const { path } = file;
    const text = code(file.text);
    if (path !== SLUG_OWNER && (/\bfunction\s+slugify\b|\b(const|let)\s+slugify\s*=/.test(text) || text.includes('[^a-z0-9]+'))) {
      problems.push(`${path}: a second slug rule (use slugify from ${SLUG_OWNER})`);
    }
    if (!path.startsWith(FINANCE_OWNER) && (/\(\s*1\s*\+\s*[\w.]+\s*\)\s*\*\*/.test(text) || /\)\s*\*\*\s*-\s*[\w(]/.test(text) || /Math\.pow\(/.test(text))) {
      problems.push(`${path}: an annuity formula outside ${FINANCE_OWNER} (use amortisedPayment / annuityPresentValue)`);
    }
    if (path !== SEARCH_URLS_OWNER && (/\bused_car_routes\s*\?(?![:.?])/.test(text) || /(['"`])\/used-car\1/.test(text))) {
      problems.push(`${path}: a second rule for the search pages' prefix (use searchPrefix / allStockPath from ${SEARCH_URLS_OWNER})`);
    }
    if (path !== PHONE_LINK_OWNER && /(['"`])tel:(?:\$\{|\1\s*\+)/.test(text)) {
      problems.push(`${path}: builds a tel: link (use phoneHref from ${PHONE_LINK_OWNER})`);
    }
    if (path !== MESSAGES_OWNER) {
      for (const message of messages) {
        if (text.includes(`'${message}'`) || text.includes(`"${message}"`) || text.includes(`\`${message}\``)) {
          problems.push(`${path}: spec message ${JSON.stringify(message)} written out (import it from ${MESSAGES_OWNER})`);
        }
      }
    }
  }
  return problems;
}

const IDENTITY_OWNER = 'src/schemas/identity.ts';
const NULL_TEXT_OWNER = 'src/schemas/feed-text.ts';
const KIND_OWNER = 'src/schemas/vehicle-kind.ts';

/**
 * Feed quirks are normalised once, where a feed is parsed (issue 12 item 3): the car's display
 * name is built only in the identity module (a `[year, make, model` list or a `Stock ${...}`
 * fallback elsewhere is a second owner), only the feed-text module tests for the text 'null'
 * (`=== 'null'`, `'null' !==`, `/^null$/`), and only the vehicle-kind module reads a Car's feed
 * `item_type` (everything else reads the kind it decided, `vehicle_kind`).
 */
export function feedQuirkOwners(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const { path } = file;
    const text = code(file.text);
    if (path !== IDENTITY_OWNER && (/\[\s*(?:[\w.]+\.)?year\s*,\s*(?:[\w.]+\.)?make\s*,\s*(?:[\w.]+\.)?model\b/.test(text) || text.includes('`Stock ${'))) {
      problems.push(`${path}: derives the car's display name (read car.name, set by normaliseCar in ${IDENTITY_OWNER})`);
    }
    if (path !== NULL_TEXT_OWNER && /[!=]==?\s*(['"`])null\1|(['"`])null\2\s*[!=]==?|\/\^?null\$?\/i?/.test(text)) {
      problems.push(`${path}: tests for the text 'null' (the Car schema turns it into null; elsewhere use isNullText / presentText from ${NULL_TEXT_OWNER})`);
    }
    if (path !== KIND_OWNER && /\b(?:car|cars\[\w+\]|record|other|subject|vehicle)\??\.item_type\b/.test(text)) {
      problems.push(`${path}: reads the feed's item_type (read car.vehicle_kind, decided once in ${KIND_OWNER})`);
    }
  }
  return problems;
}

/**
 * The scan of the one-owner rules below: each file its rule does not allow whose code (comments
 * aside) matches `use`, as `<path>: <problem>`.
 */
function usesOutside(files: SourceFile[], allowed: (path: string) => boolean, use: RegExp, problem: string): string[] {
  return files.filter((file) => !allowed(file.path) && use.test(code(file.text))).map((file) => `${file.path}: ${problem}`);
}

const CONFIG_OWNER = 'src/config/';

/**
 * Files outside src/config/ that may name process.env, each with its reason. Keep it empty
 * unless a tool needs the raw object: every entry is a debt recorded in docs/architecture.md.
 */
const ENV_EXCEPTIONS: Record<string, string> = {};

/**
 * Readers of the environment outside the config module (issue 12 item 6): `process.env` in
 * code (comments may name it) anywhere but src/config/ and the listed exceptions.
 */
export function environmentReaders(files: SourceFile[]): string[] {
  return usesOutside(
    files,
    (path) => path.startsWith(CONFIG_OWNER) || Boolean(ENV_EXCEPTIONS[path]),
    /\bprocess\s*\.\s*env\b|\bprocess\s*\[\s*['"]env['"]\s*\]/,
    `reads process.env (take settings from ${CONFIG_OWNER}, or the environment map a caller hands in)`,
  );
}

const MACHINE_OWNER = 'src/config/machine.ts';

/**
 * Readers of the machine's size outside its one owner (src/config/machine.ts): Node's
 * availableParallelism(), cpus(), totalmem() or freemem() called in src or scripts. Whatever is
 * sized to the machine takes thisMachine() instead.
 */
export function machineReaders(files: SourceFile[]): string[] {
  return usesOutside(
    files,
    (path) => path === MACHINE_OWNER,
    /\b(?:availableParallelism|cpus|totalmem|freemem)\s*\(/,
    `reads the machine's size (take thisMachine() from ${MACHINE_OWNER})`,
  );
}

const DATE_FORMAT_OWNER = 'src/lib/text/format.ts';
const TIME_ZONE_OWNER = 'src/lib/text/dealer-time.ts';

/** Files outside the two owners that may name Intl.DateTimeFormat, each with its reason. */
const DATE_FORMAT_EXCEPTIONS: Record<string, string> = {
  'src/schemas/site/common.ts': 'asks Intl whether a site.json timezone is a zone it knows; it formats no date',
};

/**
 * Second owners of a date as it is shown, or of reading a time zone: `toLocaleDateString`,
 * `toLocaleTimeString` or `Intl.DateTimeFormat` in code anywhere but the display formats
 * (format.ts: formatDay, formatMonth, formatWeekdayDay) and the dealer's time (dealer-time.ts).
 */
export function dateFormatters(files: SourceFile[]): string[] {
  return usesOutside(
    files,
    (path) => path === DATE_FORMAT_OWNER || path === TIME_ZONE_OWNER || Boolean(DATE_FORMAT_EXCEPTIONS[path]),
    /\btoLocale(?:Date|Time)String\s*\(|\bIntl\s*\.\s*DateTimeFormat\b/,
    `formats a date or reads a time zone itself (use formatDay / formatMonth / formatWeekdayDay from ${DATE_FORMAT_OWNER}, the dealer's day from ${TIME_ZONE_OWNER})`,
  );
}

const MONEY_FORMAT_OWNER = 'src/lib/text/format.ts';

/**
 * Second owners of money as it is shown: an `Intl.NumberFormat` or a `toLocaleString` given a
 * currency, or a dollar sign written before a grouped number (`$${n.toLocaleString(...)}`) or
 * before a `toFixed(2)` (`$${(cents / 100).toFixed(2)}`: the server's lines for the dealer and the
 * dealer's commands), in code anywhere but the display formats (format.ts: formatMoney, whole
 * dollars or `{ cents: true }`). A counted number (`toLocaleString('en-AU')`, formatNumber) is not
 * money, nor an amount written as data without a dollar sign (a lead's payment record: `amount: "200.00"`).
 */
export function moneyFormatters(files: SourceFile[]): string[] {
  return usesOutside(
    files,
    (path) => path === MONEY_FORMAT_OWNER,
    /\b(?:Intl\s*\.\s*NumberFormat|toLocaleString)\s*\([^)]*\bcurrency\b|\$\$\{[^`]*?\btoLocaleString\s*\(|\$\$\{[^}]*\.toFixed\(\s*2\s*\)\s*\}/,
    `formats money itself (use formatMoney from ${MONEY_FORMAT_OWNER}, { cents: true } for dollars and cents)`,
  );
}

/** Files outside dealer-time.ts that may read a calendar year off a Date, each with its reason. */
const CALENDAR_YEAR_EXCEPTIONS: Record<string, string> = {
  'src/search/browser/sentence.ts': "the sentence reader's this year is the shopper's own clock: it reads what the shopper typed, it refuses nothing",
};

/**
 * Second owners of "this year": getFullYear (the machine's zone) or getUTCFullYear (UTC) in code
 * anywhere but the dealer's year (dealer-time.ts `dealerYear`, docs/pipeline.md "The dealer's year").
 */
export function calendarYearReaders(files: SourceFile[]): string[] {
  return usesOutside(
    files,
    (path) => path === TIME_ZONE_OWNER || Boolean(CALENDAR_YEAR_EXCEPTIONS[path]),
    /\.\s*get(?:UTC)?FullYear\s*\(/,
    `reads a year off the machine's or UTC's clock (use dealerYear from ${TIME_ZONE_OWNER}, with the site's timezone)`,
  );
}

const SITE_DATA = 'src/site-data/';
const PAGES = 'src/pages/';

/**
 * Readers of tenant site data (issue 12 item 1, docs/architecture.md "Site data"): only pages
 * (src/pages/**) import src/site-data/, where siteData() is the one reader of the bundle file;
 * components and layouts take what they need as props. Nothing else reads the bundle file
 * itself (bundleFile() from src/config/build.ts).
 */
export function siteDataReaders(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    if (file.path.startsWith(PAGES) || file.path.startsWith(SITE_DATA)) continue;
    for (const target of importsOf(file)) {
      if (target.startsWith(SITE_DATA)) problems.push(`${file.path} -> ${target}: only pages (src/pages/**) read site data; pass what this file needs as props`);
    }
    if (!file.path.startsWith(CONFIG_OWNER) && /\bbundleFile\s*\(/.test(code(file.text))) problems.push(`${file.path}: reads the bundle file (bundleFile()); read tenant data through siteData() in a page`);
  }
  return problems;
}

const ASTRO_ADAPTER = 'src/builder/render/astro/astro-adapter.ts';

/** Every module specifier of a file, as written (packages and paths): static imports, re-exports, side-effect and dynamic imports. */
export function specifiersOf(file: SourceFile): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;
  return [...code(file.text).matchAll(pattern)].map((match) => match[1]!);
}

/** Astro's internal modules: everything of the package outside its public entry points. */
const ASTRO_INTERNAL_MODULE = /^astro\/(?:runtime|dist|entrypoints)\/|^astro\/app\/entrypoint|node_modules\/astro\//;

/**
 * Private members of Astro's build app and build internals, and the prerender bundle's entry
 * file: reaching for them is reaching into Astro.
 */
const ASTRO_PRIVATE_MEMBER = /\.\s*(setInternals|getInternals|pagesByKeys|entrySpecifierToBundleMap|routeCache|prerenderEntryFileName)\b|['"`]prerender-entry/;

/**
 * Astro's internals are reached only in the adapter (issue 12 item 2, docs/architecture.md
 * "Astro adapter"): no other file imports `astro/runtime/...`, `astro/dist/...` or Astro's
 * build entry points, or touches the build app's private members or the prerender entry.
 */
export function astroInternalReaders(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    if (file.path === ASTRO_ADAPTER) continue;
    for (const specifier of specifiersOf(file)) {
      if (ASTRO_INTERNAL_MODULE.test(specifier)) problems.push(`${file.path}: imports Astro's internal module ${specifier} (only ${ASTRO_ADAPTER} may)`);
    }
    const member = ASTRO_PRIVATE_MEMBER.exec(code(file.text));
    if (member) problems.push(`${file.path}: reaches Astro's build internals (${member[0].replace(/^\.\s*/, '')}); go through ${ASTRO_ADAPTER}`);
  }
  return problems;
}

/** Search rooms that ship to browsers (docs/architecture.md "Search rooms"). */
const BROWSER_SEARCH_ROOMS = ['src/search/browser/', 'src/search/engine/', 'src/search/lists/'];

/**
 * Search code that runs in the browser (issue 36 item 2): src/search/browser, engine and lists
 * import no Node built-in (`node:*` or a bare built-in name), nothing of src/config (the
 * environment and its secrets) and nothing of src/search/admin (the admin key).
 */
export function browserSearchProblems(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    if (!BROWSER_SEARCH_ROOMS.some((room) => file.path.startsWith(room))) continue;
    for (const specifier of specifiersOf(file)) {
      if (isBuiltin(specifier)) problems.push(`${file.path}: imports the Node built-in ${specifier} (this code ships to browsers)`);
    }
    for (const target of importsOf(file)) {
      if (target.startsWith('src/config/')) problems.push(`${file.path} -> ${target}: browser search code must not read the configuration (the environment stays on the server)`);
      if (target.startsWith('src/search/admin/')) problems.push(`${file.path} -> ${target}: browser search code must not import the admin room (it handles the admin key)`);
    }
  }
  return problems;
}

/** src/lib is the ground floor (issue 36 item 2): it imports nothing of src/search (list searches use src/search/lists, called from the islands). */
export function libSearchImports(files: SourceFile[]): string[] {
  return files.filter((file) => file.path.startsWith('src/lib/')).flatMap((file) => importsOf(file).filter((target) => target.startsWith('src/search/')).map((target) => `${file.path} -> ${target}: src/lib must not import src/search`));
}

/** Browser globals (a property key such as `document?:` aside) and DOM wiring: what a browser part of src/lib would use. */
const BROWSER_CODE = /(?<![\w$.])(?:window|document|localStorage|sessionStorage|navigator)\b(?!\s*\??\s*:)|\.querySelector(?:All)?\b|\bHTML\w*Element\b/;
/** Packages of the page and its islands. */
const BROWSER_PACKAGE = /^(?:astro:|react(?:-dom)?(?:\/|$))/;

/**
 * src/lib is pure domain logic (STYLE.md rule 1): no browser global, no DOM wiring and no
 * `astro:*` or React import. Code that runs in the page lives with its island or component
 * (src/islands/<feature>/, e.g. islands/vehicle/phone-reveal.ts) and imports src/lib.
 */
export function libBrowserCode(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files.filter(({ path }) => path.startsWith('src/lib/'))) {
    const found = BROWSER_CODE.exec(code(file.text));
    if (found) problems.push(`${file.path}: uses ${found[0].replace(/^\./, '')} (src/lib is pure: browser code lives with its island or component)`);
    for (const specifier of specifiersOf(file).filter((name) => BROWSER_PACKAGE.test(name))) problems.push(`${file.path}: imports ${specifier} (src/lib is pure: no astro:* or React)`);
  }
  return problems;
}

/** The folder that holds everything tied to the Astro and @astrojs/react version (docs/architecture.md "Astro upgrade checklist"). */
const ASTRO_BOUND = 'src/builder/render/astro/';

/**
 * A reference to the packages' internals in code (comments aside): `astro/dist`, `astro/runtime`,
 * `@astrojs/<name>/dist`, written with any path separators (`/`, `\/`, `\\`, `[\\/]`), in an import,
 * a string or a regular expression, so a transform aimed at a dependency's file is caught too.
 */
const ASTRO_INTERNAL_REFERENCE = /(?:^|[^\w-])astro\/(?:dist|runtime)\b|@astrojs\/[\w-]+\/dist\b/;

/** Internals of Astro and @astrojs/* are named only under src/builder/render/astro/ (issue 36). */
export function astroInternalReferences(files: SourceFile[]): string[] {
  return files
    .filter((file) => !file.path.startsWith(ASTRO_BOUND))
    .flatMap((file) => {
      const text = code(file.text).replace(/\[\\\\\/\]|\[\/\\\\\]|\\\/|\\\\/g, '/');
      const found = ASTRO_INTERNAL_REFERENCE.exec(text);
      return found ? [`${file.path}: names Astro's or @astrojs' internals (${found[0].replace(/^[^a@]/, '')}); only ${ASTRO_BOUND} may`] : [];
    });
}

/** The repository's root config files (astro.config.mjs registers integrations and Vite plugins). */
function rootConfigFiles(): SourceFile[] {
  return readdirSync(root)
    .filter((name) => /\.config\.(ts|mjs)$/.test(name))
    .map((name) => ({ path: name, text: readFileSync(join(root, name), 'utf8') }));
}

const messageTexts: string[] = Object.values(SPEC_MESSAGES as Record<string, unknown>).filter((value): value is string => typeof value === 'string');

describe('architecture (issue 12)', () => {
  const files = sourceFiles();

  it('reads the source tree', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.some(({ path }) => path === SLUG_OWNER)).toBe(true);
    expect(relative(root, join(root, 'src'))).toBe('src');
  });

  it('has no forbidden import arrow (islands -> other feature islands, search/lib -> islands, server -> islands/components)', () => {
    expect(forbiddenImports(files)).toEqual([]);
  });

  it('has one owner per concept (slugify, the annuity formula, spec messages, the search prefix, tel: links)', () => {
    expect(secondOwners(files, messageTexts)).toEqual([]);
  });

  it("normalises feed quirks once: one owner of the display name, one test for the text 'null'", () => {
    expect(files.some(({ path }) => path === IDENTITY_OWNER)).toBe(true);
    expect(feedQuirkOwners(files)).toEqual([]);
  });

  it('reads the environment only in the config module (src/config/)', () => {
    expect(files.some(({ path }) => path.startsWith(CONFIG_OWNER))).toBe(true);
    expect(environmentReaders(files)).toEqual([]);
  });

  it("reads the machine's size only in src/config/machine.ts (cores and memory: one owner)", () => {
    expect(files.some(({ path }) => path === MACHINE_OWNER)).toBe(true);
    expect(machineReaders(files)).toEqual([]);
  });

  it('shows dates only through src/lib/text/format.ts and reads time zones only in src/lib/text/dealer-time.ts', () => {
    expect(files.some(({ path }) => path === DATE_FORMAT_OWNER)).toBe(true);
    expect(dateFormatters(files)).toEqual([]);
  });

  it('shows money only through src/lib/text/format.ts (formatMoney: no island, dealer line or command keeps its own currency format)', () => {
    expect(files.some(({ path }) => path === MONEY_FORMAT_OWNER)).toBe(true);
    expect(moneyFormatters(files)).toEqual([]);
  });

  it("reads this year only as the dealer's year (dealerYear in src/lib/text/dealer-time.ts)", () => {
    expect(files.some(({ path }) => path === TIME_ZONE_OWNER)).toBe(true);
    expect(calendarYearReaders(files)).toEqual([]);
  });

  it('reads tenant site data only in pages (src/pages/** import src/site-data/; components and layouts take props)', () => {
    expect(files.some(({ path }) => path.startsWith(SITE_DATA))).toBe(true);
    expect(files.some((file) => file.path.startsWith(PAGES) && importsOf(file).some((target) => target.startsWith(SITE_DATA)))).toBe(true);
    expect(siteDataReaders(files)).toEqual([]);
  });

  it("reaches Astro's internals only in the adapter (src/builder/render/astro/astro-adapter.ts)", () => {
    const adapter = files.find(({ path }) => path === ASTRO_ADAPTER);
    expect(adapter).toBeDefined();
    // The adapter's own code under another name breaks both halves of the rule.
    const moved = astroInternalReaders([{ ...adapter!, path: 'src/builder/render/elsewhere.ts' }]);
    expect(moved).toHaveLength(2);
    expect(moved[0]).toContain("imports Astro's internal module astro/runtime/prerender/static-paths.js");
    expect(astroInternalReaders(files)).toEqual([]);
  });

  it("issue 36: names Astro's or @astrojs' internals only under src/builder/render/astro/", () => {
    expect(files.some(({ path }) => path.startsWith(ASTRO_BOUND))).toBe(true);
    expect(rootConfigFiles().some(({ path }) => path === 'astro.config.mjs')).toBe(true);
    expect(astroInternalReferences([...files, ...rootConfigFiles()])).toEqual([]);
  });

  it('issue 13 lead API layering: no feature imports another feature or the root, the kernel imports no feature', () => {
    expect(files.some((file) => serverLayer(file.path)?.kind === 'feature')).toBe(true);
    expect(serverLayerProblems(files)).toEqual([]);
  });

  it('issue 13 lead API: no import cycle in src/server (app.ts and a route module never import each other)', () => {
    expect(importCycles(files, 'src/server/')).toEqual([]);
  });

  it('no import cycle anywhere in src, type-only imports included (shared types live in a types file both sides import)', () => {
    expect(importCycles(files, 'src/')).toEqual([]);
  });

  it('every accepted arrow still exists (a paid-off debt is removed from the list)', () => {
    const arrows = new Set(files.flatMap((file) => importsOf(file).map((target) => `${file.path} -> ${target}`)));
    expect(Object.keys(ACCEPTED_ARROWS).filter((arrow) => !arrows.has(arrow))).toEqual([]);
  });

  describe('the rules catch violations', () => {
    it('a feature island importing another feature island, and ui importing a feature', () => {
      const problems = forbiddenImports([
        { path: 'src/islands/search/HeroSearch.tsx', text: "import OffersList from '../marketing/OffersList.tsx';" },
        { path: 'src/islands/models/ModelRange.tsx', text: "const Form = lazy(() => import('../forms/EnquiryForm.tsx'));" },
        { path: 'src/islands/ui/Dialog.tsx', text: "import { x } from '../vehicle/MediaViewer.tsx';" },
        { path: 'src/islands/search/SearchPage.tsx', text: "import Carousel from '../ui/Carousel.tsx';\nimport { a } from './panels.ts';" },
      ]);
      expect(problems).toHaveLength(3);
      expect(problems[0]).toContain('src/islands/search/HeroSearch.tsx -> src/islands/marketing/OffersList.tsx');
    });

    it('an island root may compose features; no island imports a root', () => {
      const problems = forbiddenImports([
        { path: 'src/islands/roots/SearchPage.tsx', text: "import LeadModals from '../forms/LeadModals.tsx';\nimport SearchFeature from '../search/SearchPage.tsx';" },
        { path: 'src/islands/search/ui/CarCard.tsx', text: "import SearchPage from '../../roots/SearchPage.tsx';" },
        { path: 'src/islands/ui/Dialog.tsx', text: "import SearchPage from '../roots/SearchPage.tsx';" },
      ]);
      expect(problems).toHaveLength(2);
      expect(problems[0]).toContain('an island imports an island root');
    });

    it('search or lib importing islands, the server importing islands or components', () => {
      const problems = forbiddenImports([
        { path: 'src/search/page-data.ts', text: "import type { SearchConfig } from '../islands/search/types.ts';" },
        { path: 'src/lib/vehicle/price.ts', text: "export { x } from '../../islands/ui/Carousel.tsx';" },
        { path: 'src/server/routes.ts', text: "import Tile from '../components/CarTile.astro';\nimport '../islands/forms/api.ts';" },
        { path: 'src/server/app.ts', text: "import { slugify } from '../lib/text/slug.ts';" },
      ]);
      expect(problems).toHaveLength(4);
    });

    it("the kernel reaching a feature's local defaults or migrations (the estimates and payment tables lived there)", () => {
      const problems = serverLayerProblems([
        { path: 'src/server/kernel/adapters.ts', text: "import { demoRegoLookup } from '../features/trade-in/valuation.ts';\nimport type { MessageLog } from '../ops/messages.ts';" },
        { path: 'src/server/kernel/migrations.ts', text: "import { PAYMENT_MIGRATIONS } from '../features/payments/migrations.ts';\nimport type { Migration } from './migration.ts';" },
        { path: 'src/server/leads/outbox.ts', text: "import type { Adapters } from '../adapters.ts';" },
        { path: 'src/server/database.ts', text: "import { PAYMENT_MIGRATIONS } from './features/payments/migrations.ts';" },
        { path: 'src/server/features/cars/price-comparison.ts', text: "import { comparableCars } from '../trade-in/valuation.ts';\nimport { WITHIN_MODEL_SLOPES } from '../../../lib/vehicle/retail-estimate.ts';" },
      ]);
      expect(problems).toEqual([
        'src/server/kernel/adapters.ts -> src/server/features/trade-in/valuation.ts: the kernel must not import a feature (trade-in)',
        'src/server/kernel/migrations.ts -> src/server/features/payments/migrations.ts: the kernel must not import a feature (payments)',
        'src/server/leads/outbox.ts -> src/server/adapters.ts: the kernel must not import the composition root',
        'src/server/features/cars/price-comparison.ts -> src/server/features/trade-in/valuation.ts: feature cars imports feature trade-in (share it through the kernel)',
      ]);
    });

    it('issue 13: a feature importing another feature or the root, the kernel importing a feature', () => {
      const problems = serverLayerProblems([
        { path: 'src/server/features/watchlist/plugin.ts', text: "import { currentUser } from '../auth/plugin.ts';\nimport { AuthStore } from '../auth/store.ts';" },
        { path: 'src/server/features/leads/plugin.ts', text: "import { sendError } from '../../app.ts';\nimport { LeadsStore } from './store.ts';\nimport { findCar } from '../../kernel/http.ts';" },
        { path: 'src/server/kernel/outbox.ts', text: "import type { TradeInStore } from '../features/trade-in/store.ts';\nimport { Store } from '../store.ts';" },
        { path: 'src/server/app.ts', text: "import { leadsPlugin } from './features/leads/plugin.ts';" },
      ]);
      expect(problems).toHaveLength(5);
      expect(problems[0]).toContain('feature watchlist imports feature auth');
      expect(problems[3]).toContain('the kernel must not import a feature (trade-in)');
    });

    it('issue 13: an import cycle (app.ts <-> routes.ts, or longer) is found from the graph', () => {
      const cycles = importCycles(
        [
          { path: 'src/server/app.ts', text: "import { registerRoutes } from './routes.ts';" },
          { path: 'src/server/routes.ts', text: "import { sendError, type ApiContext } from './app.ts';" },
          { path: 'src/server/kernel/a.ts', text: "import { b } from './b.ts';" },
          { path: 'src/server/kernel/b.ts', text: "import { c } from '../features/x/c.ts';" },
          { path: 'src/server/features/x/c.ts', text: "import { a } from '../../kernel/a.ts';" },
          { path: 'src/server/kernel/d.ts', text: "import { a } from './a.ts';" },
        ],
        'src/server/',
      );
      expect(cycles).toEqual([
        ['src/server/app.ts', 'src/server/routes.ts'],
        ['src/server/features/x/c.ts', 'src/server/kernel/a.ts', 'src/server/kernel/b.ts'],
      ]);
    });

    it('a type-only cycle (the pipeline state and the status it stores, a publisher and its loader) is a cycle', () => {
      const cycles = importCycles(
        [
          { path: 'src/pipeline/state/store.ts', text: "import type { TenantStatus } from '../status.ts';\nimport type { HeldFeed } from './records.ts';" },
          { path: 'src/pipeline/status.ts', text: "import type { PipelineState } from './state/store.ts';" },
          { path: 'src/pipeline/state/records.ts', text: "import type { FeedKind } from '../feeds.ts';" },
          { path: 'src/pipeline/feeds.ts', text: 'export type FeedKind = string;' },
          { path: 'src/pipeline/publisher.ts', text: "const load = () => import('./publish/from-settings.ts');" },
          { path: 'src/pipeline/publish/from-settings.ts', text: "import type { PublisherContext } from '../publisher.ts';" },
        ],
        'src/',
      );
      expect(cycles).toEqual([
        ['src/pipeline/state/store.ts', 'src/pipeline/status.ts'],
        ['src/pipeline/publish/from-settings.ts', 'src/pipeline/publisher.ts'],
      ]);
    });

    it('process.env outside the config module (a comment naming it is not a read)', () => {
      const problems = environmentReaders([
        { path: 'src/builder/post-build/demo-art/images.ts', text: "return process.env.DEALER_IMAGE_CACHE ?? 'x';" },
        { path: 'scripts/serve.ts', text: "const level = process['env'].LOG_LEVEL;" },
        { path: 'src/pipeline/service.ts', text: 'const { PIPELINE_OPERATOR_TOKEN } = process.env;' },
        { path: 'src/server/kernel/outbox.ts', text: '/** Default process.env. */\nexport const x = 1;\n// process.env here too' },
        { path: 'src/config/env.ts', text: 'return process.env;' },
      ]);
      expect(problems).toHaveLength(3);
      expect(problems[0]).toContain('src/builder/post-build/demo-art/images.ts: reads process.env');
    });

    it("the machine's size read outside its owner (a comment naming it is not a read)", () => {
      const problems = machineReaders([
        { path: 'src/builder/render/engine.ts', text: "import { availableParallelism } from 'node:os';\nconst cores = availableParallelism();" },
        { path: 'scripts/build.ts', text: 'const jobs = os.cpus().length;' },
        { path: 'src/pipeline/service/service.ts', text: 'const mb = totalmem ( ) / 1e6;' },
        { path: 'src/pipeline/intake/read/parse-worker.ts', text: '// availableParallelism() is read in src/config/machine.ts\nexport const x = 1;' },
        { path: 'src/config/machine.ts', text: 'return { cores: availableParallelism() };' },
      ]);
      expect(problems).toHaveLength(3);
      expect(problems[0]).toContain("src/builder/render/engine.ts: reads the machine's size");
    });

    it('a date formatted or a time zone read outside its owners (a comment naming one is not a use)', () => {
      const problems = dateFormatters([
        { path: 'src/islands/marketing/OffersList.tsx', text: "const ends = new Date(at).toLocaleDateString('en-AU', { timeZone });" },
        { path: 'src/lib/marketing/blog.ts', text: "return new Intl.DateTimeFormat('en-AU', { month: 'long' }).format(ms);" },
        { path: 'src/lib/forms/trade-in-limits.ts', text: 'const year = Intl . DateTimeFormat;' },
        { path: 'src/lib/marketing/reviews.ts', text: '// Intl.DateTimeFormat is used by formatDay\nexport const x = 1;' },
        { path: 'src/lib/text/format.ts', text: "const day = new Intl.DateTimeFormat('en-AU');" },
        { path: 'src/lib/text/dealer-time.ts', text: "new Intl.DateTimeFormat('en-US', { timeZone });" },
        { path: 'src/schemas/site/common.ts', text: "new Intl.DateTimeFormat('en-AU', { timeZone: name });" },
      ]);
      expect(problems).toHaveLength(3);
      expect(problems[0]).toContain('src/islands/marketing/OffersList.tsx: formats a date');
    });

    it('money formatted outside format.ts: a currency Intl.NumberFormat or toLocaleString, a dollar sign before a grouped number or toFixed(2) (a comment naming one, a plain number format, an amount as data are not)', () => {
      const problems = moneyFormatters([
        { path: 'src/islands/forms/NewIsland.tsx', text: "const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });" },
        { path: 'src/lib/vehicle/price.ts', text: "return amount.toLocaleString('en-AU', {\n  style: 'currency',\n  currency: 'AUD',\n});" },
        { path: 'src/islands/forms/Other.tsx', text: "// not an Intl.NumberFormat('en-AU', { currency: 'AUD' }): formatMoney\nexport const x = 1;" },
        { path: 'src/islands/marketing/SalesCounter.tsx', text: "const shown = count.toLocaleString('en-AU'); const n = new Intl.NumberFormat('en-AU');" },
        { path: 'src/lib/text/format.ts', text: "const wholeDollars = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });" },
        { path: 'scripts/generate-demo.ts', text: "const money = (value: number) => `$${Math.round(value).toLocaleString('en-AU')}`;" },
        { path: 'scripts/demo/comments.ts', text: "const km = `${facts.km.toLocaleString('en-AU')} km`;" },
        { path: 'src/server/features/payments/refund.ts', text: 'const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;' },
        { path: 'src/server/features/payments/payments.ts', text: 'const record = { amount: (payment.amount_cents / 100).toFixed(2) };' },
      ]);
      expect(problems).toHaveLength(4);
      expect(problems[0]).toContain('src/islands/forms/NewIsland.tsx: formats money itself');
      expect(problems[1]).toContain('src/lib/vehicle/price.ts: formats money itself');
      expect(problems[2]).toContain('scripts/generate-demo.ts: formats money itself');
      expect(problems[3]).toContain('src/server/features/payments/refund.ts: formats money itself');
    });

    it("a year read off the machine's or UTC's clock outside dealer-time.ts (a comment naming one is not a read)", () => {
      const problems = calendarYearReaders([
        { path: 'src/components/layout/SiteLayout.astro', text: 'const year = new Date(chrome.buildTime).getFullYear();' },
        { path: 'src/lib/finance/finance-eligibility.ts', text: 'const thisYear = new Date(now) . getUTCFullYear ( );' },
        { path: 'src/lib/forms/trade-in-limits.ts', text: '// not getUTCFullYear(): the dealer\'s year\nexport const x = 1;' },
        { path: 'src/lib/text/dealer-time.ts', text: 'year: wall.getUTCFullYear(),' },
        { path: 'src/search/browser/sentence.ts', text: 'year = new Date().getFullYear(),' },
      ]);
      expect(problems).toHaveLength(2);
      expect(problems[0]).toContain("src/components/layout/SiteLayout.astro: reads a year off the machine's or UTC's clock");
    });

    it('a component, layout or build module reading site data; a page and site-data itself may', () => {
      const problems = siteDataReaders([
        { path: 'src/components/offers/OffersPage.astro', text: "import { siteData } from '../../site-data/site-data.ts';\nconst offers = siteData().offers();" },
        { path: 'src/components/layout/SiteLayout.astro', text: "import type { SiteData } from '../../site-data/site-data.ts';" },
        { path: 'src/search/page-data.ts', text: "const data = await import('../site-data/site-data.ts');" },
        { path: 'src/builder/chrome.ts', text: "import { bundleFile } from '../config/build.ts';\nconst file = bundleFile();" },
        { path: 'src/pages/offers.astro', text: "import { siteData } from '../site-data/site-data.ts';" },
        { path: 'src/pages/cars/[slug]/checkout.astro', text: "import { siteData } from '../../../site-data/site-data.ts';" },
        { path: 'src/site-data/site-data.ts', text: "import { bundleFile } from '../config/build.ts';\nconst file = bundleFile();" },
        { path: 'src/islands/ui/Picture.tsx', text: '// bundleFile() is read by site-data\nexport const x = 1;' },
      ]);
      expect(problems).toHaveLength(4);
      expect(problems[0]).toContain('src/components/offers/OffersPage.astro -> src/site-data/site-data.ts: only pages');
      expect(problems[3]).toContain('src/builder/chrome.ts: reads the bundle file');
    });

    it("Astro's internal modules or build internals reached outside the adapter", () => {
      const problems = astroInternalReaders([
        { path: 'src/builder/render/render-pages.ts', text: "const { StaticPaths } = await import('astro/runtime/prerender/static-paths.js');" },
        { path: 'src/builder/render/astro/kept-renderer.ts', text: "import { getOutFile } from 'astro/dist/core/build/common.js';\nimport type { AstroConfig } from 'astro';" },
        { path: 'scripts/x.ts', text: "export { createDefaultPrerenderer } from '../node_modules/astro/dist/core/build/default-prerenderer.js';" },
        { path: 'src/builder/render/fleet.ts', text: 'app.setInternals({ pagesByKeys: new Map() });' },
        { path: 'src/pipeline/warm.ts', text: 'kept.app.routeCache.clearAll();' },
        { path: 'src/builder/post-build/steps.ts', text: "const entry = names.find((name) => name.startsWith('prerender-entry.'));" },
        { path: 'src/builder/render/astro-build.ts', text: "import { build } from 'astro';\n// astro/runtime/ and .setInternals are the adapter's\nimport { defineConfig } from 'astro/config';" },
        { path: ASTRO_ADAPTER, text: "import('astro/runtime/prerender/static-paths.js'); app.setInternals(x); app.routeCache;" },
      ]);
      expect(problems).toHaveLength(6);
      expect(problems[0]).toContain("src/builder/render/render-pages.ts: imports Astro's internal module astro/runtime/prerender/static-paths.js");
      expect(problems[3]).toContain("src/builder/render/fleet.ts: reaches Astro's build internals (setInternals)");
    });

    it("issue 36: Astro's or @astrojs' internals named outside the render/astro folder, in an import, a string or a pattern", () => {
      const problems = astroInternalReferences([
        { path: 'src/builder/render/react-patch.ts', text: 'const SERVER_MODULE = /[\\\\/]@astrojs[\\\\/]react[\\\\/]dist[\\\\/]server\\.js$/;' },
        { path: 'astro.config.mjs', text: "const file = require.resolve('@astrojs/react/dist/server.js');" },
        { path: 'src/pipeline/warm.ts', text: "const { StaticPaths } = await import('astro/runtime/prerender/static-paths.js');" },
        { path: 'scripts/x.ts', text: 'const dir = `${root}/node_modules/astro/dist/core`;' },
        { path: 'src/builder/render/fleet.ts', text: "// astro/dist is the adapter's\nimport { build } from 'astro';\nimport react from '@astrojs/react';\nconst x = 'my-astro/dist';" },
        { path: 'src/builder/render/astro/react-string-render.ts', text: "const SERVER = '@astrojs/react/dist/server.js';" },
      ]);
      expect(problems).toHaveLength(4);
      expect(problems[0]).toContain("src/builder/render/react-patch.ts: names Astro's or @astrojs' internals (@astrojs/react/dist)");
      expect(problems[2]).toContain('src/pipeline/warm.ts');
    });

    it("a second display-name rule, a second test for the text 'null'", () => {
      const problems = feedQuirkOwners([
        { path: 'src/lib/vehicle/vehicle-pdf.ts', text: "title: car.name ?? [car.year, car.make, car.model].filter(Boolean).join(' ')," },
        { path: 'src/server/features/payments/payments.ts', text: 'const name = car.name || `Stock ${car.id}`;' },
        { path: 'src/lib/vehicle/spec-rows.ts', text: "return value.trim().toLowerCase() !== 'null';" },
        { path: 'src/search/documents.ts', text: 'if ("null" === text || /^null$/i.test(other)) return undefined;' },
        { path: 'src/lib/vehicle/gallery.ts', text: "// a comment: [year, make, model] and === 'null'\nconst frames = car.spin_images ?? [];" },
        { path: 'src/stores/prefill.ts', text: "JSON.parse(localStorage.getItem('car') ?? 'null');" },
        { path: IDENTITY_OWNER, text: "[car.year, car.make, car.model, car.badge].join(' ') || `Stock ${car.id}`" },
        { path: NULL_TEXT_OWNER, text: "return value.trim().toLowerCase() === 'null';" },
        { path: 'src/components/vehicle/VehicleTabs.astro', text: "const bike = /motorcycle/i.test(car.item_type ?? '');" },
        { path: 'src/search/core/documents.ts', text: "['item_type', car.vehicle_kind], hit.item_type" },
        { path: KIND_OWNER, text: 'const named = kindOfItemType(record.item_type);' },
      ]);
      expect(problems).toHaveLength(5);
      expect(problems[4]).toContain("src/components/vehicle/VehicleTabs.astro: reads the feed's item_type");
      expect(problems[0]).toContain("src/lib/vehicle/vehicle-pdf.ts: derives the car's display name");
      expect(problems[2]).toContain("src/lib/vehicle/spec-rows.ts: tests for the text 'null'");
    });

    it('a second slugify, an annuity formula outside finance, a spec message literal, a second search prefix rule, a tel: link built outside phoneHref', () => {
      const message = messageTexts[0]!;
      const problems = secondOwners(
        [
          { path: 'src/lib/range/menu.ts', text: 'export function slugify(text: string) { return text; }' },
          { path: 'scripts/demo/extras.ts', text: "const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');" },
          { path: 'src/server/estimates/finance-quote.ts', text: 'return (p * r) / (1 - (1 + r) ** -n);' },
          { path: 'src/islands/forms/TestDriveForm.tsx', text: `errors.car_id = '${message}';` },
          { path: SLUG_OWNER, text: "export function slugify(v: string) { return v.replace(/[^a-z0-9]+/g, '-'); }" },
          { path: 'src/lib/finance/repayment.ts', text: 'const growth = (1 + r) ** n;' },
          { path: MESSAGES_OWNER, text: `required: '${message}',` },
          { path: 'scripts/screenshots.ts', text: "const search = `${site.used_car_routes ? '/used-car' : '/search'}/new-used-and-demo-cars`;" },
          { path: 'src/pages/used-car/[...path].astro', text: "if (routes.prefix !== '/used-car') return [];" },
          { path: SEARCH_URLS_OWNER, text: "export const USED_CAR_PREFIX = '/used-car';\nreturn site.used_car_routes ? USED_CAR_PREFIX : SEARCH_PREFIX;" },
          { path: 'src/pages/online-payment.astro', text: "<a href={`tel:${site.phone.replace(/[^\\d+]/g, '')}`}>{phone}</a>" },
          { path: 'src/islands/forms/Call.tsx', text: "const href = 'tel:' + digits;" },
          { path: PHONE_LINK_OWNER, text: 'return `tel:${dialNumber(phone)}`;' },
          { path: 'src/components/vehicle/phone-reveal.test.ts', text: "expect(href).toBe('tel:+61735551234');" },
        ],
        messageTexts,
      );
      expect(problems).toHaveLength(8);
      expect(problems[4]).toContain("scripts/screenshots.ts: a second rule for the search pages' prefix");
      expect(problems.slice(6)).toEqual([
        `src/pages/online-payment.astro: builds a tel: link (use phoneHref from ${PHONE_LINK_OWNER})`,
        `src/islands/forms/Call.tsx: builds a tel: link (use phoneHref from ${PHONE_LINK_OWNER})`,
      ]);
    });
  });
});

/** The room of a file among the rooms under `prefix`: its first folder below `prefix`, or `prefix`'s loose files as one room. */
export function roomOf(path: string, prefix: string): string | null {
  if (!path.startsWith(prefix)) return null;
  const rest = path.slice(prefix.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? `${prefix}*` : `${prefix}${rest.slice(0, slash)}/`;
}

/**
 * Two rooms under `prefix` that import each other (a folder-level two-way import): some file of
 * room A imports a file of room B and some file of B one of A, type-only and style imports
 * included. One message per pair, with one arrow each way; `accepted` pairs (`A <-> B`, sorted) are left out.
 */
export function folderTwoWayImports(files: SourceFile[], prefix: string, accepted: Record<string, string> = {}): string[] {
  const arrows = new Map<string, string>();
  for (const file of files) {
    const from = roomOf(file.path, prefix);
    if (!from) continue;
    for (const target of importsOf(file)) {
      const to = roomOf(target, prefix);
      if (to && to !== from && !arrows.has(`${from} -> ${to}`)) arrows.set(`${from} -> ${to}`, `${file.path} -> ${target}`);
    }
  }
  const problems: string[] = [];
  for (const [pair, arrow] of arrows) {
    const [a, b] = pair.split(' -> ') as [string, string];
    const back = arrows.get(`${b} -> ${a}`);
    if (a < b && back && !accepted[`${a} <-> ${b}`]) problems.push(`${a} <-> ${b}: ${arrow}, and back ${back}`);
  }
  return problems.sort();
}

/**
 * Folder pairs of src that may still import each other until a named change lands, each with
 * its reason. Every entry is a debt: the test fails when a pair listed here is no longer two-way.
 */
const ACCEPTED_FOLDER_PAIRS: Record<string, string> = {};

describe('folder-level two-way imports (docs/architecture.md "Parts and allowed arrows")', () => {
  const files = sourceFiles();

  it('no two folders of src import each other, type-only imports included (a shared type moves down a floor)', () => {
    expect(files.filter(({ path }) => path.startsWith('src/')).length).toBeGreaterThan(200);
    expect(folderTwoWayImports(files, 'src/', ACCEPTED_FOLDER_PAIRS)).toEqual([]);
  });

  it('every accepted folder pair still imports both ways (a paid-off debt is removed from the list)', () => {
    const pairs = new Set(folderTwoWayImports(files, 'src/').map((problem) => problem.slice(0, problem.indexOf(':'))));
    expect(Object.keys(ACCEPTED_FOLDER_PAIRS).filter((pair) => !pairs.has(pair))).toEqual([]);
  });

  describe('the rule catches violations', () => {
    const sample: SourceFile[] = [
      { path: 'src/builder/post-build/steps.ts', text: "import { photoFilesStep } from '../../images/files.ts';" },
      { path: 'src/images/files.ts', text: "import type { PostBuildStep } from '../builder/post-build/types.ts';" },
      { path: 'src/islands/vehicle/SimilarVehicles.tsx', text: "import '../../components/car-tile.css';" },
      { path: 'src/components/CarTile.astro', text: "---\nimport Picture from '../islands/ui/Picture.tsx';\n---" },
      { path: 'src/lib/vehicle/price.ts', text: "import type { Car } from '../../schemas/car.ts';" },
      { path: 'src/schemas/car.ts', text: "import { FORM_MESSAGES } from './messages.ts';" },
      { path: 'src/middleware.ts', text: "import { islandStyle } from './builder/render/astro/island-style.ts';" },
    ];

    it('two folders importing each other, through any files, a type or a stylesheet; one-way arrows and loose files imported by nobody pass', () => {
      expect(folderTwoWayImports(sample, 'src/')).toEqual([
        'src/builder/ <-> src/images/: src/builder/post-build/steps.ts -> src/images/files.ts, and back src/images/files.ts -> src/builder/post-build/types.ts',
        'src/components/ <-> src/islands/: src/components/CarTile.astro -> src/islands/ui/Picture.tsx, and back src/islands/vehicle/SimilarVehicles.tsx -> src/components/car-tile.css',
      ]);
    });

    it('an accepted pair is left out; the rule applies inside a folder too (its sub-folders and its loose files)', () => {
      expect(folderTwoWayImports(sample, 'src/', { 'src/builder/ <-> src/images/': 'a reason' })).toHaveLength(1);
      const pipeline: SourceFile[] = [
        { path: 'src/pipeline/state/records.ts', text: "import type { FeedKind } from '../feeds.ts';" },
        { path: 'src/pipeline/feeds.ts', text: "import { openPipelineState } from './state/store.ts';" },
        { path: 'src/pipeline/publish/s3-publisher.ts', text: "import { log } from '../log.ts';" },
      ];
      expect(folderTwoWayImports(pipeline, 'src/pipeline/')).toEqual(['src/pipeline/* <-> src/pipeline/state/: src/pipeline/feeds.ts -> src/pipeline/state/store.ts, and back src/pipeline/state/records.ts -> src/pipeline/feeds.ts']);
    });
  });
});

/** The one home of test and bench support code (servers, stand-ins, environments, suite helpers): tests and scripts import it, src never does. */
const TEST_SUPPORT = 'tests/support/';

/** Packages that run or drive tests: nothing that ships may import them. */
const TEST_PACKAGES = /^(?:vitest|@vitest\/|@testing-library\/|happy-dom$|@playwright\/test$|@axe-core\/playwright$)/;

/** The non-test source files of the test support folder. */
function supportFiles(): SourceFile[] {
  const files: SourceFile[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) visit(path);
      else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) files.push({ path, text: readFileSync(join(root, path), 'utf8') });
    }
  };
  visit(TEST_SUPPORT.slice(0, -1));
  return files;
}

/**
 * Where test code may be imported from: a file under src (test files aside) imports no test
 * package and nothing under tests/; a script imports tests only through tests/support/; the
 * support code imports no test suite (tests/unit, tests/integration, tests/e2e).
 */
export function testCodeImports(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    if (file.path.startsWith('src/')) {
      for (const specifier of specifiersOf(file)) if (TEST_PACKAGES.test(specifier)) problems.push(`${file.path}: imports ${specifier} (test code lives in ${TEST_SUPPORT} or beside the code as *.test.ts)`);
      for (const target of importsOf(file)) if (target.startsWith('tests/')) problems.push(`${file.path} -> ${target}: src must not import tests`);
    }
    if (file.path.startsWith('scripts/')) {
      for (const target of importsOf(file)) if (target.startsWith('tests/') && !target.startsWith(TEST_SUPPORT)) problems.push(`${file.path} -> ${target}: a script imports test code only from ${TEST_SUPPORT}`);
    }
    if (file.path.startsWith(TEST_SUPPORT)) {
      for (const target of importsOf(file)) if (/^tests\/(unit|integration|e2e)\//.test(target)) problems.push(`${file.path} -> ${target}: test support must not import a test suite`);
    }
  }
  return problems;
}

describe('test support in one place (docs/architecture.md "Tests and their support")', () => {
  it('src imports no test package and nothing of tests/; scripts import tests only through tests/support/; support imports no suite', () => {
    const files = [...sourceFiles(), ...supportFiles()];
    expect(files.some(({ path }) => path.startsWith(TEST_SUPPORT))).toBe(true);
    expect(testCodeImports(files)).toEqual([]);
  });

  it('catches vitest or a test helper in shipped code, a script importing a suite or a fixture module, support importing a suite', () => {
    const problems = testCodeImports([
      { path: 'src/islands/ui/mount-root.ts', text: "import { afterEach, beforeEach } from 'vitest';" },
      { path: 'src/islands/ui/form-events.ts', text: "import { fireEvent } from '@testing-library/react';\nimport { act } from 'react';" },
      { path: 'src/server/dev-postgres.ts', text: "export { startThrowawayPostgres } from '../../tests/support/dev-postgres.ts';" },
      { path: 'scripts/bench-images.ts', text: "import { startPhotoServer } from '../tests/fixtures/photos/server.ts';\nimport { writeTenantFolder } from '../tests/support/tenant-folder.ts';" },
      { path: 'scripts/bench-leads.ts', text: "import { startLeadApi } from '../tests/integration/server-helpers.ts';" },
      { path: 'tests/support/pipeline-env.ts', text: "import { waitFor } from '../integration/pipeline-feeds.test.ts';\nimport { makeCar } from '../fixtures/make-car.ts';" },
      { path: 'src/islands/ui/Dialog.tsx', text: "// vitest and '../../../tests/support/mount-root.ts' are named in a comment only\nimport { useId } from 'react';" },
    ]);
    expect(problems).toEqual([
      'src/islands/ui/mount-root.ts: imports vitest (test code lives in tests/support/ or beside the code as *.test.ts)',
      'src/islands/ui/form-events.ts: imports @testing-library/react (test code lives in tests/support/ or beside the code as *.test.ts)',
      'src/server/dev-postgres.ts -> tests/support/dev-postgres.ts: src must not import tests',
      'scripts/bench-images.ts -> tests/fixtures/photos/server.ts: a script imports test code only from tests/support/',
      'scripts/bench-leads.ts -> tests/integration/server-helpers.ts: a script imports test code only from tests/support/',
      'tests/support/pipeline-env.ts -> tests/integration/pipeline-feeds.test.ts: test support must not import a test suite',
    ]);
  });
});

/** An ESLint directive in a comment (`eslint-disable`, `-line`, `-next-line`, `eslint-enable` aside), with what follows it on the line. */
const LINT_DISABLE = /eslint-disable(?:-next-line|-line)?\b([^\n]*)/g;

/** Every lint exception says why (`// eslint-disable-next-line rule -- the reason`): a bare disable hides a warning without a reason. */
export function lintDisablesWithoutReason(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    for (const match of file.text.matchAll(LINT_DISABLE)) {
      if (!/\s--\s+\S/.test(match[1]!)) problems.push(`${file.path}:${file.text.slice(0, match.index).split('\n').length}: eslint-disable without a reason (add \` -- <why>\`)`);
    }
  }
  return problems;
}

describe('lint exceptions give their reason (npm run lint: eslint --max-warnings 0)', () => {
  it('every eslint-disable in src, scripts and tests/support has a `-- reason`', () => {
    const files = [...sourceFiles(), ...supportFiles()];
    expect(files.some(({ text }) => text.includes('eslint-disable'))).toBe(true);
    expect(lintDisablesWithoutReason(files)).toEqual([]);
  });

  it('catches a bare disable, in a line comment or in JSX; one with a reason passes', () => {
    const problems = lintDisablesWithoutReason([
      { path: 'src/islands/forms/EnquiryForm.tsx', text: 'useEffect(() => {\n  run();\n  // eslint-disable-next-line react-hooks/exhaustive-deps\n}, []);' },
      { path: 'src/islands/ui/Carousel.tsx', text: '{/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex */}\n<div tabIndex={0} />' },
      { path: 'src/islands/forms/MyGarage.tsx', text: '// eslint-disable-next-line react-hooks/exhaustive-deps --\n}, []);' },
      { path: 'src/islands/ui/SearchBox.tsx', text: '// eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount\n}, []);' },
    ]);
    expect(problems).toEqual([
      'src/islands/forms/EnquiryForm.tsx:3: eslint-disable without a reason (add ` -- <why>`)',
      'src/islands/ui/Carousel.tsx:1: eslint-disable without a reason (add ` -- <why>`)',
      'src/islands/forms/MyGarage.tsx:1: eslint-disable without a reason (add ` -- <why>`)',
    ]);
  });
});

/** `as unknown as` in the lead API (issue 36): a double cast hides a wrong type; narrow with a typed helper or a declared interface instead. */
export function serverDoubleCasts(files: SourceFile[]): string[] {
  return files.filter((file) => file.path.startsWith('src/server/') && /\bas\s+unknown\s+as\b/.test(code(file.text))).map((file) => `${file.path}: casts through unknown (as unknown as)`);
}

/** The configuration is read by the server, never the reverse (issue 36): src/config imports nothing from src/server. */
export function configServerImports(files: SourceFile[]): string[] {
  return files
    .filter((file) => file.path.startsWith('src/config/'))
    .flatMap((file) => importsOf(file).filter((target) => target.startsWith('src/server/')).map((target) => `${file.path} -> ${target}: the configuration must not import the server`));
}

describe('architecture (issue 36): the lead API types its values, the configuration stands alone', () => {
  const files = sourceFiles();

  it('src/server has no `as unknown as`', () => {
    expect(files.some((file) => file.path.startsWith('src/server/'))).toBe(true);
    expect(serverDoubleCasts(files)).toEqual([]);
  });

  it('src/config imports nothing from src/server', () => {
    expect(files.some((file) => file.path.startsWith('src/config/'))).toBe(true);
    expect(configServerImports(files)).toEqual([]);
  });

  it('catches a double cast in the server (not in a comment, not outside src/server)', () => {
    const problems = serverDoubleCasts([
      { path: 'src/server/stores.ts', text: 'export const Store = ComposedStore as unknown as new () => Store;' },
      { path: 'src/server/leads/repository.ts', text: 'const ids = values as\n  unknown as string;' },
      { path: 'src/server/kernel/db.ts', text: '// never `as unknown as`\nexport const x = 1;' },
      { path: 'src/search/engine.ts', text: 'const hit = record as unknown as Hit;' },
    ]);
    expect(problems).toEqual(['src/server/stores.ts: casts through unknown (as unknown as)', 'src/server/leads/repository.ts: casts through unknown (as unknown as)']);
  });

  it('catches the configuration importing the server (a type import too)', () => {
    const problems = configServerImports([
      { path: 'src/config/server.ts', text: "import type { DatabaseConfig } from '../server/kernel/db.ts';\nimport { environment } from './env.ts';" },
      { path: 'src/config/pipeline.ts', text: "export { loadConfig } from '../server/app.ts';" },
      { path: 'src/server/kernel/db.ts', text: "import type { DatabaseConfig } from '../../config/server-settings.ts';" },
    ]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toBe('src/config/server.ts -> src/server/kernel/db.ts: the configuration must not import the server');
  });
});

describe('search rooms (issue 36 item 2)', () => {
  const files = sourceFiles();

  it('browser search code (src/search/browser, engine, lists) imports no Node built-in, src/config or src/search/admin', () => {
    expect(files.some(({ path }) => path.startsWith('src/search/browser/'))).toBe(true);
    expect(files.some(({ path }) => path.startsWith('src/search/engine/'))).toBe(true);
    expect(browserSearchProblems(files)).toEqual([]);
  });

  it('src/lib imports nothing of src/search', () => {
    expect(files.some(({ path }) => path.startsWith('src/lib/'))).toBe(true);
    expect(libSearchImports(files)).toEqual([]);
  });

  it('src/lib uses no browser global, wires no DOM and imports no astro:* or React (STYLE.md rule 1)', () => {
    expect(libBrowserCode(files)).toEqual([]);
  });

  describe('the rules catch violations', () => {
    it('a Node built-in, the config or the admin room imported by browser search code; build-time and admin code may', () => {
      const problems = browserSearchProblems([
        { path: 'src/search/browser/routing.ts', text: "import { readFileSync } from 'node:fs';" },
        { path: 'src/search/engine/engine.ts', text: "import { createHash } from 'crypto';" },
        { path: 'src/search/browser/create-client.ts', text: "import { searchSettings } from '../../config/search.ts';" },
        { path: 'src/search/lists/list-index.ts', text: "const admin = await import('../admin/meilisearch.ts');" },
        { path: 'src/search/build-time/page-data.ts', text: "import { environment } from '../../config/env.ts';\nimport { mintTenantToken } from '../admin/meilisearch.ts';\nimport { join } from 'node:path';" },
        { path: 'src/search/admin/meilisearch.ts', text: "import { createHmac } from 'node:crypto';" },
        { path: 'src/search/browser/similar.ts', text: "// node:fs and ../../config/ are named in a comment only\nimport { hitToCar } from '../core/hit-car.ts';" },
      ]);
      expect(problems).toHaveLength(4);
      expect(problems[0]).toContain('src/search/browser/routing.ts: imports the Node built-in node:fs');
      expect(problems[2]).toContain('src/search/browser/create-client.ts -> src/config/search.ts');
      expect(problems[3]).toContain('src/search/lists/list-index.ts -> src/search/admin/meilisearch.ts');
    });

    it('browser code in src/lib: a global, DOM wiring, astro:* or React; a property named document, a comment and an island pass', () => {
      const problems = libBrowserCode([
        { path: 'src/lib/vehicle/reveal.ts', text: 'export const go = (href: string) => window.location.assign(href);' },
        { path: 'src/lib/forms/saved.ts', text: "export const saved = () => localStorage.getItem('lead');" },
        { path: 'src/lib/vehicle/wire.ts', text: "export const wire = (root: ParentNode) => root.querySelectorAll('[data-x]');" },
        { path: 'src/lib/site/page.ts', text: "import { getImage } from 'astro:assets';\nimport { useState } from 'react';" },
        { path: 'src/lib/marketing/analytics.ts', text: '// pushed onto window.dataLayer\nexport const hasPage = (target: { document?: unknown }) => typeof target.document !== "undefined";' },
        { path: 'src/islands/vehicle/reveal.ts', text: 'export const go = (href: string) => window.location.assign(href);' },
      ]);
      expect(problems).toEqual([
        'src/lib/vehicle/reveal.ts: uses window (src/lib is pure: browser code lives with its island or component)',
        'src/lib/forms/saved.ts: uses localStorage (src/lib is pure: browser code lives with its island or component)',
        'src/lib/vehicle/wire.ts: uses querySelectorAll (src/lib is pure: browser code lives with its island or component)',
        'src/lib/site/page.ts: imports astro:assets (src/lib is pure: no astro:* or React)',
        'src/lib/site/page.ts: imports react (src/lib is pure: no astro:* or React)',
      ]);
    });

    it('src/lib importing src/search (types too); search importing lib is the allowed direction', () => {
      const problems = libSearchImports([
        { path: 'src/lib/range/directory.ts', text: "import type { EngineSearchParams } from '../../search/engine/engine.ts';" },
        { path: 'src/lib/marketing/products.ts', text: "export { listOrderFields } from '../../search/core/documents.ts';" },
        { path: 'src/search/core/routes.ts', text: "import { slugify } from '../../lib/text/slug.ts';" },
      ]);
      expect(problems).toEqual([
        'src/lib/range/directory.ts -> src/search/engine/engine.ts: src/lib must not import src/search',
        'src/lib/marketing/products.ts -> src/search/core/documents.ts: src/lib must not import src/search',
      ]);
    });
  });
});

/** Longest file header (its opening comment, delimiters included): about eight lines of text, with some slack. */
const MAX_HEADER_LINES = 12;

/** The number of lines of a file's opening comment (a block comment, or a run of `//` lines, after a `#!` line), 0 without one. */
export function headerLines(text: string): number {
  const body = (text.startsWith('---') ? text.slice(3) : text.replace(/^#!.*\n/, '')).trimStart();
  if (body.startsWith('/*')) return body.slice(0, body.indexOf('*/')).split('\n').length;
  if (!body.startsWith('//')) return 0;
  const lines = body.split('\n');
  const end = lines.findIndex((line) => !line.trim().startsWith('//'));
  return end === -1 ? lines.length : end;
}

/** Where the header rule applies: the product, the scripts and the test support they import. */
const HEADER_RULE_FOLDERS = ['src/', 'scripts/', 'tests/support/'];

/** Files under HEADER_RULE_FOLDERS whose header is longer than MAX_HEADER_LINES (what, why, the contract: the rest belongs in docs/ or on the export it describes). */
export function longHeaders(files: SourceFile[]): string[] {
  return files
    .filter((file) => HEADER_RULE_FOLDERS.some((folder) => file.path.startsWith(folder)))
    .filter((file) => headerLines(file.text) > MAX_HEADER_LINES)
    .map((file) => `${file.path}: a header of ${headerLines(file.text)} lines (at most ${MAX_HEADER_LINES})`);
}

describe('comments that stay true (issue 36 item 6)', () => {
  it(`file headers under src/, scripts/ and tests/support/ are at most ${MAX_HEADER_LINES} lines`, () => {
    expect(longHeaders([...sourceFiles(), ...supportFiles()])).toEqual([]);
  });

  it('catches a long header, a long run of // lines and one in an .astro frontmatter, in src/pipeline too; a short one and a test suite pass', () => {
    const block = (lines: number) => `/**\n${' * text\n'.repeat(lines - 2)} */\nexport const x = 1;\n`;
    expect(headerLines(block(12))).toBe(12);
    const problems = longHeaders([
      { path: 'src/lib/a.ts', text: block(13) },
      { path: 'src/lib/b.ts', text: `${'// text\n'.repeat(13)}export const x = 1;\n` },
      { path: 'src/components/C.astro', text: `---\n${block(14)}---\n<p>hi</p>\n` },
      { path: 'src/lib/d.ts', text: block(12) },
      { path: 'tests/e2e/e.ts', text: block(30) },
      { path: 'src/pipeline/f.ts', text: block(30) },
    ]);
    expect(problems).toEqual([
      'src/lib/a.ts: a header of 13 lines (at most 12)',
      'src/lib/b.ts: a header of 13 lines (at most 12)',
      'src/components/C.astro: a header of 14 lines (at most 12)',
      'src/pipeline/f.ts: a header of 30 lines (at most 12)',
    ]);
  });

  it('catches a long header in a script (after its #! line) and in test support; a short script header passes', () => {
    const block = (lines: number) => `/**\n${' * text\n'.repeat(lines - 2)} */\n`;
    const problems = longHeaders([
      { path: 'scripts/bench-leads.ts', text: `${block(28)}import { spawn } from 'node:child_process';\n` },
      { path: 'scripts/edge.ts', text: `#!/usr/bin/env node\n${block(13)}export {};\n` },
      { path: 'tests/support/fuzz-lib.ts', text: `${'// text\n'.repeat(21)}export {};\n` },
      { path: 'scripts/api.ts', text: `#!/usr/bin/env node\n${block(12)}export {};\n` },
    ]);
    expect(problems).toEqual(['scripts/bench-leads.ts: a header of 28 lines (at most 12)', 'scripts/edge.ts: a header of 13 lines (at most 12)', 'tests/support/fuzz-lib.ts: a header of 21 lines (at most 12)']);
  });
});

// ---------------------------------------------------------------------------------------------
// The pipeline's rooms, the edge and the platform (docs/architecture.md "The pipeline's rooms").
// ---------------------------------------------------------------------------------------------

/** The rooms of src/pipeline: intake, release, state, service, publish; 'loose' for a file at its top; null outside. */
export function pipelineRoom(path: string): string | null {
  const match = /^src\/pipeline\/(?:([^/]+)\/)?[^/]+$/.exec(path) ?? /^src\/pipeline\/([^/]+)\//.exec(path);
  if (!match) return null;
  return match[1] ?? 'loose';
}

/** At most this many files lie loose at the top of src/pipeline (the log); the rest live in rooms. */
const MAX_LOOSE_PIPELINE_FILES = 4;

/**
 * The pipeline's arrows: intake never imports release (a feed is taken in without knowing how
 * it is released); state imports no other room (every room reads and writes through it); only
 * service imports both intake and release, and nothing else in the pipeline imports service
 * (scripts and tests start it); a loose file imports no room; at most MAX_LOOSE_PIPELINE_FILES.
 */
export function pipelineArrowProblems(files: SourceFile[]): string[] {
  const problems: string[] = [];
  const loose = files.filter((file) => pipelineRoom(file.path) === 'loose');
  if (loose.length > MAX_LOOSE_PIPELINE_FILES) problems.push(`src/pipeline: ${loose.length} loose files at the top (at most ${MAX_LOOSE_PIPELINE_FILES}): ${loose.map((file) => file.path).join(', ')}`);
  for (const file of files) {
    const from = pipelineRoom(file.path);
    if (!from) continue;
    const rooms = new Set(importsOf(file).map(pipelineRoom).filter((room): room is string => room !== null && room !== from));
    for (const to of rooms) {
      const arrow = `${file.path} -> src/pipeline/${to}`;
      if (from === 'intake' && to === 'release') problems.push(`${arrow}: intake must not import release`);
      if (from === 'state' && to !== 'loose') problems.push(`${arrow}: state imports no other room of the pipeline`);
      if (from === 'loose' && to !== 'loose') problems.push(`${arrow}: a loose file of src/pipeline imports no room`);
      if (to === 'service' && from !== 'loose') problems.push(`${arrow}: only scripts and tests import the service`);
    }
    if (from !== 'service' && rooms.has('intake') && rooms.has('release')) problems.push(`${file.path}: imports both intake and release (only service does)`);
  }
  return problems;
}

/** The ground floor for infrastructure: src/platform imports nothing of the rooms above it. */
const ABOVE_PLATFORM = /^src\/(pipeline|server|builder|edge|search|images|site-data|pages|components|layouts|islands)\//;
/** What the edge may not import: it serves the bucket the pipeline writes, through src/platform and src/lib only. */
const ABOVE_EDGE = /^src\/(pipeline|server|builder|search|images|site-data|pages|components|layouts|islands)\//;
/** The edge's files that the Cloudflare Worker bundles: no Node built-in. */
const WORKER_EDGE = ['src/edge/edge.ts', 'src/edge/cloudflare-worker.ts'];

/** src/platform stays the ground floor; src/edge reads the bucket through it, and its Worker files use no Node built-in. */
export function edgePlatformProblems(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const platform = file.path.startsWith('src/platform/');
    const edge = file.path.startsWith('src/edge/');
    if (!platform && !edge) continue;
    for (const target of importsOf(file)) {
      if (platform && ABOVE_PLATFORM.test(target)) problems.push(`${file.path} -> ${target}: src/platform imports nothing above it`);
      if (edge && ABOVE_EDGE.test(target)) problems.push(`${file.path} -> ${target}: the edge reads the bucket through src/platform (and src/lib), not the pipeline or the server`);
    }
    if (WORKER_EDGE.includes(file.path)) {
      for (const specifier of specifiersOf(file)) if (isBuiltin(specifier)) problems.push(`${file.path}: imports the Node built-in ${specifier} (the Cloudflare Worker bundles this file)`);
    }
  }
  return problems;
}

describe("the pipeline's rooms, the edge and the platform", () => {
  const files = sourceFiles();

  it('src/pipeline keeps its arrows: intake never imports release, state no other room, only service both', () => {
    expect(files.filter((file) => pipelineRoom(file.path) === 'intake').length).toBeGreaterThan(5);
    expect(pipelineArrowProblems(files)).toEqual([]);
  });

  it('src/platform is the ground floor and the edge stays off the pipeline and the server', () => {
    expect(files.some((file) => file.path.startsWith('src/platform/sql/'))).toBe(true);
    expect(files.some((file) => file.path.startsWith('src/edge/'))).toBe(true);
    expect(edgePlatformProblems(files)).toEqual([]);
  });

  describe('the rules catch violations', () => {
    it('names the room of a pipeline file, loose files, and nothing outside src/pipeline', () => {
      expect(pipelineRoom('src/pipeline/intake/read/csv.ts')).toBe('intake');
      expect(pipelineRoom('src/pipeline/state/store.ts')).toBe('state');
      expect(pipelineRoom('src/pipeline/log.ts')).toBe('loose');
      expect(pipelineRoom('src/edge/edge.ts')).toBeNull();
    });

    it('intake importing release (a type too)', () => {
      const problems = pipelineArrowProblems([
        { path: 'src/pipeline/intake/inbox.ts', text: "import type { RebuildResult } from '../release/run.ts';\nimport { withState } from '../state/store.ts';" },
        { path: 'src/pipeline/release/run.ts', text: "import { withState } from '../state/store.ts';" },
      ]);
      expect(problems).toEqual(['src/pipeline/intake/inbox.ts -> src/pipeline/release: intake must not import release']);
    });

    it('state importing intake, release or another room', () => {
      const problems = pipelineArrowProblems([
        { path: 'src/pipeline/state/records.ts', text: "import type { FeedKind } from '../intake/read/feeds.ts';" },
        { path: 'src/pipeline/state/store.ts', text: "import type { ReleaseManifest } from '../release/manifest.ts';\nimport { log } from '../log.ts';" },
        { path: 'src/pipeline/state/files.ts', text: "import { storeFromSettings } from '../publish/from-settings.ts';" },
      ]);
      expect(problems).toEqual([
        'src/pipeline/state/records.ts -> src/pipeline/intake: state imports no other room of the pipeline',
        'src/pipeline/state/store.ts -> src/pipeline/release: state imports no other room of the pipeline',
        'src/pipeline/state/files.ts -> src/pipeline/publish: state imports no other room of the pipeline',
      ]);
    });

    it('a room other than service importing both intake and release, or importing service', () => {
      const problems = pipelineArrowProblems([
        { path: 'src/pipeline/publish/publisher.ts', text: "import { intakeFile } from '../intake/inbox.ts';\nimport { rebuildTenant } from '../release/run.ts';" },
        { path: 'src/pipeline/release/run.ts', text: "import { startPipeline } from '../service/service.ts';" },
        { path: 'src/pipeline/service/service.ts', text: "import { intakeFile } from '../intake/inbox.ts';\nimport { rebuildTenant } from '../release/run.ts';" },
      ]);
      expect(problems).toEqual([
        'src/pipeline/publish/publisher.ts: imports both intake and release (only service does)',
        'src/pipeline/release/run.ts -> src/pipeline/service: only scripts and tests import the service',
      ]);
    });

    it('a loose file importing a room, and more than four loose files', () => {
      const loose = (name: string, text = 'export const x = 1;') => ({ path: `src/pipeline/${name}.ts`, text });
      expect(pipelineArrowProblems([loose('log', "import { withState } from './state/store.ts';")])).toEqual(['src/pipeline/log.ts -> src/pipeline/state: a loose file of src/pipeline imports no room']);
      const problems = pipelineArrowProblems(['a', 'b', 'c', 'd', 'e'].map((name) => loose(name)));
      expect(problems).toEqual(['src/pipeline: 5 loose files at the top (at most 4): src/pipeline/a.ts, src/pipeline/b.ts, src/pipeline/c.ts, src/pipeline/d.ts, src/pipeline/e.ts']);
    });

    it('the platform importing a room above it; the edge importing the pipeline or the server; a Node built-in in the Worker files', () => {
      const problems = edgePlatformProblems([
        { path: 'src/platform/sql/db.ts', text: "import type { Logger } from '../../pipeline/log.ts';\nimport type { DatabaseConfig } from '../../config/server-settings.ts';" },
        { path: 'src/edge/edge.ts', text: "import { layout } from '../pipeline/publish/layout.ts';\nimport { createHash } from 'node:crypto';" },
        { path: 'src/edge/node-edge.ts', text: "import { createServer } from 'node:http';\nimport { layout } from '../platform/bucket/layout.ts';\nimport { tenantOfHost } from '../lib/site/host.ts';" },
        { path: 'src/edge/cloudflare-worker.ts', text: "import { readFileSync } from 'fs';" },
      ]);
      expect(problems).toEqual([
        'src/platform/sql/db.ts -> src/pipeline/log.ts: src/platform imports nothing above it',
        'src/edge/edge.ts -> src/pipeline/publish/layout.ts: the edge reads the bucket through src/platform (and src/lib), not the pipeline or the server',
        "src/edge/edge.ts: imports the Node built-in node:crypto (the Cloudflare Worker bundles this file)",
        'src/edge/cloudflare-worker.ts: imports the Node built-in fs (the Cloudflare Worker bundles this file)',
      ]);
    });
  });
});


/**
 * Modules of a component's inline <script>: Astro inlines a script only when its bundle imports
 * nothing, so such a module imports nothing (type imports aside), and only its component imports
 * it (a module shared with an island goes into a chunk of its own, loaded as a file).
 */
const INLINE_SCRIPT_MODULES: Record<string, string> = {
  'src/islands/forms/pending-payment-values.ts': 'src/components/layout/SiteLayout.astro',
  'src/islands/vehicle/share-row.ts': 'src/components/vehicle/ShareRow.astro',
  'src/islands/vehicle/phone-reveal.ts': 'src/components/vehicle/PhoneBox.astro',
};

/** Vehicle page components whose script is loaded as a file, each with the module it shares. */
const FILE_PAGE_SCRIPTS: Record<string, string> = {
  'src/components/vehicle/FinanceQuoteCall.astro': 'src/stores/finance-quote.ts, with the finance calculator island',
  'src/components/vehicle/ViewsCounter.astro': 'src/lib/vehicle/views-count.ts, with the result cards',
};

/**
 * The vehicle page's component scripts (src/components/vehicle/*.astro, each bundled by Astro)
 * stay inline: each imports only modules of its own (INLINE_SCRIPT_MODULES), else its page
 * would load it, and the module it shares, as files. FILE_PAGE_SCRIPTS are the exceptions.
 */
export function vehiclePageScriptProblems(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    if (!/^src\/components\/vehicle\/[^/]+\.astro$/.test(file.path) || file.path in FILE_PAGE_SCRIPTS) continue;
    for (const [, attributes, body] of file.text.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
      // An is:inline script is not bundled; a typed one (JSON data) is no script.
      if (/\bis:inline\b|\btype=/.test(attributes ?? '')) continue;
      for (const [, specifier] of code(body!).matchAll(/\bimport\s+(?!type\b)(?:[^'"]*?\bfrom\s*)?['"]([^'"]+)['"]/g)) {
        const module = specifier!.startsWith('.') ? normalize(join(dirname(file.path), specifier!)).split('\\').join('/') : specifier!;
        if (INLINE_SCRIPT_MODULES[module] !== file.path) problems.push(`${file.path}: its script imports ${module}, not a module of its own (its page would load the script as a file)`);
      }
    }
  }
  return problems;
}

export function inlineScriptProblems(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const [module, component] of Object.entries(INLINE_SCRIPT_MODULES)) {
    const file = files.find((candidate) => candidate.path === module);
    if (!file) problems.push(`${module}: missing`);
    else if (/^\s*(import(?!\s+type\b)\s|export\s[^;]*\bfrom\s)/m.test(code(file.text))) problems.push(`${module}: imports a module (its page script would no longer be inline)`);
    for (const importer of files.filter((candidate) => candidate.path !== component && importsOf(candidate).includes(module))) {
      problems.push(`${importer.path} -> ${module}: only ${component} imports it (its page script would no longer be inline)`);
    }
  }
  return problems;
}

describe('inline page scripts', () => {
  it('their modules import nothing and only their component imports them', () => {
    expect(inlineScriptProblems(sourceFiles())).toEqual([]);
  });

  it("the vehicle page's component scripts import only modules of their own", () => {
    expect(vehiclePageScriptProblems(sourceFiles())).toEqual([]);
  });

  it("a vehicle page script importing a shared module, and one importing its own, an inline one and a typed one", () => {
    const problems = vehiclePageScriptProblems([
      { path: 'src/components/vehicle/BottomBar.astro', text: "<div />\n<script>\n  import { trackEvent } from '../../lib/marketing/analytics.ts';\n  import 'nanostores';\n</script>" },
      { path: 'src/components/vehicle/ShareRow.astro', text: "<script>\n  import type { X } from './x.ts';\n  import { wireShareRows } from '../../islands/vehicle/share-row.ts';\n</script>" },
      { path: 'src/components/vehicle/AnnouncementBar.astro', text: "<script is:inline>import x from './x.ts';</script><script type=\"application/json\">{}</script>" },
      { path: 'src/components/vehicle/ViewsCounter.astro', text: "<script>import { startViewsCounter } from '../../islands/vehicle/views-counter.ts';</script>" },
    ]);
    expect(problems).toEqual([
      'src/components/vehicle/BottomBar.astro: its script imports src/lib/marketing/analytics.ts, not a module of its own (its page would load the script as a file)',
      'src/components/vehicle/BottomBar.astro: its script imports nanostores, not a module of its own (its page would load the script as a file)',
    ]);
  });

  it('an import in the module, and an island importing it', () => {
    const problems = inlineScriptProblems([
      { path: 'src/islands/vehicle/share-row.ts', text: "import type { X } from './x.ts';\nimport { showToast } from '../../stores/toast.ts';" },
      { path: 'src/islands/forms/pending-payment-values.ts', text: 'export const x = 1;' },
      { path: 'src/islands/forms/pending-payment.ts', text: "import { x } from './pending-payment-values.ts';" },
      { path: 'src/islands/vehicle/phone-reveal.ts', text: 'export const y = 1;' },
    ]);
    expect(problems).toEqual([
      'src/islands/forms/pending-payment.ts -> src/islands/forms/pending-payment-values.ts: only src/components/layout/SiteLayout.astro imports it (its page script would no longer be inline)',
      'src/islands/vehicle/share-row.ts: imports a module (its page script would no longer be inline)',
    ]);
  });
});
