import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, onUnauthenticated } from '../../../lib/api';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { forgetOfficerDay, queuedMarks } from '../../../features/check-in/admin/api/officer-day-store';
import { sessionQueryOptions, useSignOut, type SessionAdmin } from '../api/session';
import { forgetAdmin, rememberAdmin, rememberedAdmin } from '../api/remembered-admin';

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
 * Holds who is signed in. The server is the judge: the session is asked of it on start, and any
 * 401 from any call ends the session here too, so the guard sends the admin to sign in again.
 */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState>({ status: 'checking', admin: null });
  const client = useQueryClient();

  useEffect(() => {
    let live = true;
    client
      .fetchQuery(sessionQueryOptions())
      .then((admin) => {
        rememberAdmin(admin);
        if (live) setSession({ status: 'signed-in', admin });
      })
      .catch((error: unknown) => {
        if (!live) return;
        // No signal (status 0): the admin last signed in on this device opens what the device
        // kept (docs/offline.md); the server judges every request once it is reached again.
        const offline = error instanceof ApiError && error.status === 0 ? rememberedAdmin() : null;
        if (offline) {
          setSession({ status: 'signed-in', admin: offline });
          return;
        }
        // Anything else but a clear answer leaves the admin signed out: showing the panel on a
        // guess would be worse than asking them to sign in again.
        if (!(error instanceof ApiError) || error.status !== 401) console.warn('Session check failed', error);
        else forgetAdmin();
        setSession({ status: 'signed-out', admin: null });
      });
    return () => {
      live = false;
    };
  }, [client]);

  useEffect(
    () =>
      onUnauthenticated(() => {
        forgetAdmin();
        setSession({ status: 'signed-out', admin: null });
      }),
    [],
  );

  // A page restored from the back-forward cache (Back after signing out elsewhere in the tab)
  // still holds the old screen; hide it at once and ask the server again who is signed in.
  useEffect(() => {
    function onPageShow(event: PageTransitionEvent) {
      if (!event.persisted) return;
      setSession({ status: 'checking', admin: null });
      client.fetchQuery(sessionQueryOptions()).then(
        (admin) => setSession({ status: 'signed-in', admin }),
        () => setSession({ status: 'signed-out', admin: null }),
      );
    }
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [client]);

  const signedIn = useCallback((admin: SessionAdmin) => {
    rememberAdmin(admin);
    setSession({ status: 'signed-in', admin });
  }, []);

  const signOutMutation = useSignOut({
    // Forget the admin even when the server could not be told: the cookie is HttpOnly and the
    // server revokes it on its side; the page must show nothing either way. What the panel kept
    // on the device goes too, so a shared device keeps nothing of this admin's (docs/officer-of-the-day.md).
    onSettled: async () => {
      forgetAdmin();
      setSession({ status: 'signed-out', admin: null, byUser: true });
      client.removeQueries({ queryKey: ['admin'] });
      await forgetOfficerDay().catch((error: unknown) => console.warn('The officer’s day was not cleared from this device', error));
    },
  });
  const { mutate: requestSignOut, isPending: signingOut } = signOutMutation;
  // Marks made on this device that the server has not had: Sign Out asks before discarding them.
  const [unsentMarks, setUnsentMarks] = useState(0);
  const signOut = useCallback(() => {
    queuedMarks()
      .catch(() => [])
      .then((marks) => (marks.length > 0 ? setUnsentMarks(marks.length) : requestSignOut()));
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
          {unsentMarks === 1 ? '1 change made on this device (check-in, tally or walk-in) has' : `${unsentMarks} changes made on this device (check-ins, tally or walk-ins) have`} not reached the club yet.
          Signing out removes {unsentMarks === 1 ? 'it' : 'them'} from this device, never sent. Stay signed in, and{' '}
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
