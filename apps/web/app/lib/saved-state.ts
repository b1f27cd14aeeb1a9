import { useEffect, useRef, useState } from 'react';

/**
 * State that survives a reload: kept in localStorage under a key, read after hydration so the
 * server's HTML and the first client render agree. With `newer`, the initial value is more recent
 * than the kept one (the server rendered the page from what was just sent): it replaces it.
 */
export function useSavedState<T>(key: string, initial: T, newer = false): [T, (value: T) => void, boolean] {
  const [value, setValue] = useState<T>(initial);
  const [restored, setRestored] = useState(false);
  const replacement = useRef(newer ? initial : undefined);
  useEffect(() => {
    try {
      if (replacement.current !== undefined) {
        window.localStorage.setItem(key, JSON.stringify(replacement.current));
      } else {
        const saved = window.localStorage.getItem(key);
        if (saved) setValue(JSON.parse(saved) as T);
      }
    } catch {
      // a damaged or blocked store starts fresh
    }
    setRestored(true);
  }, [key]);
  const save = (next: T) => {
    setValue(next);
    try {
      window.localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // private mode: the answers live as long as the page
    }
  };
  return [value, save, restored];
}
