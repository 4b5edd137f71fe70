/**
 * Every browser test's axe check starts here: `@axe-core/playwright` for a page, reporting
 * violations only. The tests read nothing but `violations`; with `resultTypes` axe lists one
 * node instead of every node for passes, incomplete and inapplicable results (axe-core's
 * documented speed-up). A page whose frames all share its origin is checked with one `axe.run`
 * in the page (the builder's legacy mode), which tests the same frames; only a page with a
 * cross-origin frame needs the per-frame run finished in a second blank page, which costs a
 * page start and two more loads of axe.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

class PageAxeBuilder extends AxeBuilder {
  readonly checked: Page;

  constructor(page: Page) {
    super({ page });
    this.checked = page;
  }

  override async analyze(): ReturnType<AxeBuilder['analyze']> {
    const origin = new URL(this.checked.url()).origin;
    const sameOrigin = this.checked.frames().every((frame) => {
      const url = frame.url();
      return url === '' || url === 'about:blank' || url === 'about:srcdoc' || new URL(url).origin === origin;
    });
    this.setLegacyMode(sameOrigin);
    return super.analyze();
  }
}

export function axeBuilder(page: Page): AxeBuilder {
  return new PageAxeBuilder(page).options({ resultTypes: ['violations'] });
}
