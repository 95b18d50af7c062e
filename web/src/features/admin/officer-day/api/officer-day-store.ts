import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Attendance } from '@core/check-in/attendance';
import type { OfficerDay } from '@core/check-in/officer-day-schema';

/** A check-in mark kept on the device until the server has answered it. */
export interface QueuedMark {
  /** A UUID made on the device: the server applies each key once, however often it is sent. */
  key: string;
  bookingId: string;
  expectedVersion: number;
  arrived: number;
  arrivedPeople: string[];
  /** When it was made (ms), so marks are sent in the order they were made. */
  madeAt: number;
  /**
   * Set on a tally-board mark (a named attendee afloat or back ashore): sent to the afloat
   * endpoint with `madeAt` as its time, the check-in fields unused (it raises no version).
   */
  afloat?: { personId: string; afloat: boolean };
}

/** A mark the server did not apply because another officer changed the booking first. */
export interface MarkConflict {
  bookingId: string;
  message: string;
  /** The booking's attendance as the server now holds it; null when the booking can no longer be checked in. */
  attendance: Attendance | null;
}

interface OfficerDayDb extends DBSchema {
  /** The last officer's day the server sent ('day'), with when it was read. */
  day: { key: string; value: { day: OfficerDay; savedAt: string } };
  marks: { key: string; value: QueuedMark };
  conflicts: { key: string; value: MarkConflict };
}

const DB_NAME = 'kyc-officer-day';
let opened: Promise<IDBPDatabase<OfficerDayDb>> | null = null;

/** The device's store (IndexedDB), opened once per page. */
function db(): Promise<IDBPDatabase<OfficerDayDb>> {
  opened ??= openDB<OfficerDayDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('day');
      database.createObjectStore('marks', { keyPath: 'key' });
      database.createObjectStore('conflicts', { keyPath: 'bookingId' });
    },
    // Another tab signs out (deletes the store): this one lets go, and opens it anew if it needs it.
    blocking() {
      const current = opened;
      opened = null;
      void current?.then((database) => database.close());
    },
  });
  return opened;
}

/**
 * Deletes everything the officer's day kept on this device (the day with its phones, emergency
 * contacts, bookers and boats; the marks not sent; the conflicts), at the admin's Sign Out: the
 * next admin on a shared device neither sees it nor sends its marks (docs/officer-of-the-day.md).
 */
export async function forgetOfficerDay(): Promise<void> {
  const current = opened;
  opened = null;
  if (current) (await current.catch(() => null))?.close();
  await deleteDB(DB_NAME);
}

export async function saveDay(day: OfficerDay, savedAt: string): Promise<void> {
  await (await db()).put('day', { day, savedAt }, 'day');
}

export async function readDay(): Promise<{ day: OfficerDay; savedAt: string } | null> {
  return (await (await db()).get('day', 'day')) ?? null;
}

/** Puts the server's answer for one booking into the kept day, so the page and the next mark start from it. */
export async function keepAttendance(attendance: Attendance): Promise<void> {
  const database = await db();
  const kept = await database.get('day', 'day');
  if (!kept) return;
  await database.put('day', { ...kept, day: withAttendance(kept.day, attendance) }, 'day');
}

/** The day with one booking's attendance replaced. */
export function withAttendance(day: OfficerDay, attendance: Attendance): OfficerDay {
  return {
    ...day,
    days: day.days.map((d) => ({
      ...d,
      events: d.events.map((event) => ({
        ...event,
        bookings: event.bookings.map((booking) => (booking.bookingId === attendance.bookingId && attendance.version >= booking.attendance.version ? { ...booking, attendance } : booking)),
      })),
    })),
  };
}

export async function queueMark(mark: QueuedMark): Promise<void> {
  await (await db()).put('marks', mark);
}

/** The marks still to send, oldest first. */
export async function queuedMarks(): Promise<QueuedMark[]> {
  return (await (await db()).getAll('marks')).sort((a, b) => a.madeAt - b.madeAt);
}

export async function dropMarks(keys: readonly string[]): Promise<void> {
  const tx = (await db()).transaction('marks', 'readwrite');
  await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
}

export async function saveConflict(conflict: MarkConflict): Promise<void> {
  await (await db()).put('conflicts', conflict);
}

export async function conflicts(): Promise<MarkConflict[]> {
  return (await db()).getAll('conflicts');
}

export async function dropConflict(bookingId: string): Promise<void> {
  await (await db()).delete('conflicts', bookingId);
}
