/**
 * Test helper for the islands whose props are a page data block (happy-dom): puts the block a
 * page would carry into the document, for the browser's read of it. The test removes it.
 */

/** The page's data block `id` (a JSON script) holding `text`. */
export function dataBlock(id: string, text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = id;
  script.textContent = text;
  document.body.append(script);
}
