/**
 * Post-build step: `_headers` at the site root with the site's security headers for every path
 * (the policy itself is src/site-policy/security-headers.ts). The Content-Security-Policy lists
 * the hashes of the inline scripts of all the site's pages.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSettings } from '../../config/build.ts';
import { HEADERS_FILE, headersRules, renderHeadersFile } from '../../site-policy/security-headers.ts';
import { contextPages } from './built-pages.ts';
import type { PostBuildStep } from './types.ts';

export const securityHeadersStep: PostBuildStep = {
  name: 'security-headers',
  run(context) {
    const { outDir, bundle } = context;
    const hashes = new Set(contextPages(context).flatMap((page) => page.facts.scriptHashes));
    writeFileSync(join(outDir, HEADERS_FILE), renderHeadersFile(headersRules(bundle.site, hashes, { paymentStandIn: buildSettings().paymentStandIn })));
  },
};
