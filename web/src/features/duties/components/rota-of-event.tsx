import type { RotaEvent } from '@core/duties/my-duties-schema';
import { Button } from '../../../components/ui/button';
import { dutyWhen } from '../../../lib/duty-when';

/**
 * One event of the rota (docs/duties.md, "The rota"): each duty with who is on it (first name and
 * last initial, the club's privacy rule), and Volunteer, or the reason the member cannot take it.
 */
export function RotaOfEvent({
  event,
  busy,
  volunteering,
  onVolunteer,
}: {
  event: RotaEvent;
  busy: boolean;
  volunteering: string | null;
  onVolunteer: (slotId: string) => void;
}) {
  const titleId = `rota-${event.eventId}`;
  return (
    <article className="rota-event" aria-labelledby={titleId}>
      <h3 id={titleId}>{event.eventName}</h3>
      <p>{dutyWhen(event)}</p>
      <ul className="my-bookings">
        {event.slots.map((slot) => (
          <li key={slot.slotId} className="my-booking" data-rota-slot={slot.dutyTypeName}>
            <p>
              <strong>{slot.dutyTypeName}</strong>: {slot.holders.length} of {slot.needed}
              {slot.optional ? ' · the event can run without it' : ''}
            </p>
            <p>On duty: {slot.holders.length === 0 ? 'nobody yet' : slot.holders.join(', ')}</p>
            {slot.description !== '' && <p>{slot.description}</p>}
            {slot.refusal === null ? (
              <Button
                size="small"
                disabled={busy}
                onClick={() => onVolunteer(slot.slotId)}
                aria-label={`Volunteer for ${slot.dutyTypeName} at ${event.eventName}`}
              >
                {volunteering === slot.slotId ? 'Volunteering…' : 'Volunteer'}
              </Button>
            ) : (
              <p className="rota-refusal">{slot.refusal}</p>
            )}
          </li>
        ))}
      </ul>
    </article>
  );
}
