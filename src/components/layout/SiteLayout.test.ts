/** The footer's copyright year is the build clock's year on the dealer's clock (site.json `timezone`), whatever the machine's zone. */
import { experimental_AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSite } from '../../../tests/fixtures/make-site.ts';
import SiteLayout from './SiteLayout.astro';

let container: experimental_AstroContainer;
beforeAll(async () => {
  container = await experimental_AstroContainer.create();
});

/** The footer's '© <year>' of a page built at `buildTime` for a dealer in `timezone`. */
async function copyright(timezone: string, buildTime: number): Promise<string | undefined> {
  const site = makeSite({ timezone });
  const html = await container.renderToString(SiteLayout, {
    props: { chrome: { site, menu: [], buttons: [], footer: [], buildTime }, title: 'Home' },
    request: new Request(`${site.url}/`),
  });
  return /© (\d{4})/.exec(html)?.[1];
}

describe('SiteLayout footer year', () => {
  // 2026-12-31 14:00 UTC is 2027-01-01 01:00 in Sydney and 22:00 on 31 December in Perth.
  const newYearInSydney = Date.parse('2026-12-31T14:00:00Z');

  it("is the dealer's year at the build clock", async () => {
    expect(await copyright('Australia/Sydney', newYearInSydney)).toBe('2027');
    expect(await copyright('Australia/Perth', newYearInSydney)).toBe('2026');
  });
});
