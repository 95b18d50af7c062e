import { z } from 'zod';
import { DUTY_WISHES } from './availability';

/**
 * The API's answers about availability, quotas and the season's rota (docs/duties.md,
 * "Availability, wishes and quotas"), declared once for the server and the web app.
 */

/** The season: the first and last London dates of the membership year, both included. */
export const DutySeasonSchema = z.object({ start: z.string(), end: z.string() });

const WishSchema = z.object({ dutyTypeId: z.string(), wish: z.enum(DUTY_WISHES) });

/** One member's marks for the season as they and their household see them. */
export const HouseholdAvailabilitySchema = z.object({
  memberId: z.string(),
  /** Their full name (a household sees its members' names in full). */
  name: z.string(),
  /** Whether this is the signed-in member. */
  you: z.boolean(),
  unavailable: z.array(z.string()),
  wishes: z.array(WishSchema),
});
export type HouseholdAvailability = z.infer<typeof HouseholdAvailabilitySchema>;

/**
 * GET and PUT /api/my/availability: the season, its event dates (London dates, ascending, with the
 * events of each), the duty types to give wishes for, and the marks of the member and of every
 * member of their household (the member first, then the others by name).
 */
export const MyAvailabilitySchema = z.object({
  season: DutySeasonSchema,
  dates: z.array(z.object({ date: z.string(), events: z.array(z.object({ id: z.string(), name: z.string() })) })),
  dutyTypes: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The signed-in member's marks; `updatedAt` null when they gave none this season. */
  mine: z.object({ unavailable: z.array(z.string()), wishes: z.array(WishSchema), updatedAt: z.string().nullable() }),
  household: z.array(HouseholdAvailabilitySchema),
});
export type MyAvailability = z.infer<typeof MyAvailabilitySchema>;

/** GET /api/admin/duties/availability: every member's marks for the season (the rota solver's input), by member id. */
export const SeasonAvailabilitySchema = z.object({
  season: DutySeasonSchema,
  members: z.array(z.object({ memberId: z.string(), name: z.string(), unavailable: z.array(z.string()), wishes: z.array(WishSchema), updatedAt: z.string() })),
});
export type SeasonAvailability = z.infer<typeof SeasonAvailabilitySchema>;

/** GET /api/my/duty-quota: the member's (or household's) quota for the season (core's DutyQuota). */
export const MyDutyQuotaSchema = z.object({
  season: DutySeasonSchema,
  scope: z.enum(['household', 'member']),
  expected: z.number().int(),
  done: z.number().int(),
  pledged: z.number().int(),
  /** The membership category it comes from, or null when the member's type names none. */
  category: z.string().nullable(),
});
export type MyDutyQuota = z.infer<typeof MyDutyQuotaSchema>;

/**
 * GET /api/my/rota: every event of the season with a date and duty slots, not cancelled, soonest
 * first, each slot with its holders named for the reader (members: "Ann H.").
 */
export const SeasonRotaSchema = z.object({
  season: DutySeasonSchema,
  events: z.array(
    z.object({
      eventId: z.string(),
      eventName: z.string(),
      start: z.string(),
      end: z.string(),
      slots: z.array(z.object({ slotId: z.string(), dutyTypeName: z.string(), needed: z.number().int(), optional: z.boolean(), holders: z.array(z.string()) })),
    }),
  ),
});
export type SeasonRota = z.infer<typeof SeasonRotaSchema>;
