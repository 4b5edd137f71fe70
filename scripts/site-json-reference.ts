#!/usr/bin/env node
/**
 * Writes docs/site-json.md, the reference of every site.json field, from the schema itself:
 * field names, required/optional, defaults (valibot's getDefault) and the doc comment beside
 * each field in src/schemas/site.ts and src/schemas/site/*.ts (scripts/lib/schema-docs.ts).
 *
 *   npm run docs:site-json          (write)     --check   (exit 1 when the file is stale)
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SiteSchema } from '../src/schemas/site.ts';
import { type AnySchema, referenceRows, writeOrCheck } from './lib/schema-reference.ts';
import { fieldDocs } from './lib/schema-docs.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Each field's own doc comment, by its path in the table. */
const docs = fieldDocs(join(root, 'src/schemas/site.ts'), 'SiteSchema');

const lines = referenceRows((SiteSchema as unknown as AnySchema).entries ?? {}, (path) => docs.get(path) ?? '');
const markdown = `# site.json reference

Generated from the schema (\`src/schemas/site.ts\` and \`src/schemas/site/*.ts\`) by
\`npm run docs:site-json\`; a test fails when this file is out of date. Unknown fields are
rejected (a typo must not pass silently). A bad value stops only that tenant's build, with
a message naming the file and the field path (under \`locations\`, also the location's id and name)
and saying what is wrong in words, e.g. \`field timezon: unknown field "timezon": did you mean
"timezone"? (see docs/site-json.md)\`, \`field name: required field is missing\`,
\`field locations.0.contact_detail.opening_hours.0.weekday (location 8 "Logan"): must be at most 6, got 7\`.

| field | type | default | meaning |
|---|---|---|---|
${lines.join('\n')}
`;

writeOrCheck(root, 'site-json.md', markdown, 'npm run docs:site-json', `${lines.length} fields`);
