import type { Admin } from '../admins/admin';
import { permittedInput } from '../admins/admin-record';
import { requirePermission } from '../admins/permissions';
import { recordAdminAction } from '../audit/audit-trail';
import type { ClubEvent } from '../events/event';
import { eventSearchRecord } from '../events/event-search-record';
import {
  laterDateForm,
  SERIES_MESSAGES,
  SeriesChangeFormSchema,
  seriesChangeFormFor,
  seriesDates,
  seriesEvent,
  SeriesFormValuesSchema,
  thisAndLater,
  validateSeriesChange,
  validateSeriesForm,
  type EventSeries,
  type SeriesChangeFormValues,
} from '../events/event-series';
import { slotsFromTemplate, type DutySlot, type DutyTemplate } from '../duties/duties';
import type { DutyRepository } from '../duties/duty-repository.port';
import { cardCurrencyOf } from '../payments/card-currency';
import { upsertInStep } from '../search/keep-index-in-step';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { IdGenerator } from '../shared/id-generator.port';
import { acceptedForm, parseInput } from '../shared/parse-input';
import { UseCase } from '../shared/use-case';
import { UpdateEvent, type UpdateEventDeps } from './update-event';
import type { ChangeNoticeTold } from '../events/event-change-notice';

export interface EventSeriesDeps extends Omit<UpdateEventDeps, 'duties'> {
  ids: IdGenerator;
  /** The dates' rosters: the series' template applied to each (as "Apply a template" does), and moved with an edit. */
  duties: UpdateEventDeps['duties'] & Pick<DutyRepository, 'addSlots'>;
}

/** A series with its dates, for the series' page. */
export interface AdminEventSeries {
  series: EventSeries;
  events: ClubEvent[];
  /** The "this and later" form as it opens on each date, by event id. */
  changeForms: Record<string, SeriesChangeFormValues>;
}

/** What a "this and later" change did. */
export interface SeriesChangeResult {
  series: EventSeries;
  /** The dates changed (the chosen one and the later ones that stand). */
  changed: number;
  /** Duty slots added by the template on those dates. */
  slotsAdded: number;
  /** Who the moves e-mailed, over all the dates. */
  told: ChangeNoticeTold;
}

/**
 * A season's event series (docs/events.md, "Event series"): made from one form, every date an
 * ordinary event; changed from a date on ("this and later") through the edit of one event.
 * Series need events:write; naming a duty template needs duties:write too, as applying one to an
 * event's roster does.
 */
export class ManageEventSeries extends UseCase<EventSeriesDeps> {
  async list(admin: Admin): Promise<EventSeries[]> {
    requirePermission(admin, 'events.list');
    return this.deps.events.listSeries();
  }

  async get(admin: Admin, seriesId: string): Promise<AdminEventSeries> {
    requirePermission(admin, 'events.list');
    const series = await this.requireSeries(seriesId);
    const events = await this.deps.events.listBySeries(series.id);
    return { series, events, changeForms: Object.fromEntries(events.map((event) => [event.id, seriesChangeFormFor(series, event)])) };
  }

  /**
   * Creates the series and every date's event in one atomic write, then gives each date the
   * template's slots. The slots are added after: applying a template adds only the slots a date
   * lacks, so a retry ("this and later" with the same template) completes an interrupted one.
   */
  async create(admin: Admin, form: unknown): Promise<{ series: EventSeries; events: ClubEvent[]; slotsAdded: number }> {
    const values = permittedInput(admin, 'events.create', SeriesFormValuesSchema, form);
    const valid = acceptedForm(
      validateSeriesForm(values, {
        maxAttendees: this.deps.maxAttendees,
        cardCurrency: values.requiresPayment ? await cardCurrencyOf(this.deps.payments) : null,
      }),
    );
    const template = await this.templateOf(admin, valid.templateId);
    const now = this.deps.clock.now();
    const series: EventSeries = { id: this.deps.ids.next(), ...valid, createdAt: now.toISOString(), updatedAt: now.toISOString() };
    const events = seriesDates(series).map((date) => seriesEvent(series, date, this.deps.ids.next(), now));
    await this.deps.events.createSeries(series, events);
    await recordAdminAction(this.deps, admin, {
      action: 'event-series.created',
      recordType: 'event',
      recordId: series.id,
      summary: `Created the event series ${series.name}: ${events.length} ${events.length === 1 ? 'date' : 'dates'}`,
      before: { dates: null },
      after: { dates: events.length, rule: series.rule },
    });
    await upsertInStep(this.deps, 'events', events.map(eventSearchRecord));
    const slotsAdded = template ? await this.applyTemplate(template, events) : 0;
    return { series, events, slotsAdded };
  }

  /**
   * "This and later": the change saved on the chosen date and every later date that stands, each
   * through the edit of one event (its rules, e-mails to booked members and duty moves), then the
   * series' own fields, so that they describe its later dates; with a template, each of those dates
   * gets the slots it lacks (no slot is ever removed, so nobody loses a duty by it).
   */
  async changeFrom(admin: Admin, seriesId: string, form: unknown): Promise<SeriesChangeResult> {
    requirePermission(admin, 'events.update');
    const series = await this.requireSeries(seriesId);
    const values = parseInput(SeriesChangeFormSchema, form);
    const valid = acceptedForm(
      validateSeriesChange(values, {
        maxAttendees: this.deps.maxAttendees,
        cardCurrency: values.requiresPayment ? await cardCurrencyOf(this.deps.payments) : null,
      }),
    );
    const template = valid.templateId === series.templateId && valid.templateId === null ? null : await this.templateOf(admin, valid.templateId);
    const events = await this.deps.events.listBySeries(series.id);
    const from = events.find((event) => event.id === values.fromEventId);
    if (!from) throw new ValidationError(SERIES_MESSAGES.notInSeries, { fromEventId: SERIES_MESSAGES.notInSeries });
    const dates = thisAndLater(events, from).filter((event) => event.cancelledAt === null);
    const update = new UpdateEvent(this.deps);
    const told = { members: 0, dutyHolders: 0 };
    for (const event of dates) {
      const saved = await update.executeTelling(admin, event.id, laterDateForm(event, values));
      told.members += saved.told.members;
      told.dutyHolders += saved.told.dutyHolders;
    }
    const changed: EventSeries = { ...series, ...valid, updatedAt: this.deps.clock.now().toISOString() };
    await this.deps.events.updateSeries(changed);
    await recordAdminAction(this.deps, admin, {
      action: 'event-series.changed',
      recordType: 'event',
      recordId: series.id,
      summary: `Changed the event series ${changed.name} from ${from.name} on: ${dates.length} ${dates.length === 1 ? 'date' : 'dates'}`,
      before: { startTime: series.startTime, endTime: series.endTime, templateId: series.templateId },
      after: { startTime: changed.startTime, endTime: changed.endTime, templateId: changed.templateId },
    });
    const slotsAdded = template ? await this.applyTemplate(template, dates) : 0;
    return { series: changed, changed: dates.length, slotsAdded, told };
  }

  private async requireSeries(seriesId: string): Promise<EventSeries> {
    const series = await this.deps.events.getSeries(seriesId);
    if (!series) throw new NotFoundError(SERIES_MESSAGES.notFound);
    return series;
  }

  /** The named template (duties:write, as applying a template to a roster takes), or null for none. */
  private async templateOf(admin: Admin, templateId: string | null): Promise<DutyTemplate | null> {
    if (templateId === null) return null;
    requirePermission(admin, 'duties.write');
    const template = (await this.deps.duties.listCatalogue('templates')).find((t) => t.id === templateId);
    if (!template) throw new ValidationError(SERIES_MESSAGES.templateNotFound, { templateId: SERIES_MESSAGES.templateNotFound });
    return template;
  }

  /** Adds to each date the template's slots it lacks (slotsFromTemplate), all in one write. */
  private async applyTemplate(template: DutyTemplate, events: readonly ClubEvent[]): Promise<number> {
    const now = this.deps.clock.now().getTime();
    const slots: DutySlot[] = [];
    for (const event of events) {
      const needs = slotsFromTemplate(template, await this.deps.duties.listSlots(event.id));
      // A millisecond apart, so each roster lists them in the template's order (slots are listed oldest first).
      needs.forEach((need, i) => slots.push({ id: this.deps.ids.next(), eventId: event.id, ...need, createdAt: new Date(now + i).toISOString() }));
    }
    if (slots.length > 0) await this.deps.duties.addSlots(slots);
    return slots.length;
  }
}
