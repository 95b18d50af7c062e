import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { changeNoticeDone, changeNoticeWarning } from '@core/events/event-change-notice';
import type { ConditionsRating } from '@core/conditions/compare-conditions';
import type { GoNoGoPanel as Panel, SafetyCover } from '@core/conditions/conditions-schema';
import { SAFETY_COVER_WORDS, shortSlotText } from '@core/conditions/safety-cover';
import type { GoDecisionKind } from '@core/conditions/event-conditions';
import { compassPoint } from '@core/conditions/forecast';
import { formatDate, formatDateRange } from '@core/shared/date-text';
import { londonTime } from '@core/shared/london-time';
import { ApiError, refusalMessage } from '../../../../lib/api';
import { Alert } from '../../../../components/ui/alert';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Field } from '../../../../components/ui/field';
import { Badge, type BadgeTone } from '../../../../admin/shared/components/badge';
import { DateTimeField } from '../../../../admin/shared/components/date-time-field';
import { useDecide, useSetKind } from '../api/conditions';
import { eventQueryOptions } from '../../../events/admin/exports/event-queries';

const RATING: Record<ConditionsRating, { tone: BadgeTone; words: string }> = {
  within: { tone: 'green', words: 'Within limits' },
  near: { tone: 'amber', words: 'Near the limits' },
  beyond: { tone: 'red', words: 'Beyond the limits' },
};

export const DECISION_WORDS: Record<GoDecisionKind, string> = { go: 'Go', postpone: 'Postponed', cancel: 'Cancelled' };

/** The forecast's age as a line: "Forecast fetched 25 minutes ago", "No forecast". */
export function forecastAgeText(forecast: Panel['forecast']): string {
  if (forecast.fetchedAt === null || forecast.ageMinutes === null) return 'No forecast';
  const age = forecast.ageMinutes < 60 ? `${forecast.ageMinutes} minutes` : `${Math.floor(forecast.ageMinutes / 60)} hours`;
  return `${forecast.stale ? 'Last forecast (provider out of reach), fetched' : 'Forecast fetched'} ${age} ago`;
}

export function RatingBadge({ rating }: { rating: ConditionsRating | null }) {
  if (rating === null) return <Badge tone="grey">No forecast for its hours</Badge>;
  return <Badge tone={RATING[rating].tone}>{RATING[rating].words}</Badge>;
}

const COVER_TONE: Record<SafetyCover['status'], BadgeTone> = { green: 'green', amber: 'amber', red: 'red', 'no-roster': 'grey' };

/** The safety-cover light from the duty roster, in words as well as colour. */
export function SafetyCoverBadge({ cover }: { cover: SafetyCover }) {
  return (
    <span data-safety-cover={cover.status}>
      <Badge tone={COVER_TONE[cover.status]}>Safety cover: {SAFETY_COVER_WORDS[cover.status]}</Badge>
    </span>
  );
}

const knots = (value: number | null) => (value === null ? '–' : `${value} kn`);

/**
 * One event's go/no-go: the forecast for its hours against its kind's limits, the places booked,
 * its safety cover from the duty roster (with the short duties and, for those who keep rosters, a
 * link to it), the decisions so far, and Go, Postpone and Cancel, each with a reason (events:write).
 */
export function GoNoGoPanel({ panel, canDecide, canRoster }: { panel: Panel; canDecide: boolean; canRoster: boolean }) {
  const [deciding, setDeciding] = useState<GoDecisionKind | null>(null);
  const [told, setTold] = useState<string | null>(null);
  const setKind = useSetKind(panel.eventId);
  const open = !panel.cancelled && !panel.over;
  const titleId = `gng-${panel.eventId}-title`;
  return (
    <section className="adm-panel adm-gng" aria-labelledby={titleId}>
      <h2 id={titleId}>Go / no-go: {panel.eventName}</h2>
      <p className="adm-muted">
        {formatDateRange(panel.eventdatetime, panel.eventenddatetime, 'admin')} · {forecastAgeText(panel.forecast)}
      </p>
      <p className="adm-gng-rating">
        <RatingBadge rating={panel.rating} />{' '}
        <span>
          Wind {knots(panel.maxWindKn)} (limit {panel.limits.windKn} kn), gusts {knots(panel.maxGustKn)} (limit {panel.limits.gustKn} kn); near within{' '}
          {panel.marginKn} kn
        </span>
      </p>
      <p className="adm-gng-rating">
        <SafetyCoverBadge cover={panel.safetyCover} />
        {panel.safetyCover.short.length > 0 && <span>Short: {panel.safetyCover.short.map(shortSlotText).join('; ')}</span>}
        {canRoster && (
          <Link to={`/admin/duties/events/${encodeURIComponent(panel.eventId)}`} aria-label={`Duty roster of ${panel.eventName}`}>
            Duty roster
          </Link>
        )}
      </p>
      <div className="adm-gng-row">
        <label htmlFor={`gng-${panel.eventId}-kind`}>Limits of</label>
        <select
          id={`gng-${panel.eventId}-kind`}
          className="input"
          disabled={!canDecide || setKind.isPending}
          value={panel.kind ?? ''}
          onChange={(e) => setKind.mutate(e.target.value === '' ? null : e.target.value)}
        >
          <option value="">Default kind ({panel.limits.name})</option>
          {panel.kinds.map((kind) => (
            <option key={kind.id} value={kind.id}>
              {kind.name}
            </option>
          ))}
        </select>
        <span>
          Places booked: <strong>{panel.placesTaken}</strong>
          {panel.capacity !== null && ` of ${panel.capacity}`}
        </span>
      </div>
      {setKind.isError && <Alert tone="error">{refusalMessage(setKind.error, 'The kind could not be saved. Please try again.')}</Alert>}
      {panel.hours.length > 0 && (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <caption className="visually-hidden">Forecast for the event&apos;s hours</caption>
            <thead>
              <tr>
                <th scope="col">Hour (UK)</th>
                <th scope="col">Wind</th>
                <th scope="col">Gusts</th>
                <th scope="col">From</th>
                <th scope="col">Temp.</th>
              </tr>
            </thead>
            <tbody>
              {panel.hours.map((hour) => (
                <tr key={hour.time}>
                  <td>{londonTime(new Date(hour.time))}</td>
                  <td>{knots(hour.windKn)}</td>
                  <td>{knots(hour.gustKn)}</td>
                  <td>{hour.directionDeg === null ? '–' : compassPoint(hour.directionDeg)}</td>
                  <td>{hour.temperatureC === null ? '–' : `${hour.temperatureC} °C`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {panel.decisions.length > 0 && (
        <ul className="adm-list" aria-label="Decisions">
          {panel.decisions.map((decision) => (
            <li key={decision.decidedAt + decision.decision} className="adm-list-item">
              <span>
                <strong>{DECISION_WORDS[decision.decision]}</strong>: {decision.reason} ({decision.decidedBy}, {formatDate(decision.decidedAt, 'admin')})
                {decision.moved && ` · now ${formatDateRange(decision.moved.toStart, decision.moved.toEnd, 'admin')}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {panel.cancelled && <p className="adm-muted">This event has been cancelled.</p>}
      {canDecide && open && (
        <div className="adm-gng-actions">
          <button type="button" className="btn btn-primary" onClick={() => setDeciding('go')}>
            Go
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setDeciding('postpone')}>
            Postpone
          </button>
          <button type="button" className="btn btn-danger" onClick={() => setDeciding('cancel')}>
            Cancel event
          </button>
        </div>
      )}
      <div aria-live="polite">{told && <Alert tone="success">{told}</Alert>}</div>
      <DecisionDialog panel={panel} decision={deciding} onClose={() => setDeciding(null)} onDecided={setTold} />
    </section>
  );
}

const DIALOG_TITLE: Record<GoDecisionKind, string> = { go: 'Go ahead?', postpone: 'Postpone the event?', cancel: 'Cancel the event?' };
const CONFIRM: Record<GoDecisionKind, string> = { go: 'Go', postpone: 'Postpone', cancel: 'Cancel event' };

function DecisionDialog({
  panel,
  decision,
  onClose,
  onDecided,
}: {
  panel: Panel;
  decision: GoDecisionKind | null;
  onClose: () => void;
  onDecided: (told: string | null) => void;
}) {
  const decide = useDecide(panel.eventId);
  // Who a postponement will e-mail, from the event's admin read (the edit form's count); said before confirming.
  const notice = useQuery({ ...eventQueryOptions(panel.eventId), enabled: decision === 'postpone' });
  const willTell = decision === 'postpone' && notice.data ? changeNoticeWarning(notice.data.changeNotice, 'Postponing') : null;
  const [reason, setReason] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const fields = decide.error instanceof ApiError && decide.error.status === 400 ? decide.error.fields : {};
  const failure =
    decide.isError && Object.keys(fields).length === 0 ? refusalMessage(decide.error, 'The decision could not be saved. Please try again.') : null;
  const close = () => {
    decide.reset();
    setReason('');
    setStart('');
    setEnd('');
    onClose();
  };
  const confirm = () => {
    if (decision === null || decide.isPending) return;
    decide.mutate(
      { decision, reason, ...(decision === 'postpone' ? { eventdatetime: start, eventenddatetime: end } : {}) },
      {
        onSuccess: (outcome) => {
          onDecided(decision === 'postpone' ? changeNoticeDone(outcome.told) : null);
          close();
        },
      },
    );
  };
  return (
    <ConfirmDialog
      open={decision !== null}
      title={decision ? DIALOG_TITLE[decision] : ''}
      confirmLabel={decision ? CONFIRM[decision] : ''}
      cancelLabel="Back"
      busy={decide.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      {decision === 'postpone' && (
        <p>
          The event moves to the new time and keeps its bookings; each booked member is e-mailed the new time with an updated calendar file and a link to cancel
          with a full refund. Each member on duty is e-mailed the new time; those no longer free or qualified then are taken off their duty and told.
        </p>
      )}
      {willTell && <p role="status">{willTell}</p>}
      {decision === 'cancel' && <p>Every booking is cancelled and refunded, and members are told the reason. This cannot be undone.</p>}
      {decision === 'postpone' && (
        <>
          <DateTimeField id="gng-new-start" label="New start" value={start} onChange={setStart} error={fields.eventdatetime} required />
          <DateTimeField id="gng-new-end" label="New end" value={end} onChange={setEnd} error={fields.eventenddatetime} />
        </>
      )}
      <Field id="gng-reason" label="Reason" required error={fields.reason}>
        <textarea className="input" rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
      {failure && <Alert tone="error">{failure}</Alert>}
    </ConfirmDialog>
  );
}
