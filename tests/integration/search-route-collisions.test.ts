/** A search page lost to another of its path (src/search/core/routes.ts buildRoutes) is in the build's report. */
import { describe, expect, it } from 'vitest';
import { reportedBuilds } from '../support/reported-builds.ts';

const builds = reportedBuilds('route-collisions-');

/** basic-motors with its first car at a location of slug `slug` (the feed's location). */
const tenantWith = (slug: string) =>
  builds.tenantCopy(slug, { stock: ([first, ...rest]) => [{ ...first, status: 'in_stock', location: { id: 9, name: 'Toyota Yard', slug } }, ...rest] });

const build = (dir: string) => builds.build(dir, (line) => line.includes('search page'));

describe('search route collisions in the build report', () => {
  it("a location whose slug is a make's: the build log and the result's problems name both pages and the one kept", async () => {
    const message =
      'basic-motors: search page /search/toyota is the make page "Toyota"; the location page "Toyota Yard" has the same path and is not built (its cars are still found from the all-stock page): give the location another slug';
    expect(await build(tenantWith('toyota'))).toEqual({ lines: [`  ! ${message}`], problems: [message] });
  }, 60_000);

  it('says nothing when the location has a path of its own', async () => {
    expect(await build(tenantWith('toyota-yard'))).toEqual({ lines: [], problems: [] });
  }, 60_000);
});
