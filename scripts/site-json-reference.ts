#!/usr/bin/env node
/**
 * Writes docs/site-json.md, the reference of every site.json field, from the schema itself:
 * field names, required/optional, defaults (valibot's getDefault) and the one-line doc
 * comment beside each field in src/schemas/site.ts and src/schemas/site/*.ts.
 *
 *   npm run docs:site-json          (write)     --check   (exit 1 when the file is stale)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { SiteSchema } from '../src/schemas/site.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = [join(root, 'src/schemas/site.ts'), ...readdirSync(join(root, 'src/schemas/site')).map((file) => join(root, 'src/schemas/site', file))];

/** Doc comments of each schema file, keyed by field name (the first comment of a name wins within a file). */
const docsByFile = new Map<string, Map<string, string>>();
for (const file of sources) {
  const docs = new Map<string, string>();
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*?)\*\/\s*\n\s*([a-z_A-Z]+)[:,]/g)) {
    const comment = match[1].replace(/\n\s*\*\s?/g, ' ').replace(/\s+/g, ' ').trim();
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
};

function docFor(path: string): string {
  const segments = path.replace(/\[\]/g, '').split('.');
  const key = segments[segments.length - 1];
  const file = segments.length === 1 ? 'site.ts' : (CONCERN_FILES[segments[0]] ?? 'site.ts');
  return docsByFile.get(file)?.get(key) ?? '';
}

type AnySchema = v.GenericSchema & { type: string; wrapped?: AnySchema; entries?: Record<string, AnySchema>; item?: AnySchema; options?: unknown[]; pipe?: AnySchema[] };

function unwrap(schema: AnySchema): AnySchema {
  let current = schema;
  while (current.wrapped) current = current.wrapped;
  return current;
}

function typeName(schema: AnySchema): string {
  const inner = unwrap(schema);
  switch (inner.type) {
    case 'picklist':
      return (inner.options ?? []).map((option) => `\`${JSON.stringify(option)}\``).join(' \\| ');
    case 'array':
      return `array of ${inner.item ? typeName(inner.item) : 'values'}`;
    case 'strict_object':
    case 'object':
    case 'loose_object':
      return 'object';
    case 'tuple':
      return 'tuple';
    case 'union':
      return (inner.options as AnySchema[]).map(typeName).join(' or ');
    default:
      return inner.type;
  }
}

function defaultText(schema: AnySchema): string {
  if (schema.type !== 'optional' && schema.type !== 'nullish') return 'required';
  const value = v.getDefault(schema as never);
  if (value === undefined) return 'optional, no default';
  const text = JSON.stringify(value);
  return text.length > 80 ? `\`${text.slice(0, 77)}...\`` : `\`${text}\``;
}

function rows(entries: Record<string, AnySchema>, prefix: string, out: string[]): void {
  for (const [key, schema] of Object.entries(entries)) {
    const path = `${prefix}${key}`;
    const inner = unwrap(schema);
    out.push(`| \`${path}\` | ${typeName(schema)} | ${defaultText(schema)} | ${docFor(path).replace(/\|/g, '\\|')} |`);
    if (inner.entries && ['strict_object', 'object'].includes(inner.type)) rows(inner.entries, `${path}.`, out);
    if (inner.type === 'array' && inner.item) {
      const item = unwrap(inner.item);
      if (item.entries) rows(item.entries, `${path}[].`, out);
    }
  }
}

const lines: string[] = [];
rows((SiteSchema as unknown as AnySchema).entries ?? {}, '', lines);
const markdown = `# site.json reference

Generated from the schema (\`src/schemas/site.ts\` and \`src/schemas/site/*.ts\`) by
\`npm run docs:site-json\`; a test fails when this file is out of date. Unknown fields are
rejected (a typo must not pass silently). A bad value stops only that tenant's build, with
a message naming the file and the field path.

| field | type | default | meaning |
|---|---|---|---|
${lines.join('\n')}
`;

const target = join(root, 'docs/site-json.md');
if (process.argv.includes('--check')) {
  const current = readFileSync(target, 'utf8');
  if (current !== markdown) {
    console.error('docs/site-json.md is out of date: run `npm run docs:site-json`');
    process.exit(1);
  }
  console.log('docs/site-json.md is up to date');
} else {
  writeFileSync(target, markdown);
  console.log(`wrote ${target} (${lines.length} fields)`);
}
