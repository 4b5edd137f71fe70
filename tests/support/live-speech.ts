/**
 * What a screen reader is handed from an island's live regions, for happy-dom tests (WCAG
 * 4.1.3): each change of a region's content, as the changed text only (a region is not
 * aria-atomic: '7' when only the number of '7 products' changed), or the region's whole text
 * when it is aria-atomic="true". Text removed, and a region's own content when it appears,
 * are not said, except an alert's (an alert is read when it appears). Import it only from tests.
 */

/** Every element a screen reader speaks changes of. */
export const LIVE = '[aria-live], [role="status"], [role="alert"], [role="log"], output';

/** Starts listening under `root`: `said` collects what is read, one entry per region and change. */
export function listenLive(root: Element): { said: string[]; stop: () => void } {
  const said: string[] = [];
  const observer = new MutationObserver((records) => {
    const changed = new Map<Element, string[]>();
    for (const record of records) {
      for (const node of record.addedNodes) {
        const alerts = node instanceof Element ? [...(node.matches('[role="alert"]') ? [node] : []), ...node.querySelectorAll('[role="alert"]')] : [];
        for (const alert of alerts) changed.set(alert, [alert.textContent ?? '']);
      }
      const target = record.target instanceof Element ? record.target : record.target.parentElement;
      const region = target?.closest(LIVE);
      if (!region) continue;
      const texts = changed.get(region) ?? [];
      if (record.type === 'characterData') texts.push(record.target.textContent ?? '');
      else for (const node of record.addedNodes) if (!(node instanceof Element && node.matches(LIVE))) texts.push(node.textContent ?? '');
      changed.set(region, texts);
    }
    for (const [region, texts] of changed) {
      const text = (region.getAttribute('aria-atomic') === 'true' ? (region.textContent ?? '') : texts.join(' ')).replace(/\s+/g, ' ').trim();
      if (text) said.push(text);
    }
  });
  observer.observe(root, { childList: true, characterData: true, subtree: true });
  return { said, stop: () => observer.disconnect() };
}
