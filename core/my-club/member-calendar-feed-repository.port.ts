/**
 * Each member's private calendar feed (docs/my-club.md#my-calendar-feed): one secret per member,
 * the key of the feed's address. Whoever holds the address reads the member's bookings and jobs,
 * so the secret is shown only to the member (on My club) and never logged nor shown to admins.
 */
export interface MemberCalendarFeedRepository {
  /** The member's feed secret, or null when they have made none. */
  secretOf(memberId: string): Promise<string | null>;
  /** The member whose feed this secret opens, or null (never given, or replaced since). */
  memberOf(secret: string): Promise<string | null>;
  /**
   * Gives the member this new secret in place of any earlier one, which from then on opens
   * nothing. Atomic: of two replacements at once, one secret stands, and only it opens the feed.
   */
  replace(memberId: string, secret: string, at: Date): Promise<void>;
}
