import { Link, useParams } from 'react-router-dom';
import { formatDate } from '@core/shared/date-text';
import { relativeTime } from '@core/news/news';
import { PATHS } from '@core/shared/paths';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import { LoadStatus } from '../../../components/ui/load-failed';
import { NotFoundPage } from '../../../components/layout/not-found-page';
import { useNewsItem } from '../api/news-reads';

/**
 * A news item written in the app, or an e-mail campaign stored with its text (/news/{id}). Its
 * body is HTML that the server rendered from the stored Markdown and cleaned against an allow-list (core/news/news-body.ts): no script, no
 * event handler, no javascript: link can be in it, so it is the one text this app inserts as HTML.
 * An unknown id, a draft or an item not yet published is the Page Not Found screen.
 */
export function NewsItemPage() {
  const { id = '' } = useParams();
  const state = useNewsItem(id);
  usePageTitle(state.status === 'success' ? state.data.subject : 'News');

  if (state.status === 'error' && state.error instanceof ApiError && state.error.status === 404) return <NotFoundPage />;
  return (
    <div className="page narrow">
      <p className="news-back">
        <Link to={PATHS.news}>← All news</Link>
      </p>
      <LoadStatus state={state} loading="Loading news item..." failed="Failed to load this news item" />
      {state.status === 'success' && (
        <article className="card news-article">
          <h1>{state.data.subject}</h1>
          <p className="news-time">
            {state.data.publishAt ? (
              <time dateTime={state.data.publishAt} title={formatDate(state.data.publishAt, 'member')}>
                {relativeTime(state.data.publishAt, new Date())}
              </time>
            ) : (
              relativeTime(null, new Date())
            )}
          </p>
          <div className="news-body" dangerouslySetInnerHTML={{ __html: state.data.html }} />
        </article>
      )}
    </div>
  );
}
