import { QueryView } from '../../../components/ui/load-failed';
import { ListOrEmpty } from '../../../components/ui/list-or-empty';
import { useMemberSession } from '../../member-sign-in/exports/member-session';
import { useEventAnnouncements, useMyAnnouncements } from '../api/announcements';
import { MemberAnnouncementItem } from '../components/announcement-items';

/** The event page's announcements, for a signed-in member (none shown to a visitor); nothing while there are none. */
export function EventAnnouncements({ eventId }: { eventId: string }) {
  const session = useMemberSession();
  const signedIn = Boolean(session.data?.member);
  const list = useEventAnnouncements(eventId, signedIn);
  if (!signedIn || !list.data || list.data.announcements.length === 0) return null;
  return (
    <section className="card" aria-labelledby="event-announcements-title">
      <h2 id="event-announcements-title">Announcements</h2>
      <ul className="announcements">
        {list.data.announcements.map((announcement) => (
          <MemberAnnouncementItem key={announcement.id} announcement={announcement} />
        ))}
      </ul>
    </section>
  );
}

/** My club's announcements: the newest of the events the member is booked on, on duty at or waiting for. */
export function MyAnnouncementsSection() {
  const list = useMyAnnouncements();
  return (
    <section className="card" aria-labelledby="my-announcements-title">
      <h2 id="my-announcements-title">Announcements</h2>
      <QueryView query={list} loading="Loading announcements…" failed="Failed to load announcements">
        {({ announcements }) => (
          <ListOrEmpty items={announcements} empty="No announcements for your events." className="announcements">
            {(announcement) => <MemberAnnouncementItem key={announcement.id} announcement={announcement} showEvent />}
          </ListOrEmpty>
        )}
      </QueryView>
    </section>
  );
}
