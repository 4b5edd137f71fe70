/**
 * The browser tests' `test`: Playwright's own, whose `page` also keeps a log of what the page
 * did (uncaught errors, console errors and warnings, requests that failed, answered 4xx/5xx or
 * never ended, the document's DOMContentLoaded and load). A test that fails prints that log, so
 * a failure seen once in CI (a test passing only on retry is a defect) says what the page was
 * waiting for or what broke, not only which wait ran out. A test that passes prints nothing.
 */
import { test as base, type Page, type Request } from '@playwright/test';

export { expect } from '@playwright/test';

/** What a page did, in order, with the milliseconds since the test opened it. */
class PageLog {
  private readonly started = Date.now();
  private readonly lines: string[] = [];
  private readonly open = new Map<Request, number>();

  constructor(page: Page) {
    page.on('pageerror', (error) => this.add(`uncaught ${error.stack ?? String(error)}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') this.add(`console.${message.type()}: ${message.text()}`);
    });
    page.on('request', (request) => this.open.set(request, this.now()));
    page.on('requestfinished', (request) => this.open.delete(request));
    page.on('requestfailed', (request) => {
      this.open.delete(request);
      this.add(`request failed (${request.failure()?.errorText ?? 'no reason'}): ${request.method()} ${request.url()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) this.add(`answered ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
    page.on('domcontentloaded', () => this.add(`DOMContentLoaded ${page.url()}`));
    page.on('load', () => this.add(`load ${page.url()}`));
    page.on('crash', () => this.add('the page crashed'));
  }

  private now(): number {
    return Date.now() - this.started;
  }

  private add(line: string): void {
    this.lines.push(`${this.now()} ms ${line}`);
  }

  /** The log, with the requests still open at the end. */
  report(): string {
    const pending = [...this.open].map(([request, at]) => `still open since ${at} ms: ${request.method()} ${request.url()}`);
    return [...this.lines, ...pending, `${this.now()} ms the test ended`].join('\n');
  }
}

export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    const log = new PageLog(page);
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) console.log(`[page log] ${testInfo.title}\n${log.report()}`);
  },
});
