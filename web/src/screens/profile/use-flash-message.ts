import { useCallback, useEffect, useRef, useState } from 'react';
import { PROFILE_SUCCESS_CLEAR_MS } from '@scout/protocol/limits';

/** A success message that clears itself (docs/product.md section 4: profile messages clear after 3 s). */
export function useFlashMessage(clearAfterMs = PROFILE_SUCCESS_CLEAR_MS) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const show = useCallback(
    (text: string) => {
      window.clearTimeout(timer.current);
      setMessage(text);
      timer.current = window.setTimeout(() => setMessage(null), clearAfterMs);
    },
    [clearAfterMs],
  );
  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setMessage(null);
  }, []);

  return { message, show, clear };
}
