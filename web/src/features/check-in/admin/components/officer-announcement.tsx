import { useSignedInAdmin } from '../../../../admin/session/components/admin-session';
import type { OfficerEvent } from '@core/check-in/officer-day-schema';
import { AnnouncementForm, type AnnouncementFormValues } from '../../../announcements/exports/announcement-form';
import { newAnnouncementId, newMark, useMarkAttendance, useSentAnnouncements } from '../api/officer-day';
import { announcementQueueId, type QueuedMark } from '../api/officer-marks';

/**
 * The officer of the day's short announcement to one of today's events (docs/notifications.md):
 * kept on the device in the marks' queue with an id made here, sent when there is signal, once
 * (the server sends each id once, however often the queue sends it).
 */
export function OfficerAnnouncement({ event, queue }: { event: OfficerEvent; queue: readonly QueuedMark[] }) {
  const replyTo = useSignedInAdmin().email;
  const markAttendance = useMarkAttendance();
  const sent = (useSentAnnouncements().data ?? []).filter((a) => a.eventId === event.id);
  const waiting = queue.flatMap((mark) => (mark.announcement?.eventId === event.id ? [mark.announcement] : []));
  const send = async (values: AnnouncementFormValues) => {
    const id = newAnnouncementId();
    markAttendance.mutate(
      newMark({ bookingId: announcementQueueId(id), expectedVersion: 0, arrived: 0, arrivedPeople: [], announcement: { id, eventId: event.id, ...values } }),
    );
    return true;
  };
  return (
    <div className="od-announcement">
      <AnnouncementForm
        idPrefix={`od-announce-${event.id}`}
        replyTo={replyTo}
        submitLabel="Send announcement"
        onSend={send}
        done={waiting.length > 0 ? 'Announcement kept on this phone: it is sent as soon as there is signal.' : null}
      />
      {(waiting.length > 0 || sent.length > 0) && (
        <ul className="announcements">
          {waiting.map((a) => (
            <li key={a.id} className="announcement">
              <strong>{a.subject}</strong> <span className="adm-muted">(not sent yet)</span>
            </li>
          ))}
          {sent.map((a) => (
            <li key={a.id} className="announcement">
              <strong>{a.subject}</strong> · sent to {a.told === 1 ? '1 person' : `${a.told} people`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
