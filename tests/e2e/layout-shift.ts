/**
 * Layout shift in browser tests (the search page, the vehicle page, the photo fixture): the
 * shifts the browser reports through the Layout Instability API, the entries CLS is made of.
 */
import type { Page } from '@playwright/test';

/** A 'layout-shift' performance entry (not in TypeScript's DOM library). */
interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null }[];
}

/** A phone as Lighthouse's mobile run sees it (Moto G Power: 412 x 823 CSS px at 1.75). */
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/**
 * Sum of the page's layout shifts since navigation (those right after input excluded, as CLS
 * does) and what moved: `tag.class (value)` per shifted node.
 */
export async function layoutShiftSoFar(page: Page): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        const take = (entries: PerformanceEntryList) => {
          for (const entry of entries as LayoutShiftEntry[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            for (const { node } of entry.sources) moved.push(node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')} (${entry.value.toFixed(3)})` : String(node?.nodeName));
          }
        };
        const observer = new PerformanceObserver((list) => take(list.getEntries()));
        // buffered: every shift since the page started loading, not only those after this call.
        observer.observe({ type: 'layout-shift', buffered: true });
        // Shifts of the last rendered frame are reported after it: wait two frames, then collect.
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            setTimeout(() => {
              take(observer.takeRecords());
              observer.disconnect();
              resolve({ total, moved });
            }),
          ),
        );
      }),
  );
}
