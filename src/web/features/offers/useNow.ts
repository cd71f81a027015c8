import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs` (a minute by default): a countdown that moves on its own. */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}
