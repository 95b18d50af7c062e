import type { ApplicationStatus, MembershipApplication } from './membership-application';

/**
 * Applications to join the club (docs/membership.md, "Joining"), kept with the member list. An
 * application changes state only through `transition`, a compare-and-set: of several admins (or
 * an admin and the expiry job) acting on one application at once, exactly one succeeds.
 */
export interface MembershipApplicationRepository {
  /** The application with this id, or null (also for an id that is not text). */
  get(id: string): Promise<MembershipApplication | null>;
  /** Every application, newest first (createdAt, then id). */
  list(): Promise<MembershipApplication[]>;
  /** The applications with this status, oldest first (createdAt, then id): the expiry job's `submitted` ones. */
  listWithStatus(status: ApplicationStatus): Promise<MembershipApplication[]>;
  /**
   * Stores a new application. Throws ValidationError for one that is not a valid
   * MembershipApplication, ConflictError if the id exists; nothing is stored then.
   */
  create(application: MembershipApplication): Promise<void>;
  /**
   * Replaces the stored application with `next` (same id) in ONE atomic step, only while the
   * stored one's status is `from`: answers true when it did, false (nothing written) when the
   * stored status is another. Of several transitions from one status at once, exactly one answers
   * true. Throws NotFoundError for an unknown id, ValidationError for an invalid `next`.
   */
  transition(from: ApplicationStatus, next: MembershipApplication): Promise<boolean>;
}
