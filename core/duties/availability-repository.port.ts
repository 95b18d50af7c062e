import type { MemberAvailability } from './availability';

/**
 * Members' availability and duty wishes, one record per member and season (docs/duties.md,
 * "Availability, wishes and quotas"). Personal data: read by the member, their household and
 * admins with duties:write, erased with the member (docs/privacy-requests.md#erasure).
 */
export interface AvailabilityRepository {
  /** The member's record for the season starting on `seasonStart`, or null when they gave none. */
  get(memberId: string, seasonStart: string): Promise<MemberAvailability | null>;
  /** Every member's record for the season starting on `seasonStart`, ordered by member id (as UTF-8 bytes). */
  listSeason(seasonStart: string): Promise<MemberAvailability[]>;
  /**
   * Stores the record, replacing the member's for its season (other seasons' are kept). Throws
   * ValidationError, storing nothing, when it is not a valid MemberAvailability.
   */
  put(record: MemberAvailability): Promise<void>;
  /** Removes the member's records of every season; answers how many there were (0 for a member with none). */
  removeMember(memberId: string): Promise<number>;
  /**
   * Removes at most `limit` records of seasons that start before `seasonStart` (any member's), and
   * answers how many it removed: fewer than `limit` when none such is left. Records of that season
   * and later stay.
   */
  removeSeasonsBefore(seasonStart: string, limit: number): Promise<number>;
}
