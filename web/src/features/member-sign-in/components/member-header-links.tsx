import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { pageOf, PATHS, signInPath } from '@core/shared/paths';
import { useMemberSession, useSignOutMember } from '../exports/member-session';

/**
 * The header's member links: "Sign in" for a visitor; once signed in, Duties (the member's duties
 * page), the member's name (to My club) and "Sign out". The session is read in the browser only,
 * so the server's drawing and the browser's first one are the visitor's (no hydration mismatch);
 * the member's links follow. "Sign in" returns to the page it was pressed on (its path and query:
 * the server never sees a `#` part, so the first drawings match).
 */
export function MemberHeaderLinks({ linkClass, onNavigate }: { linkClass: string; onNavigate?: () => void }) {
  const session = useMemberSession();
  const signOut = useSignOutMember();
  const navigate = useNavigate();
  const location = useLocation();
  const member = session.data?.member ?? null;
  if (!member) {
    // On the sign-in page itself the link keeps the page's own return path.
    const here = `${location.pathname}${location.search}`;
    const to = pageOf(location.pathname) === PATHS.signIn ? here : signInPath(here);
    return (
      <li>
        <NavLink to={to} className={linkClass} onClick={onNavigate}>
          Sign in
        </NavLink>
      </li>
    );
  }
  return (
    <>
      <li>
        <NavLink to={PATHS.duties} className={linkClass} onClick={onNavigate}>
          Duties
        </NavLink>
      </li>
      <li>
        <NavLink to={PATHS.myClub} className={linkClass} onClick={onNavigate}>
          <span className="visually-hidden">My club: </span>
          {member.name}
        </NavLink>
      </li>
      <li>
        <button
          type="button"
          className={`${linkClass} member-sign-out`}
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate(undefined, {
              onSuccess: () => {
                onNavigate?.();
                void navigate(PATHS.home);
              },
            })
          }
        >
          Sign out
        </button>
      </li>
    </>
  );
}
