import { z } from 'zod';
import { WaitlistFormValuesSchema, WaitlistStatusSchema } from './waiting-list-entry';
import { InstantSchema } from '../shared/instant';

/** The waiting list's requests and answers, apart from the use cases so the pages load no mail code. */
export const JoinWaitingListRequestSchema = WaitlistFormValuesSchema;
export const JoinedWaitingListSchema = z.object({
  entryId: z.string(),
  /** Place in line (1 first). */
  position: z.number().int().positive(),
  message: z.string(),
});
export type JoinedWaitingList = z.infer<typeof JoinedWaitingListSchema>;

/** The leave page's request: the token of the e-mailed link. */
export const WaitlistTokenSchema = z.object({ token: z.string().min(1).max(600) });

/** What the leave page shows of a member's own entry. */
export const MyWaitlistEntrySchema = z.object({
  eventId: z.string(),
  eventName: z.string(),
  name: z.string(),
  places: z.number().int(),
  status: WaitlistStatusSchema,
  /** Place in line while waiting or offered; null otherwise. */
  position: z.number().int().positive().nullable(),
});
export type MyWaitlistEntry = z.infer<typeof MyWaitlistEntrySchema>;

/** One line of an event's waiting list as admins see it. */
export const AdminWaitlistEntrySchema = z.object({
  id: z.string(),
  position: z.number().int().positive().nullable(),
  name: z.string(),
  email: z.string(),
  places: z.number().int(),
  status: WaitlistStatusSchema,
  joinedAt: InstantSchema,
  offeredUntil: InstantSchema.nullable(),
});
export type AdminWaitlistEntry = z.infer<typeof AdminWaitlistEntrySchema>;
export const AdminWaitingListSchema = z.object({ entries: z.array(AdminWaitlistEntrySchema) });
export type AdminWaitingListAnswer = z.infer<typeof AdminWaitingListSchema>;

/** An offer as the booking page fills its form with it. */
export const WaitlistOfferSchema = z.object({
  eventId: z.string(),
  name: z.string(),
  email: z.string(),
  places: z.number().int().positive(),
  offeredUntil: InstantSchema,
});
export type WaitlistOffer = z.infer<typeof WaitlistOfferSchema>;
