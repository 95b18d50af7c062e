import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { emptyNewsForm, type NewsFormValues } from '@core/domain/news-form';
import { newsItemPath } from '@core/domain/news-items';
import { ApiError } from '../../../lib/api';
import { useAdminData } from '../../../lib/query';
import { Alert } from '../../../components/ui/alert';
import { createNewsItem, getNewsItem, updateNewsItem } from '../api/news';
import { AccessDenied } from './access-denied';
import { LoadError, Loading } from './load-error';
import { NewsForm } from './news-form';
import type { Flash } from './notice';
import { PageTitle } from './page-title';

export const NEWS_SAVE_FAILED = 'Failed to save the news item. Please try again.';
export const NEWS_LOAD_FAILED = 'Failed to load the news item';

type FieldErrors = Partial<Record<keyof NewsFormValues, string>>;

/** A save: field messages for a 400, the server's words for a refusal the admin can act on, else the catalogue's. */
function useSave(save: (values: NewsFormValues) => Promise<{ subject: string }>, done: (subject: string) => string) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(values: NewsFormValues): Promise<FieldErrors | null> {
    setFailure(null);
    try {
      const item = await save(values);
      const flash: Flash = { kind: 'success', message: done(item.subject) };
      navigate('/admin/news', { state: { flash } });
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) return error.fields as FieldErrors;
      setFailure(error instanceof ApiError && [403, 404, 409].includes(error.status) ? error.message : NEWS_SAVE_FAILED);
      return null;
    }
  }
  return { submit, failure };
}

function BackLink() {
  return (
    <p className="adm-breadcrumb">
      <Link to="/admin/news">← Back to news</Link>
    </p>
  );
}

export function NewsCreatePage() {
  const navigate = useNavigate();
  const { submit, failure } = useSave(createNewsItem, (subject) => `News item "${subject}" saved.`);
  const [initial] = useState(() => emptyNewsForm(new Date()));
  return (
    <>
      <BackLink />
      <PageTitle documentTitle="Write News">Write News</PageTitle>
      {failure && <Alert tone="error">{failure}</Alert>}
      <NewsForm initial={initial} submitLabel="Save News Item" submittingLabel="Saving…" onSubmit={submit} onCancel={() => navigate('/admin/news')} />
    </>
  );
}

export function NewsEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { state, reload } = useAdminData(['news-item', id], () => getNewsItem(id));
  const { submit, failure } = useSave((values) => updateNewsItem(id, values), (subject) => `News item "${subject}" updated.`);

  const notFound = state.status === 'error' && state.error.status === 404;
  useEffect(() => {
    if (!notFound) return;
    const flash: Flash = { kind: 'error', message: 'News item not found' };
    navigate('/admin/news', { replace: true, state: { flash } });
  }, [notFound, navigate]);

  if (state.status === 'error' && state.error.status === 403) return <AccessDenied message={state.error.message} permission={state.error.permission} />;

  return (
    <>
      <BackLink />
      <PageTitle documentTitle="Edit News">{state.status === 'ok' ? `Edit News: ${state.data.item.subject}` : 'Edit News'}</PageTitle>
      {state.status === 'loading' && <Loading label="Loading news item…" />}
      {state.status === 'error' && !notFound && <LoadError error={state.error} message={state.error.status === 409 ? state.error.message : NEWS_LOAD_FAILED} onRetry={reload} />}
      {state.status === 'ok' && (
        <>
          {state.data.item.label === 'Published' && (
            <p>
              <Link to={newsItemPath(state.data.item.id)}>See it as members do</Link>
            </p>
          )}
          {failure && <Alert tone="error">{failure}</Alert>}
          <NewsForm key={`${state.data.item.id}@${state.data.item.updatedAt}`} initial={state.data.form} submitLabel="Update News Item" submittingLabel="Saving…" onSubmit={submit} onCancel={() => navigate('/admin/news')} />
        </>
      )}
    </>
  );
}
