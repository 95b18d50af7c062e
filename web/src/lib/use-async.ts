import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

/**
 * Runs `load` when the dependencies change (and on `reload`), keeping only the answer of the
 * latest run so that a slow older answer never replaces a newer one.
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): AsyncState<T> & { reload: () => void } {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    loadRef.current(controller.signal).then(
      // A transition: the screen the answer fills is drawn in short slices, not one long task.
      (data) => {
        if (!controller.signal.aborted) startTransition(() => setState({ status: 'success', data }));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) startTransition(() => setState({ status: 'error', error }));
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
