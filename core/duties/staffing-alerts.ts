import type { Admin } from '../admins/admin';
import type { AdminRepository } from '../admins/admin-repository.port';
import { hasPermission } from '../admins/permissions';
import { composeMail } from '../mail/compose-mail';
import { formatDate, formatDateRange } from '../shared/date-text';
import type { ClubEvent } from '../events/event';
import type { OutgoingMail } from '../mail/mail';
import { newOutboxMessage } from '../mail/outbox';
import { parseInstant } from '../shared/london-time';
import { UseCase } from '../shared/use-case';
import { staffingLight, type StaffedSlot, type StaffingLight } from './duties';
import type { DutyMailContext, DutyRoundDeps } from './duty-reminders';

/** DUTY_RED_ALERT_DAYS' default (decisions, third phase): a red light within 7 days of the event alerts the duty admins. */
export const DEFAULT_DUTY_RED_ALERT_DAYS = 7;
export const DUTY_RED_ALERT_KIND = 'duty-red-alert';
const DAY_MS = 86_400_000;

/**
 * Whether an event's staffing is to alert the admins now: its light is red (a slot it cannot run
 * without is short), it has not begun, and it starts within `withinDays` days (of 24 hours).
 * `withinDays` 0 turns the alert off.
 */
export function redAlertDue(start: Date, light: StaffingLight | null, now: Date, withinDays: number): boolean {
  return light === 'red' && withinDays > 0 && now.getTime() < start.getTime() && start.getTime() - withinDays * DAY_MS <= now.getTime();
}

/** The outbox id of one alert: per event start and admin, so each admin hears of an event once (again only if it moves). */
export function redAlertId(eventId: string, start: string, adminUid: string): string {
  return `duty-red-alert-${eventId}-${Date.parse(start)}-${adminUid}`;
}

/** The admins alerted: those who manage duties (duties:write), not disabled, with an address. */
export function dutyAlertRecipients(admins: readonly Admin[]): Admin[] {
  return admins.filter((admin) => !admin.disabled && hasPermission(admin, 'duties:write') && admin.email !== '');
}

/** The slots short of their minimum, as the alert lists them: "Safety boat driver: 1 of 2 (the event cannot run without it)". */
export function shortSlotLines(
  slots: readonly Pick<StaffedSlot, 'dutyTypeId' | 'needed' | 'optional' | 'holders'>[],
  dutyNames: ReadonlyMap<string, string>,
): [string, string][] {
  return slots
    .filter((slot) => slot.holders.length < slot.needed)
    .map((slot) => [
      dutyNames.get(slot.dutyTypeId) ?? 'Duty',
      `${slot.holders.length} of ${slot.needed}${slot.optional ? '' : ' (the event cannot run without it)'}`,
    ]);
}

/** The alert to one admin: the event, its short slots, and the link to its roster. */
export function redAlertMail(
  admin: Pick<Admin, 'email' | 'name'>,
  event: Pick<ClubEvent, 'id' | 'name' | 'eventdatetime' | 'eventenddatetime'>,
  short: [string, string][],
  context: DutyMailContext,
): OutgoingMail {
  const mail = composeMail(
    admin.name || admin.email,
    [['When', `${formatDateRange(event.eventdatetime, event.eventenddatetime, 'member')} (UK time)`], ...short],
    {
      subject: `Duty cover short: ${event.name}, ${formatDate(event.eventdatetime, 'member')}`,
      paragraphs: [
        `${event.name} is short of a duty it cannot run without (its staffing light is red). Assign members on its roster, or send a cover-needed message.`,
      ],
      link: {
        lead: 'The event’s duty roster:',
        text: `Roster: ${event.name}`,
        url: `${context.publicBaseUrl.replace(/\/$/, '')}/admin/duties/events/${encodeURIComponent(event.id)}`,
      },
      clubName: context.clubName,
    },
  );
  return { to: admin.email, ...mail, attachments: [] };
}

export interface SendStaffingAlertsDeps extends DutyRoundDeps {
  admins: Pick<AdminRepository, 'list'>;
  /** DUTY_RED_ALERT_DAYS: how many days before an event a red light alerts the admins; 0 never. */
  redAlertDays: number;
}

/**
 * The red light alerts' round (job runner): each upcoming event that stands and whose light is
 * red within `redAlertDays` of its start (redAlertDue) e-mails each admin who manages duties once,
 * through the outbox, however often and on however many instances the round runs (its id).
 * Answers how many e-mails this run wrote.
 */
export class SendStaffingAlerts extends UseCase<SendStaffingAlertsDeps> {
  async execute(): Promise<number> {
    if (!(this.deps.redAlertDays > 0)) return 0;
    const now = this.deps.clock.now();
    const soon = (await this.deps.events.listNotOverBefore(now)).filter((event) => {
      const start = parseInstant(event.eventdatetime);
      return event.cancelledAt === null && start !== null && redAlertDue(start, 'red', now, this.deps.redAlertDays);
    });
    if (soon.length === 0) return 0;
    const slots = await this.deps.duties.listSlotsOfEvents(soon.map((e) => e.id));
    const red = soon.filter((event) => staffingLight(slots.filter((slot) => slot.eventId === event.id)) === 'red');
    if (red.length === 0) return 0;
    const [admins, dutyTypes] = await Promise.all([this.deps.admins.list(), this.deps.duties.listCatalogue('dutyTypes')]);
    const names = new Map(dutyTypes.map((type) => [type.id, type.name]));
    const recipients = dutyAlertRecipients(admins);
    let written = 0;
    for (const event of red) {
      const short = shortSlotLines(
        slots.filter((slot) => slot.eventId === event.id),
        names,
      );
      for (const admin of recipients) {
        const message = newOutboxMessage(
          redAlertId(event.id, event.eventdatetime!, admin.uid),
          DUTY_RED_ALERT_KIND,
          event.id,
          redAlertMail(admin, event, short, this.deps.siteSettings),
          now,
        );
        if (await this.deps.outbox.addOnce(message)) written += 1;
      }
    }
    return written;
  }
}
