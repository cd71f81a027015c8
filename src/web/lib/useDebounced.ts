import { useCallback, useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delay` ms (typing in a search box on 3G). */
export function useDebounced<T>(value: T, delay = 400): T {
  return useFlushableDebounced(value, delay)[0];
}

/**
 * `useDebounced`, with a `flush()` that takes the value as it stands now, without waiting for the
 * pause: a search box's Enter sends the search at once.
 */
export function useFlushableDebounced<T>(value: T, delay = 400): [T, () => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(t);
  }, [value, delay]);
  const flush = useCallback(() => setDebounced(value), [value]);
  return [debounced, flush];
}
