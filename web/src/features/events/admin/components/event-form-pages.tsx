import { useNavigate, useParams } from 'react-router-dom';
import { emptyEventForm, type EventFormValues } from '@core/events/event-form';
import { changeNoticeDone } from '@core/events/event-change-notice';
import { useCreateEvent, useUpdateEvent } from '../api/events';
import { eventQueryOptions, useEvent } from '../exports/event-queries';
import { EventForm } from './event-form';
import { CreatePage, EditPage, SaveFailureAlert, useSave, type SaveMutation, type SaveOptions } from '../../../../admin/shared/components/form-page';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { useSignedInAdmin } from '../../../../admin/session/components/admin-session';
import { AdminAnnouncementsSection } from '../../../announcements/exports/admin-announcements-section';

export const CREATE_MESSAGES = { success: 'Event created successfully!', failed: 'Failed to create event. Please try again.' };
export const UPDATE_MESSAGES = { success: 'Event updated successfully!', failed: 'Failed to update event. Please try again.' };
export const EDIT_LOAD_MESSAGES = { notFound: 'Event not found', failed: 'Failed to load event' };

const LIST = '/admin/events';

/**
 * A save: field messages for 400, the server's words for a refusal the admin can understand (403,
 * or 409: changed meanwhile by another admin's edit or the event's cancellation), otherwise the
 * catalogue's failure message.
 */
const saving = <S,>(
  mutation: SaveMutation<EventFormValues, S>,
  messages: { success: string; failed: string },
  told: (saved: S) => string | null = () => null,
): SaveOptions<EventFormValues, S> => ({
  mutation,
  // A save that moved the event says how many people were e-mailed about it.
  saved: (result) => ({ to: LIST, message: [messages.success, told(result)].filter(Boolean).join(' ') }),
  failed: messages.failed,
  refusals: [403, 409],
});

export function EventCreatePage() {
  const navigate = useNavigate();
  const { submit, failure } = useSave(saving(useCreateEvent(), CREATE_MESSAGES));
  return (
    <CreatePage back={LIST} backLabel="← Back to events" title="Create Event" failure={failure}>
      <EventForm initial={emptyEventForm()} submitLabel="Create Event" submittingLabel="Creating…" onSubmit={submit} onCancel={() => navigate(LIST)} />
    </CreatePage>
  );
}

export function EventEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const event = useEvent(id);
  const admin = useSignedInAdmin();
  const tryAgain = useTryAgain(eventQueryOptions(id).queryKey);
  const { submit, failure } = useSave(saving(useUpdateEvent(id), UPDATE_MESSAGES, (saved) => changeNoticeDone(saved.told)));
  return (
    <EditPage
      query={event}
      onRetry={tryAgain}
      back={LIST}
      backLabel="← Back to events"
      title="Edit Event"
      titleOf={({ event }) => `Edit Event: ${event.name}`}
      loading="Loading event…"
      list={LIST}
      notFound={EDIT_LOAD_MESSAGES.notFound}
      loadFailed={() => EDIT_LOAD_MESSAGES.failed}
    >
      {({ event, form, placesTaken, changeNotice }) => (
        <>
          {/* Keyed by the saved version: an edit page reopened shows the cached event at once, and
              the form starts again from the event as saved when the fresh copy arrives. */}
          <SaveFailureAlert failure={failure} />
          <EventForm
            key={`${event.id}@${event.updatedAt}`}
            initial={form}
            placesTaken={placesTaken}
            moveNotice={{ stored: event, count: changeNotice }}
            submitLabel="Update Event"
            submittingLabel="Saving…"
            onSubmit={submit}
            onCancel={() => navigate(LIST)}
          />
          <AdminAnnouncementsSection eventId={event.id} replyTo={admin.email} />
        </>
      )}
    </EditPage>
  );
}
