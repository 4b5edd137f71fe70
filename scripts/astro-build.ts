/**
 * Child process of src/build/build-tenant.ts: runs Astro's build for the tenant bundle
 * named by DEALER_BUNDLE into DEALER_OUT_DIR. Run through `npm run build`, not directly.
 */
import { build } from 'astro';

await build({ logLevel: process.env.DEALER_ASTRO_LOG === 'info' ? 'info' : 'warn' });
// The parent reads this line for the benchmark's peak-memory figure.
console.log(`DEALER_BUILD_STATS ${JSON.stringify({ maxRSS: process.resourceUsage().maxRSS })}`);
