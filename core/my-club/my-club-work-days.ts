import { bookingEmailKey } from '../bookings/booking';
import type { BookingLinks } from '../bookings/booking-links.port';
import type { Member } from '../members/member';
import type { Clock } from '../shared/clock.port';
import { londonDate, parseInstant } from '../shared/london-time';
import { UseCase } from '../shared/use-case';
import { recordsById } from '../shared/records-by-id';
import type { WorkDay, WorkDaySignup } from '../work-days/work-day';
import { withdrawPathOf } from '../work-days/work-day-links';
import type { WorkDayRepository } from '../work-days/work-day-repository.port';
import { signupJobTitles } from '../work-days/work-days';
import type { MyClubWorkDayJob, MyClubWorkDays } from './my-club-schema';
import { upcomingAndPast } from './upcoming-and-past';

/** The most work-day sign-ups of the member's e-mail My club reads. */
export const MY_CLUB_WORK_DAYS_LIMIT = 100;

export interface GetMyClubWorkDaysDeps {
  workDays: WorkDayRepository;
  /** The sign-up e-mail's withdraw links. */
  workDayLinks: BookingLinks;
  clock: Clock;
}

/** Whether a work day is today or later (London days), or not dated yet. */
export function isWorkDayUpcoming(workDay: Pick<WorkDay, 'date'>, now: Date): boolean {
  const date = parseInstant(workDay.date);
  return date === null || londonDate(date) >= londonDate(now);
}

/**
 * The member's work-day sign-ups whose e-mail is the member's (proven by the sign-in code), in
 * their jobs (docs/my-club.md), with the withdraw link the sign-up e-mail gave while the day is to
 * come. Upcoming ones soonest first (undated last), past ones newest first. Reads: one indexed,
 * limited query and one read per work day, whatever the club's size.
 */
export class GetMyClubWorkDays extends UseCase<GetMyClubWorkDaysDeps> {
  async execute(member: Pick<Member, 'email'>): Promise<MyClubWorkDays> {
    const now = this.deps.clock.now();
    const emailKey = bookingEmailKey(member.email);
    const signups = emailKey === null ? [] : await this.deps.workDays.listSignupsByEmail(emailKey, MY_CLUB_WORK_DAYS_LIMIT);
    const days = await recordsById(
      signups.map((signup) => signup.workDayId),
      (id) => this.deps.workDays.get(id),
    );
    return upcomingAndPast(
      signups,
      (signup) => days.get(signup.workDayId),
      (signup, workDay) => {
        const upcoming = isWorkDayUpcoming(workDay, now);
        return { upcoming, shown: jobView(signup, workDay, upcoming ? withdrawPathOf(this.deps.workDayLinks, signup, workDay) : null) };
      },
      (job) => parseInstant(job.date)?.getTime() ?? Infinity,
    );
  }
}

function jobView(signup: WorkDaySignup, workDay: WorkDay, withdrawPath: string | null): MyClubWorkDayJob {
  return { signupId: signup.id, workDayId: workDay.id, workDayName: workDay.name, date: workDay.date, jobs: signupJobTitles(signup, workDay), withdrawPath };
}
