import { createContext, useContext, useSyncExternalStore } from 'react';

/** The site's origin as the server that drew the page saw it (server rendering has no window). */
const ServerOriginContext = createContext('');
export const ServerOriginProvider = ServerOriginContext.Provider;

const neverChanges = () => () => undefined;

/**
 * This site's origin (https://members.example.org), for addresses a member copies elsewhere. The
 * page hydrates with the server's, then takes the browser's if it differs (behind a proxy).
 */
export function useOrigin(): string {
  const serverOrigin = useContext(ServerOriginContext);
  return useSyncExternalStore(
    neverChanges,
    () => window.location.origin,
    () => serverOrigin,
  );
}
