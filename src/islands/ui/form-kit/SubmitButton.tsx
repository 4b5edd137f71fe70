/** The kit's submit button. */
import type { FormKit } from './use-form-kit.ts';

/** The submit button; shows progress while sending. */
export function SubmitButton({ kit, label, busyLabel = 'Sending…' }: { kit: FormKit; label: string; busyLabel?: string }) {
  return (
    <button type="submit" className="button form__submit" disabled={kit.submitting} aria-disabled={kit.submitting || undefined}>
      {kit.submitting ? busyLabel : label}
    </button>
  );
}
