import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { formatDate } from '@core/shared/date-text';
import type { RosterSlot } from '@core/duties/duty-forms';
import { Button } from '../../../../components/ui/button';
import { Alert } from '../../../../components/ui/alert';
import { Field, InputField } from '../../../../components/ui/field';
import { refusalMessage } from '../../../../lib/api';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { LoadError, LoadStatus } from '../../../../admin/shared/components/load-error';
import { PageHead } from '../../../../admin/shared/components/page-title';
import { applyTemplate, askForCover, assignDuty, eventRosterQueryOptions, removeSlot, unassignDuty, useDutyWrite, useEventRoster } from '../api/duties';
import { StaffingLight } from '../exports/staffing-light';

/** An event's duty roster (duties:write): its slots, who holds them, assigning (and overriding with a reason), the staffing light. */
export function EventRosterPage() {
  const eventId = useParams().eventId ?? '';
  const roster = useEventRoster(eventId);
  const tryAgain = useTryAgain(eventRosterQueryOptions(eventId).queryKey);
  const apply = useDutyWrite(applyTemplate);
  const unassign = useDutyWrite(unassignDuty);
  const drop = useDutyWrite(removeSlot);
  const cover = useDutyWrite(askForCover);
  const [templateId, setTemplateId] = useState('');

  if (roster.isError && roster.error.status === 403) return <LoadError error={roster.error} message="" />;
  const data = roster.data;
  const failure = apply.error ?? unassign.error ?? drop.error ?? cover.error;
  return (
    <>
      <PageHead title={data ? `Duties: ${data.event.name}` : 'Duties'} />
      {failure && <Alert tone="error">{refusalMessage(failure, 'The change could not be saved. Please try again.')}</Alert>}
      <LoadStatus query={roster} onRetry={tryAgain} loading="Loading the roster…" failed="Failed to load the roster" />
      {data && (
        <>
          <p>
            {data.event.eventdatetime ? formatDate(data.event.eventdatetime, 'admin') : 'Date to be confirmed'} <StaffingLight light={data.light} />
            {data.light === null && <span className="adm-muted"> No duty slots yet.</span>}
          </p>
          <p className="adm-roster-noprint">
            <Button variant="secondary" size="small" onClick={() => window.print()}>
              Print roster
            </Button>{' '}
            {data.slots.some((slot) => slot.holders.length < slot.needed) && (
              <Button variant="secondary" size="small" disabled={cover.isPending} onClick={() => cover.mutate({ eventId })}>
                Ask for cover
              </Button>
            )}
          </p>
          {cover.data && (
            <p role="status" className="adm-roster-noprint">
              {cover.data.asked === 0
                ? 'Nobody new to ask: every member who could take an unfilled duty has been asked today, or nobody eligible is free.'
                : `Asked ${cover.data.asked} ${cover.data.asked === 1 ? 'member' : 'members'} to cover the unfilled duties.`}
            </p>
          )}
          <section className="adm-panel adm-roster-noprint" aria-labelledby="roster-template-title">
            <h2 id="roster-template-title">Add duties from a template</h2>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                apply.mutate({ eventId, templateId });
              }}
            >
              <Field id="roster-template" label="Template" required>
                <select id="roster-template" className="input" required value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
                  <option value="">Choose a template</option>
                  {data.templates.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                </select>
              </Field>
              <Button type="submit" disabled={apply.isPending}>
                Apply template
              </Button>
            </form>
          </section>
          {data.slots.map((slot) => (
            <SlotPanel
              key={slot.id}
              slot={slot}
              onUnassign={(memberId) => unassign.mutate({ slotId: slot.id, memberId })}
              onRemove={() => drop.mutate({ slotId: slot.id })}
            />
          ))}
        </>
      )}
    </>
  );
}

function SlotPanel({ slot, onUnassign, onRemove }: { slot: RosterSlot; onUnassign: (memberId: string) => void; onRemove: () => void }) {
  const assign = useDutyWrite(assignDuty);
  const [memberId, setMemberId] = useState('');
  const [reason, setReason] = useState('');
  const titleId = `slot-${slot.id}-title`;
  const chosen = slot.candidates.find((c) => c.memberId === memberId);
  const eligible = slot.candidates.filter((c) => c.ineligible === null && !c.busy);
  const others = slot.candidates.filter((c) => c.ineligible !== null && !c.busy);
  const full = slot.holders.length >= slot.needed;
  return (
    <section className="adm-panel" aria-labelledby={titleId} data-slot={slot.dutyTypeName}>
      <h2 id={titleId}>
        {slot.dutyTypeName}: {slot.holders.length} of {slot.needed}
        {slot.optional ? ' (the event can run without it)' : ''}
        {slot.allowsSecondDuty ? ' (a second duty that day allowed)' : ''}
      </h2>
      {slot.holders.length === 0 && <p className="adm-muted">Nobody yet.</p>}
      <ul className="adm-duty-list">
        {slot.holders.map((h) => (
          <li key={h.memberId}>
            {h.name}
            {h.overrideReason ? ` (override: ${h.overrideReason})` : ''}{' '}
            <Button variant="ghost" size="small" aria-label={`Take off ${h.name} (${slot.dutyTypeName})`} onClick={() => onUnassign(h.memberId)}>
              Take off
            </Button>
          </li>
        ))}
      </ul>
      {slot.holders.length === 0 && (
        <Button variant="ghost" size="small" className="adm-roster-noprint" onClick={onRemove} aria-label={`Remove slot ${slot.dutyTypeName}`}>
          Remove slot
        </Button>
      )}
      {!full && (
        <form
          className="adm-roster-noprint"
          onSubmit={(e) => {
            e.preventDefault();
            assign.mutate(
              { slotId: slot.id, memberId, overrideReason: chosen?.ineligible ? reason : null },
              { onSuccess: () => (setMemberId(''), setReason('')) },
            );
          }}
        >
          {assign.error && <Alert tone="error">{refusalMessage(assign.error, 'The member could not be assigned. Please try again.')}</Alert>}
          <Field id={`assign-${slot.id}`} label={`Assign to ${slot.dutyTypeName}`} required>
            <select id={`assign-${slot.id}`} className="input" required value={memberId} onChange={(e) => setMemberId(e.target.value)}>
              <option value="">Choose a member</option>
              <optgroup label="Eligible">
                {eligible.map((c) => (
                  <option key={c.memberId} value={c.memberId}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Not eligible (override with a reason)">
                {others.map((c) => (
                  <option key={c.memberId} value={c.memberId}>
                    {c.name}: {c.ineligible}
                  </option>
                ))}
              </optgroup>
            </select>
          </Field>
          {chosen?.ineligible && (
            <InputField
              id={`reason-${slot.id}`}
              label={`Reason to assign ${chosen.name} (${chosen.ineligible})`}
              required
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
          <Button type="submit" disabled={assign.isPending}>
            Assign
          </Button>
        </form>
      )}
    </section>
  );
}
