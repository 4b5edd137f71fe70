/**
 * The lead modals (spec §2: the vehicle page's Enquire Now, Test-drive booking and Request
 * Photos modals; the search cards' Quick Enquiry). One island hosts one accessible dialog; any
 * button with `data-lead-modal="enquire|test-drive|request-photos"` opens it, with its own car
 * as `data-car` JSON (search cards) or the page's car. The dialog holds the real form islands
 * of this folder (EnquiryForm, TestDriveForm, RequestPhotosForm), so a modal behaves as the
 * standalone page does (docs/forms.md); their code loads when a modal is about to open.
 * The vehicle page mounts it as LeadModalsFromPage: its props are the page's data block
 * (#lead-modals-props), not island props, which Astro escapes quote by quote (island-props.ts blockProps).
 */
import { Component, lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { decodeLeadCar, type FormSiteConfig } from '../../lib/forms/form-config.ts';
import type { LeadCar } from '../../lib/forms/lead-payload.ts';
import Dialog, { useDialog } from '../ui/Dialog.tsx';
import './lead-modals.css';
import { pageIsland } from '../ui/page-island.tsx';

export type LeadModalKind = 'enquire' | 'test-drive' | 'request-photos';

// One chunk per form, fetched on the first sign that a modal is wanted (hover, focus or
// touch of an opener) and at the latest when it opens: the page's own JavaScript stays lean.
const loaders = {
  enquire: () => import('./EnquiryForm.tsx'),
  'test-drive': () => import('./TestDriveForm.tsx'),
  'request-photos': () => import('./RequestPhotosForm.tsx'),
} satisfies Record<LeadModalKind, () => Promise<unknown>>;

const EnquiryForm = lazy(loaders.enquire);
const TestDriveForm = lazy(loaders['test-drive']);
const RequestPhotosForm = lazy(loaders['request-photos']);

export interface LeadModalsProps {
  /** Form settings (modalFormConfig(site) of src/lib/forms/form-config.ts). */
  config: FormSiteConfig;
  /** The page's car (vehicle page); buttons with data-car bring their own (search cards). */
  car?: LeadCar | null;
  /** Title of the enquiry modal: the site's enquire text, or 'Quick Enquiry'. */
  enquireLabel: string;
  /** The compact enquiry form (Quick Enquiry): no Rego, contact method or Yes/No questions. */
  compact?: boolean;
}

function isKind(value: string | undefined): value is LeadModalKind {
  return value === 'enquire' || value === 'test-drive' || value === 'request-photos';
}

function title(kind: LeadModalKind, enquireLabel: string): string {
  if (kind === 'test-drive') return 'Book a Test Drive';
  if (kind === 'request-photos') return 'Request Photos';
  return enquireLabel;
}

/** A form chunk that fails to load (network gone) says so instead of breaking the page. */
class LoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn('lead form failed to load', error);
  }
  render() {
    if (this.state.failed) {
      return (
        <div className="alert alert--destructive" role="alert">
          This form could not be loaded. Please check your connection and reload the page.
        </div>
      );
    }
    return this.props.children;
  }
}

export default function LeadModals(props: LeadModalsProps) {
  const id = useId();
  const dialog = useDialog();
  // Nothing is rendered inside the dialog until a modal is first opened.
  const [open, setOpen] = useState<{ kind: LeadModalKind; car: LeadCar | null } | null>(null);

  useEffect(() => {
    const trigger = (event: Event) => (event.target as Element | null)?.closest?.<HTMLElement>('[data-lead-modal]') ?? null;
    const warm = (event: Event) => {
      const wanted = trigger(event)?.dataset.leadModal;
      if (isKind(wanted)) loaders[wanted]().catch(() => undefined);
    };
    const onClick = (event: MouseEvent) => {
      const button = trigger(event);
      const wanted = button?.dataset.leadModal;
      if (!button || !isKind(wanted)) return;
      event.preventDefault();
      const car = button.dataset.car !== undefined ? decodeLeadCar(button.dataset.car) : (props.car ?? null);
      // Same modal and car again: keep the form as it was left (nothing typed is lost).
      setOpen((previous) => (previous && previous.kind === wanted && String(previous.car?.id ?? '') === String(car?.id ?? '') ? previous : { kind: wanted, car }));
      dialog.show(button);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('pointerover', warm, { passive: true });
    document.addEventListener('focusin', warm);
    document.addEventListener('touchstart', warm, { passive: true });
    // Tests and scripts can tell when the openers work.
    document.documentElement.dataset.leadModals = 'ready';
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('pointerover', warm);
      document.removeEventListener('focusin', warm);
      document.removeEventListener('touchstart', warm);
    };
  }, [props.car, dialog]);

  const formId = open ? `lead-modal-${open.kind}` : '';
  const formProps = open ? { config: props.config, car: open.car, formId } : null;
  return (
    <Dialog control={dialog} className="lead-modal" titleId={`${id}-title`}>
      <div className="lead-modal__body">
        <div className="lead-modal__head">
          <h2 id={`${id}-title`}>{open ? title(open.kind, props.enquireLabel) : props.enquireLabel}</h2>
          <button type="button" className="lead-modal__close" onClick={dialog.close} aria-label="Close">
            ×
          </button>
        </div>
        {open?.car?.name && <p className="lead-modal__car">{open.car.name}</p>}
        {open && formProps && (
          <LoadFailure key={`${open.kind}:${open.car?.id ?? ''}`}>
            <Suspense
              fallback={
                <p className="lead-modal__loading" role="status">
                  Loading the form…
                </p>
              }
            >
              {open.kind === 'enquire' && <EnquiryForm {...formProps} compact={props.compact} />}
              {open.kind === 'test-drive' && <TestDriveForm {...formProps} />}
              {open.kind === 'request-photos' && open.car && <RequestPhotosForm {...formProps} car={open.car} />}
            </Suspense>
          </LoadFailure>
        )}
      </div>
    </Dialog>
  );
}

/** The id of the vehicle page's data block of this island's props. */
export const LEAD_MODALS_PROPS_ID = 'lead-modals-props';

const island = pageIsland(LEAD_MODALS_PROPS_ID, LeadModals);

/** A vehicle page's island props: the text of its data block (before the island) and the island's one prop, a key named by the car's slug. */
export const leadModalsIslandProps = island.islandProps;

/** The modals as the vehicle page mounts them: their props from the page's data block, by the key. */
export const LeadModalsFromPage = island.FromPage;
