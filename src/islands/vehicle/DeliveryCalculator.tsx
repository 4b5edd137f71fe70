/**
 * Delivery calculator (spec §5): postcode in, the lead API's estimate (price and name) out.
 * 'Please enter a postcode.' when empty; the spec's apology when there is no estimate (the
 * postcode is then not marked invalid: it was typed right). Calculate keeps keyboard focus while
 * the estimate is asked for (aria-disabled, not disabled); a press then asks nothing. An estimate
 * not given within the islands' bounded wait (src/islands/ui/bounded-wait.ts) is the apology too.
 */
import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '../../lib/text/format.ts';
import { FORM_MESSAGES } from '../../schemas/forms/messages.ts';
import { withinWait } from '../ui/bounded-wait.ts';

export const NO_ESTIMATE_MESSAGE =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

interface Props {
  endpoint: string;
  carId: string;
}

/** `invalid`: the postcode as typed is wrong (empty, not 4 digits), not merely without an estimate. */
type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string; invalid?: boolean } | { kind: 'estimate'; price: number; name: string };

export default function DeliveryCalculator({ endpoint, carId }: Props) {
  const id = useId();
  const [postcode, setPostcode] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.kind === 'loading') return;
    const value = postcode.trim();
    if (value === '') return setState({ kind: 'error', message: 'Please enter a postcode.', invalid: true });
    if (!/^\d{4}$/.test(value)) return setState({ kind: 'error', message: FORM_MESSAGES.postcode, invalid: true });
    setState({ kind: 'loading' });
    try {
      const url = new URL(endpoint, window.location.href);
      url.searchParams.set('postcode', value);
      url.searchParams.set('car_id', carId);
      const data = await withinWait(async (signal) => {
        const response = await fetch(url, { headers: { accept: 'application/json' }, signal });
        return response.ok ? ((await response.json()) as { price?: unknown; name?: unknown }) : null;
      });
      if (data && typeof data.price === 'number' && data.price >= 0 && typeof data.name === 'string') {
        setState({ kind: 'estimate', price: data.price, name: data.name });
      } else {
        setState({ kind: 'error', message: NO_ESTIMATE_MESSAGE });
      }
    } catch (error) {
      console.warn('delivery estimate failed', error);
      setState({ kind: 'error', message: NO_ESTIMATE_MESSAGE });
    }
  };

  return (
    <form className="delivery-calc" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-postcode`}>Your postcode</label>
      <div className="delivery-calc__row">
        <input
          id={`${id}-postcode`}
          name="postcode"
          inputMode="numeric"
          maxLength={4}
          autoComplete="postal-code"
          placeholder="e.g. 4000"
          value={postcode}
          onChange={(event) => setPostcode(event.target.value.replace(/\D/g, ''))}
          aria-invalid={state.kind === 'error' && state.invalid ? true : undefined}
          aria-describedby={`${id}-result`}
        />
        {/* Focusable while calculating: a focused button that becomes disabled drops keyboard focus to the page. */}
        <button type="submit" className="button" aria-disabled={state.kind === 'loading' || undefined}>
          {state.kind === 'loading' ? 'Calculating…' : 'Calculate'}
        </button>
      </div>
      <div id={`${id}-result`} aria-live="polite">
        {state.kind === 'error' && <p className="field__error">{state.message}</p>}
        {state.kind === 'estimate' && (
          <p>
            Delivery to <strong>{state.name}</strong>: <strong>{formatMoney(state.price)}</strong>
          </p>
        )}
      </div>
    </form>
  );
}
