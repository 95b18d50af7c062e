import { z } from 'zod';
import { InstantSchema } from '../shared/instant';

/**
 * waiting: in line; offered: places are held for them until `offeredUntil`; booked: they booked
 * through their offer; left: they left (their link) or an admin removed them; expired: an offer
 * ran out untaken.
 */
export const WaitingListStatusSchema = z.enum(['waiting', 'offered', 'booked', 'left', 'expired']);
export type WaitingListStatus = z.infer<typeof WaitingListStatusSchema>;

/** One member on an event's waiting list (core/waiting-list/waiting-list.ts holds its rules). */
export const WaitingListEntrySchema = z.object({
  id: z.string().min(1).max(200),
  eventId: z.string().min(1).max(200),
  name: z.string().min(1).max(200),
  email: z.string().min(3).max(320),
  /** Places wanted: an offer is made only when this many are free. */
  places: z.number().int().positive(),
  joinedAt: InstantSchema,
  status: WaitingListStatusSchema,
  /** While offered: when the offer's hold lapses. */
  offeredUntil: InstantSchema.nullable(),
  /** When the status last changed (joined, offered, left, booked, expired). */
  updatedAt: InstantSchema,
  /**
   * The member signed in when joining (My club lists the entry); null when joined without signing
   * in, and for every entry stored before it existed.
   */
  memberId: z.string().min(1).max(200).nullable().default(null),
});
export type WaitingListEntry = z.infer<typeof WaitingListEntrySchema>;

/** What the booking page posts to join a full event's waiting list, before validation. */
export const WaitingListFormValuesSchema = z.object({
  name: z.string().max(200).default(''),
  email: z.string().max(320).default(''),
  places: z.union([z.string().max(50), z.number()]).default(''),
});
export type WaitingListFormValues = z.input<typeof WaitingListFormValuesSchema>;
