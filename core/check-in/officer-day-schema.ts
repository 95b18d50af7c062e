import { z } from 'zod';
import { BookingReferenceSchema } from '../bookings/booking-reference';
import { GoNoGoPanelSchema } from '../conditions/conditions-schema';
import { InstantSchema } from '../shared/instant';
import { AttendanceSchema } from './attendance';
import { WalkInSchema } from './walk-in';

/** One of the club's emergency numbers (CLUB_EMERGENCY_CONTACTS): who, and the number to ring. */
export const EmergencyContactSchema = z.object({ name: z.string().min(1).max(100), phone: z.string().min(1).max(40) });
export type EmergencyContact = z.infer<typeof EmergencyContactSchema>;

/** A booking as the officer checks it in: who, how many, the named attendees, and its attendance. */
export const OfficerBookingSchema = z.object({
  bookingId: z.string(),
  reference: BookingReferenceSchema.nullable(),
  name: z.string(),
  numberAttending: z.number().int().positive(),
  numberOfChildren: z.number().int().nonnegative(),
  boatName: z.string().nullable(),
  /** The household's named attendees, ticked one by one. */
  householdAttendees: z.array(z.object({ personId: z.string(), name: z.string(), place: z.enum(['adult', 'child']) })),
  attendance: AttendanceSchema,
  /**
   * The booker's phone and emergency contact from the member list, when the booker is a member
   * (the booking's signed-in member, else the member with the booking's e-mail); null when the
   * list holds none (a guest, or a member who gave none).
   */
  phone: z.string().nullable().default(null),
  emergencyContactName: z.string().nullable().default(null),
  emergencyContactPhone: z.string().nullable().default(null),
});
export type OfficerBooking = z.infer<typeof OfficerBookingSchema>;

/** A duty holder with what the officer needs to reach them (phone, emergency contact), each null when not kept. */
export const OfficerDutyHolderSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  emergencyContactName: z.string().nullable(),
  emergencyContactPhone: z.string().nullable(),
});

export const OfficerDutySchema = z.object({ slotId: z.string(), dutyName: z.string(), needed: z.number().int(), holders: z.array(OfficerDutyHolderSchema) });

export const OfficerEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  eventdatetime: InstantSchema.nullable(),
  eventenddatetime: InstantSchema.nullable(),
  cancelled: z.boolean(),
  /** The go/no-go panel as it last stood: forecast against limits, safety cover, the decisions. */
  goNoGo: GoNoGoPanelSchema,
  duties: z.array(OfficerDutySchema),
  /** The bookings that stand (not cancelled), by surname. */
  bookings: z.array(OfficerBookingSchema),
  /** The officer's walk-ins, in the order added: arrived, on the tally board, taking no booking place. */
  walkIns: z.array(WalkInSchema).default([]),
  /** The event's capacity (null: none), for the walk-in form's warning when those on site would exceed it. */
  capacity: z.number().int().positive().nullable().default(null),
});
export type OfficerEvent = z.infer<typeof OfficerEventSchema>;

/** The officer of the day's page (GET /api/admin/officer-day): today and tomorrow, London dates. */
export const OfficerDaySchema = z.object({
  generatedAt: InstantSchema,
  days: z.array(z.object({ date: z.iso.date(), label: z.enum(['Today', 'Tomorrow']), events: z.array(OfficerEventSchema) })),
  emergencyContacts: z.array(EmergencyContactSchema),
});
export type OfficerDay = z.infer<typeof OfficerDaySchema>;

/** The answer to a mark: applied or repeated (200), or a conflict (409) with the state as it now stands. */
export const AttendanceMarkAnswerSchema = z.object({ result: z.enum(['applied', 'repeated']), attendance: AttendanceSchema });
export const AttendanceConflictSchema = z.object({ message: z.string(), attendance: AttendanceSchema });
export const AfloatMarkAnswerSchema = AttendanceMarkAnswerSchema;

/** The answer to adding or removing a walk-in, or to its afloat mark: applied or repeated, with the walk-in as it now stands (null once removed). */
export const WalkInAnswerSchema = z.object({ result: z.enum(['applied', 'repeated']), walkIn: WalkInSchema.nullable() });
