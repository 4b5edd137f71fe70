// @vitest-environment happy-dom
/**
 * The shared dialog (issue 12 item 5): the markup the four dialogs rendered before, focus
 * moved in on open, Tab kept inside, Escape closing it, focus back on the opener. happy-dom
 * has no dialog focusing steps and no Escape handling of its own, so what passes here is the
 * widget's own code.
 */
import { act, useEffect, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import Dialog, { DialogCloseButton, tabbables, useDialog, type DialogControl } from './Dialog.tsx';
import { mountRoot } from '../../../tests/support/mount-root.ts';

const mounted = mountRoot();
let control: DialogControl;

function Harness({ onCancel, onClose, children }: { onCancel?: () => void; onClose?: () => void; children?: ReactNode }) {
  const dialog = useDialog();
  useEffect(() => {
    control = dialog;
  }, [dialog]);
  return (
    <>
      <button type="button" id="opener" onClick={() => dialog.show()}>
        Open
      </button>
      <button type="button" id="elsewhere">
        Elsewhere
      </button>
      <Dialog control={dialog} className="test-dialog" titleId="test-title" onCancel={onCancel} onClose={onClose}>
        <h2 id="test-title">Title</h2>
        {children ?? (
          <>
            <button type="button" id="first">
              First
            </button>
            <input id="middle" />
            <button type="button" id="skipped" disabled>
              Disabled
            </button>
            <div hidden>
              <button type="button" id="hidden">
                Hidden
              </button>
            </div>
            <a id="last" href="#x">
              Last
            </a>
          </>
        )}
      </Dialog>
    </>
  );
}

function mount(element: ReactNode) {
  mounted.render(element);
  return mounted.host.querySelector('dialog')!;
}

function press(target: Element, key: string, shiftKey = false) {
  const event = new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true });
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
}

const active = () => document.activeElement?.id;

describe('Dialog (islands/ui)', () => {
  it('renders the same <dialog class aria-labelledby> the hand-rolled dialogs rendered', () => {
    const Static = () => {
      const dialog = useDialog();
      return (
        <Dialog control={dialog} className="email-us" titleId="email-us-title">
          <h2 id="email-us-title">Email us</h2>
        </Dialog>
      );
    };
    expect(renderToStaticMarkup(<Static />)).toBe('<dialog class="email-us" aria-labelledby="email-us-title"><h2 id="email-us-title">Email us</h2></dialog>');
  });

  it('opens modally and moves focus to the first focusable element inside', () => {
    const dialog = mount(<Harness />);
    const opener = mounted.host.querySelector<HTMLButtonElement>('#opener')!;
    opener.focus();
    act(() => opener.click());
    expect(dialog.open).toBe(true);
    expect(active()).toBe('first');
  });

  it('prefers an [autofocus] element, and focuses the dialog itself when nothing inside can take focus', () => {
    let dialog = mount(
      <Harness>
        <button type="button">One</button>
        <input id="wanted" />
      </Harness>,
    );
    // As server-rendered markup carries it (a client render focuses on mount instead of writing it).
    mounted.host.querySelector('#wanted')!.setAttribute('autofocus', '');
    mounted.host.querySelector<HTMLButtonElement>('#opener')!.focus();
    act(() => control.show());
    expect(active()).toBe('wanted');
    act(() => control.close());

    mounted.reset();
    dialog = mount(
      <Harness>
        <p>Only text</p>
      </Harness>,
    );
    act(() => control.show());
    expect(document.activeElement).toBe(dialog);
  });

  it('keeps Tab inside: Tab on the last element goes to the first, Shift+Tab on the first to the last (disabled and hidden ones skipped)', () => {
    const dialog = mount(<Harness />);
    act(() => control.show(mounted.host.querySelector<HTMLElement>('#opener')));
    expect(tabbables(dialog).map((element) => element.id)).toEqual(['first', 'middle', 'last']);

    mounted.host.querySelector<HTMLElement>('#last')!.focus();
    expect(press(dialog.querySelector('#last')!, 'Tab').defaultPrevented).toBe(true);
    expect(active()).toBe('first');

    expect(press(dialog.querySelector('#first')!, 'Tab', true).defaultPrevented).toBe(true);
    expect(active()).toBe('last');

    // In the middle the browser moves focus itself: the widget leaves the key alone.
    mounted.host.querySelector<HTMLElement>('#middle')!.focus();
    expect(press(dialog.querySelector('#middle')!, 'Tab').defaultPrevented).toBe(false);
  });

  it('Escape runs onCancel, closes the dialog and returns focus to the element that opened it', () => {
    const onCancel = vi.fn();
    const onClose = vi.fn();
    const dialog = mount(<Harness onCancel={onCancel} onClose={onClose} />);
    const opener = mounted.host.querySelector<HTMLButtonElement>('#opener')!;
    opener.focus();
    act(() => opener.click());
    expect(active()).toBe('first');

    const event = press(dialog.querySelector('#middle')!, 'Escape');
    expect(event.defaultPrevented).toBe(true);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener);
  });

  it('returns focus to the opener given to show() (a button that did not keep focus), also after close()', () => {
    const dialog = mount(<Harness />);
    const elsewhere = mounted.host.querySelector<HTMLButtonElement>('#elsewhere')!;
    mounted.host.querySelector<HTMLButtonElement>('#opener')!.focus();
    act(() => control.show(elsewhere));
    expect(dialog.open).toBe(true);
    act(() => control.close());
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(elsewhere);
  });

  it('ignores keys while closed', () => {
    const onCancel = vi.fn();
    const dialog = mount(<Harness onCancel={onCancel} />);
    expect(press(dialog, 'Escape').defaultPrevented).toBe(false);
    expect(onCancel).not.toHaveBeenCalled();
  });
});

describe('DialogCloseButton (holiday hours, Email Us)', () => {
  it('is the method="dialog" form with one Close button the dialogs wrote out before', () => {
    expect(renderToStaticMarkup(<DialogCloseButton />)).toBe('<form method="dialog"><button type="submit" class="button">Close</button></form>');
  });
});
