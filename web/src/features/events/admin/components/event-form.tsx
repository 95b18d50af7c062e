import { CURRENCIES } from '@core/shared/money';
import { BOOKING_END_HINT, DEFAULT_MAX_ATTENDEES, EVENT_DETAIL_FIELDS, validateEventForm, type EventFormValues } from '@core/events/event-form';
import { DateFormatHint, DateTimeField } from '../../../../admin/shared/components/date-time-field';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Field, type FieldProps } from '../../../../components/ui/field';
import { AdminForm, useAdminForm, type AdminFormProps } from '../../../../admin/shared/components/admin-form';
import { Alert } from '../../../../components/ui/alert';
import type { ClubEvent } from '@core/events/event';
import { changeNoticeWarning, formMovesEvent, type ChangeNoticeCount } from '@core/events/event-change-notice';

type FieldName = keyof EventFormValues;
type CheckName = { [K in FieldName]: EventFormValues[K] extends boolean ? K : never }[FieldName];

const fieldId = (name: FieldName) => `adm-event-${name}`;

const FIELD_ORDER: readonly FieldName[] = [...EVENT_DETAIL_FIELDS, 'capacity', 'requiresPayment', 'price', 'memberPrice', 'currency'];

/**
 * The event form for both create and edit. It checks the values with the same core rules the
 * server applies, so most mistakes are caught before sending; the server's field messages are
 * shown the same way when it still refuses.
 */
/** An edit's stored event and its live bookings: a save that moves the event e-mails them. */
export interface MoveNotice {
  stored: Pick<ClubEvent, 'eventdatetime' | 'eventenddatetime' | 'cancelledAt'>;
  count: ChangeNoticeCount;
}

export function EventForm({
  initial,
  placesTaken = 0,
  moveNotice,
  submitLabel,
  submittingLabel,
  onSubmit,
  onCancel,
}: AdminFormProps<EventFormValues> & { placesTaken?: number; moveNotice?: MoveNotice }) {
  // An edit knows the places already taken: the core's rule refuses a capacity below them here too.
  const checkForm = (values: EventFormValues) => validateEventForm(values, { maxAttendees: DEFAULT_MAX_ATTENDEES, placesTaken });
  const form = useAdminForm<EventFormValues, FieldName>({ initial, check: checkForm, order: FIELD_ORDER, idOf: fieldId, onSubmit });
  const { submit } = form;
  const { values, set, errorFor, submitting } = form;
  // Said before saving, by the rule the server applies on save: who will be e-mailed about the move.
  const moveWarning = moveNotice && formMovesEvent(moveNotice.stored, values, new Date()) ? changeNoticeWarning(moveNotice.count) : null;

  const field = (name: FieldName, label: string, control: FieldProps['children'], options: { hint?: string; required?: boolean } = {}) => (
    <Field id={fieldId(name)} label={label} error={errorFor(name)} hint={options.hint} required={options.required}>
      {control}
    </Field>
  );
  const dateTime = (
    name: 'eventdatetime' | 'eventenddatetime' | 'bookingEndDate',
    label: string,
    options: { hint?: string; required?: boolean; allDayAtMidnight?: boolean },
  ) => <DateTimeField id={fieldId(name)} label={label} {...form.control(name)} formatHintId="adm-event-date-format" {...options} />;
  const check = (name: CheckName, label: string, hint: string) => (
    <Checkbox id={fieldId(name)} name={name} label={label} hint={hint} checked={values[name]} onChange={(checked) => set(name, checked)} />
  );

  return (
    <AdminForm onSubmit={submit} form={form} actions={{ submitLabel, submittingLabel, onCancel }}>
      <fieldset className="adm-fieldset" disabled={submitting}>
        <legend>Event details</legend>
        {field('name', 'Event Name', <input className="input" type="text" {...form.bind('name')} />, { required: true })}
        {field('description', 'Short Description', <input className="input" type="text" {...form.bind('description')} />, { hint: 'Shown on the calendar.' })}
        {field('longdescription', 'Long Description', <textarea className="input" rows={5} {...form.bind('longdescription')} />, {
          hint: 'Shown on the booking page.',
        })}
      </fieldset>

      <fieldset className="adm-fieldset" disabled={submitting}>
        <legend>Dates and times (UK time)</legend>
        <DateFormatHint id="adm-event-date-format" />
        <div className="adm-grid-3">
          {dateTime('eventdatetime', 'Start Date & Time', { required: true, hint: 'A start at 00:00 makes an all-day event.', allDayAtMidnight: true })}
          {dateTime('eventenddatetime', 'End Date & Time', { hint: 'Optional.' })}
          {dateTime('bookingEndDate', 'Booking End Date', { hint: `Optional. ${BOOKING_END_HINT}` })}
        </div>
      </fieldset>

      <fieldset className="adm-fieldset" disabled={submitting}>
        <legend>Booking options</legend>
        {check('allowBooking', 'Allow Booking', 'Members can book this event (Bookable); otherwise it is View Only.')}
        {field('capacity', 'Capacity', <input className="input" type="number" inputMode="numeric" min={1} step={1} {...form.bind('capacity')} />, {
          hint:
            placesTaken > 0
              ? `Most attendees in total. Leave empty for no limit. ${placesTaken === 1 ? '1 place is' : `${placesTaken} places are`} taken already.`
              : 'Most attendees in total. Leave empty for no limit.',
        })}
        <div className="adm-checks">
          {check('isBoatEvent', 'Boat Event', 'Ask for the boat name.')}
          {check('offerChild', 'Children', 'Ask how many children (12 years or under).')}
          {check('offerSoftDrinks', 'Soft Drinks', 'Ask how many want soft drinks.')}
          {check('offerVeg', 'Vegetarian', 'Ask how many vegetarian meals.')}
        </div>
        {check('sendReminders', 'Reminder E-mails', 'E-mail a reminder to every confirmed booking with an e-mail address a few days before the event.')}
      </fieldset>

      <fieldset className="adm-fieldset" disabled={submitting}>
        <legend>Payment</legend>
        {check('requiresPayment', 'Requires Payment', 'Members pay by card when they book; children pay half price.')}
        {values.requiresPayment && (
          <div className="adm-grid-2">
            {field('price', 'Price per adult', <input className="input" type="number" inputMode="decimal" min={0} step={0.01} {...form.bind('price')} />, {
              required: true,
            })}
            {field(
              'memberPrice',
              'Member price',
              <input className="input" type="number" inputMode="decimal" min={0} step={0.01} {...form.bind('memberPrice')} />,
              {
                hint: 'Per adult, for signed-in members whose membership is current on the day they book, and their households. Leave empty for none; never more than the price.',
              },
            )}
            {field(
              'currency',
              'Currency',
              <select className="input" {...form.bind('currency')}>
                {CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>,
            )}
          </div>
        )}
      </fieldset>

      <div aria-live="polite" aria-atomic="true">
        {moveWarning !== null && <Alert tone="warning">{moveWarning}</Alert>}
      </div>
    </AdminForm>
  );
}
