import type { OutboxMessage } from '../mail/mail';
import type { WorkDay, WorkDaySignup } from './work-day';

/** The e-mails a sign-up's removal sends (pure: it may run more than once). */
export type SignupRemovalMail = (removed: WorkDaySignup) => readonly OutboxMessage[];

export interface WorkDayRepository {
  /** Every work day, ordered by date ascending (no date last). */
  list(): Promise<WorkDay[]>;
  /** The work day with this id, or null. */
  get(id: string): Promise<WorkDay | null>;
  /** Stores a new work day. Throws ConflictError if the id exists. */
  create(workDay: WorkDay): Promise<void>;
  /**
   * Changes a stored work day: `change` gets the work day as stored and returns it as it should
   * be (same id). The result is stored unless the core's `workDayChangeRefusal` refuses it
   * against the day's stored sign-ups (a job with sign-ups deleted, or a job needing fewer
   * volunteers than have signed up): then throws ConflictError with the rule's message and stores
   * nothing. Reading, deciding and writing are one atomic step with respect to sign-ups and other
   * changes, so a sign-up arriving meanwhile is counted and no change is lost; `change` may
   * therefore run more than once and must be pure. Whatever `change` throws reaches the caller,
   * nothing stored. Returns the day before and after. Throws NotFoundError when it does not exist.
   */
  update(id: string, change: (current: WorkDay) => WorkDay): Promise<{ before: WorkDay; after: WorkDay }>;
  /**
   * Stores a sign-up unless the core's `signupRefusal` refuses it against the day's stored
   * sign-ups (the same name already signed up, or a chosen job gone, closed or full): then throws ConflictError
   * with the rule's message and stores nothing. The check and the write are one atomic step, so
   * concurrent sign-ups never overfill a job nor store one name twice for a day. Throws
   * NotFoundError when its work day does not exist, ConflictError when its id is taken.
   * `mail` (the volunteer's confirmation) is written to the outbox in that same atomic step:
   * with a stored sign-up, never without one.
   */
  addSignup(signup: WorkDaySignup, mail?: readonly OutboxMessage[]): Promise<void>;
  /**
   * Removes one sign-up of this work day (an admin's removal, a volunteer's withdrawal) and
   * returns it as it was, or null when this work day has no such sign-up (already removed, or
   * never there): removing twice removes once. Its places are free again at once.
   * `mailFor` (pure: it may run more than once) gives the e-mails the removal sends (an admin's
   * notice to the volunteer); they are written to the outbox in the same atomic step as the
   * removal: with a removed sign-up, never without one.
   */
  removeSignup(workDayId: string, signupId: string, mailFor?: SignupRemovalMail): Promise<WorkDaySignup | null>;
  /**
   * Removes these sign-ups of this work day in one atomic write (all or none), and returns the
   * ones that were there, as they were, in the order asked; ids this work day has no sign-up for
   * (already removed, never there, another day's) are left out. Their places are free again at once.
   * `mailFor`, as for removeSignup, for each sign-up removed.
   */
  removeSignups(workDayId: string, signupIds: readonly string[], mailFor?: SignupRemovalMail): Promise<WorkDaySignup[]>;
  /** The work day's sign-ups, oldest first. */
  listSignups(workDayId: string): Promise<WorkDaySignup[]>;
  /**
   * The sign-ups, of any work day, whose e-mail, trimmed and lower-cased, is `emailKey` (My club,
   * docs/my-club.md), newest `submittedAt` first, at most `limit`. Reads by an indexed field: as
   * many whatever the number of the club's sign-ups.
   */
  listSignupsByEmail(emailKey: string, limit: number): Promise<WorkDaySignup[]>;
  /**
   * Gives every sign-up stored without its e-mail key (`emailKey`, by which listSignupsByEmail
   * finds it) its key; returns how many sign-ups it changed. Only Firestore's sign-ups stored
   * before My club can lack it (SQLite migration 0031 back-filled its own). Safe to run again,
   * alongside new sign-ups, and on two server instances at once.
   */
  assignMissingEmailKeys(): Promise<number>;
}
