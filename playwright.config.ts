import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests run against sites built by scripts/test.ts into dist-test/ and served with the
 * lead API by scripts/serve.ts, in the system Chromium (nothing downloads a browser).
 * Tenants are reached by host name: http://<slug>.localhost:<port>/.
 */
const port = Number(process.env.E2E_PORT ?? 4455);
const dist = process.env.E2E_DIST ?? 'dist-test';
const dataDir = process.env.DATA_DIR ?? 'data/e2e';
/** The local stand-in for Stripe's API (payments tests, docs/payments.md); the sites' lead API talks to it. */
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? port + 1000);
/**
 * Chromium's headless shell (Debian package chromium-headless-shell, the build Playwright itself
 * runs headless) opens a page in about half the time of the full browser, which every test pays
 * for; the full Chromium is the fallback where the shell is not installed. CHROMIUM_PATH wins.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';
const fullChromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];
// photos.spec.ts counts the photos the page lazy-loads, and the headless shell fetches gallery
// photos the full browser leaves for later: that spec runs in the full Chromium.
const fullBrowserSpecs = ['**/photos.spec.ts'];
const stripe = { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_WEBHOOK_SECRET: 'whsec_e2e_stand_in_secret', STRIPE_API_URL: `http://127.0.0.1:${stripePort}` };

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/${dist.replace(/[^\w-]/g, '_')}`,
  fullyParallel: true,
  // The machine has two cores, in CI and out.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A stray test.only must not silently skip the rest of the suite in CI (issue 12).
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // A test that passed only on retry is a defect to find: its retry keeps a trace (test-results/) to find it with.
    trace: 'on-first-retry',
  },
  projects: [
    { name: 'chromium', testIgnore: fullBrowserSpecs, use: { browserName: 'chromium', launchOptions: { executablePath: chromiumPath, args: chromiumArgs } } },
    { name: 'chromium-full', testMatch: fullBrowserSpecs, use: { browserName: 'chromium', launchOptions: { executablePath: fullChromiumPath, args: chromiumArgs } } },
  ],
  webServer: [
    {
      command: `node scripts/serve.ts --dir ${dist} --tenants ${dist}-tenants --port ${port}`,
      url: `http://localhost:${port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { SQLITE_FILE: `${dataDir}/leads.sqlite`, NODE_ENV: 'test', RATE_LIMIT_MAX: '100000', RATE_LIMIT_SIGN_IN_MAX: '1000', SIGN_IN_CODES_PER_PHONE: '100', SMS_DAILY_PER_PHONE: '1000', SMS_DAILY_PER_TENANT: '1000000', SMS_DAILY_PER_PHONE_ALL_TENANTS: '1000', SMS_DAILY_PER_CLIENT: '1000000', VALUATIONS_DAILY_PER_CLIENT: '1000000', PHOTOS_DAILY_PER_CLIENT: '1000000', MISCELLANEOUS_DAILY_PER_CLIENT: '1000000', OPT_OUTS_DAILY_PER_CLIENT: '1000000', IMAGES_DIR: `${dataDir}/images`, DEV_MESSAGES: 'true', LOG_LEVEL: 'warn', ...stripe },
    },
    {
      command: `node tests/support/stripe-stand-in-server.ts --port ${stripePort} --secret ${stripe.STRIPE_WEBHOOK_SECRET} --webhook http://127.0.0.1:${port}/api/payments/webhook/{tenant}`,
      port: stripePort,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
