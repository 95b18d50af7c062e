import { z } from 'zod';
import { InstantSchema } from '../shared/instant';
import { AfloatEntrySchema, type AfloatEntry } from './attendance';

/** What walk-ins say, each in one place: the server's refusals and the page's words. */
export const WALK_IN_MESSAGES = {
  notFound: 'Walk-in not found',
  eventCancelled: 'A cancelled event takes no walk-ins',
  nameRequired: "Enter the walk-in's name",
  nameTooLong: 'The name is too long (at most 200 characters)',
  phoneTooLong: 'The phone number is too long (at most 40 characters)',
  contactNameTooLong: "The emergency contact's name is too long (at most 200 characters)",
  contactPhoneWithoutName: "Enter the emergency contact's name with their phone",
} as const;

/** An optional text field: blank (or only spaces) is none. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * A walk-in as the officer types it (shared by the page's form and the server): the name (required)
 * and, optionally, a phone and an emergency contact (name and phone). One person per walk-in.
 */
export const WalkInDetailsSchema = z
  .object({
    name: z.string({ error: WALK_IN_MESSAGES.nameRequired }).trim().min(1, WALK_IN_MESSAGES.nameRequired).max(200, WALK_IN_MESSAGES.nameTooLong),
    phone: optionalText(40, WALK_IN_MESSAGES.phoneTooLong),
    emergencyContactName: optionalText(200, WALK_IN_MESSAGES.contactNameTooLong),
    emergencyContactPhone: optionalText(40, WALK_IN_MESSAGES.phoneTooLong),
  })
  .refine((details) => details.emergencyContactPhone === null || details.emergencyContactName !== null, {
    message: WALK_IN_MESSAGES.contactPhoneWithoutName,
    path: ['emergencyContactName'],
  });
export type WalkInDetails = z.infer<typeof WalkInDetailsSchema>;

/**
 * The request that adds a walk-in: its id made on the device (a UUID: the same on every resend,
 * so the server adds it once) and the details.
 */
export const AddWalkInSchema = z.intersection(z.object({ id: z.uuid('The id must be a UUID') }), WalkInDetailsSchema);
export type AddWalkIn = z.infer<typeof AddWalkInSchema>;

/** An afloat/ashore mark for a walk-in: a key made on the device, afloat or ashore, and when the officer made it. */
export const WalkInAfloatMarkSchema = z.object({
  key: z.uuid('The key must be a UUID'),
  afloat: z.boolean({ error: 'afloat must be true or false' }),
  markedAt: InstantSchema,
});
export type WalkInAfloatMark = z.infer<typeof WalkInAfloatMarkSchema>;

/**
 * A walk-in on the day's sheet: one person who came without a booking, added by the officer. Takes
 * no booking place; counts as arrived from the moment it is added; has its own tally-board mark.
 */
export const WalkInSchema = z.object({
  id: z.string().min(1).max(200),
  eventId: z.string().min(1).max(200),
  name: z.string().min(1).max(200),
  phone: z.string().max(40).nullable(),
  emergencyContactName: z.string().max(200).nullable(),
  emergencyContactPhone: z.string().max(40).nullable(),
  /** When the server added it and which admin (e-mail). */
  addedAt: InstantSchema,
  addedBy: z.string().max(320),
  /** The walk-in's last afloat/ashore mark (null: never marked, ashore); the last by its time wins. */
  afloat: AfloatEntrySchema.nullable(),
});
export type WalkIn = z.infer<typeof WalkInSchema>;

/** The walk-in with this afloat/ashore mark taken in, unless its mark was made later (the last by its time wins). */
export function withWalkInAfloat(walkIn: WalkIn, entry: AfloatEntry): WalkIn {
  if (walkIn.afloat && Date.parse(walkIn.afloat.at) > Date.parse(entry.at)) return walkIn;
  return { ...walkIn, afloat: entry };
}

/**
 * The people on site at an event: those of its bookings checked in as arrived, and its walk-ins.
 * Bookings' places stay the booking system's; this is what the officer counts on the slipway.
 */
export function peopleOnSite(arrivedPerBooking: readonly number[], walkIns: number): number {
  return arrivedPerBooking.reduce((sum, arrived) => sum + arrived, 0) + walkIns;
}

/**
 * The warning the form shows before adding one more walk-in, or null: when one more person would
 * take those on site over the event's capacity (no capacity: never). The officer decides.
 */
export function walkInCapacityWarning(onSite: number, capacity: number | null): string | null {
  if (capacity === null || onSite + 1 <= capacity) return null;
  return `Adding this walk-in makes ${onSite + 1} on site, over the event's capacity of ${capacity}`;
}
