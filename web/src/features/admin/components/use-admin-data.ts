import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';

export type DataState<T> =
  | { status: 'loading' }
  | { status: 'ok'; data: T }
  | { status: 'error'; error: ApiError };

/**
 * Loads one screen's data. Only the newest load may set the state, so a slow answer to an old
 * request never replaces a newer one (Refresh pressed twice, or the route's id changed).
 */
export function useAdminData<T>(load: () => Promise<T>, deps: readonly unknown[]): { state: DataState<T>; reload: () => void; setData: (update: (data: T) => T) => void } {
  const [state, setState] = useState<DataState<T>>({ status: 'loading' });
  const latest = useRef(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableLoad = useCallback(load, deps);

  const run = useCallback(() => {
    const ticket = ++latest.current;
    setState({ status: 'loading' });
    stableLoad().then(
      (data) => ticket === latest.current && setState({ status: 'ok', data }),
      (error: unknown) => {
        if (ticket !== latest.current) return;
        setState({ status: 'error', error: error instanceof ApiError ? error : new ApiError(0, String(error)) });
      },
    );
  }, [stableLoad]);

  useEffect(() => {
    run();
    return () => {
      latest.current++;
    };
  }, [run]);

  const setData = useCallback((update: (data: T) => T) => {
    setState((current) => (current.status === 'ok' ? { status: 'ok', data: update(current.data) } : current));
  }, []);

  return { state, reload: run, setData };
}
