import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventFormValues } from '@core/events/event-form';
import type { ChangeNoticeTold } from '@core/events/event-change-notice';
import type { ClubEvent } from '@core/events/event';
import type { EventCancellationPreview } from '@core/bookings/event-cancellation';
import type { CancelEventResult } from '@core/operations/cancel-event';
import { EventCancelledSchema, EventCancelPreviewSchema, EventSavedSchema } from '@core/contract/admin-api-schema';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../../lib/api';
import { adminQueryOptions, type MutationConfig, useAdminMutation } from '../../../../admin/shared/api/admin-query';
import { eventPath, eventRecords, eventQueryOptions, eventsQueryOptions } from '../exports/event-queries';

// The core's answer types; the schemas check the server's answers are of them.
export type CancelPreview = EventCancellationPreview;
export type EventCancelled = CancelEventResult;

export async function createEvent(values: EventFormValues): Promise<ClubEvent> {
  return (await apiPost('/api/admin/events', values, EventSavedSchema)).event;
}

/** Saves an edit: the event as stored and who its move e-mailed (zeros when it moved nothing). */
export async function updateEvent({ id, values }: { id: string; values: EventFormValues }): Promise<{ event: ClubEvent; told: ChangeNoticeTold }> {
  const saved = await apiPut(eventPath(id), values, EventSavedSchema);
  return { event: saved.event, told: saved.told ?? { members: 0, dutyHolders: 0 } };
}

export async function deleteEvent(id: string): Promise<void> {
  await apiDelete(eventPath(id));
}

/** What cancelling the event would do: its standing bookings, and how they are refunded. */
export function getCancelPreview(id: string): Promise<CancelPreview> {
  return apiGet(`${eventPath(id)}/cancel`, EventCancelPreviewSchema);
}

/** The preview is counted afresh each time the dialog opens (gcTime 0: none kept once it closes). */
export const cancelPreviewQueryOptions = (id: string) => ({ ...adminQueryOptions(['event', id, 'cancel-preview'], () => getCancelPreview(id)), gcTime: 0 });

/** The cancel dialog's preview, while it is open for an event (`id` null: closed). */
export function useCancelPreview(id: string | null) {
  return useQuery({ ...cancelPreviewQueryOptions(id ?? ''), enabled: id !== null });
}

/** Cancels the event for this reason: every standing booking cancelled and refunded, members e-mailed. */
export function cancelEvent({ id, reason }: { id: string; reason: string }): Promise<EventCancelled> {
  return apiPost(`${eventPath(id)}/cancel`, { reason }, EventCancelledSchema);
}

export function useCreateEvent() {
  return eventRecords.useCreate(createEvent);
}

export function useUpdateEvent(id: string) {
  return eventRecords.useUpdate(id, updateEvent);
}

/** Deletes an event; the list drops it at once. */
export function useDeleteEvent(config: MutationConfig<void, ClubEvent> = {}) {
  return eventRecords.useDelete(deleteEvent, (list, gone: ClubEvent) => list.filter((event) => event.id !== gone.id), config);
}

/** Cancels an event; the list shows it cancelled at once. */
export function useCancelEvent(config: MutationConfig<EventCancelled, { id: string; reason: string }> = {}) {
  const client = useQueryClient();
  const cache = {
    onSuccess: (result: EventCancelled) => {
      // Cancelled: its bookings no longer take places, and its status says Cancelled (no booking state beside it).
      client.setQueryData(eventsQueryOptions().queryKey, (events) =>
        events?.map((event) => (event.id === result.event.id ? { ...event, ...result.event, placesTaken: 0, bookingState: null } : event)),
      );
      void client.invalidateQueries({ queryKey: eventQueryOptions(result.event.id).queryKey, exact: true, refetchType: 'none' });
    },
  };
  return useAdminMutation(cancelEvent, cache, config);
}
