import type { Admin } from '../admins/admin';
import { hasPermission } from '../admins/permissions';
import type { AdminRepository } from '../admins/admin-repository.port';
import { composeMail } from '../mail/compose-mail';
import { formatDateRange } from '../shared/date-text';
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
import type { DutyRepository } from '../duties/duty-repository.port';
import { isEventCancelled } from '../events/event-time';
import { SAFETY_COVER_WORDS, shortSlotText, slotsOfEvent } from './safety-cover';
import { dutyAlertRecipients } from '../duties/staffing-alerts';

/** The outbox kind of an admin's conditions alert. */
export const CONDITIONS_ALERT_MAIL_KIND = 'conditions-alert';
/** When the alerts go, in hours before an event's start, unless configured (CONDITIONS_ALERT_HOURS). */
export const DEFAULT_ALERT_HOURS = [48, 24] as const;

export interface SendConditionsAlertsDeps {
  events: Pick<EventRepository, 'listNotOverBefore'>;
  conditions: Pick<ConditionsRepository, 'getLimits' | 'getForecast' | 'getEvents'>;
  admins: Pick<AdminRepository, 'list'>;
  bookings: Pick<BookingRepository, 'placesTakenByEvent'>;
  /** The duty roster: an event whose safety cover is red is alerted too. */
  duties: Pick<DutyRepository, 'listSlotsOfEvents' | 'listCatalogue'>;
  outbox: Pick<Outbox, 'addOnce'>;
  clock: Clock;
  siteSettings: { clubName: string; publicBaseUrl: string };
  /** Hours before an event's start at which the admins are alerted (48 and 24 unless configured). */
  alertHoursBefore: readonly number[];
  /**
   * DUTY_RED_ALERT_DAYS: when above 0, a red staffing light is told to the admins who keep rosters by
   * its own e-mail ("Duty cover short", core/duties/staffing-alerts.ts), so this round does not tell
   * them the same shortfall again.
   */
  dutyRedAlertDays: number;
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

/** Whether a panel calls for an alert: its forecast near or beyond its limits, or its safety cover red. */
export function needsAlert(panel: Pick<GoNoGoPanel, 'rating' | 'safetyCover'>): boolean {
  return panel.rating === 'near' || panel.rating === 'beyond' || panel.safetyCover.status === 'red';
}

/**
 * The alert to one admin: the event, the forecast against its limits, its safety cover (the short
 * duties named), and the link to the go/no-go panel. The subject names the conditions when they
 * call for it, else the safety cover.
 */
export function conditionsAlertMail(admin: Pick<Admin, 'email' | 'name'>, panel: GoNoGoPanel, context: { clubName: string; publicBaseUrl: string }) {
  const conditions = panel.rating === 'beyond' || panel.rating === 'near' ? panel.rating : null;
  const coverRed = panel.safetyCover.status === 'red';
  const strongest = panel.hours.reduce((best, hour) => ((hour.gustKn ?? 0) > (best?.gustKn ?? -1) ? hour : best), panel.hours[0]);
  const direction = strongest?.directionDeg == null ? '' : ` from the ${compassPoint(strongest.directionDeg)}`;
  const forecastLines: [string, string][] =
    panel.rating === null
      ? [['Forecast', 'none for the event’s hours']]
      : [
          ['Wind', `up to ${panel.maxWindKn ?? '–'} kn${direction} (limit ${panel.limits.windKn} kn)`],
          ['Gusts', `up to ${panel.maxGustKn ?? '–'} kn (limit ${panel.limits.gustKn} kn)`],
          ['Limits of', panel.limits.name],
        ];
  const short = panel.safetyCover.short.map(shortSlotText).join('; ');
  const paragraphs = [
    ...(conditions ? [`The forecast for ${panel.eventName} is ${conditions} the club’s limits for ${panel.limits.name.toLowerCase()}.`] : []),
    ...(coverRed ? [`The safety cover of ${panel.eventName} is short: a duty the event cannot run without is not filled (${short}).`] : []),
    'Decide on the go/no-go panel: Go, Postpone or Cancel, with a reason.',
  ];
  const mail = composeMail(
    admin.name || admin.email,
    [
      ['When', `${formatDateRange(panel.eventdatetime, panel.eventenddatetime, 'member')} (UK time)`],
      ...forecastLines,
      ['Safety cover', `${SAFETY_COVER_WORDS[panel.safetyCover.status]}${short === '' ? '' : ` (${short})`}`],
      ['Places booked', String(panel.placesTaken)],
    ],
    {
      subject: conditions ? `Conditions ${conditions} the limits: ${panel.eventName}` : `Safety cover short: ${panel.eventName}`,
      paragraphs: [paragraphs.join(' ')],
      link: {
        lead: 'The event’s go/no-go panel:',
        text: `Go/no-go: ${panel.eventName}`,
        url: `${context.publicBaseUrl.replace(/\/$/, '')}/admin/events/go-no-go/${encodeURIComponent(panel.eventId)}`,
      },
      clubName: context.clubName,
    },
  );
  return { to: admin.email, ...mail, attachments: [] };
}

/**
 * The alerts' round (job runner): for each upcoming event that stands, once `alertHoursBefore`
 * hours before its start have come (the latest such time only), when its forecast is near or
 * beyond its limits or its safety cover is red (needsAlert), each admin who manages events gets
 * one e-mail through the outbox — once across instances and re-runs (its id), naming both when
 * both call for it. An event the forecast does not cover is alerted for its safety cover alone,
 * except to the admins the staffing alert tells of it (one e-mail per shortfall).
 * Answers how many e-mails were written.
 */
export class SendConditionsAlerts extends UseCase<SendConditionsAlertsDeps> {
  async execute(): Promise<number> {
    const now = this.deps.clock.now();
    if (this.deps.alertHoursBefore.length === 0) return 0;
    const forecast = await this.deps.conditions.getForecast();
    const longest = Math.max(...this.deps.alertHoursBefore) * 3_600_000;
    const events = (await this.deps.events.listNotOverBefore(now)).filter((event) => {
      const start = parseInstant(event.eventdatetime);
      return start !== null && start.getTime() > now.getTime() && start.getTime() - longest <= now.getTime() && !isEventCancelled(event);
    });
    if (events.length === 0) return 0;
    const ids = events.map((e) => e.id);
    const [limits, records, admins, places, slots, dutyTypes] = await Promise.all([
      this.deps.conditions.getLimits(),
      this.deps.conditions.getEvents(ids),
      this.deps.admins.list(),
      this.deps.bookings.placesTakenByEvent(ids, now),
      this.deps.duties.listSlotsOfEvents(ids),
      this.deps.duties.listCatalogue('dutyTypes'),
    ]);
    const recipients = alertRecipients(admins);
    let written = 0;
    for (const event of events) {
      // Outside the forecast's window the conditions are not judged (no hours): the cover still is.
      const covered = inForecastWindow(event, forecast, now) ? forecast : null;
      const panel = goNoGoPanel({
        event,
        record: records.get(event.id) ?? null,
        limits,
        forecast: covered,
        placesTaken: places.get(event.id) ?? 0,
        slots: slotsOfEvent(slots, event.id),
        dutyTypes,
        now,
      });
      if (!needsAlert(panel)) continue;
      const start = Date.parse(event.eventdatetime ?? '');
      // The alert of the latest time passed only: a round that first sees the event 10 hours
      // before sends the 24-hour alert, not the 48-hour one as well.
      const passed = this.deps.alertHoursBefore.filter((hours) => start - hours * 3_600_000 <= now.getTime());
      if (passed.length === 0) continue;
      const hours = Math.min(...passed);
      // One e-mail per shortfall: a short cover alone is the staffing alert's to tell those who keep rosters.
      const coverOnly = panel.rating !== 'near' && panel.rating !== 'beyond';
      for (const admin of recipients) {
        if (coverOnly && this.deps.dutyRedAlertDays > 0 && dutyAlertRecipients([admin]).length > 0) continue;
        const message = newOutboxMessage(
          conditionsAlertId(event.id, event.eventdatetime ?? '', hours, admin.uid),
          CONDITIONS_ALERT_MAIL_KIND,
          event.id,
          conditionsAlertMail(admin, panel, this.deps.siteSettings),
          now,
        );
        if (await this.deps.outbox.addOnce(message)) written += 1;
      }
    }
    return written;
  }
}
