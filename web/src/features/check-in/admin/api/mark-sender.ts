import { AfloatMarkAnswerSchema, AttendanceMarkAnswerSchema, WalkInAnswerSchema } from '@core/check-in/officer-day-schema';
import { AttendanceSchema } from '@core/check-in/attendance';
import { apiDelete, apiPost, ApiError } from '../../../../lib/api';
import { dropMarks, keepAttendance, keepWalkIn, queuedMarks, saveConflict, type QueuedMark, type QueuedWalkIn } from './officer-day-store';

/** What a send round did: how many marks the server has now answered, and whether the network failed. */
export interface SendRound {
  answered: number;
  offline: boolean;
}

let running: Promise<SendRound> | null = null;

/**
 * Sends the marks kept on the device, oldest first, one at a time; each is dropped only once the
 * server answered it (applied or repeated: the same key is never applied twice; a conflict: kept
 * as a conflict for the page to show, with the booking's later marks dropped, since they were
 * made on the state the other officer replaced). A network failure stops the round and keeps
 * the rest for the next one (the connection back, the app started again, or the next mark).
 * One round at a time in this page.
 */
export function sendQueuedMarks(): Promise<SendRound> {
  running ??= sendRound().finally(() => {
    running = null;
  });
  return running;
}

async function sendRound(): Promise<SendRound> {
  let answered = 0;
  const conflicted = new Set<string>();
  // Marks made while this round sends are sent in it too: read the queue again until nothing new.
  const tried = new Set<string>();
  for (;;) {
    const marks = (await queuedMarks()).filter((mark) => !tried.has(mark.key));
    if (marks.length === 0) return { answered, offline: false };
    for (const mark of marks) {
      tried.add(mark.key);
      const outcome = await sendOne(mark, conflicted);
      if (outcome === 'offline') return { answered, offline: true };
      if (outcome === 'stop') return { answered, offline: false };
      answered += 1;
    }
  }
}

/** Sends one mark and drops it once answered: 'answered', or 'offline' / 'stop' (signed out) with the mark kept. */
async function sendOne(mark: QueuedMark, conflicted: Set<string>): Promise<'answered' | 'offline' | 'stop'> {
  // A booking's later check-ins were made on the state another officer replaced; its afloat and
  // ashore marks are facts of their own, sent still (a sailor back ashore must never be lost).
  if (conflicted.has(mark.bookingId) && !mark.afloat) {
    await dropMarks([mark.key]);
    return 'answered';
  }
  if (mark.walkIn) return sendWalkIn(mark, mark.walkIn);
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
    await keepAttendance(answer.attendance);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0) return 'offline';
    if (error.status === 401) return 'stop';
    const current = AttendanceSchema.safeParse(error.body.attendance);
    if (error.status === 409 && current.success) {
      conflicted.add(mark.bookingId);
      await keepAttendance(current.data);
      await saveConflict({ bookingId: mark.bookingId, message: String(error.body.message ?? 'Changed by another officer'), attendance: current.data });
    } else {
      // Refused for good (the booking cancelled, or gone): shown like a conflict, never sent again.
      await saveConflict({ bookingId: mark.bookingId, message: error.message, attendance: null });
    }
  }
  await dropMarks([mark.key]);
  return 'answered';
}

/**
 * Sends one walk-in change (added, removed, afloat/ashore) and drops it once answered. Applied or
 * repeated (the id or key known to the server), the kept day takes the walk-in as it now stands;
 * refused for good (gone, the event cancelled, bad details), the page says so, never sent again.
 */
async function sendWalkIn(mark: QueuedMark, change: QueuedWalkIn): Promise<'answered' | 'offline' | 'stop'> {
  const path = `/api/admin/walk-ins/${encodeURIComponent(change.id)}`;
  try {
    if (change.op === 'add') {
      const answer = await apiPost(`/api/admin/events/${encodeURIComponent(change.eventId)}/walk-ins`, { id: change.id, ...change.details }, WalkInAnswerSchema);
      await keepWalkIn(answer.walkIn, change.id);
    } else if (change.op === 'remove') {
      await apiDelete(path, WalkInAnswerSchema);
      await keepWalkIn(null, change.id);
    } else {
      const answer = await apiPost(`${path}/afloat`, { key: mark.key, afloat: change.afloat, markedAt: new Date(mark.madeAt).toISOString() }, WalkInAnswerSchema);
      await keepWalkIn(answer.walkIn, change.id);
    }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0) return 'offline';
    if (error.status === 401) return 'stop';
    // A removal of a walk-in already gone has done what it was for.
    if (!(change.op === 'remove' && error.status === 404)) await saveConflict({ bookingId: mark.bookingId, message: error.message, attendance: null });
    if (error.status === 404) await keepWalkIn(null, change.id);
  }
  await dropMarks([mark.key]);
  return 'answered';
}
