import { useState } from 'react';
import { QueryView } from '../../../components/ui/load-failed';
import { ListOrEmpty } from '../../../components/ui/list-or-empty';
import { refusalMessage } from '../../../lib/api';
import { newDeviceId } from '../../../lib/device-id';
import { useAdminAnnouncements, useSendAnnouncement } from '../api/announcements';
import { AdminAnnouncementItem } from '../components/announcement-items';
import { AnnouncementForm, type AnnouncementFormValues } from './announcement-form';

/**
 * The admin event page's Announcements (docs/notifications.md): the form (events:write) and every
 * announcement of the event with how many were told. Each send has its own id made here, so a
 * send retried after a lost answer is sent once.
 */
export function AdminAnnouncementsSection({ eventId, replyTo }: { eventId: string; replyTo: string }) {
  const list = useAdminAnnouncements(eventId);
  const sendAnnouncement = useSendAnnouncement(eventId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const send = async (values: AnnouncementFormValues) => {
    setRefusal(null);
    setDone(null);
    try {
      const sent = await sendAnnouncement.mutateAsync({ ...values, id: newDeviceId() });
      const told = sent.announcement.told;
      setDone(`Announcement sent to ${told === 1 ? '1 person' : `${told} people`}.`);
      return true;
    } catch (error) {
      setRefusal(refusalMessage(error, 'Sending the announcement failed. Please try again.'));
      return false;
    }
  };
  return (
    <section className="card" aria-labelledby="announcements-title">
      <h2 id="announcements-title">Announcements</h2>
      <AnnouncementForm idPrefix="announce" replyTo={replyTo} submitLabel="Send announcement" onSend={send} refusal={refusal} done={done} />
      <h3>Sent</h3>
      <QueryView query={list} loading="Loading announcements…" failed="Failed to load announcements">
        {({ announcements }) => (
          <ListOrEmpty items={announcements} empty="No announcements yet." className="announcements">
            {(announcement) => <AdminAnnouncementItem key={announcement.id} announcement={announcement} />}
          </ListOrEmpty>
        )}
      </QueryView>
    </section>
  );
}
