import { eventRemindersJob, remindersDue } from '../reminders/reminders';
import type { Clock } from '../shared/clock.port';
import type { EventRepository } from '../events/event-repository.port';
import type { JobQueue } from '../jobs/job-queue.port';
import type { WorkDayRepository } from '../work-days/work-day-repository.port';
import { workDayRemindersDue, workDayRemindersJob } from '../work-days/work-day-mail';
import { UseCase } from '../shared/use-case';

export interface ScheduleRemindersDeps {
  events: EventRepository;
  jobs: JobQueue;
  clock: Clock;
  /** REMINDER_DAYS_BEFORE: 0 sends no reminders at all. */
  reminderDaysBefore: number;
  workDays: WorkDayRepository;
}

/**
 * The reminders' round, run every REMINDER_ROUND_MS by one server instance (a job that repeats):
 * schedules the reminder job of each event, and of each active work day, whose reminders are due
 * now. Scheduling is idempotent (one job per event and start, per work day and date), so rounds
 * that find the same event again change nothing. Answers the events (and work days) found due.
 */
export class ScheduleReminders extends UseCase<ScheduleRemindersDeps> {
  async execute(): Promise<string[]> {
    if (!(this.deps.reminderDaysBefore > 0)) return [];
    const now = this.deps.clock.now();
    const upcoming = await this.deps.events.listNotOverBefore(now);
    const due = upcoming.filter((event) => remindersDue(event, now, this.deps.reminderDaysBefore));
    const workDays = (await this.deps.workDays.list()).filter((w) => workDayRemindersDue(w, now, this.deps.reminderDaysBefore));
    await this.deps.jobs.schedule([...due.map((event) => eventRemindersJob(event, now)), ...workDays.map((w) => workDayRemindersJob(w, now))]);
    return [...due.map((event) => event.id), ...workDays.map((w) => w.id)];
  }
}
