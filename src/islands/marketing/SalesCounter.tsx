/**
 * 'Sales this Month' counter (spec §9): value from the Brisbane-time formula, counted up over
 * 2 s, recomputed every 150 s. The server-rendered number is the value at the start of the
 * build's day (salesAtStartOfDay); the first count starts from it (countStart), so the number
 * never drops when the island wakes up.
 */
import '../ui/marketing.css';
import { useEffect, useRef, useState } from 'react';
import { animatedValue, countStart, SALES_ANIMATION_MS, SALES_REFRESH_MS, salesThisMonth } from '../../lib/marketing/sales-counter.ts';

interface Props {
  /** The value at the start of the build's day, shown before hydration. */
  initial: number;
}

export default function SalesCounter({ initial }: Props) {
  const [shown, setShown] = useState(initial);
  const [target, setTarget] = useState<number | null>(null);
  // The value on screen: the first count starts from it (or 0 in a new month), later refreshes count on from it.
  const last = useRef<number | null>(null);

  useEffect(() => {
    setTarget(salesThisMonth(Date.now()));
    const timer = setInterval(() => setTarget(salesThisMonth(Date.now())), SALES_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (target === null) return;
    const started = Date.now();
    const from = last.current ?? countStart(initial, target);
    // Timers (not requestAnimationFrame) so the count also finishes in background tabs and under a test clock.
    const tick = setInterval(() => {
      const elapsed = Date.now() - started;
      setShown(from + animatedValue(target - from, elapsed));
      if (elapsed >= SALES_ANIMATION_MS) {
        last.current = target;
        clearInterval(tick);
      }
    }, 50);
    return () => clearInterval(tick);
  }, [target, initial]);

  return (
    <p className="sales-counter">
      <span className="sales-counter__value" data-target={target ?? initial}>
        {shown.toLocaleString('en-AU')}
      </span>{' '}
      <span className="sales-counter__label">Sales this Month</span>
    </p>
  );
}
