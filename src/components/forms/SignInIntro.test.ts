/**
 * /sign-in's opening sentence says what signing in is for at the site: a watchlist where the
 * site keeps one (offersGarage), else only going on to where the shopper was headed (a gated
 * page, Spin to Win): never a watchlist the site does not keep.
 */
import { experimental_AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import { offersGarage } from '../../lib/forms/garage.ts';
import { loadTenant } from '../../lib/site/tenant.ts';
import SignInIntro from './SignInIntro.astro';

const { site } = loadTenant('tests/fixtures/tenants/forms-demo');

/** The sentence as text, for the site. */
async function intro(shown: typeof site): Promise<string> {
  const container = await experimental_AstroContainer.create();
  // As /sign-in passes it: the site's garage answer, resolved once.
  const html = await container.renderToString(SignInIntro, { props: { site: shown, garageKept: offersGarage(shown) } });
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('SignInIntro', () => {
  it('offers the watchlist on a site that keeps one', async () => {
    expect(await intro(site)).toBe('Sign in with your mobile number to keep a watchlist of cars at Forms Demo Motors.');
  });

  it('offers no watchlist on a site that keeps none (garage_enabled and features.garage false)', async () => {
    const noGarage = { ...site, garage_enabled: false, features: { ...site.features, garage: false } };
    expect(await intro(noGarage)).toBe('Sign in with your mobile number to continue at Forms Demo Motors.');
  });
});
