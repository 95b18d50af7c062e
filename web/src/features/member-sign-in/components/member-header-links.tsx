import { NavLink, useNavigate } from 'react-router-dom';
import { PATHS } from '@core/shared/paths';
import { useMemberSession, useSignOutMember } from '../api/member-session';

/**
 * The header's member links: "Sign in" for a visitor; once signed in, Duties (the member's duties
 * page), the member's name (to My club) and "Sign out". The session is read in the browser only,
 * so the server's drawing and the browser's first one are the visitor's (no hydration mismatch);
 * the member's links follow.
 */
export function MemberHeaderLinks({ linkClass, onNavigate }: { linkClass: string; onNavigate?: () => void }) {
  const session = useMemberSession();
  const signOut = useSignOutMember();
  const navigate = useNavigate();
  const member = session.data?.member ?? null;
  if (!member) {
    return (
      <li>
        <NavLink to={PATHS.signIn} className={linkClass} onClick={onNavigate}>
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
