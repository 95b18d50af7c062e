import { z } from 'zod';
import { CurrencySchema, type Currency } from '../shared/money';
import { MembershipCategorySchema } from './membership-category';
import { MembershipSettingsSchema } from './membership-settings';

/** What the membership endpoints answer (docs/api.md), read by the server and the web alike. */

/** The currency membership prices are in: the club's (the events' default currency). */
export const MEMBERSHIP_CURRENCY: Currency = 'GBP';

/** The admin screen's categories. */
export const MembershipCategoryListSchema = z.object({ categories: z.array(MembershipCategorySchema) });
export type MembershipCategoryList = z.infer<typeof MembershipCategoryListSchema>;
/** One category, as created or changed. */
export const MembershipCategoryAnswerSchema = z.object({ category: MembershipCategorySchema });
/** The settings now, and whether an admin ever saved them (false: the defaults). */
export const MembershipSettingsAnswerSchema = z.object({ settings: MembershipSettingsSchema, saved: z.boolean() });
export type MembershipSettingsAnswer = z.infer<typeof MembershipSettingsAnswerSchema>;

/** A category as the joining page offers it: what a member reads and pays, nothing of the admins'. */
export const OfferedCategorySchema = MembershipCategorySchema.pick({
  id: true,
  name: true,
  description: true,
  seasonPrice: true,
  coversHousehold: true,
  dutiesPerSeason: true,
  life: true,
});
export type OfferedCategory = z.infer<typeof OfferedCategorySchema>;
export const OfferedCategoryListSchema = z.object({ currency: CurrencySchema, categories: z.array(OfferedCategorySchema) });
export type OfferedCategoryList = z.infer<typeof OfferedCategoryListSchema>;
