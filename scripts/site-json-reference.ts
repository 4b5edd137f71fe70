#!/usr/bin/env node
/**
 * Writes docs/site-json.md, the reference of every site.json field, from the schema itself:
 * field names, required/optional, defaults (valibot's getDefault) and the one-line doc
 * comment beside each field in src/schemas/site.ts and src/schemas/site/*.ts.
 *
 *   npm run docs:site-json          (write)     --check   (exit 1 when the file is stale)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SiteSchema } from '../src/schemas/site.ts';
import { type AnySchema, referenceRows, writeOrCheck } from './lib/schema-reference.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = [join(root, 'src/schemas/site.ts'), ...readdirSync(join(root, 'src/schemas/site')).map((file) => join(root, 'src/schemas/site', file))];

/** Doc comments of each schema file, keyed by field name (the first comment of a name wins within a file). */
const docsByFile = new Map<string, Map<string, string>>();
for (const file of sources) {
  const docs = new Map<string, string>();
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*?)\*\/\s*\n\s*([a-z_A-Z]+)[:,]/g)) {
    const comment = match[1]
      .replace(/\n\s*\*\s?/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (!docs.has(match[2])) docs.set(match[2], comment);
  }
  docsByFile.set(file.split('/').pop() ?? file, docs);
}

/** The schema file that documents the fields under a top-level site.json key. */
const CONCERN_FILES: Record<string, string> = {
  features: 'features.ts',
  texts: 'texts.ts',
  theme: 'theme.ts',
  finance: 'finance.ts',
  stock_rules: 'stock-rules.ts',
  promo: 'promo.ts',
  menus: 'menus.ts',
  locations: 'locations.ts',
  dealerships: 'locations.ts',
  service: 'service.ts',
  service_page: 'service-page.ts',
  marketing: 'marketing.ts',
  payments: 'payments.ts',
  images: 'images.ts',
  spin_to_win: 'spin-to-win.ts',
  maps: 'maps.ts',
  search_words: 'search-words.ts',
};

function docFor(path: string): string {
  const segments = path.replace(/\[\]/g, '').split('.');
  const key = segments[segments.length - 1];
  const file = segments.length === 1 ? 'site.ts' : (CONCERN_FILES[segments[0]] ?? 'site.ts');
  return docsByFile.get(file)?.get(key) ?? '';
}

const lines = referenceRows((SiteSchema as unknown as AnySchema).entries ?? {}, docFor);
const markdown = `# site.json reference

Generated from the schema (\`src/schemas/site.ts\` and \`src/schemas/site/*.ts\`) by
\`npm run docs:site-json\`; a test fails when this file is out of date. Unknown fields are
rejected (a typo must not pass silently). A bad value stops only that tenant's build, with
a message naming the file and the field path (under \`locations\`, also the location's id and name).

| field | type | default | meaning |
|---|---|---|---|
${lines.join('\n')}
`;

writeOrCheck(root, 'site-json.md', markdown, 'npm run docs:site-json', `${lines.length} fields`);
