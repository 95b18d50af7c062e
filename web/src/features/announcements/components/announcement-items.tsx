import { AUDIENCE_LABELS, type Announcement, type MemberAnnouncement } from '@core/announcements/announcement';
import { formatMoment } from '@core/shared/date-text';

/** One announcement as members read it: subject, when, the words (paragraphs as typed). */
export function MemberAnnouncementItem({ announcement, showEvent }: { announcement: MemberAnnouncement; showEvent?: boolean }) {
  return (
    <li className="announcement">
      <p>
        <strong>{announcement.subject}</strong>
        {showEvent && <> · {announcement.eventName}</>} · <time dateTime={announcement.sentAt}>{formatMoment(announcement.sentAt, 'member')}</time>
      </p>
      <p className="announcement-text">{announcement.text}</p>
    </li>
  );
}

/** One announcement on the admin's event page: as members read it, and who was told by whom. */
export function AdminAnnouncementItem({ announcement }: { announcement: Announcement }) {
  const people = announcement.told === 1 ? '1 person' : `${announcement.told} people`;
  return (
    <li className="announcement">
      <p>
        <strong>{announcement.subject}</strong> · <time dateTime={announcement.sentAt}>{formatMoment(announcement.sentAt, 'admin')}</time>
      </p>
      <p className="announcement-text">{announcement.text}</p>
      <p className="field-hint">
        Told {people} ({announcement.audiences.map((a) => AUDIENCE_LABELS[a]).join(', ')}) · by {announcement.authorName} · replies to {announcement.replyTo}
      </p>
    </li>
  );
}
