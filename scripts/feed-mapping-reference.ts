#!/usr/bin/env node
/**
 * Writes docs/feed-mapping.md, the reference of every feed-mapping.json key, from the
 * schema itself (src/schemas/feed-mapping.ts): names, types, defaults and the description
 * each key carries, plus the Car fields a column can feed.
 *
 *   npm run docs:feed-mapping          (write)     --check   (exit 1 when the file is stale)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { FeedMappingSchema, MAPPABLE_FIELDS } from '../src/schemas/feed-mapping.ts';

type AnySchema = v.GenericSchema & { type: string; wrapped?: AnySchema; entries?: Record<string, AnySchema>; item?: AnySchema; options?: unknown[]; pipe?: unknown[]; value?: AnySchema; literal?: unknown };

const root = fileURLToPath(new URL('..', import.meta.url));

function unwrap(schema: AnySchema): AnySchema {
  let current = schema;
  while (current.wrapped) current = current.wrapped;
  return current;
}

function typeName(schema: AnySchema): string {
  const inner = unwrap(schema);
  switch (inner.type) {
    case 'picklist':
      return (inner.options ?? []).map((option) => `\`${JSON.stringify(option).replace(/\|/g, '\\|')}\``).join(' \\| ');
    case 'literal':
      return `\`${JSON.stringify(inner.literal)}\``;
    case 'array':
      return `array of ${inner.item ? typeName(inner.item) : 'values'}`;
    case 'record':
      return `object of ${inner.value ? typeName(inner.value) : 'values'}`;
    case 'strict_object':
    case 'object':
      return 'object';
    case 'union':
      return (inner.options as AnySchema[]).map(typeName).join(' or ');
    default:
      return inner.type;
  }
}

function defaultText(schema: AnySchema): string {
  if (schema.type !== 'optional') return 'required';
  const value = v.getDefault(schema as never);
  return value === undefined ? 'optional, no default' : `\`${JSON.stringify(value)}\``;
}

function rows(entries: Record<string, AnySchema>, prefix: string, out: string[]): void {
  for (const [key, schema] of Object.entries(entries)) {
    const path = `${prefix}${key}`;
    const inner = unwrap(schema);
    const description = (v.getDescription(inner as never) ?? '').replace(/\|/g, '\\|');
    out.push(`| \`${path}\` | ${typeName(schema)} | ${defaultText(schema)} | ${description} |`);
    if (inner.entries) rows(inner.entries, `${path}.`, out);
    if (inner.type === 'array' && inner.item && unwrap(inner.item).entries) rows(unwrap(inner.item).entries ?? {}, `${path}[].`, out);
  }
}

const lines: string[] = [];
rows((FeedMappingSchema as unknown as AnySchema).entries ?? {}, '', lines);
const markdown = `# feed-mapping.json reference

Generated from the schema (\`src/schemas/feed-mapping.ts\`) by \`npm run docs:feed-mapping\`;
a test fails when this file is out of date. The file lives in the tenant folder
(\`tenants/<slug>/feed-mapping.json\`) and is optional: without it (or without a key) the
built-in column names of docs/pipeline.md apply. Unknown keys are rejected. A bad mapping
rejects that tenant's feeds (CSV, XML and JSON alike) with the field path; other tenants are
not affected. Worked examples per export shape: docs/pipeline.md "Feed mapping".

| key | type | default | meaning |
|---|---|---|---|
${lines.join('\n')}

Car fields a column, a value map or a constant can name: ${MAPPABLE_FIELDS.map((field) => `\`${field}\``).join(', ')}.
`;

const target = join(root, 'docs/feed-mapping.md');
if (process.argv.includes('--check')) {
  if (readFileSync(target, 'utf8') !== markdown) {
    console.error('docs/feed-mapping.md is out of date: run `npm run docs:feed-mapping`');
    process.exit(1);
  }
  console.log('docs/feed-mapping.md is up to date');
} else {
  writeFileSync(target, markdown);
  console.log(`wrote ${target} (${lines.length} keys)`);
}
