/**
 * The visitor's clock for islands (a location's opening status and today's row, the earliest
 * time a booking form takes): null in the server's render and the hydrating one, so that both
 * agree and a built page carries no moment of its own; then Date.now(), refreshed every minute.
 */
import { useEffect, useState } from 'react';

const REFRESH_MS = 60_000;

export function useVisitorClock(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
