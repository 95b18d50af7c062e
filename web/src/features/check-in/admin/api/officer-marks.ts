import type { AnnouncementAudience } from '@core/announcements/announcement';
import type { Attendance } from '@core/check-in/attendance';
import type { OfficerDay } from '@core/check-in/officer-day-schema';
import type { WalkIn, WalkInDetails } from '@core/check-in/walk-in';

/** A walk-in change kept on the device: added (with the id the device made), removed, or marked afloat/ashore. */
export type QueuedWalkIn =
  { op: 'add'; id: string; eventId: string; details: WalkInDetails } | { op: 'remove'; id: string } | { op: 'afloat'; id: string; afloat: boolean };

/** An announcement queued on the officer's device (docs/notifications.md): sent once by its id. */
export interface QueuedAnnouncement {
  id: string;
  eventId: string;
  audiences: AnnouncementAudience[];
  subject: string;
  text: string;
}

/** The queue's booking id for an announcement: never a booking's. */
export const announcementQueueId = (announcementId: string) => `announcement:${announcementId}`;

/** The queue's booking id for a walk-in's marks: never a booking's, so no booking's marks take it for theirs. */
export const walkInQueueId = (walkInId: string) => `walk-in:${walkInId}`;

/**
 * A mark made on the device (a check-in, afloat/ashore, a walk-in's change): the variables of one
 * officer's mark mutation (officer-client.ts), kept on the device until the server has answered it.
 */
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
  /** Set on an announcement (its `bookingId` is announcementQueueId): sent to the event's announcements, by its id. */
  announcement?: QueuedAnnouncement;
}

/** A mark the server did not apply because another officer changed the booking first. */
export interface MarkConflict {
  bookingId: string;
  message: string;
  /** The booking's attendance as the server now holds it; null when the booking can no longer be checked in. */
  attendance: Attendance | null;
  /** When the page heard of it (ms): the booking's check-in marks made before then are dropped, not sent. */
  at: number;
}

/** The day with one booking's attendance replaced. */
export function withAttendance(day: OfficerDay, attendance: Attendance): OfficerDay {
  return {
    ...day,
    days: day.days.map((d) => ({
      ...d,
      events: d.events.map((event) => ({
        ...event,
        bookings: event.bookings.map((booking) =>
          booking.bookingId === attendance.bookingId && attendance.version >= booking.attendance.version ? { ...booking, attendance } : booking,
        ),
      })),
    })),
  };
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
