import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { formatDate } from '@core/domain/calendar';
import { NEWS_FROM_MAILERLITE, newsItemPath } from '@core/domain/news-items';
import { mayOpen } from '@core/domain/permissions';
import type { AdminNewsItem } from '@core/use-cases/news-schema';
import { ApiError } from '../../../lib/api';
import { useAdminData } from '../../../lib/query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { deleteNewsItem, listNews } from '../api/news';
import { useSignedInAdmin } from './admin-session';
import { Badge, type BadgeTone } from './badge';
import { DataTable } from './data-table';
import { LoadError, Loading } from './load-error';
import { NoticeArea, readFlash } from './notice';
import { PageTitle } from './page-title';

export const NEWS_DELETE_FAILED = 'Failed to delete the news item. Please try again.';

const editPath = (id: string) => `/admin/news/edit/${encodeURIComponent(id)}`;
const TONES: Record<AdminNewsItem['label'], BadgeTone> = { Draft: 'grey', Scheduled: 'amber', Published: 'green' };

/** The news screen (content:write): every item written in the app, or, with MailerLite as the source, a note saying so. */
export function NewsListPage() {
  const admin = useSignedInAdmin();
  const location = useLocation();
  const navigate = useNavigate();
  const { state, reload, setData } = useAdminData(['admin-news'], listNews);
  const [notice, setNotice] = useState(() => readFlash(location.state));
  const [toDelete, setToDelete] = useState<AdminNewsItem | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (readFlash(location.state)) navigate(location.pathname, { replace: true, state: null });
  }, [location, navigate]);

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteNewsItem(toDelete.id);
      const gone = toDelete;
      setData((list) => ({ ...list, items: list.items.filter((item) => item.id !== gone.id) }));
      setNotice({ kind: 'success', message: `News item "${gone.subject}" deleted.` });
    } catch (error) {
      const refused = error instanceof ApiError && [403, 404, 409].includes(error.status);
      setNotice({ kind: 'error', message: refused ? error.message : NEWS_DELETE_FAILED });
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  }

  if (state.status === 'error' && state.error.status === 403) return <LoadError error={state.error} message="" />;
  const writable = state.status === 'ok' && state.data.source === 'database';

  return (
    <>
      <div className="adm-page-head">
        <PageTitle documentTitle="News">News</PageTitle>
        {writable && (
          <Link className="btn btn-primary" to="/admin/news/create">
            Write News
          </Link>
        )}
      </div>

      <NoticeArea notice={notice} />

      {state.status === 'loading' && <Loading label="Loading news…" />}
      {state.status === 'error' && <LoadError error={state.error} message="Failed to load news" onRetry={reload} />}
      {state.status === 'ok' && state.data.source === 'mailerlite' && (
        <Alert tone="info">
          <p>{NEWS_FROM_MAILERLITE}</p>
        </Alert>
      )}
      {writable &&
        (state.data.items.length === 0 ? (
          <p className="adm-muted">No news items yet. Members see the club's e-mails and the items written here on the News page.</p>
        ) : (
          <DataTable label="News items" columns={['Subject', 'Publish time', 'Status', 'Actions']}>
            {state.data.items.map((item) => (
              <tr key={item.id} data-news-id={item.id}>
                <th scope="row">
                  <span className="adm-cell-title">{item.subject}</span>
                </th>
                <td>{formatDate(item.publishAt, 'admin')}</td>
                <td>
                  <Badge tone={TONES[item.label]}>{item.label}</Badge>
                </td>
                <td>
                  <span className="adm-actions">
                    {mayOpen(admin, editPath(item.id)) && (
                      <Link className="btn btn-secondary btn-small" to={editPath(item.id)} aria-label={`Edit ${item.subject}`}>
                        Edit
                      </Link>
                    )}
                    {item.label === 'Published' && (
                      <Link className="btn btn-secondary btn-small" to={newsItemPath(item.id)} aria-label={`View ${item.subject} on the site`}>
                        View
                      </Link>
                    )}
                    <Button variant="danger" size="small" onClick={() => setToDelete(item)} aria-label={`Delete ${item.subject}`}>
                      Delete
                    </Button>
                  </span>
                </td>
              </tr>
            ))}
          </DataTable>
        ))}

      <ConfirmDialog open={toDelete !== null} title="Delete news item?" confirmLabel="Delete" busy={deleting} onConfirm={confirmDelete} onCancel={() => setToDelete(null)}>
        <p>
          Are you sure you want to delete <strong>{toDelete?.subject}</strong>? Members will no longer see it. To take it down for a while, edit it and choose Draft instead.
        </p>
      </ConfirmDialog>
    </>
  );
}
