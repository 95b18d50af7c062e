import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { emptyNewsForm, type NewsFormValues } from '@core/news/news-form';
import { newsItemPath } from '@core/shared/paths';
import { newsItemQueryOptions, useCreateNewsItem, useNewsItem, useUpdateNewsItem } from '../api/news';
import { useTryAgain } from '../../../../admin/shared/api/admin-query';
import { NewsForm } from './news-form';
import { CreatePage, EditPage, SaveFailureAlert, useSave, type SaveMutation, type SaveOptions } from '../../../../admin/shared/components/form-page';

export const NEWS_SAVE_FAILED = 'Failed to save the news item. Please try again.';
export const NEWS_LOAD_FAILED = 'Failed to load the news item';

const LIST = '/admin/news';

/** A save: field messages for a 400, the server's words for a refusal the admin can act on, else the catalogue's. */
const saving = (
  mutation: SaveMutation<NewsFormValues, { subject: string }>,
  done: (subject: string) => string,
): SaveOptions<NewsFormValues, { subject: string }> => ({
  mutation,
  saved: (item) => ({ to: LIST, message: done(item.subject) }),
  failed: NEWS_SAVE_FAILED,
  refusals: [403, 404, 409],
  permission: false,
});

export function NewsCreatePage() {
  const navigate = useNavigate();
  const { submit, failure } = useSave(saving(useCreateNewsItem(), (subject) => `News item "${subject}" saved.`));
  const [initial] = useState(() => emptyNewsForm(new Date()));
  return (
    <CreatePage back={LIST} backLabel="← Back to news" title="Write News" failure={failure}>
      <NewsForm initial={initial} submitLabel="Save News Item" submittingLabel="Saving…" onSubmit={submit} onCancel={() => navigate(LIST)} />
    </CreatePage>
  );
}

export function NewsEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const item = useNewsItem(id);
  const tryAgain = useTryAgain(newsItemQueryOptions(id).queryKey);
  const { submit, failure } = useSave(saving(useUpdateNewsItem(id), (subject) => `News item "${subject}" updated.`));
  return (
    <EditPage
      query={item}
      onRetry={tryAgain}
      back={LIST}
      backLabel="← Back to news"
      title="Edit News"
      titleOf={({ item }) => `Edit News: ${item.subject}`}
      loading="Loading news item…"
      list={LIST}
      notFound="News item not found"
      showNotFound={false}
      loadFailed={(error) => (error.status === 409 ? error.message : NEWS_LOAD_FAILED)}
    >
      {({ item, form }) => (
        <>
          {item.label === 'Published' && (
            <p>
              <Link to={newsItemPath(item.id)}>See it as members do</Link>
            </p>
          )}
          <SaveFailureAlert failure={failure} />
          <NewsForm
            key={`${item.id}@${item.updatedAt}`}
            initial={form}
            submitLabel="Update News Item"
            submittingLabel="Saving…"
            onSubmit={submit}
            onCancel={() => navigate(LIST)}
          />
        </>
      )}
    </EditPage>
  );
}
