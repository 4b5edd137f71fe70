/**
 * The share row in the browser (components/vehicle/ShareRow.astro; spec §2, §9): share windows
 * open at 550x400 and are polled every second until closed; Copy link shows 'Copied' for 1.5 s
 * and the toast 'Copied {car name} to your clipboard!' (about 3 s). Page code, so it lives with
 * the islands. The copy toast is the page's one toast (src/stores/toast.ts): it replaces the
 * watchlist's and the watchlist's next one replaces it.
 *
 * Contract with ShareRow.astro: each row is a [data-share] list with data-name, its share
 * links [data-share-window] and its copy button [data-copy-link] with data-url.
 */
import { $pageToast, closeToast, showToast, type CopyToast } from '../../stores/toast.ts';

const COPIED_MS = 1500;
const TOAST_MS = 3000;

/** The copy toast this script drew, while it shows. */
let drawn: { toast: CopyToast; element: HTMLElement } | null = null;
let drawing = false;

/**
 * Draw the page's toast when it is a copy toast, and remove the one drawn when another toast
 * takes its place (spec §9 toast limit 1). Only the element drawn here is removed: the
 * watchlist's toast is the watchlist island's (React's) to remove.
 */
function drawCopyToasts(): void {
  if (drawing) return;
  drawing = true;
  $pageToast.subscribe((toast) => {
    if (drawn && drawn.toast === toast) return;
    drawn?.element.remove();
    drawn = null;
    if (toast?.kind !== 'copied') return;
    const element = document.createElement('div');
    element.className = 'toast';
    element.setAttribute('role', 'status');
    element.textContent = toast.text;
    document.body.append(element);
    drawn = { toast, element };
  });
}

function copyToast(text: string): void {
  const toast: CopyToast = { kind: 'copied', text };
  showToast(toast);
  window.setTimeout(() => closeToast(toast), TOAST_MS);
}

/** Wire every share row under `root`. */
export function wireShareRows(root: ParentNode): void {
  drawCopyToasts();
  for (const row of root.querySelectorAll<HTMLElement>('[data-share]')) {
    for (const link of row.querySelectorAll<HTMLAnchorElement>('[data-share-window]')) {
      link.addEventListener('click', (event) => {
        const popup = window.open(link.href, 'share', 'width=550,height=400,noopener=no');
        if (!popup) return; // blocked: the link opens a tab instead
        event.preventDefault();
        const poll = window.setInterval(() => {
          if (popup.closed) window.clearInterval(poll);
        }, 1000);
      });
    }
    const copy = row.querySelector<HTMLButtonElement>('[data-copy-link]');
    copy?.addEventListener('click', async () => {
      // Share link = site URL + current path (spec §9); the page URL is the canonical one.
      const url = copy.dataset.url ?? window.location.href;
      try {
        await navigator.clipboard.writeText(url);
      } catch {
        const field = document.createElement('textarea');
        field.value = url;
        document.body.append(field);
        field.select();
        document.execCommand('copy');
        field.remove();
      }
      copy.textContent = 'Copied';
      window.setTimeout(() => (copy.textContent = 'Copy link'), COPIED_MS);
      copyToast(`Copied ${row.dataset.name ?? ''} to your clipboard!`);
    });
  }
}
