import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, onUnauthenticated } from '../../../../lib/api';
import { fetchSession, signOut as requestSignOut, type SessionAdmin } from '../api/session';

type SessionState =
  | { status: 'checking'; admin: null }
  | { status: 'signed-in'; admin: SessionAdmin }
  /** byUser: the admin pressed Sign Out (as opposed to a session that expired or never was). */
  | { status: 'signed-out'; admin: null; byUser?: boolean };

interface SessionContextValue {
  session: SessionState;
  signedIn(admin: SessionAdmin): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * Holds who is signed in. The server is the judge: the session is asked of it on start, and any
 * 401 from any call ends the session here too, so the guard sends the admin to sign in again.
 */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState>({ status: 'checking', admin: null });

  useEffect(() => {
    let live = true;
    fetchSession()
      .then((admin) => live && setSession({ status: 'signed-in', admin }))
      .catch((error: unknown) => {
        if (!live) return;
        // Anything but a clear answer leaves the admin signed out: showing the panel on a guess
        // would be worse than asking them to sign in again.
        if (!(error instanceof ApiError) || error.status !== 401) console.warn('Session check failed', error);
        setSession({ status: 'signed-out', admin: null });
      });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => onUnauthenticated(() => setSession({ status: 'signed-out', admin: null })), []);

  // A page restored from the back-forward cache (Back after signing out elsewhere in the tab)
  // still holds the old screen; hide it at once and ask the server again who is signed in.
  useEffect(() => {
    function onPageShow(event: PageTransitionEvent) {
      if (!event.persisted) return;
      setSession({ status: 'checking', admin: null });
      fetchSession().then(
        (admin) => setSession({ status: 'signed-in', admin }),
        () => setSession({ status: 'signed-out', admin: null }),
      );
    }
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const signedIn = useCallback((admin: SessionAdmin) => setSession({ status: 'signed-in', admin }), []);

  const signOut = useCallback(async () => {
    try {
      await requestSignOut();
    } finally {
      // Forget the admin even when the server could not be told: the cookie is HttpOnly and the
      // server revokes it on its side; the page must show nothing either way.
      setSession({ status: 'signed-out', admin: null, byUser: true });
    }
  }, []);

  const value = useMemo(() => ({ session, signedIn, signOut }), [session, signedIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useAdminSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useAdminSession must be used inside AdminSessionProvider');
  return value;
}

/** The signed-in admin; only for components rendered behind the sign-in guard. */
export function useSignedInAdmin(): SessionAdmin {
  const { session } = useAdminSession();
  if (session.status !== 'signed-in') throw new Error('useSignedInAdmin used outside the sign-in guard');
  return session.admin;
}
