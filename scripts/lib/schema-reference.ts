/**
 * The generated references of a tenant file (docs/site-json.md, docs/feed-mapping.md): one
 * markdown table row per key of a valibot schema (path, type, default, meaning), and the
 * write-or-`--check` step of their commands.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';

/** The valibot schema properties a reference reads. */
export type AnySchema = v.GenericSchema & {
  type: string;
  wrapped?: AnySchema;
  entries?: Record<string, AnySchema>;
  item?: AnySchema;
  options?: unknown[];
  pipe?: unknown[];
  value?: AnySchema;
  literal?: unknown;
};

/** The schema inside optional / nullable / nullish wrappers. */
export function unwrap(schema: AnySchema): AnySchema {
  let current = schema;
  while (current.wrapped) current = current.wrapped;
  return current;
}

/** A markdown pipe escaped for a table cell. */
export function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The type column: picklist values, literal, array / object of, union, else the schema's type. */
export function typeName(schema: AnySchema): string {
  const inner = unwrap(schema);
  switch (inner.type) {
    case 'picklist':
      return (inner.options ?? []).map((option) => `\`${escapeCell(JSON.stringify(option))}\``).join(' \\| ');
    case 'literal':
      return `\`${JSON.stringify(inner.literal)}\``;
    case 'array':
      return `array of ${inner.item ? typeName(inner.item) : 'values'}`;
    case 'record':
      return `object of ${inner.value ? typeName(inner.value) : 'values'}`;
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

/** The default column: required, optional without a default, or the default (long ones cut at 80 characters). */
export function defaultText(schema: AnySchema): string {
  if (schema.type !== 'optional' && schema.type !== 'nullish') return 'required';
  const value = v.getDefault(schema as never);
  if (value === undefined) return 'optional, no default';
  const text = JSON.stringify(value);
  return text.length > 80 ? `\`${text.slice(0, 77)}...\`` : `\`${text}\``;
}

/**
 * One row per key, depth first: the keys of nested objects as `a.b`, those of an array's
 * object items as `a[].b`. `meaning` gives the last column (escaped here) of a key's path.
 */
export function referenceRows(
  entries: Record<string, AnySchema>,
  meaning: (path: string, inner: AnySchema) => string,
  prefix = '',
  out: string[] = [],
): string[] {
  for (const [key, schema] of Object.entries(entries)) {
    const path = `${prefix}${key}`;
    const inner = unwrap(schema);
    out.push(`| \`${path}\` | ${typeName(schema)} | ${defaultText(schema)} | ${escapeCell(meaning(path, inner))} |`);
    if (inner.entries && ['strict_object', 'object'].includes(inner.type)) referenceRows(inner.entries, meaning, `${path}.`, out);
    if (inner.type === 'array' && inner.item) {
      const item = unwrap(inner.item);
      if (item.entries) referenceRows(item.entries, meaning, `${path}[].`, out);
    }
  }
  return out;
}

/** Writes `markdown` to docs/<name>, or with --check exits 1 when the file differs from it. */
export function writeOrCheck(root: string, name: string, markdown: string, command: string, written: string): void {
  const target = join(root, 'docs', name);
  if (process.argv.includes('--check')) {
    if (readFileSync(target, 'utf8') !== markdown) {
      console.error(`docs/${name} is out of date: run \`${command}\``);
      process.exit(1);
    }
    console.log(`docs/${name} is up to date`);
  } else {
    writeFileSync(target, markdown);
    console.log(`wrote ${target} (${written})`);
  }
}
