import { z } from 'zod';
import type { Booking } from '../bookings/booking';
import { InstantSchema } from '../shared/instant';

/** What the check-in says, each in one place: the server's refusals and the page's words. */
export const CHECK_IN_MESSAGES = {
  tooMany: 'More arrived than the booking has attendees',
  notNamed: "Only the booking's named attendees can be ticked by name",
  twice: 'A named attendee is ticked twice',
  fewerThanNamed: 'Arrived counts every named attendee ticked',
  othersTooMany: 'More others arrived than the booking has beside its named attendees',
  cancelled: 'A cancelled booking cannot be checked in',
  conflict: 'Changed by another officer',
  afloatNotArrived: 'Only an attendee ticked as arrived can go afloat',
  afloatNotNamed: "Only the booking's named attendees can be marked afloat or ashore",
} as const;

const PersonIdSchema = z.string().min(1).max(200);

/** A named attendee's last afloat/ashore mark: which, when the officer made it (the device's time), and by whom. */
export const AfloatEntrySchema = z.object({ afloat: z.boolean(), at: InstantSchema, by: z.string().max(320) });
export type AfloatEntry = z.infer<typeof AfloatEntrySchema>;

/**
 * The id under which the booker (the booking's lead attendee, always one of its attendees) is
 * ticked by name in `arrivedPeople`. Household people's ids are the household's own (never this
 * word), so it cannot clash. A booker not ticked may still be counted among the others, as marks
 * made before the booker could be ticked did.
 */
export const BOOKER_PERSON_ID = 'booker';

/**
 * A booking's attendance (docs/officer-of-the-day.md): how many of its attendees arrived, which of its named
 * household attendees were ticked, and a version that every change raises by one. A booking
 * never checked in has version 0, nobody arrived.
 */
export const AttendanceSchema = z.object({
  bookingId: z.string().min(1).max(200),
  eventId: z.string().min(1).max(200),
  /** The number arrived, from 0 to the booking's attendees; the ticked named attendees count in it. */
  arrived: z.number().int().nonnegative().max(10_000),
  /** The named attendees (their personId) ticked as arrived, each once. */
  arrivedPeople: z.array(PersonIdSchema).max(50),
  version: z.number().int().nonnegative(),
  /** When and by whom (the admin's e-mail) it was last changed; null while never checked in. */
  updatedAt: InstantSchema.nullable(),
  updatedBy: z.string().max(320).nullable(),
  /**
   * The tally board: each named attendee's last afloat/ashore mark by personId (absent: never
   * marked, ashore). Afloat marks do not raise the version: they are ordered by their own time,
   * the last one winning, so they never conflict with a check-in (docs/officer-of-the-day.md).
   */
  afloat: z
    .record(PersonIdSchema, AfloatEntrySchema)
    .refine((entries) => Object.keys(entries).length <= 51, 'Too many afloat marks')
    .optional(),
});
export type Attendance = z.infer<typeof AttendanceSchema>;

/** The attendance of a booking nobody checked in yet. */
export function noAttendance(booking: Pick<Booking, 'id' | 'eventId'>): Attendance {
  return { bookingId: booking.id, eventId: booking.eventId, arrived: 0, arrivedPeople: [], version: 0, updatedAt: null, updatedBy: null };
}

/**
 * A mark as the officer's device sends it: a key made on the device (a UUID, the same on every
 * resend, so the server applies it once), the version the officer saw, and the new state.
 */
export const AttendanceMarkSchema = z.object({
  key: z.uuid('The key must be a UUID'),
  expectedVersion: z.number({ error: 'expectedVersion must be a whole number' }).int().nonnegative(),
  arrived: z.number({ error: 'arrived must be a whole number' }).int().nonnegative('arrived must be 0 or more').max(10_000),
  arrivedPeople: z.array(PersonIdSchema).max(50).default([]),
});
export type AttendanceMark = z.infer<typeof AttendanceMarkSchema>;

/**
 * Why this state cannot be the booking's attendance, or null when it can: arrived is between 0
 * and the attendees; named attendees (the booker and the household people the booking names) are
 * ticked individually, each at most once; the others arrived (arrived less those ticked) fit in
 * the attendees the booking does not name, the booker counting there while not ticked.
 */
export function attendanceRefusal(
  booking: Pick<Booking, 'numberAttending' | 'householdAttendees'>,
  state: Pick<Attendance, 'arrived' | 'arrivedPeople'>,
): string | null {
  if (!Number.isInteger(state.arrived) || state.arrived < 0 || state.arrived > booking.numberAttending) return CHECK_IN_MESSAGES.tooMany;
  const named = new Set([BOOKER_PERSON_ID, ...booking.householdAttendees.map((person) => person.personId)]);
  if (new Set(state.arrivedPeople).size !== state.arrivedPeople.length) return CHECK_IN_MESSAGES.twice;
  if (state.arrivedPeople.some((id) => !named.has(id))) return CHECK_IN_MESSAGES.notNamed;
  if (state.arrived < state.arrivedPeople.length) return CHECK_IN_MESSAGES.fewerThanNamed;
  const bookerTicked = state.arrivedPeople.includes(BOOKER_PERSON_ID) ? 1 : 0;
  if (state.arrived - state.arrivedPeople.length > booking.numberAttending - booking.householdAttendees.length - bookerTicked)
    return CHECK_IN_MESSAGES.othersTooMany;
  return null;
}

/** The attendance as the admin bookings list and the CSV show it: "2 of 3 arrived", or "" when never checked in. */
export function attendanceText(attendance: Pick<Attendance, 'arrived' | 'version'> | null | undefined, attendees: number): string {
  if (!attendance || attendance.version === 0) return '';
  return `${attendance.arrived} of ${attendees} arrived`;
}

/** The audit log's line for a check-in: "Checked in: 2 of 3 arrived (1 of 2 named)". */
export function checkInSummary(
  booking: Pick<Booking, 'numberAttending' | 'householdAttendees'>,
  attendance: Pick<Attendance, 'arrived' | 'arrivedPeople'>,
): string {
  const named = booking.householdAttendees.length;
  const tickedNamed = attendance.arrivedPeople.filter((id) => id !== BOOKER_PERSON_ID).length;
  return `Checked in: ${attendance.arrived} of ${booking.numberAttending} arrived${named > 0 ? ` (${tickedNamed} of ${named} named)` : ''}`;
}

/**
 * An afloat/ashore mark as the officer's device sends it: a key made on the device (a UUID, the
 * same on every resend), the named attendee, afloat or ashore, and when the officer made it (the
 * device's clock: a mark queued offline and sent later still takes its place in time).
 */
export const AfloatMarkSchema = z.object({
  key: z.uuid('The key must be a UUID'),
  personId: PersonIdSchema,
  afloat: z.boolean({ error: 'afloat must be true or false' }),
  markedAt: InstantSchema,
});
export type AfloatMark = z.infer<typeof AfloatMarkSchema>;

/**
 * Why this afloat/ashore mark cannot be applied to the booking, or null when it can: only a named
 * attendee (the booker or a household person the booking names) is marked, and only one ticked as
 * arrived goes afloat (anyone may be marked back ashore, so a tally is never stuck).
 */
export function afloatRefusal(
  booking: Pick<Booking, 'householdAttendees'>,
  attendance: Pick<Attendance, 'arrivedPeople'>,
  mark: Pick<AfloatMark, 'personId' | 'afloat'>,
): string | null {
  const named = new Set([BOOKER_PERSON_ID, ...booking.householdAttendees.map((person) => person.personId)]);
  if (!named.has(mark.personId)) return CHECK_IN_MESSAGES.afloatNotNamed;
  if (mark.afloat && !attendance.arrivedPeople.includes(mark.personId)) return CHECK_IN_MESSAGES.afloatNotArrived;
  return null;
}

/**
 * The record with this afloat/ashore mark taken in: the mark replaces the person's entry unless
 * that entry was made later (last mark by its time wins, whatever order they arrive in; at the
 * same time the one applied last wins). The version is kept.
 */
export function withAfloatMark(attendance: Attendance, personId: string, entry: AfloatEntry): Attendance {
  const current = attendance.afloat?.[personId];
  if (current && Date.parse(current.at) > Date.parse(entry.at)) return attendance;
  return { ...attendance, afloat: { ...(attendance.afloat ?? {}), [personId]: entry } };
}

/** Who is still afloat: the personIds whose last mark is afloat. */
export function stillAfloat(attendance: Pick<Attendance, 'afloat'>): string[] {
  return Object.entries(attendance.afloat ?? {})
    .filter(([, entry]) => entry.afloat)
    .map(([personId]) => personId);
}
