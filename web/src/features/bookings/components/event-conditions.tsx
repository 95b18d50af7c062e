import { compassPoint } from '@core/conditions/forecast';
import { formatDate, formatDateRange } from '@core/shared/date-text';
import { londonTime } from '@core/shared/london-time';
import { useEventConditions } from '../api/get-event-conditions';

const DECISION_HEADLINE = { go: 'Going ahead', postpone: 'Postponed', cancel: 'Cancelled' } as const;
const knots = (value: number | null) => (value === null ? '–' : `${Math.round(value)} kn`);

/**
 * What members see of an event's conditions: the officer's decision once made, and the forecast
 * for the event's hours (wind, gusts, direction) while the event is within the forecast's window.
 * Nothing at all when there is neither (no forecast configured, or the event too far ahead).
 */
export function EventConditions({ eventId }: { eventId: string }) {
  const conditions = useEventConditions(eventId);
  if (!conditions.isSuccess) return null;
  const { decision, hours, forecast, attribution } = conditions.data;
  if (!decision && hours.length === 0) return null;
  return (
    <section className="card event-conditions" aria-labelledby="event-conditions-title">
      <h2 id="event-conditions-title">Conditions</h2>
      {decision && (
        <p className="event-conditions-decision">
          <strong>{DECISION_HEADLINE[decision.decision]}</strong>: {decision.reason}
          {decision.moved && <> (moved to {formatDateRange(decision.moved.toStart, decision.moved.toEnd, 'member')}, UK time)</>}
          <span className="event-conditions-when"> Decided {formatDate(decision.decidedAt, 'member')}.</span>
        </p>
      )}
      {hours.length > 0 && (
        <>
          <div className="event-conditions-table">
            <table>
              <caption>Forecast for the event&apos;s hours (UK time)</caption>
              <thead>
                <tr>
                  <th scope="col">Hour</th>
                  <th scope="col">Wind</th>
                  <th scope="col">Gusts</th>
                  <th scope="col">From</th>
                </tr>
              </thead>
              <tbody>
                {hours.map((hour) => (
                  <tr key={hour.time}>
                    <td>{londonTime(new Date(hour.time))}</td>
                    <td>{knots(hour.windKn)}</td>
                    <td>{knots(hour.gustKn)}</td>
                    <td>{hour.directionDeg === null ? '–' : compassPoint(hour.directionDeg)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="event-conditions-source">
            {forecast.stale && 'The forecast could not be updated lately: this is the last one. '}
            {attribution}
          </p>
        </>
      )}
    </section>
  );
}
