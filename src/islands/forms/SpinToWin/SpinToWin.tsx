/**
 * /spin-to-win's island (docs/spin-to-win.md): the wheel, the prize list with each prize's
 * chance (printed once the server has said which prizes are left), and what the shopper can
 * do now, which the lead API decides: sign in, enter and spin, or read this month's prize and
 * the date of the next spin. When the wheel stops after the shopper's spin, focus moves to the
 * result's heading, described by its detail: that is how it is read, once (no live region
 * repeats it); on load focus is left alone. Every
 * control is a native button, link or input, so the page works by keyboard.
 */
import { chanceText, prizeChances } from '../../../lib/marketing/spin-to-win.ts';
import { SPIN_TO_WIN_MESSAGES } from '../../../schemas/api/spin-to-win.ts';
import { NAME_MAX } from '../../../schemas/forms/fields.ts';
import { CheckboxField, ErrorSummary, FormAlert, SubmitButton, TextField, type FormKit } from '../../ui/form-kit/index.ts';
import { NewTabLink, NewTabNote, newTabNoteId } from '../../ui/NewTabLink.tsx';
import { CollectionNotice } from '../shared-fields.tsx';
import { optInDescription } from '../../../lib/forms/privacy.ts';
import { formatMoney } from '../../../lib/text/format.ts';
import { useSpinToWin, type SpinToWinProps } from './use-spin-to-win.ts';
import { Wheel } from './Wheel.tsx';
import './spin-to-win.css';

/** The promotion's terms box: its link opens the terms in a new tab (said in the link's description: the box's name stays its visible label). */
export function SpinTermsField({ kit, termsHref }: { kit: FormKit; termsHref: string }) {
  const note = newTabNoteId(kit.fieldId('terms_conditions'));
  return (
    <>
      <CheckboxField kit={kit} name="terms_conditions" label="Terms" required>
        I accept the{' '}
        <NewTabLink href={termsHref} note={note}>
          terms and conditions of this promotion
        </NewTabLink>
        .
      </CheckboxField>
      <NewTabNote id={note} />
    </>
  );
}

export default function SpinToWin(props: SpinToWinProps) {
  const spin = useSpinToWin(props);
  const { kit, phase } = spin;
  const chances = prizeChances(spin.shown);
  /** What the prize list says of a prize's chance: nothing until the server has said which prizes are left. */
  const chanceOf = (id: string) => {
    if (spin.unavailable === null) return '';
    const index = spin.shown.findIndex((prize) => prize.id === id);
    return index === -1 ? 'All won' : `${chanceText(chances[index]!)} chance`;
  };

  return (
    <div className="spin-to-win" data-phase={phase} data-testid="spin-to-win">
      <div className="spin-to-win__wheel">
        <Wheel segments={spin.segments} rotation={spin.rotation} animate={spin.animate} onStopped={() => spin.prize && phase === 'spinning' && spin.settle()} />
      </div>
      <div className="spin-to-win__panel">
        {phase === 'checking' && <p className="muted">Checking whether you can spin this month…</p>}
        {phase === 'signed-out' && (
          <div className="spin-to-win__box">
            <h2>Sign in to spin</h2>
            <p>Spin to Win is for signed-in customers: one spin each calendar month, with your mobile number.</p>
            <a className="button" href={props.signInHref}>
              Sign in to spin
            </a>
          </div>
        )}
        {(phase === 'ready' || phase === 'spinning') && (
          <form
            ref={kit.formRef}
            className="dealer-form spin-to-win__form"
            onSubmit={spin.submit}
            noValidate
            aria-labelledby="spin-form-title"
            aria-busy={phase === 'spinning' || kit.submitting}
          >
            <h2 id="spin-form-title">Your spin for this month</h2>
            <p>
              Tell us who you are so we can arrange your prize. We will contact you on <strong>{spin.phone}</strong>, the number you signed in with.
            </p>
            <ErrorSummary kit={kit} fieldOrder={['name', 'last_name', 'email', 'opt_in', 'terms_conditions']} />
            <fieldset className="form__plain-fieldset" disabled={phase === 'spinning'}>
              <legend className="visually-hidden">Your details</legend>
              <div className="form__row">
                <TextField kit={kit} name="name" label="First Name" required autoComplete="given-name" maxLength={NAME_MAX} />
                <TextField kit={kit} name="last_name" label="Last Name" autoComplete="family-name" maxLength={NAME_MAX} />
              </div>
              <TextField kit={kit} name="email" label="Email" type="email" required autoComplete="email" inputMode="email" maxLength={254} />
              <CollectionNotice brand={props.brand} privacyHref={props.privacyHref} purpose="spinToWin" />
              <CheckboxField kit={kit} name="opt_in" label="Keep me up to date with news and offers" hint={optInDescription(props.brand)} />
              {props.termsHref && <SpinTermsField kit={kit} termsHref={props.termsHref} />}
            </fieldset>
            <FormAlert kit={kit} />
            <div className="form__actions">
              {/* One button from sending to the wheel's stop: it keeps keyboard focus (aria-disabled, not disabled). */}
              <SubmitButton kit={kit} label="Spin the Wheel" busyLabel="Spinning…" busy={kit.submitting || phase === 'spinning'} />
            </div>
          </form>
        )}
        {(phase === 'won' || phase === 'spun') && spin.prize && (
          <div className="spin-to-win__box spin-to-win__result" data-testid="spin-result">
            <h2 ref={spin.resultRef} tabIndex={-1} aria-describedby="spin-result-detail">
              {phase === 'won' ? SPIN_TO_WIN_MESSAGES.won(spin.prize.label) : `This month you won ${spin.prize.label}`}
            </h2>
            <p id="spin-result-detail">{phase === 'won' ? SPIN_TO_WIN_MESSAGES.wonDetail(props.brand, spin.phone) : spin.message}</p>
          </div>
        )}
        {(phase === 'closed' || phase === 'failed') && (
          <div className="spin-to-win__box" ref={spin.messageRef} tabIndex={-1} role={phase === 'failed' || spin.refused ? 'alert' : undefined}>
            <p data-testid="spin-message">{spin.message || SPIN_TO_WIN_MESSAGES.soldOut}</p>
          </div>
        )}
        <h2 className="spin-to-win__prizes-title">Prizes</h2>
        <ul className="spin-to-win__prizes" data-testid="spin-prizes">
          {props.prizes.map((prize) => (
            <li key={prize.id} data-prize={prize.id}>
              <span className="spin-to-win__prize-name">
                {prize.label}
                {prize.value !== undefined && <span className="muted"> (valued at {formatMoney(prize.value)})</span>}
              </span>
              <span className="spin-to-win__chance">{chanceOf(prize.id)}</span>
              {prize.description && <span className="spin-to-win__prize-text muted">{prize.description}</span>}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
