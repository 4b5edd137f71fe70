/**
 * Every browser test's axe check starts here: `@axe-core/playwright` for a page, reporting
 * violations only. The tests read nothing but `violations`; with `resultTypes` axe lists one
 * node instead of every node for passes, incomplete and inapplicable results (axe-core's
 * documented speed-up), which took 10-15 % off each run of the vehicle-page sweep.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
}
