import { useState, type FormEvent } from 'react';
import type { OfficerEvent } from '@core/check-in/officer-day-schema';
import { walkInCapacityWarning, WalkInDetailsSchema, withWalkInAfloat, type WalkIn } from '@core/check-in/walk-in';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { InputField } from '../../../../components/ui/field';
import { newMark, newWalkInId, useMarkAttendance } from '../api/officer-day';
import { walkInQueueId, type QueuedMark } from '../api/officer-marks';
import { Contact } from './contact';

/**
 * The event's walk-ins as the officer sees them: the server's, with the changes still on the
 * device taken in (added, removed, afloat or ashore; the last afloat mark by its time wins, as on
 * the server), so a walk-in added without signal shows at once.
 */
export function shownWalkIns(event: OfficerEvent, queue: readonly QueuedMark[]): WalkIn[] {
  let shown = [...event.walkIns];
  for (const mark of queue) {
    const change = mark.walkIn;
    if (!change) continue;
    if (change.op === 'add' && change.eventId === event.id && !shown.some((w) => w.id === change.id)) {
      shown.push({ id: change.id, eventId: event.id, ...change.details, addedAt: new Date(mark.madeAt).toISOString(), addedBy: '', afloat: null });
    } else if (change.op === 'remove') {
      shown = shown.filter((w) => w.id !== change.id);
    } else if (change.op === 'afloat') {
      shown = shown.map((w) => (w.id === change.id ? withWalkInAfloat(w, { afloat: change.afloat, at: new Date(mark.madeAt).toISOString(), by: '' }) : w));
    }
  }
  return shown;
}

/** The walk-ins of an event: each listed with the sailors' tally buttons and Remove, and (on a standing event of today) the form to add one. */
export function WalkInsSection({ event, queue, onSite, canAdd }: { event: OfficerEvent; queue: QueuedMark[]; onSite: number; canAdd: boolean }) {
  const walkIns = shownWalkIns(event, queue);
  const pending = new Set(queue.flatMap((mark) => (mark.walkIn ? [mark.walkIn.id] : [])));
  const markAttendance = useMarkAttendance();
  const send = (id: string, walkIn: NonNullable<QueuedMark['walkIn']>) =>
    markAttendance.mutate(newMark({ bookingId: walkInQueueId(id), expectedVersion: 0, arrived: 0, arrivedPeople: [], walkIn }));
  return (
    <>
      <h4>Walk-ins</h4>
      {walkIns.length === 0 ? (
        <p>No walk-ins.</p>
      ) : (
        <ul className="od-bookings">
          {walkIns.map((walkIn) => {
            const afloat = walkIn.afloat?.afloat === true;
            return (
              <li key={walkIn.id} className="od-booking">
                <div className="od-person">
                  <span>
                    <strong>{walkIn.name}</strong> <span className="od-badge">Walk-in</span> · arrived
                    {pending.has(walkIn.id) && <span className="adm-muted"> (not sent yet)</span>}
                  </span>
                  <span className="od-tally" role="group" aria-label={`${walkIn.name} afloat or ashore`}>
                    <Button
                      variant="secondary"
                      size="small"
                      aria-pressed={afloat}
                      disabled={afloat}
                      onClick={() => send(walkIn.id, { op: 'afloat', id: walkIn.id, afloat: true })}
                      aria-label={`${walkIn.name} afloat`}
                    >
                      Afloat
                    </Button>
                    <Button
                      variant="secondary"
                      size="small"
                      aria-pressed={!afloat}
                      disabled={!afloat}
                      onClick={() => send(walkIn.id, { op: 'afloat', id: walkIn.id, afloat: false })}
                      aria-label={`${walkIn.name} ashore`}
                    >
                      Ashore
                    </Button>
                    <Button
                      variant="secondary"
                      size="small"
                      onClick={() => send(walkIn.id, { op: 'remove', id: walkIn.id })}
                      aria-label={`Remove walk-in ${walkIn.name}`}
                    >
                      Remove
                    </Button>
                  </span>
                </div>
                {(walkIn.phone || walkIn.emergencyContactName) && (
                  <p className="od-contact">
                    {walkIn.name}:<Contact {...walkIn} />
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {canAdd && <AddWalkInForm event={event} onSite={onSite} onAdd={(id, details) => send(id, { op: 'add', id, eventId: event.id, details })} />}
    </>
  );
}

type Fields = 'name' | 'phone' | 'emergencyContactName' | 'emergencyContactPhone';
const EMPTY: Record<Fields, string> = { name: '', phone: '', emergencyContactName: '', emergencyContactPhone: '' };

/**
 * Adds one person (a family: one each). Checked with the server's own schema before it is kept;
 * when one more would take those on site over the event's capacity, the form says so first and
 * the officer decides (Add anyway). Works without signal: the walk-in waits on the device.
 */
function AddWalkInForm({
  event,
  onSite,
  onAdd,
}: {
  event: OfficerEvent;
  onSite: number;
  onAdd: (id: string, details: ReturnType<typeof WalkInDetailsSchema.parse>) => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [warning, setWarning] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const id = `od-walk-in-${event.id}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = WalkInDetailsSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Fields, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Fields] ??= issue.message;
      setErrors(found);
      setAdded(null);
      return;
    }
    setErrors({});
    const over = walkInCapacityWarning(onSite, event.capacity);
    if (over && warning === null) {
      setWarning(over);
      return;
    }
    onAdd(newWalkInId(), parsed.data);
    setValues(EMPTY);
    setWarning(null);
    setAdded(`${parsed.data.name} added as a walk-in.`);
  };
  const field = (name: Fields) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((old) => ({ ...old, [name]: e.target.value }));
      setWarning(null);
      setAdded(null);
    },
  });
  return (
    <form className="od-walk-in-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h5 id={`${id}-title`}>Add a walk-in</h5>
      <InputField id={`${id}-name`} label="Name" required autoComplete="off" maxLength={200} {...field('name')} />
      <InputField id={`${id}-phone`} label="Phone (optional)" type="tel" autoComplete="off" maxLength={40} {...field('phone')} />
      <InputField id={`${id}-ec-name`} label="Emergency contact name (optional)" autoComplete="off" maxLength={200} {...field('emergencyContactName')} />
      <InputField
        id={`${id}-ec-phone`}
        label="Emergency contact phone (optional)"
        type="tel"
        autoComplete="off"
        maxLength={40}
        {...field('emergencyContactPhone')}
      />
      {warning && <Alert tone="warning">{warning}. Add them anyway?</Alert>}
      <div className="od-others">
        <Button type="submit">{warning ? 'Add anyway' : 'Add walk-in'}</Button>
        {warning && (
          <Button variant="secondary" onClick={() => setWarning(null)}>
            Cancel
          </Button>
        )}
      </div>
      {added && <p role="status">{added}</p>}
    </form>
  );
}
