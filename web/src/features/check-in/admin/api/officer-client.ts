import { QueryClient, type Mutation } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClient, persistQueryClientSave, type PersistedClient } from '@tanstack/react-query-persist-client';
import { AttendanceSchema, type Attendance } from '@core/check-in/attendance';
import { AfloatMarkAnswerSchema, AttendanceMarkAnswerSchema, WalkInAnswerSchema, type OfficerDay } from '@core/check-in/officer-day-schema';
import type { WalkIn } from '@core/check-in/walk-in';
import { apiDelete, apiPost, ApiError } from '../../../../lib/api';
import { indexedDbStorage, V1_MARKS, type DeviceStorage } from './device-storage';
import { withAttendance, withWalkIn, type MarkConflict, type QueuedAnnouncement, type QueuedMark, type QueuedWalkIn } from './officer-marks';
import { SentAnnouncementSchema, type SentAnnouncement } from '@core/announcements/announcement';

/**
 * The officer of the day's own query client, persisted on the device (ADR 67,
 * docs/officer-of-the-day.md): the day as last read, the conflicts, and every mark the server has
 * not answered, each a mutation under MARK_KEY run oldest first in one scope.
 */

/** The day as the page shows it: from the server, or (offline) the copy kept on the device, with when it was read. */
export interface KeptDay {
  day: OfficerDay;
  savedAt: string;
  fromDevice: boolean;
}

export const MARK_KEY = ['officer-mark'] as const;
export const DAY_KEY = ['admin', 'officer-day'] as const;
export const CONFLICTS_KEY = ['admin', 'officer-day-conflicts'] as const;
/** The announcements this device sent, as the server answered them (kept with the day). */
export const ANNOUNCED_KEY = ['admin', 'officer-day-announced'] as const;
const PERSIST_KEY = 'officer-day';
/** Raised when what is persisted changes shape: an older copy is then dropped rather than misread. */
const BUSTER = 'officer-day-2';
/** How long a mark waits before it is sent again when the server could not be reached though the browser says it is online. */
const RETRY_MS = 4000;
/** How long after a 401 (the session ended) a mark is tried again: kept meanwhile, sent once the admin signs in again. */
const SIGNED_OUT_RETRY_MS = 30_000;

export interface OfficerDayStore {
  client: QueryClient;
  /** Settles once what the device kept is back in the client (or could not be read). */
  restored: Promise<void>;
  /** Stops this client (a page closed): nothing more is sent or kept; what the device holds stays. */
  stop(): void;
  /** Stops and deletes everything kept on the device (Sign Out). */
  forget(): Promise<void>;
}

let current: OfficerDayStore | null = null;

/** The officer's day of this page, started (restored from the device, its marks resumed) on first use. */
export function officerDay(): OfficerDayStore {
  return (current ??= startOfficerDay(indexedDbStorage()));
}

/** Starts the officer's day over `storage`, in place of this page's (which stops); tests pass an in-memory one. */
export function startOfficerDay(storage: DeviceStorage): OfficerDayStore {
  current?.stop();
  current = createStore(storage);
  return current;
}

/**
 * Deletes everything the officer's day kept on this device (the day with its phones, emergency
 * contacts, bookers and boats; the marks not sent; the conflicts), at the admin's Sign Out: the
 * next admin on a shared device neither sees it nor sends its marks (docs/officer-of-the-day.md).
 */
export async function forgetOfficerDay(): Promise<void> {
  const store = current;
  current = null;
  await (store ? store.forget() : indexedDbStorage().forget());
}

/** How many marks made on this device the server has not answered (Sign Out asks before discarding them). */
export async function unsentMarks(): Promise<number> {
  if (current) {
    await current.restored;
    return current.client.isMutating({ mutationKey: MARK_KEY });
  }
  // Not started on this page (an admin who may not check in): what the device keeps.
  const kept = await indexedDbStorage().getItem(PERSIST_KEY);
  return kept ? (JSON.parse(kept) as PersistedClient).clientState.mutations.length : 0;
}

function createStore(storage: DeviceStorage): OfficerDayStore {
  let stopped = false;
  const client = new QueryClient({
    defaultOptions: {
      // Kept while the page lives whatever screen is open: what is persisted is what is in the client.
      queries: { gcTime: Infinity, retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
    },
  });
  client.setMutationDefaults(MARK_KEY, {
    mutationFn: async (mark: QueuedMark) => {
      // A stopped client (signed out) sends nothing more, even a mark waiting for its retry.
      if (!stopped) await sendMark(client, mark);
    },
    // One scope: the marks go one at a time, in the order they were made.
    scope: { id: 'officer-marks' },
    // Paused with no signal, resumed by the library when the connection comes back.
    networkMode: 'online',
    // sendMark throws only when the mark must be sent again: no answer (status 0) or no session (401).
    retry: true,
    retryDelay: (_count, error) => (error instanceof ApiError && error.status === 401 ? SIGNED_OUT_RETRY_MS : RETRY_MS),
    onSuccess: () => {
      // The last mark answered: the day is read again, with what other officers did meanwhile.
      if (client.isMutating({ mutationKey: MARK_KEY }) <= 1) void client.invalidateQueries({ queryKey: DAY_KEY });
    },
  });
  const persister = createAsyncStoragePersister({
    storage,
    key: PERSIST_KEY,
    // Written at each change: a mark made just before the page closes is on the device.
    throttleTime: 0,
    // A mark sent but not answered when the page closed is kept as paused, so that resuming sends it
    // again (the server applies its key once).
    serialize: (persisted) =>
      JSON.stringify({
        ...persisted,
        clientState: { ...persisted.clientState, mutations: persisted.clientState.mutations.map((m) => ({ ...m, state: { ...m.state, isPaused: true } })) },
      }),
  });
  const options = {
    queryClient: client,
    persister,
    buster: BUSTER,
    // Never dropped for age: a mark waits however long the device has no signal; the day says when it was read.
    maxAge: Infinity,
    dehydrateOptions: { shouldDehydrateMutation: (mutation: Mutation) => mutation.state.status === 'pending' },
  };
  // Mounted: the library's onlineManager resumes the paused marks when the connection comes back.
  // (It takes the browser for online until an 'offline' event: a page opened with no signal tries
  // its kept marks, fails with no answer and tries again every RETRY_MS until one comes.)
  client.mount();
  const [unsubscribe, done] = persistQueryClient(options);
  const restored = done
    .then(async () => {
      // Marks made while the device was read are written too; the kept ones are sent (not waited for).
      void persistQueryClientSave(options);
      void client.resumePausedMutations();
      await adoptV1Marks(client, storage);
    })
    .then(
      () => undefined,
      (error: unknown) => console.warn('The officer’s day kept on this device could not be read', error),
    );
  const stop = () => {
    stopped = true;
    unsubscribe();
    client.unmount();
    client.clear();
  };
  return {
    client,
    restored,
    stop,
    forget: async () => {
      stop();
      await storage.forget();
    },
  };
}

/** The marks the page's version 1 kept and had not sent (device-storage.ts), made mutations like any mark, oldest first. */
async function adoptV1Marks(client: QueryClient, storage: DeviceStorage): Promise<void> {
  const kept = await storage.getItem(V1_MARKS);
  if (!kept) return;
  for (const mark of (JSON.parse(kept) as QueuedMark[]).sort((a, b) => a.madeAt - b.madeAt)) {
    void client
      .getMutationCache()
      .build(client, { mutationKey: MARK_KEY })
      .execute(mark)
      .catch(() => undefined);
  }
  await storage.removeItem(V1_MARKS);
}

/** Whether the error means "send it again": no answer from the server, or no session (the mark is kept for the next one). */
const sendAgain = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status === 401;

/**
 * Sends one mark; the server's answer goes into the day shown (so the next mark builds on the
 * version it now holds). Refused for good: kept as a conflict for the page to show, never sent
 * again. Throws (to be retried) only when the mark must be sent again (sendAgain).
 */
async function sendMark(client: QueryClient, mark: QueuedMark): Promise<void> {
  // A booking's check-ins made before a conflict was heard were made on the state the other
  // officer replaced: dropped. Its afloat and ashore marks are facts of their own, sent still
  // (a sailor back ashore must never be lost).
  const conflicts = client.getQueryData<MarkConflict[]>(CONFLICTS_KEY) ?? [];
  if (!mark.afloat && conflicts.some((c) => c.bookingId === mark.bookingId && c.at > mark.madeAt)) return;
  if (mark.walkIn) return sendWalkIn(client, mark, mark.walkIn);
  if (mark.announcement) return sendAnnouncement(client, mark, mark.announcement);
  try {
    const answer = mark.afloat
      ? await apiPost(
          `/api/admin/bookings/${encodeURIComponent(mark.bookingId)}/afloat`,
          { key: mark.key, personId: mark.afloat.personId, afloat: mark.afloat.afloat, markedAt: new Date(mark.madeAt).toISOString() },
          AfloatMarkAnswerSchema,
        )
      : await apiPost(
          `/api/admin/bookings/${encodeURIComponent(mark.bookingId)}/attendance`,
          { key: mark.key, expectedVersion: mark.expectedVersion, arrived: mark.arrived, arrivedPeople: mark.arrivedPeople },
          AttendanceMarkAnswerSchema,
        );
    keepAttendance(client, answer.attendance);
  } catch (error) {
    if (sendAgain(error)) throw error;
    const refusal = error as ApiError;
    const current = AttendanceSchema.safeParse(refusal.body.attendance);
    if (refusal.status === 409 && current.success) {
      keepAttendance(client, current.data);
      keepConflict(client, { bookingId: mark.bookingId, message: String(refusal.body.message ?? 'Changed by another officer'), attendance: current.data });
    } else {
      // Refused for good (the booking cancelled, or gone): shown like a conflict, never sent again.
      keepConflict(client, { bookingId: mark.bookingId, message: refusal.message, attendance: null });
    }
  }
}

/**
 * Sends one walk-in change (added, removed, afloat/ashore). Applied or repeated (the id or key
 * known to the server), the day takes the walk-in as it now stands; refused for good (gone, the
 * event cancelled, bad details), the page says so, never sent again.
 */
async function sendWalkIn(client: QueryClient, mark: QueuedMark, change: QueuedWalkIn): Promise<void> {
  const path = `/api/admin/walk-ins/${encodeURIComponent(change.id)}`;
  try {
    if (change.op === 'add') {
      const answer = await apiPost(
        `/api/admin/events/${encodeURIComponent(change.eventId)}/walk-ins`,
        { id: change.id, ...change.details },
        WalkInAnswerSchema,
      );
      keepWalkIn(client, answer.walkIn, change.id);
    } else if (change.op === 'remove') {
      await apiDelete(path, WalkInAnswerSchema);
      keepWalkIn(client, null, change.id);
    } else {
      const answer = await apiPost(
        `${path}/afloat`,
        { key: mark.key, afloat: change.afloat, markedAt: new Date(mark.madeAt).toISOString() },
        WalkInAnswerSchema,
      );
      keepWalkIn(client, answer.walkIn, change.id);
    }
  } catch (error) {
    if (sendAgain(error)) throw error;
    const refusal = error as ApiError;
    // A removal of a walk-in already gone has done what it was for.
    if (!(change.op === 'remove' && refusal.status === 404)) keepConflict(client, { bookingId: mark.bookingId, message: refusal.message, attendance: null });
    if (refusal.status === 404) keepWalkIn(client, null, change.id);
  }
}

/**
 * Sends one announcement by the id made on the device: sent, or repeated (sent before, an answer
 * lost), the page says how many were told; refused for good (not today's event, no permission,
 * bad words), the page says so, never sent again.
 */
async function sendAnnouncement(client: QueryClient, mark: QueuedMark, announcement: QueuedAnnouncement): Promise<void> {
  const { eventId, ...body } = announcement;
  try {
    const answer = await apiPost(`/api/admin/events/${encodeURIComponent(eventId)}/announcements`, body, SentAnnouncementSchema);
    client.setQueryData<SentAnnouncement['announcement'][]>(ANNOUNCED_KEY, (old = []) => [
      ...old.filter((a) => a.id !== answer.announcement.id),
      answer.announcement,
    ]);
  } catch (error) {
    if (sendAgain(error)) throw error;
    keepConflict(client, { bookingId: mark.bookingId, message: `Announcement "${announcement.subject}": ${(error as ApiError).message}`, attendance: null });
  }
}

function keepAttendance(client: QueryClient, attendance: Attendance): void {
  client.setQueryData<KeptDay>(DAY_KEY, (kept) => kept && { ...kept, day: withAttendance(kept.day, attendance) });
}

function keepWalkIn(client: QueryClient, walkIn: WalkIn | null, removedId: string): void {
  client.setQueryData<KeptDay>(DAY_KEY, (kept) => kept && { ...kept, day: withWalkIn(kept.day, walkIn, removedId) });
}

function keepConflict(client: QueryClient, conflict: Omit<MarkConflict, 'at'>): void {
  client.setQueryData<MarkConflict[]>(CONFLICTS_KEY, (old = []) => [...old.filter((c) => c.bookingId !== conflict.bookingId), { ...conflict, at: Date.now() }]);
}
