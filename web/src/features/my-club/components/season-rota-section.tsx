import { QueryView } from '../../../components/ui/load-failed';
import { ListOrEmpty } from '../../../components/ui/list-or-empty';
import { dutyWhen } from '../../../lib/duty-when';
import { useSeasonRota } from '../api/my-availability';

/**
 * My club's "This season's rota" (docs/my-club.md): every event of the season with duties, past
 * ones too, each duty with its holders by first name and last initial ("Ann B.", the club's
 * privacy rule) and the places still open.
 */
export function SeasonRotaSection() {
  const rota = useSeasonRota();
  return (
    <section className="card" aria-labelledby="season-rota-title">
      <h2 id="season-rota-title">This season’s rota</h2>
      <QueryView query={rota} loading="Loading the rota…" failed="Failed to load the rota">
        {({ events }) => (
          <ListOrEmpty items={events} empty="No duties are set for this season yet.">
            {(event) => (
              <li key={event.eventId} className="my-booking">
                <h3 className="season-rota-event">
                  {event.eventName} · {dutyWhen(event)}
                </h3>
                <ul className="season-rota-slots">
                  {event.slots.map((slot) => {
                    const open = slot.needed - slot.holders.length;
                    const names = slot.holders.join(', ');
                    return (
                      <li key={slot.slotId}>
                        <strong>{slot.dutyTypeName}</strong>: {names === '' ? 'nobody yet' : names}
                        {open > 0 && ` (${open} ${open === 1 ? 'place' : 'places'} open)`}
                      </li>
                    );
                  })}
                </ul>
              </li>
            )}
          </ListOrEmpty>
        )}
      </QueryView>
    </section>
  );
}
