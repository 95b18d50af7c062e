import { queryOptions, useMutation, useMutationState, useQuery } from '@tanstack/react-query';
import { OfficerDaySchema } from '@core/check-in/officer-day-schema';
import { apiGet, ApiError } from '../../../../lib/api';
import { newDeviceId } from '../../../../lib/device-id';
import { toApiError } from '../../../../admin/shared/api/admin-query';
import type { SentAnnouncement } from '@core/announcements/announcement';
import { ANNOUNCED_KEY, CONFLICTS_KEY, DAY_KEY, MARK_KEY, officerDay, type KeptDay, type OfficerDayStore } from './officer-client';
import { withAttendance, type MarkConflict, type QueuedMark } from './officer-marks';

export type { KeptDay } from './officer-client';

/**
 * Reads the officer's day from the server; when the server cannot be reached, the copy the device
 * kept (persisted with the client) is the answer, with when it was read (an error only when there is none).
 */
async function loadDay({ client, restored }: OfficerDayStore): Promise<KeptDay> {
  await restored;
  const kept = () => client.getQueryData<KeptDay>(DAY_KEY);
  try {
    const day = await apiGet('/api/admin/officer-day', OfficerDaySchema);
    // A mark answered while this read was under way may be newer than it: the higher version stays.
    const answered = kept()?.day.days.flatMap((d) => d.events.flatMap((event) => event.bookings.map((booking) => booking.attendance))) ?? [];
    return { day: answered.reduce(withAttendance, day), savedAt: new Date().toISOString(), fromDevice: false };
  } catch (error) {
    const copy = kept();
    if ((error instanceof ApiError && error.status !== 0) || !copy) throw toApiError(error);
    return { ...copy, fromDevice: true };
  }
}

export const officerDayQueryOptions = (store = officerDay()) =>
  queryOptions<KeptDay, ApiError>({ queryKey: DAY_KEY, queryFn: () => loadDay(store), staleTime: 0 });

export function useOfficerDay() {
  const store = officerDay();
  return useQuery(officerDayQueryOptions(store), store.client);
}

/** Try Again after the day failed to load (with no copy on the device): read from the start. */
export function useTryAgainDay(): () => void {
  const { client } = officerDay();
  return () => void client.resetQueries({ queryKey: DAY_KEY, exact: true });
}

/** The marks made on the device the server has not answered (waiting for signal, or under way), oldest first. */
export function useQueuedMarks(): QueuedMark[] {
  const marks = useMutationState(
    { filters: { mutationKey: MARK_KEY, status: 'pending' }, select: (mutation) => mutation.state.variables as QueuedMark },
    officerDay().client,
  );
  return [...marks].sort((a, b) => a.madeAt - b.madeAt);
}

/** Marks another officer's change overtook, for the page to show; kept in the client (and so on the device). */
export function useMarkConflicts() {
  const { client } = officerDay();
  return useQuery({ queryKey: CONFLICTS_KEY, queryFn: () => client.getQueryData<MarkConflict[]>(CONFLICTS_KEY) ?? [], staleTime: Infinity }, client);
}

export function useDismissConflict(): (bookingId: string) => void {
  const { client } = officerDay();
  return (bookingId) => client.setQueryData<MarkConflict[]>(CONFLICTS_KEY, (old = []) => old.filter((c) => c.bookingId !== bookingId));
}

/** A walk-in's id, made on the device: the server adds the walk-in once, however often it is sent. */
export const newWalkInId = newDeviceId;
/** An announcement's id, made on the device: the server sends it once, however often it is sent. */
export const newAnnouncementId = newDeviceId;

/** A new mark with its device key and time. */
export function newMark(mark: Omit<QueuedMark, 'key' | 'madeAt'>): QueuedMark {
  return { ...mark, key: newDeviceId(), madeAt: Date.now() };
}

/**
 * A mark: shown at once (a pending mutation's variables), kept on the device with the client, sent
 * in turn when there is signal. Its function and retries are the mutation defaults of MARK_KEY
 * (officer-client.ts), so a mark restored after a reload is sent the same way.
 */
export function useMarkAttendance() {
  return useMutation<void, Error, QueuedMark>({ mutationKey: MARK_KEY }, officerDay().client);
}

/** The announcements this device sent, as the server answered them (told how many), oldest first. */
export function useSentAnnouncements() {
  const { client } = officerDay();
  return useQuery(
    { queryKey: ANNOUNCED_KEY, queryFn: () => client.getQueryData<SentAnnouncement['announcement'][]>(ANNOUNCED_KEY) ?? [], staleTime: Infinity },
    client,
  );
}
