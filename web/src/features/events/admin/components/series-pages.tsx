import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import type { ClubEvent } from '@core/events/event';
import { hasPermission } from '@core/admins/permissions';
import { formatDate } from '@core/shared/date-text';
import { changeNoticeDone } from '@core/events/event-change-notice';
import type { SeriesChangeFormValues } from '@core/events/event-series';
import { ApiError, refusalMessage } from '../../../../lib/api';
import { useSignedInAdmin } from '../../../../admin/session/components/admin-session';
import { BackLink, CreatePage, useSave } from '../../../../admin/shared/components/form-page';
import { LoadStatus } from '../../../../admin/shared/components/load-error';
import { PageHead } from '../../../../admin/shared/components/page-title';
import { NoticeArea, useFlashNotice } from '../../../../admin/shared/components/notice';
import { DataTable } from '../../../../admin/shared/components/data-table';
import { Badge } from '../../../../admin/shared/components/badge';
import { Button } from '../../../../components/ui/button';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { useDutyTemplates } from '../../../duties/admin/exports/duty-templates';
import { eventSeriesQueryOptions, useChangeSeriesFrom, useCreateSeries, useEventSeries } from '../api/event-series';
import { CancelEventDialog, cancelledNotice } from './cancel-event-dialog';
import { EndSeriesDialog, seriesEndedText } from './end-series-dialog';
import { emptySeriesForm, SeriesChangeForm, SeriesForm } from './series-form';

const LIST = '/admin/events';
export const seriesPagePath = (id: string) => `/admin/events/series/${encodeURIComponent(id)}`;
export const SERIES_MESSAGES_UI = {
  created: (n: number) => `Series created: ${n} ${n === 1 ? 'date' : 'dates'}.`,
  createFailed: 'Failed to create the series. Please try again.',
  changeFailed: 'Failed to change the dates. Please try again.',
};

/** The duty templates to choose from, for an admin who may apply them (duties:write); null hides the choice. */
function useTemplateChoice() {
  const admin = useSignedInAdmin();
  const may = hasPermission(admin, 'duties:write');
  const templates = useDutyTemplates(may);
  return may ? (templates.data ?? []) : null;
}

export function SeriesCreatePage() {
  const navigate = useNavigate();
  const templates = useTemplateChoice();
  const { submit, failure } = useSave({
    mutation: useCreateSeries(),
    saved: (result) => ({ to: seriesPagePath(result.series.id), message: SERIES_MESSAGES_UI.created(result.events.length) }),
    failed: SERIES_MESSAGES_UI.createFailed,
    refusals: [403, 409],
  });
  return (
    <CreatePage back={LIST} backLabel="← Back to events" title="New series" failure={failure}>
      <SeriesForm
        initial={emptySeriesForm()}
        templates={templates}
        submitLabel="Create series"
        submittingLabel="Creating…"
        onSubmit={submit}
        onCancel={() => navigate(LIST)}
      />
    </CreatePage>
  );
}

/** A series' dates, each with "Change this and later", "Cancel this date" and "End series from here" (events:write). */
export function SeriesPage() {
  const { id = '' } = useParams();
  const admin = useSignedInAdmin();
  const canWrite = hasPermission(admin, 'events:write');
  const series = useEventSeries(id);
  const tryAgain = useTryAgain(eventSeriesQueryOptions(id).queryKey);
  const templates = useTemplateChoice();
  const change = useChangeSeriesFrom();
  const client = useQueryClient();
  const [notice, setNotice] = useFlashNotice();
  const [changing, setChanging] = useState<ClubEvent | null>(null);
  const [toCancel, setToCancel] = useState<ClubEvent | null>(null);
  const [endFrom, setEndFrom] = useState<ClubEvent | null>(null);

  async function saveChange(values: SeriesChangeFormValues): Promise<Record<string, string> | null> {
    try {
      const result = await change.mutateAsync({ seriesId: id, values });
      setChanging(null);
      const told = changeNoticeDone(result.told);
      setNotice({ kind: 'success', message: [`Changed ${result.changed} ${result.changed === 1 ? 'date' : 'dates'}.`, told].filter(Boolean).join(' ') });
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) return error.fields;
      setNotice({ kind: 'error', message: refusalMessage(error, SERIES_MESSAGES_UI.changeFailed, [403, 404, 409]) });
      return null;
    }
  }

  const title = series.isSuccess ? `Series: ${series.data.series.name}` : 'Series';
  return (
    <>
      <BackLink to={LIST}>← Back to events</BackLink>
      <PageHead title={title} />
      <NoticeArea notice={notice} />
      <LoadStatus query={series} onRetry={tryAgain} loading="Loading the series…" failed="Failed to load the series" />
      {series.isSuccess && (
        <>
          <p className="adm-muted">
            {series.data.series.rule} from {series.data.series.firstDate} to {series.data.series.lastDate}, {series.data.series.startTime}–
            {series.data.series.endTime} UK time.
          </p>
          <DataTable label="Dates of the series" columns={['Date', 'Name', 'Status', 'Actions']}>
            {series.data.events.map((event) => (
              <tr key={event.id} data-event-id={event.id}>
                <th scope="row">{formatDate(event.eventdatetime, 'admin')}</th>
                <td>{event.name}</td>
                <td>{event.cancelledAt ? <Badge tone="red">Cancelled</Badge> : <Badge tone="green">Stands</Badge>}</td>
                <td>
                  {canWrite && !event.cancelledAt && (
                    <span className="adm-actions">
                      <Button
                        variant="secondary"
                        size="small"
                        onClick={() => setChanging(event)}
                        aria-label={`Change this and later from ${formatDate(event.eventdatetime, 'admin')}`}
                      >
                        Change this and later
                      </Button>
                      <Button
                        variant="secondary"
                        size="small"
                        onClick={() => setToCancel(event)}
                        aria-label={`Cancel this date, ${formatDate(event.eventdatetime, 'admin')}`}
                      >
                        Cancel this date
                      </Button>
                      <Button
                        variant="secondary"
                        size="small"
                        onClick={() => setEndFrom(event)}
                        aria-label={`End series from here, ${formatDate(event.eventdatetime, 'admin')}`}
                      >
                        End series from here
                      </Button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
          {changing && series.data.changeForms[changing.id] && (
            <section aria-labelledby="series-change-title">
              <h2 id="series-change-title">Change {formatDate(changing.eventdatetime, 'admin')} and every later date</h2>
              <p className="adm-muted">Each date is saved as an edit of that event: booked members and duty holders are e-mailed a new time.</p>
              <SeriesChangeForm
                key={changing.id}
                initial={series.data.changeForms[changing.id]}
                templates={templates}
                submitLabel="Save this and later"
                submittingLabel="Saving…"
                onSubmit={saveChange}
                onCancel={() => setChanging(null)}
              />
            </section>
          )}
        </>
      )}
      <EndSeriesDialog
        seriesId={id}
        from={endFrom}
        onClose={() => setEndFrom(null)}
        onEnded={(result) => {
          setEndFrom(null);
          setNotice({ kind: result.refundsFailed > 0 ? 'error' : 'success', message: seriesEndedText(result) });
        }}
      />
      <CancelEventDialog
        event={toCancel}
        onClose={() => setToCancel(null)}
        onCancelled={(result) => {
          setToCancel(null);
          setNotice(cancelledNotice(result));
          // The date now reads Cancelled.
          void client.invalidateQueries({ queryKey: eventSeriesQueryOptions(id).queryKey });
        }}
      />
    </>
  );
}
