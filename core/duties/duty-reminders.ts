import type { ClubEvent } from '../events/event';
import type { EventRepository } from '../events/event-repository.port';
import type { OutgoingMail } from '../mail/mail';
import type { Outbox } from '../mail/outbox.port';
import { newOutboxMessage } from '../mail/outbox';
import type { Member } from '../members/member';
import type { MemberRepository } from '../members/member-repository.port';
import type { Clock } from '../shared/clock.port';
import { parseInstant } from '../shared/london-time';
import { UseCase } from '../shared/use-case';
import { composeMail } from '../mail/compose-mail';
import { icsFileName } from '../events/calendar-span';
import { formatDate, formatDateRange } from '../shared/date-text';
import { icsText, type IcsEvent } from '../events/ics-file';
import { dutyWindow } from './duties';
import { type DutyAssignment } from '../duty-rosters/duty-roster';
import type { DutyRepository } from './duty-repository.port';

/** DUTY_REMINDER_DAYS' default: a member on duty is reminded 14 days and 3 days before the event. */
export const DEFAULT_DUTY_REMINDER_DAYS = [14, 3] as const;
export const DUTY_REMINDER_KIND = 'duty-reminder';
/** The members' own duties page (swaps, withdrawing): every duty e-mail links to it. */
export const MY_DUTIES_PATH = '/duties';
const DAY_MS = 86_400_000;

/**
 * Which of the club's reminders is due for an event starting at `start`: of the day counts whose
 * moment (that many days of 24 hours before the start) has come, the smallest, the latest
 * reminder. A round that first sees the event 5 days before sends the 14-day reminder, not also
 * the 3-day one; null before the first moment and once the event has begun.
 */
export function dutyReminderDue(start: Date, now: Date, daysBefore: readonly number[]): number | null {
  if (now.getTime() >= start.getTime()) return null;
  const passed = daysBefore.filter((days) => days > 0 && start.getTime() - days * DAY_MS <= now.getTime());
  return passed.length === 0 ? null : Math.min(...passed);
}

/**
 * The outbox id of one reminder: per duty holder, event start and day count. Another round, or
 * another instance's, writes nothing new (Outbox.addOnce); a postponed event's holders are reminded
 * again for its new date.
 */
export function dutyReminderId(assignment: Pick<DutyAssignment, 'slotId' | 'memberId'>, start: string, daysBefore: number): string {
  return `duty-reminder-${assignment.slotId}-${assignment.memberId}-${Date.parse(start)}-${daysBefore}d`;
}

/**
 * A member's duty as a calendar entry: its own UID (duty-<slot>-<member>@…), apart from the
 * event's, so a member who booked the event too keeps both entries; the duty's time; the
 * event's revision, so a postponed event's updated file replaces the entry (same UID, higher SEQUENCE).
 */
export function dutyIcsEvent(
  assignment: Pick<DutyAssignment, 'slotId' | 'memberId' | 'window'>,
  event: Pick<ClubEvent, 'name' | 'updatedAt' | 'sequence' | 'cancelledAt' | 'cancelReason'>,
  dutyName: string,
): IcsEvent {
  return {
    id: `duty-${assignment.slotId}-${assignment.memberId}`,
    name: `Duty: ${dutyName}, ${event.name}`,
    description: `Your duty at ${event.name}: ${dutyName}.`,
    longdescription: '',
    eventdatetime: assignment.window.start,
    eventenddatetime: assignment.window.end,
    updatedAt: event.updatedAt,
    sequence: event.sequence,
    cancelledAt: event.cancelledAt,
    cancelReason: event.cancelReason,
  };
}

export interface DutyMailContext {
  clubName: string;
  publicBaseUrl: string;
}

/** The reminder to a member on duty: the duty, the event and its time, the duty's .ics and the link to their duties page (swaps). */
export function dutyReminderMail(
  member: Pick<Member, 'name' | 'email'>,
  assignment: Pick<DutyAssignment, 'slotId' | 'memberId' | 'window'>,
  event: Pick<ClubEvent, 'name' | 'eventdatetime' | 'eventenddatetime' | 'updatedAt' | 'sequence' | 'cancelledAt' | 'cancelReason'>,
  dutyName: string,
  context: DutyMailContext,
): OutgoingMail {
  const dutiesUrl = `${context.publicBaseUrl.replace(/\/$/, '')}${MY_DUTIES_PATH}`;
  const mail = composeMail(
    member.name,
    [
      ['Duty', dutyName],
      ['Event', event.name],
      ['When', `${formatDateRange(assignment.window.start, assignment.window.end, 'member')} (UK time)`],
    ],
    {
      subject: `Duty reminder: ${dutyName}, ${event.name}, ${formatDate(event.eventdatetime, 'member')}`,
      paragraphs: [
        `This is a reminder that you are on duty at ${context.clubName}: ${dutyName} at ${event.name}, ${formatDate(assignment.window.start, 'member')}. Thank you for volunteering.`,
        'If you can no longer do it, please ask for a swap on your duties page, so that the event is covered.',
      ],
      link: { lead: 'Your duties, and swaps:', text: 'My duties', url: dutiesUrl },
      clubName: context.clubName,
    },
  );
  return {
    to: member.email,
    ...mail,
    attachments: [
      {
        filename: icsFileName(`duty ${dutyName} ${event.name}`),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: icsText(dutyIcsEvent(assignment, event, dutyName), context.clubName, dutiesUrl),
      },
    ],
  };
}

/** What the duty rounds (reminders, red light alerts) read and write: upcoming events' slots, and the outbox. */
export interface DutyRoundDeps {
  duties: Pick<DutyRepository, 'listSlotsOfEvents' | 'listCatalogue'>;
  events: Pick<EventRepository, 'listNotOverBefore'>;
  outbox: Pick<Outbox, 'addOnce'>;
  clock: Clock;
  siteSettings: DutyMailContext;
}

export interface SendDutyRemindersDeps extends DutyRoundDeps {
  members: Pick<MemberRepository, 'list'>;
  /** DUTY_REMINDER_DAYS: the days before an event at which its duty holders are reminded; empty sends none. */
  dutyReminderDaysBefore: readonly number[];
}

/**
 * The duty reminders' round (job runner): for each upcoming event that stands and whose reminder
 * is due (dutyReminderDue), each member holding one of its duties (with a member record, not
 * disabled) gets one e-mail through the outbox, once across instances and re-runs (its id).
 * Answers how many e-mails this run wrote.
 */
export class SendDutyReminders extends UseCase<SendDutyRemindersDeps> {
  async execute(): Promise<number> {
    const days = this.deps.dutyReminderDaysBefore;
    if (days.length === 0) return 0;
    const now = this.deps.clock.now();
    const events = (await this.deps.events.listNotOverBefore(now)).filter((event) => {
      const start = parseInstant(event.eventdatetime);
      return event.cancelledAt === null && start !== null && dutyReminderDue(start, now, days) !== null;
    });
    if (events.length === 0) return 0;
    const slots = await this.deps.duties.listSlotsOfEvents(events.map((e) => e.id));
    if (slots.every((slot) => slot.holders.length === 0)) return 0;
    const [members, dutyTypes] = await Promise.all([this.deps.members.list(), this.deps.duties.listCatalogue('dutyTypes')]);
    let written = 0;
    for (const event of events) {
      const start = event.eventdatetime!;
      const daysBefore = dutyReminderDue(new Date(start), now, days)!;
      // The event's time as it is now (it may have moved since the duty was taken).
      const window = dutyWindow(event)!;
      for (const slot of slots.filter((s) => s.eventId === event.id)) {
        const dutyName = dutyTypes.find((type) => type.id === slot.dutyTypeId)?.name ?? 'Duty';
        for (const holder of slot.holders) {
          const member = members.find((m) => m.id === holder.memberId);
          if (!member || member.disabled) continue;
          const mail = dutyReminderMail(member, { ...holder, window }, event, dutyName, this.deps.siteSettings);
          if (await this.deps.outbox.addOnce(newOutboxMessage(dutyReminderId(holder, start, daysBefore), DUTY_REMINDER_KIND, slot.id, mail, now))) written += 1;
        }
      }
    }
    return written;
  }
}
