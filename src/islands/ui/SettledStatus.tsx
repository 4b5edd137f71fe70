/**
 * The one status a widget speaks a changing figure through (the hero's count, the finance
 * calculator's repayment): a visually hidden `role="status"`. While the figure keeps changing
 * (a count running, a price typed, a slider stepped) nothing is said; once it has stayed the
 * same for SETTLE_MS it is written into the status and read once. The figure the widget
 * started with is not said: the shopper has not changed anything yet.
 */
import { useEffect, useRef, useState } from 'react';

/** How long a figure stays the same before it is said. */
export const SETTLE_MS = 1000;

/** `text` once it has stayed the same for `settleMs`; '' until the first change has settled. */
function useSettledText(text: string, settleMs: number): string {
  const [said, setSaid] = useState('');
  /** The starting text, until it first changes. */
  const start = useRef<string | null>(text);
  useEffect(() => {
    if (start.current !== null) {
      if (text === start.current) return;
      start.current = null;
    }
    const timer = setTimeout(() => setSaid(text), settleMs);
    return () => clearTimeout(timer);
  }, [text, settleMs]);
  return said;
}

export function SettledStatus({ text, settleMs = SETTLE_MS }: { text: string; settleMs?: number }) {
  return (
    <p className="visually-hidden" role="status">
      {useSettledText(text, settleMs)}
    </p>
  );
}
