// Astro builds one tenant at a time: scripts/build.ts prepares the tenant's validated
// bundle and runs Astro with DEALER_BUNDLE pointing at it (see src/builder/bundle/bundle.ts).
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import { reactStringRender } from './src/builder/render/astro/react-string-render.ts';

/** Client directives of our own (src/islands/directives/): `client:interaction` hydrates on first use. */
const clientDirectives = {
  name: 'dealer-client-directives',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./src/islands/directives/interaction.ts', import.meta.url)) });
    },
  },
};

export default defineConfig({
  output: 'static',
  site: process.env.DEALER_SITE_URL || 'http://localhost:4321',
  outDir: process.env.DEALER_OUT_DIR || 'dist/_default',
  // Each tenant has its own public assets folder prepared by the build.
  publicDir: process.env.DEALER_PUBLIC_DIR || 'public',
  trailingSlash: 'ignore',
  // concurrency: pages rendered at once. Overlapping their waits keeps the render busy, output
  // byte-identical (measured in docs/scale.md).
  build: { format: 'directory', inlineStylesheets: 'auto', concurrency: 8 },
  // Islands render to a string, with their useId prefix, when the installed @astrojs/react carries
  // our patch (src/builder/render/astro/react-string-render.ts); else through its stream (same pages).
  integrations: [react({ experimentalDisableStreaming: reactStringRender() }), clientDirectives],
  devToolbar: { enabled: false },
  cacheDir: process.env.DEALER_ASTRO_CACHE || 'node_modules/.astro',
  prefetch: false,
  vite: {
    build: { assetsInlineLimit: 2048 },
    // The cache must not be shared between tenants built in parallel.
    cacheDir: process.env.DEALER_VITE_CACHE || 'node_modules/.vite',
  },
});
