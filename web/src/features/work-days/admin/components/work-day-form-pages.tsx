import { useNavigate, useParams } from 'react-router-dom';
import { emptyWorkDayForm, type WorkDayFormValues } from '@core/work-days/work-day-form';
import type { WorkDayWithCounts } from '@core/work-days/work-day';
import { useCreateWorkDay, useUpdateWorkDay, useWorkDay, workDayQueryOptions } from '../api/work-days';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { WorkDayForm } from './work-day-form';
import { CreatePage, EditPage, SaveFailureAlert, useSave, type SaveMutation, type SaveOptions } from '../../../../admin/shared/components/form-page';

export const WORK_DAY_SAVE_MESSAGES = {
  created: 'Work day created successfully!',
  updated: 'Work day updated successfully!',
  failed: 'Failed to save the work day. Please try again.',
  notFound: 'Work Day Not Found',
  loadFailed: 'Failed to load the work day',
};

export const rosterPath = (id: string) => `/admin/work-days/${encodeURIComponent(id)}`;
const LIST = '/admin/work-days';

/** A save goes on to the day's roster; a refusal: field messages for 400, the server's words for 403/404/409, else the catalogue's. */
const saving = (mutation: SaveMutation<WorkDayFormValues, WorkDayWithCounts>, success: string): SaveOptions<WorkDayFormValues, WorkDayWithCounts> => ({
  mutation,
  saved: (workDay) => ({ to: rosterPath(workDay.id), message: success }),
  failed: WORK_DAY_SAVE_MESSAGES.failed,
  refusals: [403, 404, 409],
});

export function WorkDayCreatePage() {
  const navigate = useNavigate();
  const { submit, failure } = useSave(saving(useCreateWorkDay(), WORK_DAY_SAVE_MESSAGES.created));
  return (
    <CreatePage back={LIST} backLabel="← Back to work days" title="Create Work Day" failure={failure}>
      <WorkDayForm
        initial={emptyWorkDayForm()}
        signedUp={{}}
        submitLabel="Create Work Day"
        submittingLabel="Creating…"
        onSubmit={submit}
        onCancel={() => navigate(LIST)}
      />
    </CreatePage>
  );
}

export function WorkDayEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const workDay = useWorkDay(id);
  const tryAgain = useTryAgain(workDayQueryOptions(id).queryKey);
  const { submit, failure } = useSave(saving(useUpdateWorkDay(id), WORK_DAY_SAVE_MESSAGES.updated));
  return (
    <EditPage
      query={workDay}
      onRetry={tryAgain}
      back={rosterPath(id)}
      backLabel="← Back to the work day"
      title="Edit Work Day"
      titleOf={({ workDay }) => `Edit Work Day: ${workDay.name}`}
      loading="Loading work day…"
      list={LIST}
      notFound={WORK_DAY_SAVE_MESSAGES.notFound}
      loadFailed={() => WORK_DAY_SAVE_MESSAGES.loadFailed}
    >
      {({ workDay, form }) => (
        <>
          <SaveFailureAlert failure={failure} />
          <WorkDayForm
            key={JSON.stringify(form)}
            initial={form}
            signedUp={Object.fromEntries(workDay.jobs.map((job) => [job.id, job.currentVolunteers]))}
            submitLabel="Update Work Day"
            submittingLabel="Saving…"
            onSubmit={submit}
            onCancel={() => navigate(rosterPath(id))}
          />
        </>
      )}
    </EditPage>
  );
}
