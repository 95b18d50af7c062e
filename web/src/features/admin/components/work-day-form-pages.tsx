import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { emptyWorkDayForm, type WorkDayFormValues } from '@core/domain/work-day-form';
import { ApiError } from '../../../lib/api';
import { createWorkDay, getAdminWorkDay, updateWorkDay } from '../api/work-days';
import { AccessDenied } from './access-denied';
import { WorkDayForm } from './work-day-form';
import type { Flash } from './notice';
import { LoadError, Loading } from './load-error';
import { PageTitle } from './page-title';
import { useAdminData } from '../../../lib/query';
import { Alert } from '../../../components/ui/alert';

export const WORK_DAY_SAVE_MESSAGES = {
  created: 'Work day created successfully!',
  updated: 'Work day updated successfully!',
  failed: 'Failed to save the work day. Please try again.',
  notFound: 'Work Day Not Found',
  loadFailed: 'Failed to load the work day',
};

export const rosterPath = (id: string) => `/admin/work-days/${encodeURIComponent(id)}`;

/** A refused save: field messages for 400, the server's words for 403/404/409, else the catalogue's. */
function useSave(save: (values: WorkDayFormValues) => Promise<{ id: string; name: string }>, success: string) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ message: string; denied: ApiError | null } | null>(null);

  async function submit(values: WorkDayFormValues): Promise<Record<string, string> | null> {
    setFailure(null);
    try {
      const saved = await save(values);
      const flash: Flash = { kind: 'success', message: success };
      navigate(rosterPath(saved.id), { state: { flash } });
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) return error.fields;
      if (error instanceof ApiError && [403, 404, 409].includes(error.status)) {
        setFailure({ message: error.message, denied: error.status === 403 ? error : null });
        return null;
      }
      setFailure({ message: WORK_DAY_SAVE_MESSAGES.failed, denied: null });
      return null;
    }
  }
  return { submit, failure };
}

function Failure({ failure }: { failure: { message: string; denied: ApiError | null } | null }) {
  if (!failure) return null;
  return (
    <Alert tone="error">
      {failure.message}
      {failure.denied?.permission && <> (required permission: {failure.denied.permission})</>}
    </Alert>
  );
}

export function WorkDayCreatePage() {
  const navigate = useNavigate();
  const { submit, failure } = useSave(createWorkDay, WORK_DAY_SAVE_MESSAGES.created);
  return (
    <>
      <p className="adm-breadcrumb">
        <Link to="/admin/work-days">← Back to work days</Link>
      </p>
      <PageTitle documentTitle="Create Work Day">Create Work Day</PageTitle>
      <Failure failure={failure} />
      <WorkDayForm initial={emptyWorkDayForm()} signedUp={{}} submitLabel="Create Work Day" submittingLabel="Creating…" onSubmit={submit} onCancel={() => navigate('/admin/work-days')} />
    </>
  );
}

export function WorkDayEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { state, reload } = useAdminData(['work-day', id], () => getAdminWorkDay(id));
  const { submit, failure } = useSave((values) => updateWorkDay(id, values), WORK_DAY_SAVE_MESSAGES.updated);

  const notFound = state.status === 'error' && state.error.status === 404;
  useEffect(() => {
    if (!notFound) return;
    const flash: Flash = { kind: 'error', message: WORK_DAY_SAVE_MESSAGES.notFound };
    navigate('/admin/work-days', { replace: true, state: { flash } });
  }, [notFound, navigate]);

  if (state.status === 'error' && state.error.status === 403) return <AccessDenied message={state.error.message} permission={state.error.permission} />;

  return (
    <>
      <p className="adm-breadcrumb">
        <Link to={rosterPath(id)}>← Back to the work day</Link>
      </p>
      <PageTitle documentTitle="Edit Work Day">{state.status === 'ok' ? `Edit Work Day: ${state.data.workDay.name}` : 'Edit Work Day'}</PageTitle>
      {state.status === 'loading' && <Loading label="Loading work day…" />}
      {state.status === 'error' && (notFound ? <Alert tone="error">{WORK_DAY_SAVE_MESSAGES.notFound}</Alert> : <LoadError error={state.error} message={WORK_DAY_SAVE_MESSAGES.loadFailed} onRetry={reload} />)}
      {state.status === 'ok' && (
        <>
          <Failure failure={failure} />
          <WorkDayForm
            key={JSON.stringify(state.data.form)}
            initial={state.data.form}
            signedUp={Object.fromEntries(state.data.workDay.jobs.map((job) => [job.id, job.currentVolunteers]))}
            submitLabel="Update Work Day"
            submittingLabel="Saving…"
            onSubmit={submit}
            onCancel={() => navigate(rosterPath(id))}
          />
        </>
      )}
    </>
  );
}
