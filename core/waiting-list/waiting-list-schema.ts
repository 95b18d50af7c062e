import { z } from 'zod';
import { LinkTokenRequestSchema } from '../shared/link-token';
import { WaitingListFormValuesSchema, WaitingListStatusSchema } from './waiting-list-entry';
import { InstantSchema } from '../shared/instant';

/** The waiting list's requests and answers, apart from the use cases so the pages load no mail code. */
export const JoinWaitingListRequestSchema = WaitingListFormValuesSchema;
export const JoinedWaitingListSchema = z.object({
  entryId: z.string(),
  /** Place in line (1 first). */
  position: z.number().int().positive(),
  message: z.string(),
});
export type JoinedWaitingList = z.infer<typeof JoinedWaitingListSchema>;

/** The leave page's request: the token of the e-mailed link. */
export const WaitingListTokenSchema = LinkTokenRequestSchema;

/** What the leave page shows of a member's own entry. */
export const MyWaitingListEntrySchema = z.object({
  eventId: z.string(),
  eventName: z.string(),
  name: z.string(),
  places: z.number().int(),
  status: WaitingListStatusSchema,
  /** Place in line while waiting or offered; null otherwise. */
  position: z.number().int().positive().nullable(),
});
export type MyWaitingListEntry = z.infer<typeof MyWaitingListEntrySchema>;

/** One line of an event's waiting list as admins see it. */
export const AdminWaitingListEntrySchema = z.object({
  id: z.string(),
  position: z.number().int().positive().nullable(),
  name: z.string(),
  email: z.string(),
  places: z.number().int(),
  status: WaitingListStatusSchema,
  joinedAt: InstantSchema,
  offeredUntil: InstantSchema.nullable(),
});
export type AdminWaitingListEntry = z.infer<typeof AdminWaitingListEntrySchema>;
export const AdminWaitingListSchema = z.object({ entries: z.array(AdminWaitingListEntrySchema) });
export type AdminWaitingListAnswer = z.infer<typeof AdminWaitingListSchema>;

/** An offer as the booking page fills its form with it. */
export const WaitingListOfferSchema = z.object({
  eventId: z.string(),
  name: z.string(),
  email: z.string(),
  places: z.number().int().positive(),
  offeredUntil: InstantSchema,
});
export type WaitingListOffer = z.infer<typeof WaitingListOfferSchema>;
