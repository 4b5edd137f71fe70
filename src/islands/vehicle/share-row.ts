/**
 * The share row in the browser (components/vehicle/ShareRow.astro; spec §2, §9): share windows
 * open at 550x400 and are polled every second until closed; Copy link shows 'Copied' for 1.5 s
 * and the toast 'Copied {car name} to your clipboard!' (about 3 s). It imports nothing, so every
 * vehicle page carries it inline (docs/vehicle-page.md). The copy toast is the page's one toast
 * with the watchlist's (src/stores/toast.ts): each announces its toast by a window event naming
 * its owner and removes only its own toast when the other's shows.
 *
 * Contract with ShareRow.astro: each row is a [data-share] list with data-name, its share
 * links [data-share-window] and its copy button [data-copy-link] with data-url.
 */

const COPIED_MS = 1500;
const TOAST_MS = 3000;

/** The same event name as src/stores/toast.ts (PAGE_TOAST_EVENT); its detail names the toast's owner. */
const PAGE_TOAST_EVENT = 'page-toast';
const OWNER = 'copy';

/** The copy toast this script drew, while it shows. */
let drawn: HTMLElement | null = null;
let listening = false;

function removeCopyToast(): void {
  drawn?.remove();
  drawn = null;
}

/** Another owner's toast shows (spec §9 toast limit 1): the copy toast goes; the other's element is its owner's to remove. */
function followOtherToasts(): void {
  if (listening) return;
  listening = true;
  window.addEventListener(PAGE_TOAST_EVENT, (event) => {
    if ((event as CustomEvent<unknown>).detail !== OWNER) removeCopyToast();
  });
}

function copyToast(text: string): void {
  removeCopyToast();
  const element = document.createElement('div');
  element.className = 'toast';
  element.setAttribute('role', 'status');
  element.textContent = text;
  document.body.append(element);
  drawn = element;
  window.dispatchEvent(new CustomEvent(PAGE_TOAST_EVENT, { detail: OWNER }));
  // Its time closes it only while it is still the one showing.
  window.setTimeout(() => drawn === element && removeCopyToast(), TOAST_MS);
}

/** Wire every share row under `root`. */
export function wireShareRows(root: ParentNode): void {
  followOtherToasts();
  for (const row of root.querySelectorAll<HTMLElement>('[data-share]')) {
    for (const link of row.querySelectorAll<HTMLAnchorElement>('[data-share-window]')) {
      link.addEventListener('click', (event) => {
        // Not the 'noopener' feature: with it window.open returns null and the window could not be polled.
        const popup = window.open(link.href, 'share', 'width=550,height=400');
        if (!popup) return; // blocked: the link opens a tab instead
        // The share site gets no handle on this page (what rel="noopener" gives the link).
        popup.opener = null;
        event.preventDefault();
        const poll = window.setInterval(() => {
          if (popup.closed) window.clearInterval(poll);
        }, 1000);
      });
    }
    const copy = row.querySelector<HTMLButtonElement>('[data-copy-link]');
    // The pending reset to 'Copy link': a new click restarts the 1.5 s rather than keep the old end.
    let copiedReset: number | undefined;
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
      window.clearTimeout(copiedReset);
      copiedReset = window.setTimeout(() => (copy.textContent = 'Copy link'), COPIED_MS);
      copyToast(`Copied ${row.dataset.name ?? ''} to your clipboard!`);
    });
  }
}
