/**
 * The one modal dialog of the islands: a native `<dialog>` opened with `showModal()`, so the
 * page behind is inert and the dialog has the modal role, named by its title
 * (`aria-labelledby`), or by a label where it shows no title (`aria-label`). The widget makes
 * the rest explicit so every dialog behaves the same (see `Dialog`). Used by the lead modals,
 * the holiday-hours dialog, the Email Us modal, the promo popup and the fullscreen photo viewer;
 * the markup is the `<dialog class aria-labelledby>` those islands rendered before.
 */
import { useCallback, useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';

/** Elements that take focus with Tab (hidden, disabled and inert ones are filtered out after). */
const FOCUSABLE =
  'a[href], area[href], button, input:not([type="hidden"]), select, textarea, iframe, summary, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** The tabbable elements inside `root`, in document order. */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => {
    if ((element as HTMLButtonElement).disabled) return false;
    if (element.getAttribute('tabindex') === '-1') return false;
    if (element.closest('[hidden], [inert]')) return false;
    // Not rendered (display: none on it or an ancestor): Tab skips it.
    return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
  });
}

/** Handle of one dialog: give `ref` to `<Dialog>`, then `show()` / `close()` it. */
export interface DialogControl {
  ref: RefObject<HTMLDialogElement | null>;
  /** Open modally; `opener` (default: the element focused now) gets focus back on close. */
  show(opener?: HTMLElement | null): void;
  close(): void;
  /** The element that gets focus back when the dialog closes. */
  opener: RefObject<HTMLElement | null>;
}

export function useDialog(): DialogControl {
  const ref = useRef<HTMLDialogElement | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const show = useCallback((from?: HTMLElement | null) => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) {
      const active = document.activeElement;
      opener.current = from ?? (active instanceof HTMLElement && active !== document.body ? active : null);
      dialog.showModal();
    } else if (from) opener.current = from;
    if (!dialog.contains(document.activeElement)) {
      const target = dialog.querySelector<HTMLElement>('[autofocus]') ?? tabbables(dialog)[0] ?? dialog;
      target.focus();
    }
  }, []);
  const close = useCallback(() => ref.current?.close(), []);
  return useMemo(() => ({ ref, show, close, opener }), [show, close]);
}

interface DialogProps {
  control: DialogControl;
  className: string;
  /** Id of the dialog's title element: the dialog's accessible name. */
  titleId?: string;
  /** The accessible name of a dialog without a title element (in place of `titleId`). */
  label?: string;
  /** The close request (Escape, or the browser's own cancel): runs before the dialog closes. */
  onCancel?: () => void;
  /** After the dialog closed (and focus went back to the opener). */
  onClose?: () => void;
  children?: ReactNode;
}

/**
 * On top of what the browser does (and so also in a DOM without the browser's dialog focus
 * steps, as in the unit tests):
 * - opening moves focus in: the first `[autofocus]` element, else the first focusable one,
 *   else the dialog itself (the browser's dialog focusing steps);
 * - Tab and Shift+Tab wrap at the ends, so focus never leaves the open dialog;
 * - Escape closes it (after `onCancel`, the native cancel request);
 * - closing returns focus to the opener: the element given to `show`, else the one that had
 *   focus when it opened.
 */
export default function Dialog({ control, className, titleId, label, onCancel, onClose, children }: DialogProps) {
  const cancel = useRef(onCancel);
  cancel.current = onCancel;

  useEffect(() => {
    const dialog = control.ref.current;
    if (!dialog) return;
    const onKey = (event: KeyboardEvent) => {
      if (!dialog.open || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        // Handled here rather than left to the browser, so the order (onCancel, close, focus
        // back) is the same everywhere.
        event.preventDefault();
        cancel.current?.();
        if (dialog.open) dialog.close();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = tabbables(dialog);
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('keydown', onKey);
    return () => dialog.removeEventListener('keydown', onKey);
  }, [control.ref]);

  return (
    <dialog
      ref={control.ref}
      className={className}
      aria-labelledby={titleId}
      aria-label={titleId ? undefined : label}
      onCancel={() => cancel.current?.()}
      onClose={() => {
        const opener = control.opener.current;
        if (opener?.isConnected) opener.focus();
        onClose?.();
      }}
    >
      {children}
    </dialog>
  );
}

/** The Close button at the foot of an information dialog: a `method="dialog"` form, so it closes without script. */
export function DialogCloseButton() {
  return (
    <form method="dialog">
      <button type="submit" className="button">
        Close
      </button>
    </form>
  );
}
