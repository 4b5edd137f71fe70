#!/usr/bin/env node
/**
 * Writes docs/feed-mapping.md, the reference of every feed-mapping.json key, from the
 * schema itself (src/schemas/feed-mapping.ts): names, types, defaults and the description
 * each key carries, plus the Car fields a column can feed.
 *
 *   npm run docs:feed-mapping          (write)     --check   (exit 1 when the file is stale)
 */
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { FeedMappingSchema, MAPPABLE_FIELDS } from '../src/schemas/feed-mapping.ts';
import { type AnySchema, referenceRows, writeOrCheck } from './lib/schema-reference.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

const lines = referenceRows((FeedMappingSchema as unknown as AnySchema).entries ?? {}, (_path, inner) => v.getDescription(inner as never) ?? '');
const markdown = `# feed-mapping.json reference

Generated from the schema (\`src/schemas/feed-mapping.ts\`) by \`npm run docs:feed-mapping\`;
a test fails when this file is out of date. The file lives in the tenant folder
(\`tenants/<slug>/feed-mapping.json\`) and is optional: without it (or without a key) the
built-in column names of docs/pipeline.md apply. Unknown keys are rejected. A bad mapping
rejects that tenant's feeds (CSV, XML and JSON alike) with the field path; other tenants are
not affected. Worked examples per export shape: docs/pipeline.md "Feed mapping".

A stock number names one car of its dealership (\`dealership_slug\`, from a column or a
constant): on a group site each dealership may have its own A1, and a car without a
dealership is one of the site's own. Without an \`id\` column the stock number is also the
record's id, so a feed whose dealerships share stock numbers needs its id column mapped.

| key | type | default | meaning |
|---|---|---|---|
${lines.join('\n')}

Car fields a column, a value map or a constant can name: ${MAPPABLE_FIELDS.map((field) => `\`${field}\``).join(', ')}.
`;

writeOrCheck(root, 'feed-mapping.md', markdown, 'npm run docs:feed-mapping', `${lines.length} keys`);
