/** The kit's submit button. */
import type { FormKit } from './use-form-kit.ts';

/**
 * The submit button; shows progress while sending. It stays focusable then (aria-disabled,
 * not disabled): a focused control that becomes disabled drops keyboard focus to the page, and
 * each form's submit handler already ignores a press while `kit.submitting`. `busy` is for a
 * form that stays busy after sending (Spin to Win while its wheel turns).
 */
export function SubmitButton({
  kit,
  label,
  busyLabel = 'Sending…',
  busy = kit.submitting,
}: {
  kit: FormKit;
  label: string;
  busyLabel?: string;
  busy?: boolean;
}) {
  return (
    <button type="submit" className="button form__submit" aria-disabled={busy || undefined}>
      {busy ? busyLabel : label}
    </button>
  );
}
