import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PATHS } from '@core/shared/paths';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMemberSession, useSignOutEverywhere, useSignOutMember } from '../../member-sign-in/exports/member-session';
import { HouseholdInvitationsSection } from './household-invitations-section';
import { HouseholdSection } from './household-section';
import { MyBookingsSection } from './my-bookings-section';
import { MyCalendarFeedSection } from './my-calendar-feed-section';
import { PushSection } from './push-section';
import { MyWaitingListsSection } from './my-waiting-lists-section';
import { MyWorkDaysSection } from './my-work-days-section';
import { MyDutiesSection } from './my-duties-section';
import { MyDutyQuotaSection } from './my-duty-quota-section';
import { AvailabilitySection } from './availability-section';
import { SeasonRotaSection } from './season-rota-section';
import { PasskeysSection } from '../../member-sign-in/exports/passkeys-section';
import { MyDataSection } from './my-data-section';
import { MyAnnouncementsSection } from '../../announcements/exports/member-announcements';
import { MyDetailsSection } from './my-details-section';

/**
 * /my, "My club" (docs/my-club.md): the signed-in member's name and Sign out, then any invitation
 * into a household waiting for them, their bookings,
 * waiting lists, work-day jobs, duties (this season's count, their availability and wishes, the
 * season's rota), calendar feed and household, and their data (download, erase).
 * The session is read in the browser, so the server draws the loading state.
 */
export function MyClubPage() {
  usePageTitle('My club');
  const session = useMemberSession();
  const signOut = useSignOutMember();
  const signOutEverywhere = useSignOutEverywhere();
  const navigate = useNavigate();
  // Said once the member's data is erased (the session is gone with it).
  const [erased, setErased] = useState(false);

  return (
    <div className="page narrow">
      <section className="card" aria-labelledby="my-club-title">
        <h1 id="my-club-title">My club</h1>
        {erased && <Alert tone="success">Your data has been erased and you are signed out.</Alert>}
        {session.isPending ? (
          <Spinner label="Loading…" />
        ) : session.isError ? (
          <LoadFailed title="Failed to load your details" onRetry={() => void session.refetch()} />
        ) : session.data.member === null ? (
          <p>
            Please <Link to={PATHS.signIn}>sign in</Link> to see your club page.
          </p>
        ) : (
          <>
            <p>
              Signed in as <strong>{session.data.member.name}</strong> ({session.data.member.email}).
            </p>
            {(signOut.isError || signOutEverywhere.isError) && <Alert tone="error">Signing out failed. Please try again.</Alert>}
            <div className="my-club-sign-out">
              <Button
                variant="secondary"
                disabled={signOut.isPending || signOutEverywhere.isPending}
                onClick={() => signOut.mutate(undefined, { onSuccess: () => void navigate(PATHS.home) })}
              >
                {signOut.isPending ? 'Signing out…' : 'Sign out'}
              </Button>
              <Button
                variant="secondary"
                aria-describedby="sign-out-everywhere-help"
                disabled={signOut.isPending || signOutEverywhere.isPending}
                onClick={() => signOutEverywhere.mutate(undefined, { onSuccess: () => void navigate(PATHS.home) })}
              >
                {signOutEverywhere.isPending ? 'Signing out everywhere…' : 'Sign out everywhere'}
              </Button>
            </div>
            <p id="sign-out-everywhere-help" className="field-hint">
              Sign out everywhere ends your sessions on every phone and computer, for example one you have lost. To stop a lost phone signing in again, also
              remove its passkey below.
            </p>
          </>
        )}
      </section>
      {session.data?.member && (
        <>
          {/* An invitation into a household waits for an answer: it comes before everything else. */}
          <HouseholdInvitationsSection />
          <MyAnnouncementsSection />
          <MyBookingsSection />
          <MyWaitingListsSection />
          <MyWorkDaysSection />
          <MyDutiesSection />
          <MyDutyQuotaSection />
          <AvailabilitySection />
          <SeasonRotaSection />
          <MyCalendarFeedSection />
          <PushSection />
          <HouseholdSection />
          <MyDetailsSection />
          <PasskeysSection />
          <MyDataSection onErased={() => setErased(true)} />
        </>
      )}
    </div>
  );
}
