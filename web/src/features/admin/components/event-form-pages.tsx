import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { emptyEventForm, type EventFormValues } from '@core/domain/event-form';
import { ApiError } from '../../../lib/api';
import { createEvent, getEvent, updateEvent } from '../api/events';
import { AccessDenied } from './access-denied';
import { EventForm } from './event-form';
import type { Flash } from './notice';
import { LoadError, Loading } from './load-error';
import { PageTitle } from './page-title';
import { useAdminData } from '../../../lib/query';
import { Alert } from '../../../components/ui/alert';

export const CREATE_MESSAGES = { success: 'Event created successfully!', failed: 'Failed to create event. Please try again.' };
export const UPDATE_MESSAGES = { success: 'Event updated successfully!', failed: 'Failed to update event. Please try again.' };
export const EDIT_LOAD_MESSAGES = { notFound: 'Event not found', failed: 'Failed to load event' };

type FieldErrors = Partial<Record<keyof EventFormValues, string>>;

/**
 * Turns a refused save into what the form shows: field messages for 400, the server's words for
 * a refusal the admin can understand (403, 404), otherwise the catalogue's failure message.
 */
function useSave(save: (values: EventFormValues) => Promise<unknown>, messages: { success: string; failed: string }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ message: string; denied: ApiError | null } | null>(null);

  async function submit(values: EventFormValues): Promise<FieldErrors | null> {
    setFailure(null);
    try {
      await save(values);
      const flash: Flash = { kind: 'success', message: messages.success };
      navigate('/admin/events', { state: { flash } });
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) return error.fields as FieldErrors;
      if (error instanceof ApiError && error.status === 403) {
        setFailure({ message: error.message, denied: error });
        return null;
      }
      // Changed meanwhile (another admin's edit, or the event's cancellation): the server's words.
      if (error instanceof ApiError && error.status === 409) {
        setFailure({ message: error.message, denied: null });
        return null;
      }
      setFailure({ message: messages.failed, denied: null });
      return null;
    }
  }
  return { submit, failure };
}

function Failure({ failure }: { failure: { message: string; denied: ApiError | null } | null }) {
  if (!failure) return null;
  return (
    <Alert tone="error">
      {failure.message}
      {failure.denied?.permission && <> (required permission: {failure.denied.permission})</>}
    </Alert>
  );
}

export function EventCreatePage() {
  const navigate = useNavigate();
  const { submit, failure } = useSave(createEvent, CREATE_MESSAGES);
  return (
    <>
      <p className="adm-breadcrumb">
        <Link to="/admin/events">← Back to events</Link>
      </p>
      <PageTitle documentTitle="Create Event">Create Event</PageTitle>
      <Failure failure={failure} />
      <EventForm initial={emptyEventForm()} submitLabel="Create Event" submittingLabel="Creating…" onSubmit={submit} onCancel={() => navigate('/admin/events')} />
    </>
  );
}

export function EventEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { state, reload } = useAdminData(['event', id], () => getEvent(id));
  const { submit, failure } = useSave((values) => updateEvent(id, values), UPDATE_MESSAGES);

  const notFound = state.status === 'error' && state.error.status === 404;
  useEffect(() => {
    if (!notFound) return;
    const flash: Flash = { kind: 'error', message: EDIT_LOAD_MESSAGES.notFound };
    navigate('/admin/events', { replace: true, state: { flash } });
  }, [notFound, navigate]);

  if (state.status === 'error' && state.error.status === 403) return <AccessDenied message={state.error.message} permission={state.error.permission} />;

  return (
    <>
      <p className="adm-breadcrumb">
        <Link to="/admin/events">← Back to events</Link>
      </p>
      <PageTitle documentTitle="Edit Event">{state.status === 'ok' ? `Edit Event: ${state.data.event.name}` : 'Edit Event'}</PageTitle>
      {state.status === 'loading' && <Loading label="Loading event…" />}
      {state.status === 'error' &&
        (notFound ? (
          <Alert tone="error">
            {EDIT_LOAD_MESSAGES.notFound}
          </Alert>
        ) : (
          <LoadError error={state.error} message={EDIT_LOAD_MESSAGES.failed} onRetry={reload} />
        ))}
      {state.status === 'ok' && (
        <>
          {/* Keyed by the saved version: an edit page reopened shows the cached event at once, and
              the form starts again from the event as saved when the fresh copy arrives. */}
          <Failure failure={failure} />
          <EventForm key={`${state.data.event.id}@${state.data.event.updatedAt}`} initial={state.data.form} submitLabel="Update Event" submittingLabel="Saving…" onSubmit={submit} onCancel={() => navigate('/admin/events')} />
        </>
      )}
    </>
  );
}
