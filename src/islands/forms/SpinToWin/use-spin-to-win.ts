/**
 * The wheel's state and its calls to the lead API (docs/spin-to-win.md): who is signed in,
 * whether the server lets them spin this month, the entry form, and the server's prize.
 * Nothing here decides a prize or a spin: the page asks GET /api/spin-to-win (signed out: the
 * public /availability), sends the entry with POST and turns the wheel to the slice the server
 * named. The turn is skipped when the shopper asks for reduced motion; when the wheel stops
 * the result takes focus (only after the shopper's own spin: a result shown on load leaves focus
 * alone), and the chances are printed again from the prizes the spin's answer says are all won.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { checkForm } from '../../../lib/forms/form-validation.ts';
import { LEAD_MESSAGES } from '../../../schemas/forms/messages.ts';
import { landingRotation, wheelSegments, type WheelSegment } from '../../../lib/marketing/spin-to-win.ts';
import {
  spinEntrySchema,
  type SpinAvailabilityAnswer,
  type SpinPrizeAnswer,
  type SpinResultAnswer,
  type SpinStatusAnswer,
} from '../../../schemas/api/spin-to-win.ts';
import { currentSession, signOutIfRejected } from '../../../stores/session.ts';
import { useFormKit } from '../../ui/form-kit/index.ts';
import { callApi } from '../api.ts';

/** A prize as the page shows it (from site.json, through the page). */
export interface SpinPrizeView {
  id: string;
  label: string;
  description?: string;
  weight: number;
  value?: number;
}

export interface SpinToWinProps {
  apiBase: string;
  brand: string;
  prizes: SpinPrizeView[];
  /** The promotion's terms (site.json spin_to_win.terms_href): the entry must accept them. */
  termsHref?: string;
  privacyHref: string;
  /** /sign-in?type=spin-to-win&redirect=/spin-to-win... */
  signInHref: string;
}

/**
 * What the island shows: 'checking' (asking the server), 'signed-out', 'ready' (the entry
 * form), 'spinning', 'won' (the result), 'spun' (this month's spin was made before),
 * 'closed' (the promotion takes no spin now), 'failed' (the server could not be asked).
 */
export type SpinPhase = 'checking' | 'signed-out' | 'ready' | 'spinning' | 'won' | 'spun' | 'closed' | 'failed';

/** How long the wheel turns (keep in step with spin-to-win.css). */
export const SPIN_MS = 4500;

/** Whether the shopper asked for less motion. */
function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function useSpinToWin(props: SpinToWinProps) {
  // Entering subscribes no one (docs/spin-to-win.md, Spam Act 2003): the marketing opt-in starts unticked, whatever the lead forms' default.
  const kit = useFormKit('spin-to-win', () => ({ name: '', last_name: '', email: '', opt_in: false, terms_conditions: false }));
  const [phase, setPhase] = useState<SpinPhase>('checking');
  const [message, setMessage] = useState('');
  /** Prizes all won, as the server said; null until it has (no chance is printed before: docs/spin-to-win.md "Honest odds"). */
  const [unavailable, setUnavailable] = useState<string[] | null>(null);
  /** The prizes all won after this shopper's spin (its answer): printed when the wheel stops, so the list does not give the prize away. */
  const unavailableAfterSpin = useRef<string[] | null>(null);
  /** The slices the wheel turned with: kept under the result, so the prize won stays under the pointer when the chances change. */
  const [turnedWith, setTurnedWith] = useState<WheelSegment[] | null>(null);
  const [prize, setPrize] = useState<SpinPrizeAnswer | null>(null);
  const [phone, setPhone] = useState('');
  const [rotation, setRotation] = useState(0);
  const [animate, setAnimate] = useState(false);
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  /** The closed message answers the shopper's own spin (refused): it is announced and takes focus. */
  const [refused, setRefused] = useState(false);
  /** Set when the shopper sends a spin: only that action moves focus to the result (never the page's load). */
  const spinSent = useRef(false);

  const shown = props.prizes.filter((candidate) => !unavailable?.includes(candidate.id));
  const segments: WheelSegment[] = turnedWith ?? wheelSegments(shown.length > 0 ? shown : props.prizes);

  const applyStatus = (status: SpinStatusAnswer) => {
    setUnavailable(status.unavailable);
    if (status.spin) {
      setPrize(status.spin.prize);
      // The server words it: the day of the next spin, or when the promotion closes when there is none.
      setMessage(status.message ?? '');
      setPhase('spun');
      return;
    }
    if (!status.can_spin) {
      setMessage(status.message ?? '');
      setPhase('closed');
      return;
    }
    setPhase('ready');
  };

  useEffect(() => {
    let cancelled = false;
    /** Signed out: the sign-in offer, and the public answer for the chances. */
    const signedOut = () => {
      setPhase('signed-out');
      void callApi<SpinAvailabilityAnswer>(props.apiBase, '/spin-to-win/availability').then((answer) => {
        if (!cancelled && answer.ok) setUnavailable(answer.data.unavailable);
      });
    };
    const session = currentSession();
    if (session) {
      setPhone(session.phone);
      void callApi<SpinStatusAnswer>(props.apiBase, '/spin-to-win').then((answer) => {
        if (cancelled) return;
        if (answer.ok) return applyStatus(answer.data);
        // The API no longer knows the session (expired or signed out elsewhere): the local one goes too.
        if (signOutIfRejected(answer.status)) return signedOut();
        setMessage(answer.message ?? LEAD_MESSAGES.unexpected);
        setPhase('failed');
      });
    } else signedOut();
    return () => {
      cancelled = true;
      clearTimeout(settleTimer.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page's settings never change after hydration: the state is asked once
  }, []);

  /** The wheel has stopped on the prize: show it (its heading takes focus), and print the chances left after it. */
  const settle = () => {
    clearTimeout(settleTimer.current);
    if (unavailableAfterSpin.current) setUnavailable(unavailableAfterSpin.current);
    setPhase((current) => (current === 'spinning' ? 'won' : current));
  };

  useEffect(() => {
    // After the shopper's spin, focus follows the result to its heading, so a keyboard user is not
    // left on a removed button; the heading, described by the detail, is how the result is read
    // (once: no live region repeats it). This month's prize shown on load does not take focus.
    if ((phase === 'won' || phase === 'spun') && spinSent.current) resultRef.current?.focus();
    // A refused spin removes the form: focus moves to the message that says why (not on load).
    if (phase === 'closed' && spinSent.current) messageRef.current?.focus();
  }, [phase]);

  /** The fields are disabled while the wheel turns: focus in one of them (Enter in a field) moves to the Spin button, not to the page. */
  const keepFocusInForm = () => {
    const form = kit.formRef.current;
    if (form?.contains(document.activeElement)) form.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (kit.submitting || phase !== 'ready') return;
    kit.setFormError('');
    const check = checkForm(spinEntrySchema(props.termsHref !== undefined), kit.values);
    if (!check.ok) return kit.fail(check.errors);
    kit.setSubmitting(true);
    spinSent.current = true;
    const answer = await callApi<SpinResultAnswer>(props.apiBase, '/spin-to-win', { body: check.output });
    kit.setSubmitting(false);
    if (!answer.ok) {
      if (signOutIfRejected(answer.status)) {
        setPhase('signed-out');
        return;
      }
      if (answer.status === 409 || answer.status === 403) {
        // The server says no spin now (already spun this month, closed or every prize won): show its state.
        const status = await callApi<SpinStatusAnswer>(props.apiBase, '/spin-to-win');
        if (status.ok) applyStatus(status.data);
        else setPhase('closed');
        setMessage(answer.message ?? LEAD_MESSAGES.unexpected);
        setRefused(true);
        return;
      }
      kit.reject({ message: answer.message ?? LEAD_MESSAGES.unexpected, fieldErrors: answer.fieldErrors });
      return;
    }
    const won = answer.data.prize;
    setPrize(won);
    unavailableAfterSpin.current = answer.data.unavailable;
    setTurnedWith(segments);
    const segment = segments.find((candidate) => candidate.id === won.id);
    if (!segment || prefersReducedMotion()) {
      // No turn: straight to the result (reduced motion, or a prize the built page does not draw).
      if (segment) setRotation((previous) => landingRotation(previous, segment, Math.random(), 0));
      setAnimate(false);
      setPhase('spinning');
      settle();
      return;
    }
    keepFocusInForm();
    setAnimate(true);
    setPhase('spinning');
    setRotation((previous) => landingRotation(previous, segment, Math.random()));
    // transitionend ends the turn; the timer is the fallback when no transition runs.
    settleTimer.current = setTimeout(settle, SPIN_MS + 400);
  };

  return { kit, phase, message, refused, prize, phone, segments, shown, unavailable, rotation, animate, resultRef, messageRef, submit, settle };
}
