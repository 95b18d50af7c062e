import { z } from 'zod';
import { InstantSchema } from '../core/shared/instant';
import { ValidationError } from '../core/shared/errors';
import { SitePageSchema, type SitePage } from '../core/site-pages/site-page';
import { HouseholdPersonSchema, type HouseholdPerson } from '../core/members/household';
import { HouseholdInvitationSchema, HouseholdMembershipSchema, type HouseholdInvitation, type HouseholdMembership } from '../core/members/household-membership';

/*
 * The schemas that check what the storage adapters read back (stored data is input too), for the
 * records whose ports speak of a plain type rather than an entity's schema.
 */

/** A local sign-in credential (CredentialRepository). */
export const CredentialSchema = z.object({ uid: z.string().min(1), email: z.string().min(1), passwordHash: z.string().min(1), disabled: z.boolean() });

/** An admin's session (SessionRepository). */
export const SessionSchema = z.object({ tokenHash: z.string().min(1), uid: z.string().min(1), createdAt: InstantSchema, expiresAt: InstantSchema });

/** A member's session: a session with the passkey that opened it (null when none was recorded). */
export const MemberSessionSchema = SessionSchema.extend({
  passkeyId: z
    .string()
    .min(1)
    .nullish()
    .transform((id) => id ?? null),
});

/** A page checked before it is stored (SitePageRepository.save): anything else is refused with a ValidationError. */
export function validSitePage(page: SitePage): SitePage {
  const parsed = SitePageSchema.safeParse(page);
  if (!parsed.success) throw new ValidationError('Not a valid page');
  return parsed.data;
}

/** A household's person checked before it is stored (HouseholdRepository): anything else is refused with a ValidationError. */
export function validHouseholdPerson(person: HouseholdPerson): HouseholdPerson {
  const parsed = HouseholdPersonSchema.safeParse(person);
  if (!parsed.success) throw new ValidationError('Not a valid household person');
  return parsed.data;
}

/** Household people in the order they were added (createdAt, then id), as every storage lists them. */
export function byHouseholdOrder(a: HouseholdPerson, b: HouseholdPerson): number {
  const at = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  if (at !== 0) return at;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
/** A household's invitation checked before it is stored: anything else is refused with a ValidationError. */
export function validHouseholdInvitation(invitation: HouseholdInvitation): HouseholdInvitation {
  return validRecord(HouseholdInvitationSchema, invitation, 'household invitation');
}

/** A household's membership checked before it is stored. */
export function validHouseholdMembership(membership: HouseholdMembership): HouseholdMembership {
  return validRecord(HouseholdMembershipSchema, membership, 'household membership');
}

/** Invitations oldest first (createdAt, then id), as every storage lists them. */
export function byInvitationOrder(a: HouseholdInvitation, b: HouseholdInvitation): number {
  return Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A record checked before it is stored: anything its schema refuses is a ValidationError, and nothing is stored. */
export function validRecord<S extends z.ZodType>(schema: S, record: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(record);
  if (!parsed.success) throw new ValidationError(`Not a valid ${what}`);
  return parsed.data;
}
