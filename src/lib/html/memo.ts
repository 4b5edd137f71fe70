/**
 * HTML rendered once per scope and variant, reused by every later page (build speed): the
 * site header and footer are the same markup on most of a site's pages, so
 * src/components/chrome/Memo.astro renders them once per variant. `scope` lives exactly as
 * long as the data the HTML was made from (one tenant bundle's page chrome, memoised by
 * siteData()): a warm renderer's next tenant gives a new scope, so one tenant's HTML never
 * reaches another's pages. The variant names everything else the HTML depends on.
 */
const memos = new WeakMap<object, Map<string, Promise<string>>>();

/** The HTML of `render()` for this scope and variant, rendered at the first call (pages rendered at once share it). */
export function memoHtml(scope: object, variant: string, render: () => Promise<string>): Promise<string> {
  let byVariant = memos.get(scope);
  if (!byVariant) {
    byVariant = new Map();
    memos.set(scope, byVariant);
  }
  let html = byVariant.get(variant);
  if (!html) {
    html = render();
    byVariant.set(variant, html);
    // A failed render is not kept: the next page tries again (and fails with its own error).
    html.catch(() => byVariant.delete(variant));
  }
  return html;
}
