import type { UseFormRegisterReturn } from 'react-hook-form';
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
        {field('rule', 'Repeats (recurrence rule)', <input className="input" type="text" {...form.bind('rule')} />, {
          required: true,
          hint: 'FREQ=WEEKLY;BYDAY=SU is every Sunday, FREQ=WEEKLY;INTERVAL=2;BYDAY=WE every other Wednesday, FREQ=MONTHLY;BYDAY=1WE the first Wednesday of each month.',
        })}
        <div className="adm-grid-2">
          {field('firstDate', 'First date', <input className="input" type="date" {...form.bind('firstDate')} />, { required: true })}
          {field('lastDate', 'Last date', <input className="input" type="date" {...form.bind('lastDate')} />, { required: true })}
        </div>
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
