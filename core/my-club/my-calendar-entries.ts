import { recordsById } from '../shared/records-by-id';
import { bookingEmailKey } from '../bookings/booking';
import { holdsPlace } from '../bookings/booking-state';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { CalendarFeedEntry } from '../calendar/calendar-feed';
import type { EventRepository } from '../events/event-repository.port';
import type { Member } from '../members/member';
import { eventBookingPath, PATHS, workDayPath } from '../shared/paths';
import type { DutyRepository } from '../duties/duty-repository.port';
import { dutyIcsEvent } from '../duties/duty-reminders';
import { workDayIcsEvent } from '../work-days/work-day-mail';
import type { WorkDayRepository } from '../work-days/work-day-repository.port';
import { signupJobTitles } from '../work-days/work-days';
import { MY_CLUB_BOOKINGS_LIMIT } from './my-club';
import { MY_CLUB_WORK_DAYS_LIMIT } from './my-club-work-days';

/**
 * One source of a member's private feed: the entries it adds for the member (a VEVENT each, with
 * an `id` of its own kind, `booking-…`, `workday-signup-…`, so each has a stable UID of its own).
 * The feed is the entries of every source (GetMyCalendarFeed's `sources`); another kind of
 * commitment (a duty) is one more source, written as these are and added to that list.
 */
export type MyCalendarEntrySource = (member: Pick<Member, 'id' | 'email'>, now: Date) => Promise<CalendarFeedEntry[]>;

/** The URLs a feed's entries link to: public pages of the site, never a capability link. */
export interface FeedSite {
  publicBaseUrl: string;
}

/**
 * The member's bookings that hold their places (My club's: made signed in, or without signing in
 * with their e-mail), each as its event's entry under the booking's own UID
 * (`booking-<id>@kyc-members-area`), saying the booking's reference and numbers. A cancelled
 * booking (or an unpaid hold that lapsed) leaves the feed. Links to the event's page.
 */
export function bookingCalendarEntries(deps: { bookings: BookingRepository; events: EventRepository; siteSettings: FeedSite }): MyCalendarEntrySource {
  return async (member, now) => {
    const found = await deps.bookings.listForMember({ memberId: member.id, emailKey: bookingEmailKey(member.email) ?? '' }, MY_CLUB_BOOKINGS_LIMIT);
    const held = found.filter((booking) => holdsPlace(booking, now));
    const events = await recordsById(
      held.map((b) => b.eventId),
      (id) => deps.events.get(id),
    );
    return held.flatMap((booking) => {
      const event = events.get(booking.eventId);
      if (!event || event.eventdatetime === null) return [];
      const given = event.description.trim() !== '' ? event.description : event.longdescription;
      const yours = `Your booking ${booking.reference ?? booking.id}: ${booking.numberAttending} attending.`;
      return [
        {
          event: { ...event, id: `booking-${booking.id}`, description: [yours, ...(given.trim() === '' ? [] : [given])].join('\n\n'), longdescription: '' },
          url: `${deps.siteSettings.publicBaseUrl}${eventBookingPath(event.id)}`,
        },
      ];
    });
  };
}

/**
 * The work-day sign-ups of the member's e-mail, each as its work day's entry under the sign-up's
 * own UID (`workday-signup-<id>@kyc-members-area`), titled with the jobs taken. A withdrawn
 * sign-up is gone, and so leaves the feed. Links to the work day's page.
 */
export function workDayJobCalendarEntries(deps: { workDays: WorkDayRepository; siteSettings: FeedSite }): MyCalendarEntrySource {
  return async (member) => {
    const emailKey = bookingEmailKey(member.email);
    const signups = emailKey === null ? [] : await deps.workDays.listSignupsByEmail(emailKey, MY_CLUB_WORK_DAYS_LIMIT);
    const days = await recordsById(
      signups.map((s) => s.workDayId),
      (id) => deps.workDays.get(id),
    );
    return signups.flatMap((signup) => {
      const workDay = days.get(signup.workDayId);
      if (!workDay || workDay.date === null) return [];
      const jobs = signupJobTitles(signup, workDay);
      const day = workDayIcsEvent(workDay);
      const yours = jobs.length > 0 ? `Your jobs: ${jobs.join(', ')}.` : 'You signed up to help.';
      return [
        {
          event: { ...day, id: `workday-signup-${signup.id}`, description: [yours, ...(day.description.trim() === '' ? [] : [day.description])].join('\n\n') },
          url: `${deps.siteSettings.publicBaseUrl}${workDayPath(workDay.id)}`,
        },
      ];
    });
  };
}

/**
 * The duties the member holds (docs/duties.md), each as the entry its reminder's .ics carries
 * (dutyIcsEvent: UID `duty-<slot>-<member>@kyc-members-area`, the duty's time, the event's
 * revision), so the two never make two entries. A duty given up (a swap, taken off) leaves the
 * feed. Links to the member's duties page.
 */
export function dutyCalendarEntries(deps: { duties: DutyRepository; events: EventRepository; siteSettings: FeedSite }): MyCalendarEntrySource {
  return async (member) => {
    const [held, dutyTypes] = await Promise.all([deps.duties.listMemberDuties(member.id), deps.duties.listCatalogue('dutyTypes')]);
    const [events, slots] = await Promise.all([
      recordsById(
        held.map((d) => d.eventId),
        (id) => deps.events.get(id),
      ),
      recordsById(
        held.map((d) => d.slotId),
        (id) => deps.duties.getSlot(id),
      ),
    ]);
    return held.flatMap((duty) => {
      const event = events.get(duty.eventId);
      const slot = slots.get(duty.slotId);
      if (!event || !slot) return [];
      const dutyName = dutyTypes.find((type) => type.id === slot.dutyTypeId)?.name ?? 'Duty';
      return [{ event: dutyIcsEvent(duty, event, dutyName), url: `${deps.siteSettings.publicBaseUrl}${PATHS.duties}` }];
    });
  };
}
