import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Attendance } from '@core/check-in/attendance';
import { OfficerDaySchema, type OfficerDay } from '@core/check-in/officer-day-schema';
import type { WalkIn, WalkInDetails } from '@core/check-in/walk-in';

/** A walk-in change kept on the device: added (with the id the device made), removed, or marked afloat/ashore. */
export type QueuedWalkIn =
  | { op: 'add'; id: string; eventId: string; details: WalkInDetails }
  | { op: 'remove'; id: string }
  | { op: 'afloat'; id: string; afloat: boolean };

/** The queue's booking id for a walk-in's marks: never a booking's, so no booking's marks take it for theirs. */
export const walkInQueueId = (walkInId: string) => `walk-in:${walkInId}`;

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
  /**
   * Set on a walk-in's change (its `bookingId` is walkInQueueId): sent to the walk-in endpoints,
   * the adding's id and the mark's key made on the device so a resend applies once.
   */
  walkIn?: QueuedWalkIn;
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
  return keptDay(await db());
}

/**
 * The day kept on the device, read through the schema: a copy kept by an older version of the
 * page (before walk-ins) takes the fields it lacks with their defaults.
 */
async function keptDay(database: IDBPDatabase<OfficerDayDb>): Promise<{ day: OfficerDay; savedAt: string } | null> {
  const kept = await database.get('day', 'day');
  if (!kept) return null;
  const parsed = OfficerDaySchema.safeParse(kept.day);
  return parsed.success ? { ...kept, day: parsed.data } : kept;
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

/** Puts the server's answer for one walk-in into the kept day: added or changed (`walkIn`), or gone (`removedId`). */
export async function keepWalkIn(walkIn: WalkIn | null, removedId?: string): Promise<void> {
  const database = await db();
  const kept = await keptDay(database);
  if (!kept) return;
  await database.put('day', { ...kept, day: withWalkIn(kept.day, walkIn, removedId) }, 'day');
}

/** The day with one walk-in put on its event's sheet (replacing the one with its id), or taken off. */
export function withWalkIn(day: OfficerDay, walkIn: WalkIn | null, removedId?: string): OfficerDay {
  const id = walkIn?.id ?? removedId;
  return {
    ...day,
    days: day.days.map((d) => ({
      ...d,
      events: d.events.map((event) => {
        const others = event.walkIns.filter((w) => w.id !== id);
        return { ...event, walkIns: walkIn && walkIn.eventId === event.id ? [...others, walkIn].sort((a, b) => a.addedAt.localeCompare(b.addedAt)) : others };
      }),
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
