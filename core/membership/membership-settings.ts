import { z } from 'zod';

/** A day of the year as month and day of month (1-based); 29 February is refused: not every year has it. */
export const MonthDaySchema = z
  .object({ month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) })
  .refine(({ month, day }) => day <= [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!, { message: 'That day is not in every year' });
export type MonthDay = z.infer<typeof MonthDaySchema>;

/**
 * How the club runs its membership (docs/membership.md). Defaults as decided: a fixed year from
 * 1 April to 31 March, renewal open 8 weeks before the end, reminders 28 and 7 days before, on the
 * day and 14 days after, admission after payment, an application declined after 30 days.
 */
export const MembershipSettingsSchema = z.object({
  /**
   * 'fixed': every membership ends on the day before `yearStart` (a renewal runs to the end of the
   * year it pays for); 'rolling': twelve months from the day it is paid for.
   */
  year: z.discriminatedUnion('kind', [z.object({ kind: z.literal('fixed'), yearStart: MonthDaySchema }), z.object({ kind: z.literal('rolling') })]),
  /** How many weeks before the end a member may renew. */
  renewalWindowWeeks: z.number().int().min(1).max(26),
  /**
   * When reminders go, in days relative to the end (negative before, 0 on the day, positive after),
   * each at most once a membership; none once renewed, none to disabled or erased members.
   */
  reminderDays: z.array(z.number().int().min(-90).max(90)).max(8),
  /**
   * A joining discount on a fixed year: someone joining on or after `from` in the membership year
   * pays `percent` less (e.g. 50 from 1 October). Absent: no discount. Not on rolling years.
   */
  joiningDiscount: z.object({ from: MonthDaySchema, percent: z.number().int().min(1).max(100) }).optional(),
  /** Whether an applicant is admitted by an admin after paying (default) or before. */
  admission: z.enum(['after-payment', 'before-payment']),
  /** Days an application may wait for admission before it is declined (and refunded). */
  applicationExpiryDays: z.number().int().min(1).max(365),
});
export type MembershipSettings = z.infer<typeof MembershipSettingsSchema>;

export const DEFAULT_MEMBERSHIP_SETTINGS: MembershipSettings = {
  year: { kind: 'fixed', yearStart: { month: 4, day: 1 } },
  renewalWindowWeeks: 8,
  reminderDays: [-28, -7, 0, 14],
  admission: 'after-payment',
  applicationExpiryDays: 30,
};
