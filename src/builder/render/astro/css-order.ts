/**
 * The stylesheet order a page's cascade relies on. Astro orders a page's sheets by the first
 * import path it finds from each sheet up to the page (its CSS build plugin,
 * `getParentExtendedModuleInfos`), so an upgrade, or a moved import, can swap two sheets.
 * That matters only where two sheets on one page give the same selector's property different
 * values: `cascadeConflicts` finds those pairs in a built page, and `RELIED_ON_ORDER` lists the
 * ones the site relies on, earlier sheet first. tests/integration/build.test.ts builds a fixture
 * tenant and fails when the pairs or their order change (docs/architecture.md, upgrade checklist).
 */

/** One stylesheet of a page, in document order: a linked file (named without its hash) or an inline `<style>`. */
export interface PageSheet {
  /** `SiteLayout`, `forms`, ... for `/_astro/<name>.<hash>.css`; `inline <first selector>` for a `<style>`. */
  name: string;
  css: string;
}

/** Two sheets of one page that disagree: the later one wins for these selectors. */
export interface CascadeConflict {
  earlier: string;
  later: string;
  /** Selectors (with their at-rule context, if any) whose property values differ, sorted. */
  selectors: string[];
}

/**
 * The pairs the built pages rely on, earlier sheet first. On a car page, vehicle.css (Astro's
 * `_slug_` sheet of `/cars/[slug]`) and the form kit's forms.css both style `.alert--destructive`,
 * `.form-errors` and `.toast`; forms.css must come last, so the forms look as on every other page.
 */
export const RELIED_ON_ORDER: readonly CascadeConflict[] = [{ earlier: '_slug_', later: 'forms', selectors: ['.alert--destructive', '.form-errors', '.toast'] }];

/** A built sheet's name without Astro's hash: `/_astro/forms.CNEavk9u.css` -> `forms`. */
export function sheetName(href: string): string {
  return (href.split('/').pop() ?? href).replace(/\.css$/, '').replace(/\.[^.]+$/, '');
}

/** The page's stylesheets in document order; `readSheet` returns a linked file's text (undefined: skipped). */
export function pageSheets(html: string, readSheet: (href: string) => string | undefined): PageSheet[] {
  const sheets: PageSheet[] = [];
  for (const match of html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>|<style\b[^>]*>([\s\S]*?)<\/style>/g)) {
    if (match[1] !== undefined) {
      const css = readSheet(match[1]);
      if (css !== undefined) sheets.push({ name: sheetName(match[1]), css });
    } else {
      const css = match[2]!;
      sheets.push({ name: `inline ${css.slice(0, css.indexOf('{')).trim().slice(0, 60)}`, css });
    }
  }
  return sheets;
}

/** Each declaration of a sheet as `<at-rule context> <selector>` -> property -> value (the last one in the sheet). */
export function declarations(css: string): Map<string, Map<string, string>> {
  const rules = new Map<string, Map<string, string>>();
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const context: string[] = [];
  let prelude = '';
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (char === ';') prelude = '';
    else if (char === '}') {
      context.pop();
      prelude = '';
    } else if (char !== '{') prelude += char;
    else if (prelude.trim().startsWith('@')) {
      context.push(prelude.trim());
      prelude = '';
    } else {
      const end = text.indexOf('}', at);
      const body = text.slice(at + 1, end === -1 ? text.length : end);
      for (const selector of prelude.split(',').map((part) => part.trim())) {
        const key = [...context, selector].join(' ');
        const properties = rules.get(key) ?? new Map<string, string>();
        for (const declaration of body.split(';')) {
          const colon = declaration.indexOf(':');
          if (colon > 0) properties.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
        }
        rules.set(key, properties);
      }
      prelude = '';
      at = end === -1 ? text.length : end;
    }
  }
  return rules;
}

/** The pairs of a page's sheets that give one selector's property different values, in page order. */
export function cascadeConflicts(sheets: readonly PageSheet[]): CascadeConflict[] {
  const parsed = sheets.map((sheet) => ({ name: sheet.name, rules: declarations(sheet.css) }));
  const conflicts: CascadeConflict[] = [];
  parsed.forEach((earlier, index) => {
    for (const later of parsed.slice(index + 1)) {
      const selectors = [...later.rules]
        .filter(([selector, properties]) => {
          const before = earlier.rules.get(selector);
          return before !== undefined && [...properties].some(([property, value]) => before.has(property) && before.get(property) !== value);
        })
        .map(([selector]) => selector);
      if (selectors.length > 0) conflicts.push({ earlier: earlier.name, later: later.name, selectors: [...new Set(selectors)].sort() });
    }
  });
  return conflicts;
}
