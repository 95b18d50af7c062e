import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { onUnauthenticated } from '../../../lib/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { forgetOfficerDay, unsentMarks as countUnsentMarks } from '../../../features/check-in/admin/api/officer-client';
import { SESSION_QUERY_KEY, sessionQueryOptions, useSignOut, type SessionAdmin } from '../api/session';
import { forgetAdmin, rememberAdmin } from '../api/remembered-admin';

type SessionState =
  | { status: 'checking'; admin: null }
  | { status: 'signed-in'; admin: SessionAdmin }
  /** byUser: the admin pressed Sign Out (as opposed to a session that expired or never was). */
  | { status: 'signed-out'; admin: null; byUser?: boolean };

interface SessionContextValue {
  session: SessionState;
  signedIn(admin: SessionAdmin): void;
  /**
   * Signs out, clearing what the admin panel kept on this device (the officer's day); asks first
   * when check-in marks have not reached the server. The sign-in guard moves to the login page once the session is gone.
   */
  signOut(): void;
  /** The sign-out request is under way. */
  signingOut: boolean;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * Holds who is signed in: the session query (api/session.ts). The server is the judge: the query
 * asks it when the panel opens, and any 401 from any call ends the session here too, so the guard
 * sends the admin to sign in again.
 */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const query = useQuery(sessionQueryOptions());
  // Set when the admin pressed Sign Out, cleared by the next sign-in.
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const session: SessionState = useMemo(() => {
    if (query.isPending) return { status: 'checking', admin: null };
    if (query.data) return { status: 'signed-in', admin: query.data };
    return { status: 'signed-out', admin: null, byUser: signedOutByUser };
  }, [query.isPending, query.data, signedOutByUser]);

  const setAdmin = useCallback((admin: SessionAdmin | null) => client.setQueryData(SESSION_QUERY_KEY, admin), [client]);

  useEffect(
    () =>
      onUnauthenticated(() => {
        forgetAdmin();
        setAdmin(null);
      }),
    [setAdmin],
  );

  // A page restored from the back-forward cache (Back after signing out elsewhere in the tab)
  // still holds the old screen: the session goes back to "checking" at once (hiding it), and is
  // asked of the server again.
  useEffect(() => {
    function onPageShow(event: PageTransitionEvent) {
      if (event.persisted) void client.resetQueries({ queryKey: SESSION_QUERY_KEY, exact: true });
    }
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [client]);

  const signedIn = useCallback(
    (admin: SessionAdmin) => {
      rememberAdmin(admin);
      setSignedOutByUser(false);
      setAdmin(admin);
    },
    [setAdmin],
  );

  const signOutMutation = useSignOut({
    // Forget the admin even when the server could not be told: the cookie is HttpOnly and the
    // server revokes it on its side; the page must show nothing either way. What the panel kept
    // on the device goes too, so a shared device keeps nothing of this admin's (docs/officer-of-the-day.md).
    onSettled: async () => {
      forgetAdmin();
      setSignedOutByUser(true);
      setAdmin(null);
      client.removeQueries({ queryKey: ['admin'] });
      await forgetOfficerDay().catch((error: unknown) => console.warn('The officer’s day was not cleared from this device', error));
    },
  });
  const { mutate: requestSignOut, isPending: signingOut } = signOutMutation;
  // Marks made on this device that the server has not had: Sign Out asks before discarding them.
  const [unsentMarks, setUnsentMarks] = useState(0);
  const signOut = useCallback(() => {
    countUnsentMarks()
      .catch(() => 0)
      .then((count) => (count > 0 ? setUnsentMarks(count) : requestSignOut()));
  }, [requestSignOut]);
  const discardAndSignOut = useCallback(() => {
    setUnsentMarks(0);
    requestSignOut();
  }, [requestSignOut]);

  const value = useMemo(() => ({ session, signedIn, signOut, signingOut }), [session, signedIn, signOut, signingOut]);
  return (
    <SessionContext.Provider value={value}>
      {children}
      <ConfirmDialog
        open={unsentMarks > 0}
        title="Check-ins not sent yet"
        confirmLabel="Sign out and discard"
        cancelLabel="Stay signed in"
        onConfirm={discardAndSignOut}
        onCancel={() => setUnsentMarks(0)}
      >
        <p>
          {unsentMarks === 1
            ? '1 change made on this device (check-in, tally or walk-in) has'
            : `${unsentMarks} changes made on this device (check-ins, tally or walk-ins) have`}{' '}
          not reached the club yet. Signing out removes {unsentMarks === 1 ? 'it' : 'them'} from this device, never sent. Stay signed in, and{' '}
          {unsentMarks === 1 ? 'it is' : 'they are'} sent once the device has signal.
        </p>
      </ConfirmDialog>
    </SessionContext.Provider>
  );
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
