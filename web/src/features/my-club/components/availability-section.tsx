import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { checkAvailability, DUTY_WISHES, type AvailabilityForm, type DutyWish } from '@core/duties/availability';
import type { MyAvailability } from '@core/duties/availability-schema';
import { formatDay } from '@core/shared/date-text';
import { Alert } from '../../../components/ui/alert';
import { Checkbox } from '../../../components/ui/checkbox';
import { QueryView } from '../../../components/ui/load-failed';
import { ruleResolver, showRequestRefusal, submitOnce, useFocusFirst } from '../../../lib/form-rules';
import { useMyAvailability, useSetMyAvailability } from '../api/my-availability';
import { SaveRow } from './save-row';

/** A London date (YYYY-MM-DD) as members read it: "Sat 4 July 2026". */
export function dateText(date: string): string {
  return formatDay(`${date}T12:00:00.000Z`, 'member');
}

const WISH_TEXT: Record<DutyWish, string> = { prefer: 'Prefer', 'rather-not': 'Rather not' };

/** The form's values: the dates ticked, and a wish per duty type ('' for none). */
interface AvailabilityValues {
  unavailable: string[];
  wishes: { dutyTypeId: string; wish: DutyWish | '' }[];
}

function formOf(values: AvailabilityValues): AvailabilityForm {
  return { unavailable: values.unavailable, wishes: values.wishes.flatMap(({ dutyTypeId, wish }) => (wish === '' ? [] : [{ dutyTypeId, wish }])) };
}

function valuesOf(view: MyAvailability): AvailabilityValues {
  return {
    unavailable: view.mine.unavailable,
    wishes: view.dutyTypes.map((type) => ({ dutyTypeId: type.id, wish: view.mine.wishes.find((w) => w.dutyTypeId === type.id)?.wish ?? '' })),
  };
}

/** The season's event dates by month ("July 2026"), in order. */
function byMonth(dates: MyAvailability['dates']): { month: string; dates: MyAvailability['dates'] }[] {
  const months = new Map<string, MyAvailability['dates']>();
  for (const day of dates) months.set(day.date.slice(0, 7), [...(months.get(day.date.slice(0, 7)) ?? []), day]);
  return [...months].map(([month, list]) => ({
    month: new Date(`${month}-15T12:00:00.000Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' }),
    dates: list,
  }));
}

/**
 * My club's "Availability and wishes" (docs/my-club.md, docs/duties.md): the season's event dates
 * to tick "can't do", a wish per duty type (prefer, rather not), and, in a household, what each of
 * its members gave. Checked by the server's own rule (checkAvailability).
 */
export function AvailabilitySection() {
  const availability = useMyAvailability();
  return (
    <section className="card" aria-labelledby="my-availability-title">
      <h2 id="my-availability-title">Availability and wishes</h2>
      <QueryView query={availability} loading="Loading your availability…" failed="Failed to load your availability">
        {(view) => (
          <>
            <p>
              This season runs from {dateText(view.season.start)} to {dateText(view.season.end)}. Tick the dates you cannot do a duty and say which duties you
              prefer: the club plans the rota with them.
            </p>
            <AvailabilityFormView view={view} />
            <HouseholdMarks view={view} />
          </>
        )}
      </QueryView>
    </section>
  );
}

function AvailabilityFormView({ view }: { view: MyAvailability }) {
  const save = useSetMyAvailability();
  const [saved, setSaved] = useState(false);
  const form = useForm<AvailabilityValues>({
    defaultValues: valuesOf(view),
    resolver: ruleResolver((values: AvailabilityValues) =>
      checkAvailability(
        formOf(values),
        view.season,
        view.dutyTypes.map((type) => type.id),
      ),
    ),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors, isSubmitting: submitting } = form.formState;
  const { focusFirst } = useFocusFirst(form, ['unavailable', 'wishes'], (name) => `my-availability-${name}`);
  const ticked = useWatch({ control: form.control, name: 'unavailable' });
  const wishes = useWatch({ control: form.control, name: 'wishes' });
  const send = (values: AvailabilityValues) => {
    setSaved(false);
    return save.mutateAsync(formOf(values)).then(
      (after) => {
        form.reset(valuesOf(after));
        setSaved(true);
      },
      (error: unknown) => focusFirst(showRequestRefusal(form, ['unavailable', 'wishes'], error, 'Saving your availability failed. Please try again.')),
    );
  };
  const toggle = (date: string, on: boolean) => {
    setSaved(false);
    form.setValue('unavailable', on ? [...ticked, date].sort() : ticked.filter((d) => d !== date), { shouldDirty: true });
  };
  return (
    <form className="form-fields" noValidate onSubmit={submitOnce(form, send, focusFirst)} aria-labelledby="my-availability-dates-title">
      <h3 id="my-availability-dates-title">Dates I cannot do</h3>
      <div id="my-availability-unavailable" tabIndex={-1}>
        {view.dates.length === 0 ? (
          <p>No events have dates this season yet.</p>
        ) : (
          byMonth(view.dates).map(({ month, dates }) => (
            <fieldset key={month} className="availability-month">
              <legend>{month}</legend>
              {dates.map((day) => (
                <Checkbox
                  key={day.date}
                  id={`my-availability-${day.date}`}
                  label={`${dateText(day.date)}: ${day.events.map((e) => e.name).join(', ')}`}
                  checked={ticked.includes(day.date)}
                  onChange={(on) => toggle(day.date, on)}
                />
              ))}
            </fieldset>
          ))
        )}
      </div>
      {errors.unavailable?.message && <Alert tone="error">{errors.unavailable.message}</Alert>}
      <h3>Duties I prefer or would rather not</h3>
      <div id="my-availability-wishes" tabIndex={-1} className="availability-wishes">
        {view.dutyTypes.length === 0 ? (
          <p>The club has no duties set up yet.</p>
        ) : (
          view.dutyTypes.map((type, index) => (
            <div key={type.id} className="field">
              <label className="field-label" htmlFor={`my-availability-wish-${type.id}`}>
                {type.name}
              </label>
              <select
                id={`my-availability-wish-${type.id}`}
                className="input"
                value={wishes[index]?.wish ?? ''}
                onChange={(e) => {
                  setSaved(false);
                  form.setValue(`wishes.${index}.wish`, e.target.value as DutyWish | '', { shouldDirty: true });
                }}
              >
                <option value="">No preference</option>
                {DUTY_WISHES.map((wish) => (
                  <option key={wish} value={wish}>
                    {WISH_TEXT[wish]}
                  </option>
                ))}
              </select>
            </div>
          ))
        )}
      </div>
      {errors.wishes?.message && <Alert tone="error">{errors.wishes.message}</Alert>}
      <SaveRow
        refusal={errors.root?.server?.message}
        submitting={submitting}
        label="Save availability and wishes"
        saved={saved}
        savedText="Your availability and wishes are saved."
      />
    </form>
  );
}

/** What every member of the household gave (each sets their own): shown when the member is in one. */
function HouseholdMarks({ view }: { view: MyAvailability }) {
  const others = view.household.filter((member) => !member.you);
  if (others.length === 0) return null;
  const typeName = (id: string) => view.dutyTypes.find((type) => type.id === id)?.name ?? 'A duty';
  return (
    <>
      <h3>Your household</h3>
      <ul className="my-bookings">
        {others.map((member) => (
          <li key={member.memberId} className="my-booking">
            <p>
              <strong>{member.name}</strong>
            </p>
            <p>Cannot do: {member.unavailable.length === 0 ? 'no dates given' : member.unavailable.map(dateText).join(', ')}</p>
            {DUTY_WISHES.map((wish) => {
              const types = member.wishes.filter((w) => w.wish === wish).map((w) => typeName(w.dutyTypeId));
              return types.length === 0 ? null : (
                <p key={wish}>
                  {WISH_TEXT[wish]}: {types.join(', ')}
                </p>
              );
            })}
          </li>
        ))}
      </ul>
    </>
  );
}
