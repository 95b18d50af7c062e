import { useEffect, useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { lastDateOfCount, plainRecurrenceOf, plainRecurrenceRule, WEEKDAYS, type PlainRecurrence, type Weekday } from '@core/events/recurrence';
import { calendarDateText } from '@core/shared/london-time';
import { DEFAULT_MAX_ATTENDEES, emptyEventForm } from '@core/events/event-form';
import { seriesDates, validateSeriesChange, validateSeriesForm, type SeriesChangeFormValues, type SeriesFormValues } from '@core/events/event-series';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Field, type FieldProps } from '../../../../components/ui/field';
import { AdminForm, useAdminForm, type AdminFormProps } from '../../../../admin/shared/components/admin-form';

type SeriesField = keyof SeriesFormValues;
type ChangeField = keyof SeriesChangeFormValues;

const LIMITS = { maxAttendees: DEFAULT_MAX_ATTENDEES };
const SERIES_ORDER: readonly SeriesField[] = [
  'name',
  'description',
  'rule',
  'firstDate',
  'lastDate',
  'startTime',
  'endTime',
  'skippedDates',
  'addedDates',
  'capacity',
  'price',
  'templateId',
];
const CHANGE_ORDER: readonly ChangeField[] = ['name', 'description', 'startTime', 'endTime', 'capacity', 'price', 'templateId'];

/** The "New series" form as it opens: the new event form's fields (booking off, reminders on), every Sunday from 10:00 to 16:00. */
export function emptySeriesForm(): SeriesFormValues {
  const { eventdatetime: _start, eventenddatetime: _end, bookingEndDate: _bookingEnd, ...fields } = emptyEventForm();
  return {
    ...fields,
    rule: 'FREQ=WEEKLY;BYDAY=SU',
    firstDate: '',
    lastDate: '',
    startTime: '10:00',
    endTime: '16:00',
    skippedDates: '',
    addedDates: '',
    templateId: '',
  };
}

export interface TemplateChoice {
  templates: { id: string; name: string }[] | null;
}

/** The fields a series and a "this and later" change both have. */
type Shared = ChangeField & SeriesField;

/** What the shared fields need of either form (useAdminForm's answer). */
interface SharedForm {
  values: Pick<SeriesChangeFormValues, 'allowBooking' | 'requiresPayment'>;
  errorFor: (name: Shared) => string | undefined;
  bind: (name: Shared) => UseFormRegisterReturn;
  set: (name: 'allowBooking' | 'requiresPayment', value: boolean) => void;
}

/** The fields a series and a "this and later" change share: name, words, times, places, price and template. */
function sharedFields(form: SharedForm, prefix: string, templates: TemplateChoice['templates']) {
  const id = (name: string) => `${prefix}-${name}`;
  const field = (name: Shared, label: string, control: FieldProps['children'], options: { hint?: string; required?: boolean } = {}) => (
    <Field id={id(name)} label={label} error={form.errorFor(name)} hint={options.hint} required={options.required}>
      {control}
    </Field>
  );
  const { values } = form;
  const check = (name: 'allowBooking' | 'requiresPayment', label: string, hint: string) => (
    <Checkbox id={id(name)} name={name} label={label} hint={hint} checked={values[name]} onChange={(checked) => form.set(name, checked)} />
  );
  return {
    field,
    details: (
      <>
        {field('name', 'Event Name', <input className="input" type="text" {...form.bind('name')} />, { required: true })}
        {field('description', 'Short Description', <input className="input" type="text" {...form.bind('description')} />, { hint: 'Shown on the calendar.' })}
      </>
    ),
    times: (
      <div className="adm-grid-2">
        {field('startTime', 'Start time (UK time)', <input className="input" type="time" {...form.bind('startTime')} />, { required: true })}
        {field('endTime', 'End time (UK time)', <input className="input" type="time" {...form.bind('endTime')} />, { required: true })}
      </div>
    ),
    booking: (
      <>
        {check('allowBooking', 'Allow Booking', 'Members can book each date.')}
        {field('capacity', 'Capacity', <input className="input" type="number" inputMode="numeric" min={1} step={1} {...form.bind('capacity')} />, {
          hint: 'Most attendees on each date. Leave empty for no limit.',
        })}
        {check('requiresPayment', 'Requires Payment', 'Members pay by card when they book.')}
        {values.requiresPayment &&
          field('price', 'Price per adult', <input className="input" type="number" inputMode="decimal" min={0} step={0.01} {...form.bind('price')} />, {
            required: true,
          })}
      </>
    ),
    template:
      templates === null
        ? null
        : field(
            'templateId',
            'Duty template',
            <select className="input" {...form.bind('templateId')}>
              <option value="">No duty template</option>
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>,
            { hint: 'Every date gets its duty slots. A slot somebody holds is never removed.' },
          ),
  };
}

/** How many dates the form's rule gives, and the first few: said while the admin types. */
function datesPreview(values: SeriesFormValues): string | null {
  const checked = validateSeriesForm(values, LIMITS);
  if (!checked.ok) return null;
  const dates = seriesDates(checked.value);
  const shown = dates.slice(0, 3).map(calendarDateText).join(', ');
  return `${dates.length} ${dates.length === 1 ? 'date' : 'dates'}: ${shown}${dates.length > 3 ? ', …' : ''}`;
}

/** The "New series" form, checked by the core rule the server applies (validateSeriesForm). */
export function SeriesForm({ initial, templates, submitLabel, submittingLabel, onSubmit, onCancel }: AdminFormProps<SeriesFormValues> & TemplateChoice) {
  const form = useAdminForm<SeriesFormValues, SeriesField>({
    initial,
    check: (values) => validateSeriesForm(values, LIMITS),
    order: SERIES_ORDER,
    idOf: (name) => `adm-series-${name}`,
    onSubmit,
  });
  // Both forms bind the shared fields by the same names (their values types differ only in the rest).
  const shared = sharedFields(form as unknown as SharedForm, 'adm-series', templates);
  const field = (name: SeriesField, label: string, control: FieldProps['children'], options: { hint?: string; required?: boolean } = {}) => (
    <Field id={`adm-series-${name}`} label={label} error={form.errorFor(name)} hint={options.hint} required={options.required}>
      {control}
    </Field>
  );
  const preview = datesPreview(form.values);
  return (
    <AdminForm onSubmit={form.submit} form={form} actions={{ submitLabel, submittingLabel, onCancel }}>
      <fieldset className="adm-fieldset" disabled={form.submitting}>
        <legend>Event details</legend>
        {shared.details}
      </fieldset>
      <fieldset className="adm-fieldset" disabled={form.submitting}>
        <legend>Dates</legend>
        <RepeatFields
          rule={form.values.rule}
          firstDate={form.values.firstDate}
          setRule={(rule) => form.set('rule', rule)}
          setLastDate={(date) => form.set('lastDate', date)}
          ruleError={form.errorFor('rule')}
          ruleText={field('rule', 'Repeats (recurrence rule)', <input className="input" type="text" {...form.bind('rule')} />, {
            required: true,
            hint: 'FREQ=WEEKLY;BYDAY=SU is every Sunday, FREQ=WEEKLY;INTERVAL=2;BYDAY=WE every other Wednesday, FREQ=MONTHLY;BYDAY=1WE the first Wednesday of each month.',
          })}
          dates={
            <div className="adm-grid-2">
              {field('firstDate', 'First date', <input className="input" type="date" {...form.bind('firstDate')} />, { required: true })}
              {field('lastDate', 'Last date', <input className="input" type="date" {...form.bind('lastDate')} />, { required: true })}
            </div>
          }
        />
        {shared.times}
        <div className="adm-grid-2">
          {field('skippedDates', 'Skip these dates', <textarea className="input" rows={3} {...form.bind('skippedDates')} />, {
            hint: 'One date a line, as YYYY-MM-DD.',
          })}
          {field('addedDates', 'Add these dates', <textarea className="input" rows={3} {...form.bind('addedDates')} />, {
            hint: 'One date a line, as YYYY-MM-DD.',
          })}
        </div>
        <p className="adm-muted" aria-live="polite">
          {preview}
        </p>
      </fieldset>
      <fieldset className="adm-fieldset" disabled={form.submitting}>
        <legend>Booking, payment and duties</legend>
        {shared.booking}
        {shared.template}
      </fieldset>
    </AdminForm>
  );
}

const DAY_NAMES: Record<Weekday, string> = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' };
const WEEKS: readonly [number, string][] = [
  [1, 'first'],
  [2, 'second'],
  [3, 'third'],
  [4, 'fourth'],
  [-1, 'last'],
];

interface RepeatFieldsProps {
  rule: string;
  firstDate: string;
  setRule: (rule: string) => void;
  setLastDate: (date: string) => void;
  /** The form's message for the rule (no date, too many), shown beside the plain fields too. */
  ruleError: string | undefined;
  /** The rule's own text field, for what the plain fields cannot say. */
  ruleText: ReactNode;
  /** The first and last dates (the last set from the count when the series ends after a number of dates). */
  dates: ReactNode;
}

/**
 * The series' repeat in plain fields (weekly or monthly, on which weekdays, every how many), which
 * write the rule through the core's plainRecurrenceRule; "Write the rule as text" shows the rule
 * itself for what they cannot say. Ending after a number of dates sets the last date to the
 * rule's that many-th (lastDateOfCount).
 */
function RepeatFields({ rule, firstDate, setRule, setLastDate, ruleError, ruleText, dates }: RepeatFieldsProps) {
  const [plain, setPlain] = useState<PlainRecurrence | null>(() => plainRecurrenceOf(rule));
  const [ends, setEnds] = useState<'date' | 'count'>('date');
  const [count, setCount] = useState('');
  const change = (next: PlainRecurrence) => {
    setPlain(next);
    setRule(plainRecurrenceRule(next));
  };
  // The last date follows the count, the first date and the rule while the series ends after a count.
  useEffect(() => {
    if (ends === 'count') setLastDate(lastDateOfCount(rule, firstDate, Number(count)) ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setLastDate is a new function each render, the values are what matter
  }, [ends, count, rule, firstDate]);
  const asText = plain === null;
  return (
    <>
      <Checkbox
        id="adm-series-rule-as-text"
        label="Write the rule as text (advanced)"
        hint="An RFC 5545 recurrence rule, for a pattern the fields below cannot say."
        checked={asText}
        onChange={(checked) => (checked ? setPlain(null) : change(plainRecurrenceOf(rule) ?? { frequency: 'weekly', weekdays: ['SU'], interval: 1, week: 1 }))}
      />
      {asText ? (
        ruleText
      ) : (
        <>
          <div className="adm-grid-2">
            {/* The rule's id, so a message about the rule focuses this field. */}
            <Field id="adm-series-rule" label="Repeats" error={ruleError}>
              <select
                id="adm-series-rule"
                className="input"
                value={plain.frequency}
                onChange={(e) => change({ ...plain, frequency: e.target.value === 'monthly' ? 'monthly' : 'weekly' })}
              >
                <option value="weekly">Weekly</option>
                <option value="monthly">Monthly</option>
              </select>
            </Field>
            <Field id="adm-series-interval" label={plain.frequency === 'weekly' ? 'Every how many weeks' : 'Every how many months'}>
              <input
                id="adm-series-interval"
                className="input"
                type="number"
                inputMode="numeric"
                min={1}
                max={52}
                value={plain.interval}
                onChange={(e) => change({ ...plain, interval: Math.max(1, Math.min(52, Math.trunc(Number(e.target.value)) || 1)) })}
              />
            </Field>
          </div>
          {plain.frequency === 'monthly' && (
            <Field id="adm-series-week" label="Which of the month">
              <select id="adm-series-week" className="input" value={plain.week} onChange={(e) => change({ ...plain, week: Number(e.target.value) })}>
                {WEEKS.map(([week, name]) => (
                  <option key={week} value={week}>
                    The {name}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <fieldset className="adm-fieldset">
            <legend>On</legend>
            {WEEKDAYS.map((day) => (
              <Checkbox
                key={day}
                id={`adm-series-day-${day}`}
                label={DAY_NAMES[day]}
                compact
                checked={plain.weekdays.includes(day)}
                onChange={(checked) => change({ ...plain, weekdays: checked ? [...plain.weekdays, day] : plain.weekdays.filter((d) => d !== day) })}
              />
            ))}
            {plain.frequency === 'weekly' && plain.weekdays.length === 0 && <p className="adm-muted">No day ticked: the first date’s weekday.</p>}
          </fieldset>
        </>
      )}
      <Field id="adm-series-ends" label="Ends">
        <select id="adm-series-ends" className="input" value={ends} onChange={(e) => setEnds(e.target.value === 'count' ? 'count' : 'date')}>
          <option value="date">On a last date</option>
          <option value="count">After a number of dates</option>
        </select>
      </Field>
      {ends === 'count' && (
        <Field id="adm-series-count" label="Number of dates" hint="Sets the last date: the rule's date of that number, skipped dates counted.">
          <input
            id="adm-series-count"
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={200}
            value={count}
            onChange={(e) => setCount(e.target.value)}
          />
        </Field>
      )}
      {dates}
    </>
  );
}

/** "Change this and later": the fields set on the chosen date and every later one (validateSeriesChange). */
export function SeriesChangeForm({
  initial,
  templates,
  submitLabel,
  submittingLabel,
  onSubmit,
  onCancel,
}: AdminFormProps<SeriesChangeFormValues> & TemplateChoice) {
  const form = useAdminForm<SeriesChangeFormValues, ChangeField>({
    initial,
    check: (values) => validateSeriesChange(values, LIMITS),
    order: CHANGE_ORDER,
    idOf: (name) => `adm-series-change-${name}`,
    onSubmit,
  });
  const shared = sharedFields(form as unknown as SharedForm, 'adm-series-change', templates);
  return (
    <AdminForm onSubmit={form.submit} form={form} actions={{ submitLabel, submittingLabel, onCancel }}>
      <fieldset className="adm-fieldset" disabled={form.submitting}>
        <legend>This date and every later one</legend>
        {shared.details}
        {shared.times}
        {shared.booking}
        {shared.template}
      </fieldset>
    </AdminForm>
  );
}
