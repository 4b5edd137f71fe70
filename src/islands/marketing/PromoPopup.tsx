/**
 * The dismissible promo popup (spec §2, §4): image, title, description, button and optional
 * expiry; at most 600 px wide and 80vh high; once closed it stays hidden for the rest of the
 * visit (sessionStorage). An expired popup never opens. It opens when it hydrates, unless the
 * shopper has focus in a form field (typing in the hero search box): then only after a quiet
 * moment (POPUP_QUIET_MS without a key, press or input) with no field focused, so it takes no
 * click or key meant for the page (the Search button pressed right after leaving the box), and
 * only if it is still neither expired nor closed; unmounting clears the wait.
 */
import '../ui/marketing.css';
import { useEffect, useState } from 'react';
import { shouldShowPopup } from '../../lib/marketing/promos.ts';
import Dialog, { useDialog } from '../ui/Dialog.tsx';

/** sessionStorage key: the visit's 'closed' flag (spec §3 "popup visibility" stored locally). */
export const POPUP_DISMISSED_KEY = 'promo_popup_dismissed';

interface Props {
  title: string;
  description?: string;
  image?: string;
  buttonLabel?: string;
  buttonHref?: string;
  expiry?: string;
  /** The dealer's time zone (site.json timezone): an expiry without an offset is its wall-clock time. */
  timeZone: string;
}

/** A control the shopper types or chooses in: opening the popup then would take their keys. */
const FIELD = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';
const inField = (element: Element | null) => Boolean(element?.matches(FIELD));

/** How long the shopper has done nothing (no key, press, input or focus change) before a popup that waited opens, in ms. */
export const POPUP_QUIET_MS = 3000;

/** What the shopper does that restarts the quiet moment. */
const ACTIVITY = ['keydown', 'pointerdown', 'mousedown', 'click', 'input', 'focusin', 'focusout'] as const;

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(POPUP_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export default function PromoPopup({ title, description, image, buttonLabel, buttonHref, expiry, timeZone }: Props) {
  const dialog = useDialog();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    // Asked again when a wait ends: meanwhile the expiry may have passed, or the shopper closed the popup on another page of the visit (this one then back from the browser's cache).
    const showable = () => shouldShowPopup({ enabled: true, popup: { expiry }, now: Date.now(), dismissed: readDismissed(), timeZone });
    if (!showable()) return;
    if (!inField(document.activeElement)) {
      setOpen(true);
      return;
    }
    // Focus is in a field: wait for a quiet moment, each key, press, input or focus change starting
    // it again; at its end open only with no field focused (else the next activity waits again).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(timer);
      for (const type of ACTIVITY) document.removeEventListener(type, wait, true);
    };
    function wait() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!showable()) return stop();
        if (inField(document.activeElement)) return;
        stop();
        setOpen(true);
      }, POPUP_QUIET_MS);
    }
    for (const type of ACTIVITY) document.addEventListener(type, wait, true);
    wait();
    return stop;
  }, [expiry, timeZone]);

  useEffect(() => {
    if (open) dialog.show();
  }, [open, dialog]);

  const close = () => {
    try {
      sessionStorage.setItem(POPUP_DISMISSED_KEY, '1');
    } catch {
      // Storage blocked (private mode): the popup still closes for this page view.
    }
    dialog.close();
    setOpen(false);
  };

  if (!open) return null;
  return (
    <Dialog control={dialog} className="promo-popup" titleId="promo-popup-title" onCancel={close}>
      <button type="button" className="promo-popup__close" onClick={close} aria-label="Close">
        <span aria-hidden="true">×</span>
      </button>
      {image && <img className="promo-popup__image" src={image} alt="" width={600} height={300} />}
      <div className="promo-popup__body">
        <h2 id="promo-popup-title">{title}</h2>
        {description && <p>{description}</p>}
        {buttonLabel && buttonHref && (
          <a className="button" href={buttonHref} onClick={close}>
            {buttonLabel}
          </a>
        )}
      </div>
    </Dialog>
  );
}
