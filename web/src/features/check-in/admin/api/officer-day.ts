import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { OfficerDaySchema, type OfficerDay } from '@core/check-in/officer-day-schema';
import { apiGet, ApiError } from '../../../../lib/api';
import { adminQueryOptions } from '../../../../admin/shared/api/admin-query';
import { sendQueuedMarks } from './mark-sender';
import { conflicts, dropConflict, queuedMarks, queueMark, readDay, saveDay, type QueuedMark } from './officer-day-store';

/** The day as the page shows it: from the server, or (offline) the copy kept on the device, with when it was read. */
export interface KeptDay {
  day: OfficerDay;
  savedAt: string;
  fromDevice: boolean;
}

/**
 * Reads the officer's day from the server and keeps it on the device; when the server cannot be
 * reached, the copy kept at the last visit is the answer (an error only when there is none).
 */
async function loadDay(): Promise<KeptDay> {
  try {
    const day = await apiGet('/api/admin/officer-day', OfficerDaySchema);
    const savedAt = new Date().toISOString();
    await saveDay(day, savedAt).catch(() => undefined);
    // Read back: marks answered meanwhile may be newer than this read.
    const kept = await readDay().catch(() => null);
    return { day: kept?.day ?? day, savedAt, fromDevice: false };
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0) throw error;
    const kept = await readDay().catch(() => null);
    if (!kept) throw error;
    return { ...kept, fromDevice: true };
  }
}

export const officerDayQueryOptions = () => ({ ...adminQueryOptions(['officer-day'], loadDay), networkMode: 'always' as const });
const queueKey = ['admin', 'officer-day-queue'] as const;
const conflictsKey = ['admin', 'officer-day-conflicts'] as const;

export function useOfficerDay() {
  return useQuery(officerDayQueryOptions());
}

/** The marks kept on the device, not yet answered by the server. */
export function useQueuedMarks() {
  return useQuery({ queryKey: queueKey, queryFn: queuedMarks, networkMode: 'always', staleTime: 0 });
}

/** Marks another officer's change overtook, for the page to show. */
export function useMarkConflicts() {
  return useQuery({ queryKey: conflictsKey, queryFn: conflicts, networkMode: 'always', staleTime: 0 });
}

/** Sends what is queued, then reads the device's queue, the conflicts and the day again. */
function useSend() {
  const client = useQueryClient();
  return async () => {
    const round = await sendQueuedMarks();
    // The day kept on the device already holds the server's answers: shown before the queue
    // empties, so the next mark starts from the version the server now has.
    const kept = await readDay().catch(() => null);
    if (kept) client.setQueryData(officerDayQueryOptions().queryKey, (old: KeptDay | undefined) => (old ? { ...old, day: kept.day } : old));
    await Promise.all([client.invalidateQueries({ queryKey: queueKey }), client.invalidateQueries({ queryKey: conflictsKey })]);
    if (round.answered > 0 && !round.offline) await client.invalidateQueries({ queryKey: officerDayQueryOptions().queryKey });
    return round;
  };
}

/** How long after a round cut short (the connection dropped mid-way) the page tries again, while the browser says it is online. */
const RETRY_MS = 4000;

/**
 * Sends the queued marks when the page starts and whenever the connection comes back (Safari
 * has no background sync: the page itself sends); a round cut short is tried again shortly.
 */
export function useSendQueuedMarks(): void {
  const send = useSend();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const sendNow = async () => {
      clearTimeout(timer);
      const round = await send().catch(() => ({ answered: 0, offline: true }));
      if (!stopped && round.offline && navigator.onLine) timer = setTimeout(() => void sendNow(), RETRY_MS);
    };
    const onOnline = () => void sendNow();
    void sendNow();
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    };
    // Once per page: send is a new function each render but does the same.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** A version 4 UUID; crypto.randomUUID exists only on secure pages, getRandomValues everywhere. */
function deviceUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A walk-in's id, made on the device: the server adds the walk-in once, however often it is sent. */
export const newWalkInId = deviceUuid;

/** A new mark with its device key and time. */
export function newMark(mark: Omit<QueuedMark, 'key' | 'madeAt'>): QueuedMark {
  return { ...mark, key: deviceUuid(), madeAt: Date.now() };
}

/** A check-in mark: shown at once, kept on the device first (so it survives no signal), then sent. */
export function useMarkAttendance() {
  const client = useQueryClient();
  const send = useSend();
  return useMutation({
    networkMode: 'always',
    onMutate: async (mark: QueuedMark) => {
      await client.cancelQueries({ queryKey: queueKey });
      client.setQueryData(queueKey, (old: QueuedMark[] | undefined) => [...(old ?? []), mark]);
    },
    mutationFn: async (mark: QueuedMark) => {
      await queueMark(mark);
      void send().catch(() => undefined);
    },
    onSettled: () => client.invalidateQueries({ queryKey: queueKey }),
  });
}

export function useDismissConflict() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (bookingId: string) => dropConflict(bookingId),
    onSuccess: () => client.invalidateQueries({ queryKey: conflictsKey }),
  });
}
