import { z } from 'zod';
import { EventFieldsSchema, NEW_EVENT, type ClubEvent } from './event';
import { EventFormValuesSchema, eventToFormValues, validateEventForm, type EventFormValues } from './event-form';
import { InstantSchema } from '../shared/instant';
import { addDaysToDate, dateWall, londonDate, parseInstant, wallClockToInstant } from '../shared/london-time';
import { recurrenceDates, recurrenceRefusal } from './recurrence';

/**
 * A season's event series (docs/events.md, "Event series"): a recurrence rule (RFC 5545, without
 * its start, end or count, which the first and last dates give) read on London's calendar, dates
 * skipped or added by hand, one London time of day for every date, and the event fields each date
 * is created with. Each date is an ordinary event carrying the series' id.
 */

/** The most dates one series may have: every date and the series itself fit one atomic write (docs/events.md). */
export const MAX_SERIES_DATES = 200;
/** The longest a series may run, first to last date: a season, with room to spare. */
export const MAX_SERIES_DAYS = 731;

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const TIME_TEXT = /^([01]\d|2[0-3]):[0-5]\d$/;
export const CalendarDateSchema = z.string().regex(DATE_TEXT);
export const TimeOfDaySchema = z.string().regex(TIME_TEXT);

/** What each date copies from the series besides its name and times. */
export const SeriesEventFieldsSchema = EventFieldsSchema.omit({ name: true, eventdatetime: true, eventenddatetime: true, bookingEndDate: true });
export type SeriesEventFields = z.infer<typeof SeriesEventFieldsSchema>;

export const EventSeriesSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(200),
  /** RFC 5545 RRULE text without DTSTART, UNTIL or COUNT, e.g. `FREQ=WEEKLY;BYDAY=SU`. */
  rule: z.string().min(1).max(500),
  firstDate: CalendarDateSchema,
  lastDate: CalendarDateSchema,
  /** London wall clock, 'HH:mm': the same on every date, in GMT and in BST. */
  startTime: TimeOfDaySchema,
  /** London wall clock, 'HH:mm', after startTime on the same day. */
  endTime: TimeOfDaySchema,
  skippedDates: z.array(CalendarDateSchema).max(MAX_SERIES_DATES),
  addedDates: z.array(CalendarDateSchema).max(MAX_SERIES_DATES),
  /** The fields a new date gets: as last set for the series (a "this and later" change sets them again). */
  event: SeriesEventFieldsSchema,
  /** The duty template every date's roster gets (core/duties, slotsFromTemplate), or null for none. */
  templateId: z.string().min(1).max(64).nullable(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type EventSeries = z.infer<typeof EventSeriesSchema>;

/** The fields of the event form a series copies to its dates (its times come from the series' own fields). */
const SeriesEventFormSchema = EventFormValuesSchema.omit({ eventdatetime: true, eventenddatetime: true, bookingEndDate: true });

/** The times of day and template a series and a "this and later" change both take. */
const SeriesTimesFormSchema = z.object({
  startTime: z.string().max(100).default(''),
  endTime: z.string().max(100).default(''),
  /** Empty for no duty template. */
  templateId: z.string().max(64).default(''),
});

/** The "New series" form as the browser sends it: dates as 'yyyy-MM-dd', skipped and added dates one a line (or comma-separated). */
export const SeriesFormValuesSchema = SeriesEventFormSchema.extend(SeriesTimesFormSchema.shape).extend({
  rule: z.string().max(500).default(''),
  firstDate: z.string().max(100).default(''),
  lastDate: z.string().max(100).default(''),
  skippedDates: z.string().max(10000).default(''),
  addedDates: z.string().max(10000).default(''),
});
export type SeriesFormValues = z.infer<typeof SeriesFormValuesSchema>;

/** "Change this and later": the chosen date and the fields set on it and every later date of the series. */
export const SeriesChangeFormSchema = SeriesEventFormSchema.extend(SeriesTimesFormSchema.shape).extend({
  fromEventId: z.string().min(1, 'Choose a date of the series').max(200),
});
export type SeriesChangeFormValues = z.infer<typeof SeriesChangeFormSchema>;

export const SERIES_MESSAGES = {
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  datesInvalid: (text: string) => `Not a date (YYYY-MM-DD): ${text}`,
  lastBeforeFirst: 'The last date must not be before the first date',
  tooLong: `A series may run for at most ${MAX_SERIES_DAYS} days`,
  timeInvalid: 'Enter a time as HH:mm',
  endBeforeStart: 'The end time must be after the start time',
  noDates: 'The rule gives no date between the first and last dates: check the rule and the dates',
  tooManyDates: (n: number) => `The series would have ${n} dates; at most ${MAX_SERIES_DATES} are allowed`,
  notFound: 'Event series not found',
  notInSeries: 'This date is not part of the series',
  templateNotFound: 'Choose a template from the list',
} as const;

/** Form field errors of a series or a change. */
export type SeriesFormErrors = Partial<Record<keyof SeriesFormValues | 'fromEventId', string>>;

/** A 'yyyy-MM-dd' that is a real calendar date. */
export function isCalendarDate(text: string): boolean {
  if (!DATE_TEXT.test(text)) return false;
  const wall = dateWall(text);
  return !Number.isNaN(wall.getTime()) && wall.toISOString().slice(0, 10) === text;
}

/** The dates of a text field (one a line, or comma-separated), or the first piece that is not a date. */
export function parseDateList(text: string): { ok: true; dates: string[] } | { ok: false; bad: string } {
  const pieces = text
    .split(/[\s,;]+/)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
  const bad = pieces.find((piece) => !isCalendarDate(piece));
  return bad === undefined ? { ok: true, dates: [...new Set(pieces)].sort() } : { ok: false, bad };
}

/** The dates of a series, ascending: the rule's from the first to the last date, less the skipped ones, with the added ones. */
export function seriesDates(series: Pick<EventSeries, 'rule' | 'firstDate' | 'lastDate' | 'skippedDates' | 'addedDates'>): string[] {
  const skipped = new Set(series.skippedDates);
  const dates = new Set(recurrenceDates(series.rule, series.firstDate, series.lastDate).filter((date) => !skipped.has(date)));
  for (const date of series.addedDates) dates.add(date);
  return [...dates].sort();
}

/**
 * The start and end instants of a series' date: the London wall-clock times on that date
 * (wallClockToInstant, so a 10:00 start is 10:00 in GMT and in BST, an hour apart in UTC).
 */
export function seriesOccurrence(date: string, startTime: string, endTime: string): { eventdatetime: string; eventenddatetime: string } {
  const start = wallClockToInstant(`${date}T${startTime}`);
  const end = wallClockToInstant(`${date}T${endTime}`);
  if (start === null || end === null) throw new RangeError(`Not a London date and time: ${date} ${startTime}-${endTime}`);
  return { eventdatetime: start.toISOString(), eventenddatetime: end.toISOString() };
}

/** The event of one date of the series, as created: the series' fields, its times on that date, no booking end. */
export function seriesEvent(series: EventSeries, date: string, id: string, now: Date): ClubEvent {
  return {
    ...series.event,
    id,
    name: series.name,
    ...seriesOccurrence(date, series.startTime, series.endTime),
    bookingEndDate: null,
    seriesId: series.id,
    ...NEW_EVENT,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

/** A wall clock that is sure to read, for the event form's rules when the series' own date or time is wrong. */
const ANY_WALL_CLOCK = '2000-01-03T10:00';

function timeErrors(values: { startTime: string; endTime: string }, errors: SeriesFormErrors): void {
  const start = values.startTime.trim();
  const end = values.endTime.trim();
  if (!TIME_TEXT.test(start)) errors.startTime = SERIES_MESSAGES.timeInvalid;
  if (!TIME_TEXT.test(end)) errors.endTime = SERIES_MESSAGES.timeInvalid;
  else if (errors.startTime === undefined && end <= start) errors.endTime = SERIES_MESSAGES.endBeforeStart;
}

/** The event form's rules (name, words, price, currency, capacity) over a series' or a change's fields. */
function eventFieldErrors(
  values: z.infer<typeof SeriesEventFormSchema>,
  limits: Parameters<typeof validateEventForm>[1],
): { errors: SeriesFormErrors; fields: SeriesEventFields & { name: string } } {
  const checked = validateEventForm({ ...values, eventdatetime: ANY_WALL_CLOCK, eventenddatetime: '', bookingEndDate: '' }, limits);
  if (checked.ok) {
    const { eventdatetime: _start, eventenddatetime: _end, bookingEndDate: _bookingEnd, ...fields } = checked.value;
    return { errors: {}, fields };
  }
  const { eventdatetime: _start, eventenddatetime: _end, bookingEndDate: _bookingEnd, ...errors } = checked.errors;
  return { errors, fields: null as never };
}

/** A series as checked from its form: what the server stores, less id and timestamps. */
export type CheckedSeries = Omit<EventSeries, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Checks the "New series" form: the event form's rules on the copied fields, real dates and times,
 * a rule recurrenceRefusal accepts, and between 1 and MAX_SERIES_DATES dates.
 */
export function validateSeriesForm(
  values: SeriesFormValues,
  limits: Parameters<typeof validateEventForm>[1],
): { ok: true; value: CheckedSeries } | { ok: false; errors: SeriesFormErrors } {
  const {
    rule: ruleText,
    firstDate: firstText,
    lastDate: lastText,
    skippedDates: skippedText,
    addedDates: addedText,
    startTime,
    endTime,
    templateId,
    ...eventValues
  } = values;
  const { errors, fields } = eventFieldErrors(eventValues, limits);
  const firstDate = firstText.trim();
  const lastDate = lastText.trim();
  if (!isCalendarDate(firstDate)) errors.firstDate = SERIES_MESSAGES.dateInvalid;
  if (!isCalendarDate(lastDate)) errors.lastDate = SERIES_MESSAGES.dateInvalid;
  else if (errors.firstDate === undefined && lastDate < firstDate) errors.lastDate = SERIES_MESSAGES.lastBeforeFirst;
  else if (errors.firstDate === undefined && lastDate > addDaysToDate(firstDate, MAX_SERIES_DAYS)) errors.lastDate = SERIES_MESSAGES.tooLong;
  timeErrors({ startTime, endTime }, errors);
  const rule = ruleText.trim();
  const ruleRefused = recurrenceRefusal(rule);
  if (ruleRefused !== null) errors.rule = ruleRefused;
  const skipped = parseDateList(skippedText);
  if (!skipped.ok) errors.skippedDates = SERIES_MESSAGES.datesInvalid(skipped.bad);
  const added = parseDateList(addedText);
  if (!added.ok) errors.addedDates = SERIES_MESSAGES.datesInvalid(added.bad);
  if (Object.keys(errors).length > 0 || !skipped.ok || !added.ok) return { ok: false, errors };
  const { name, ...event } = fields;
  const series: CheckedSeries = {
    name,
    rule,
    firstDate,
    lastDate,
    startTime: startTime.trim(),
    endTime: endTime.trim(),
    skippedDates: skipped.dates,
    addedDates: added.dates,
    event,
    templateId: templateId.trim() === '' ? null : templateId.trim(),
  };
  const count = seriesDates(series).length;
  if (count === 0) return { ok: false, errors: { rule: SERIES_MESSAGES.noDates } };
  if (count > MAX_SERIES_DATES) return { ok: false, errors: { rule: SERIES_MESSAGES.tooManyDates(count) } };
  return { ok: true, value: series };
}

/** A "this and later" change as checked: the series' new name, times, copied fields and template. */
export type CheckedSeriesChange = Pick<EventSeries, 'name' | 'startTime' | 'endTime' | 'event' | 'templateId'>;

/** Checks a "this and later" change by the same rules as the series' form. */
export function validateSeriesChange(
  values: SeriesChangeFormValues,
  limits: Parameters<typeof validateEventForm>[1],
): { ok: true; value: CheckedSeriesChange } | { ok: false; errors: SeriesFormErrors } {
  const { fromEventId: _from, startTime, endTime, templateId, ...eventValues } = values;
  const { errors, fields } = eventFieldErrors(eventValues, limits);
  timeErrors({ startTime, endTime }, errors);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const { name, ...event } = fields;
  return {
    ok: true,
    value: { name, startTime: startTime.trim(), endTime: endTime.trim(), event, templateId: templateId.trim() === '' ? null : templateId.trim() },
  };
}

/**
 * The edit form of one later date under a "this and later" change: the date's own values (its
 * booking end among them) with the change's fields, and the change's times on the date's own
 * London day, so that the date is saved by the same rules as an edit of one event.
 */
export function laterDateForm(event: ClubEvent, change: SeriesChangeFormValues): EventFormValues {
  const { fromEventId: _from, startTime, endTime, templateId: _template, ...fields } = change;
  const start = parseInstant(event.eventdatetime);
  const own = eventToFormValues(event);
  if (start === null) return { ...own, ...fields };
  const date = londonDate(start);
  return { ...own, ...fields, eventdatetime: `${date}T${startTime.trim()}`, eventenddatetime: `${date}T${endTime.trim()}` };
}

/** The "this and later" form as it opens on a date: the series' fields with that date's times. */
export function seriesChangeFormFor(series: EventSeries, event: ClubEvent): SeriesChangeFormValues {
  const own = eventToFormValues(event);
  const { eventdatetime, eventenddatetime, bookingEndDate: _bookingEnd, ...fields } = own;
  return {
    ...fields,
    fromEventId: event.id,
    startTime: eventdatetime.slice(11, 16) || series.startTime,
    endTime: eventenddatetime.slice(11, 16) || series.endTime,
    templateId: series.templateId ?? '',
  };
}

/** The series' dates from this event on: its own and every later one, by start. */
export function thisAndLater(events: readonly ClubEvent[], from: ClubEvent): ClubEvent[] {
  const fromMs = parseInstant(from.eventdatetime)?.getTime() ?? Number.NEGATIVE_INFINITY;
  return events.filter((event) => event.id === from.id || (parseInstant(event.eventdatetime)?.getTime() ?? Number.NEGATIVE_INFINITY) > fromMs);
}
