/** Instant offer: the lookup found no car; the dealer's phone, Contact, and Back to the first step. */
import { NOT_FOUND_MESSAGES } from '../../../lib/forms/instant-offer.ts';
import { formatPhone, phoneHref } from '../../../lib/text/format.ts';

export function NotFoundPanel({ phone, onBack }: { phone: string; onBack: () => void }) {
  return (
    <div data-testid="not-found-panel">
      <p>{NOT_FOUND_MESSAGES.body}</p>
      <p>
        <a className="button" href={phoneHref(phone)}>
          Call {formatPhone(phone)}
        </a>{' '}
        <a className="button button--secondary" href="/contact-us">
          Contact
        </a>{' '}
        <button type="button" className="button button--secondary" onClick={onBack}>
          Back
        </button>
      </p>
    </div>
  );
}
