import type { WorkDay, WorkDaySignup } from '../entities/work-day';

export interface WorkDayRepository {
  /** Every work day, ordered by date ascending (no date last). */
  list(): Promise<WorkDay[]>;
  /** The work day with this id, or null. */
  get(id: string): Promise<WorkDay | null>;
  /** Stores a new work day. Throws ConflictError if the id exists. */
  create(workDay: WorkDay): Promise<void>;
  /** Stores a sign-up. Throws NotFoundError when its work day does not exist. */
  addSignup(signup: WorkDaySignup): Promise<void>;
  /** The work day's sign-ups, oldest first. */
  listSignups(workDayId: string): Promise<WorkDaySignup[]>;
}
