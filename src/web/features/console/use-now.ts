import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs` (default: a minute), so "waiting for 2 h 5 min" on an
 * open queue or case moves on by itself without a reload. Minutes are the finest unit shown.
 */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
