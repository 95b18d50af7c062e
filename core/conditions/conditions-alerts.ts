import type { Admin } from '../admins/admin';
import { hasPermission } from '../admins/permissions';
import type { AdminRepository } from '../admins/admin-repository.port';
import { composeMail } from '../bookings/booking-mail';
import { formatDateRange } from '../calendar/calendar';
import type { BookingRepository } from '../bookings/booking-repository.port';
import type { EventRepository } from '../events/event-repository.port';
import type { Outbox } from '../mail/outbox.port';
import { newOutboxMessage } from '../mail/outbox';
import type { Clock } from '../shared/clock.port';
import { parseInstant } from '../shared/london-time';
import { UseCase } from '../shared/use-case';
import type { ConditionsRepository } from './conditions-repository.port';
import { compassPoint } from './forecast';
import { goNoGoPanel, inForecastWindow } from './go-no-go';
import type { GoNoGoPanel } from './conditions-schema';

/** The outbox kind of an admin's conditions alert. */
export const CONDITIONS_ALERT_MAIL_KIND = 'conditions-alert';
/** When the alerts go, in hours before an event's start, unless configured (CONDITIONS_ALERT_HOURS). */
export const DEFAULT_ALERT_HOURS = [48, 24] as const;

export interface SendConditionsAlertsDeps {
  events: Pick<EventRepository, 'listNotOverBefore'>;
  conditions: Pick<ConditionsRepository, 'getLimits' | 'getForecast' | 'getEvents'>;
  admins: Pick<AdminRepository, 'list'>;
  bookings: Pick<BookingRepository, 'placesTakenByEvent'>;
  outbox: Pick<Outbox, 'addOnce'>;
  clock: Clock;
  siteSettings: { clubName: string; publicBaseUrl: string };
  /** Hours before an event's start at which the admins are alerted (48 and 24 unless configured). */
  alertHoursBefore: readonly number[];
}

/**
 * The outbox id of one alert: per event start, alert time and admin. A re-run, or another
 * instance's round, writes nothing new (Outbox.addOnce); a postponed event is alerted again for
 * its new time.
 */
export function conditionsAlertId(eventId: string, start: string, hours: number, uid: string): string {
  return `conditions-alert-${eventId}-${Date.parse(start)}-${hours}h-${uid}`;
}

/** The admins alerted: those who manage events (events:write), not disabled, with an address. */
export function alertRecipients(admins: readonly Admin[]): Admin[] {
  return admins.filter((admin) => !admin.disabled && hasPermission(admin, 'events:write') && admin.email !== '');
}

/** The alert to one admin: the event, the forecast against its limits, and the link to the go/no-go panel. */
export function conditionsAlertMail(admin: Pick<Admin, 'email' | 'name'>, panel: GoNoGoPanel, context: { clubName: string; publicBaseUrl: string }) {
  const state = panel.rating === 'beyond' ? 'beyond' : 'near';
  const strongest = panel.hours.reduce((best, hour) => ((hour.gustKn ?? 0) > (best?.gustKn ?? -1) ? hour : best), panel.hours[0]);
  const direction = strongest?.directionDeg == null ? '' : ` from the ${compassPoint(strongest.directionDeg)}`;
  const mail = composeMail(
    admin.name || admin.email,
    [
      ['When', `${formatDateRange(panel.eventdatetime, panel.eventenddatetime, 'member')} (UK time)`],
      ['Wind', `up to ${panel.maxWindKn ?? '–'} kn${direction} (limit ${panel.limits.windKn} kn)`],
      ['Gusts', `up to ${panel.maxGustKn ?? '–'} kn (limit ${panel.limits.gustKn} kn)`],
      ['Limits of', panel.limits.name],
      ['Places booked', String(panel.placesTaken)],
    ],
    {
      subject: `Conditions ${state} the limits: ${panel.eventName}`,
      paragraphs: [`The forecast for ${panel.eventName} is ${state === 'beyond' ? 'beyond' : 'near'} the club’s limits for ${panel.limits.name.toLowerCase()}. Decide on the go/no-go panel: Go, Postpone or Cancel, with a reason.`],
      link: { lead: 'The event’s go/no-go panel:', text: `Go/no-go: ${panel.eventName}`, url: `${context.publicBaseUrl.replace(/\/$/, '')}/admin/events/go-no-go/${encodeURIComponent(panel.eventId)}` },
      clubName: context.clubName,
    },
  );
  return { to: admin.email, ...mail, attachments: [] };
}

/**
 * The alerts' round (job runner): for each upcoming event that stands, once `alertHoursBefore`
 * hours before its start have come (the latest such time only), when its forecast is near or beyond its limits, each admin who
 * manages events gets one e-mail through the outbox — once across instances and re-runs (its id).
 * Answers how many e-mails were written.
 */
export class SendConditionsAlerts extends UseCase<SendConditionsAlertsDeps> {
  async execute(): Promise<number> {
    const now = this.deps.clock.now();
    const forecast = await this.deps.conditions.getForecast();
    if (!forecast || this.deps.alertHoursBefore.length === 0) return 0;
    const longest = Math.max(...this.deps.alertHoursBefore) * 3_600_000;
    const events = (await this.deps.events.listNotOverBefore(now)).filter((event) => {
      const start = parseInstant(event.eventdatetime);
      return start !== null && start.getTime() > now.getTime() && start.getTime() - longest <= now.getTime() && inForecastWindow(event, forecast, now);
    });
    if (events.length === 0) return 0;
    const ids = events.map((e) => e.id);
    const [limits, records, admins, places] = await Promise.all([this.deps.conditions.getLimits(), this.deps.conditions.getEvents(ids), this.deps.admins.list(), this.deps.bookings.placesTakenByEvent(ids, now)]);
    const recipients = alertRecipients(admins);
    let written = 0;
    for (const event of events) {
      const panel = goNoGoPanel({ event, record: records.get(event.id) ?? null, limits, forecast, placesTaken: places.get(event.id) ?? 0, now });
      if (panel.rating !== 'near' && panel.rating !== 'beyond') continue;
      const start = Date.parse(event.eventdatetime ?? '');
      // The alert of the latest time passed only: a round that first sees the event 10 hours
      // before sends the 24-hour alert, not the 48-hour one as well.
      const passed = this.deps.alertHoursBefore.filter((hours) => start - hours * 3_600_000 <= now.getTime());
      if (passed.length === 0) continue;
      const hours = Math.min(...passed);
      for (const admin of recipients) {
        const message = newOutboxMessage(conditionsAlertId(event.id, event.eventdatetime ?? '', hours, admin.uid), CONDITIONS_ALERT_MAIL_KIND, event.id, conditionsAlertMail(admin, panel, this.deps.siteSettings), now);
        if (await this.deps.outbox.addOnce(message)) written += 1;
      }
    }
    return written;
  }
}
