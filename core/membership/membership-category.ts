import { z } from 'zod';
import { InstantSchema } from '../shared/instant';
import { MAX_PAYMENT_AMOUNT, MinorUnitsSchema } from '../shared/money';
import { membershipTypeKey } from '../members/member';

/**
 * A kind of membership the club sells (docs/membership.md): Adult, Family, Junior, Crew, Social,
 * Life... A member's `membershipType` names their category. Prices are in the club's currency,
 * in minor units, for a whole membership year.
 */
export const MembershipCategorySchema = z.object({
  /** A short stable id made from the first name ("adult", "family"); never changes. */
  id: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(60),
  /** What members and the member list call it; unique across categories (case-insensitive). */
  name: z.string().trim().min(1).max(100),
  /** What a member reads when choosing it; plain text, may be empty. */
  description: z.string().trim().max(1000),
  /** The price of a whole membership year, in minor units (0 for a free category, e.g. Life). */
  seasonPrice: MinorUnitsSchema.max(MAX_PAYMENT_AMOUNT),
  /** Whether it covers everyone in the buyer's household (one payment by the household's contact). */
  coversHousehold: z.boolean(),
  /** How many duties it expects a membership year (per household when it covers one); 0 for none. */
  dutiesPerSeason: z.number().int().min(0).max(50),
  /** Whether members and applicants may buy or renew it online; otherwise an admin grants it. */
  onlinePurchase: z.boolean(),
  /** A life membership never ends: no renewal, no reminders, no price to pay again. */
  life: z.boolean(),
  /** Withdrawn categories stay for the members who hold them but are no longer offered. */
  withdrawn: z.boolean(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type MembershipCategory = z.infer<typeof MembershipCategorySchema>;

/** The renewal date a life member holds: the membership is current on every date. */
export const LIFE_RENEWAL_DATE = '9999-12-31';

/**
 * The category a member's `membershipType` names, looked up by the category-name key
 * (membershipTypeKey: case and spacing aside), or null when none is named so. Built once for a
 * list of categories, so reading many members' categories is one map lookup each. When two
 * categories share a key (never stored: names are unique under it), the first is answered.
 */
export function categoryByMembershipType<C extends Pick<MembershipCategory, 'name'>>(categories: readonly C[]): (membershipType: string) => C | null {
  const byKey = new Map<string, C>();
  for (const category of categories) {
    const key = membershipTypeKey(category.name);
    if (!byKey.has(key)) byKey.set(key, category);
  }
  return (membershipType) => byKey.get(membershipTypeKey(membershipType)) ?? null;
}
